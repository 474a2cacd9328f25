/**
 * Hostile stores: a shared Redis (a real redis-server, one for the file) that
 * others write to. Each cell lets a command make its pacing key, plants a
 * value in it that no process of ours writes (a pause or an arrival time days
 * ahead, a pace of a request every week, a field that is not a number, a key
 * of another Redis type, a value of 100,000 digits), and runs the command
 * again through the command line or the tool server (in this process), with
 * a --max-wait of 1 s or 30 s, on a store URL plain or with a user and a
 * password. Each answers at once instead of waiting on the store, sends the
 * request once, says once that the store was not used and why (paced in this
 * process meanwhile), and never shows the store's password.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { Redacted } from "effect"
import { Redis } from "ioredis"
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest"
import { tokenFingerprint } from "../../src/core/secrets.js"
import {
  control,
  describeRun,
  DESIGN_BIN,
  type LoggedRequest,
  runInProcess,
  type Sandbox,
  type SandboxChild,
  startSandbox,
  TASKMGR_BIN
} from "../e2e/helpers.js"
import { type RedisServer, startRedisServer } from "../e2e/redis-server.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { inProcessServer } from "../mcp/in-process-transport.js"
import { cellName, covering, freshSecret, securityClass } from "./cells.js"

const DB = 7
const PREFIX = "design-taskmgr:pace:"
const ELEVEN_DAYS_MS = 11 * 24 * 3_600_000

/** What a stranger leaves in our key, and what the program must say of it. */
const VALUES: Record<
  string,
  {
    plant: (redis: Redis, key: string) => Promise<unknown>
    said: RegExp
    /** Run with the plan given: the pace is known, and the arrival time counts (else only a pause and a learned pace). */
    plan?: true
  }
> = {
  "paused-far-ahead": {
    plant: (redis, key) => redis.hset(key, { paused: String(Date.now() + ELEVEN_DAYS_MS) }),
    said: /asks for a wait of 1\dd\b.*, more than the \d+s allowed \(its values look corrupt\)/
  },
  "tat-far-ahead": {
    plant: (redis, key) => redis.hset(key, { tat: String(Date.now() + ELEVEN_DAYS_MS) }),
    plan: true,
    said: /asks for a wait of 1\dd\b.*, more than the \d+s allowed \(its values look corrupt\)/
  },
  // A pace of one request a week, as if a 429 had taught it: the next request would wait days.
  "tiny-learned-pace": {
    plant: (redis, key) => redis.hset(key, { pm: "0.0001", pb: "1", tat: String(Date.now() + 60_000 / 0.0001) }),
    said: /asks for a wait of \d+d\b.*, more than the \d+s allowed \(its values look corrupt\)/
  },
  "not-a-number": {
    plant: (redis, key) => redis.hset(key, { paused: "soon", tat: "nan" }),
    said: /holds a (paused|tat) that is not a number \(its values look corrupt\)/
  },
  "wrong-redis-type": {
    plant: async (redis, key) => {
      await redis.del(key)
      return redis.rpush(key, "not", "a", "hash")
    },
    said: /cannot be used \(.*WRONGTYPE/
  },
  "huge-value": {
    plant: (redis, key) => redis.hset(key, { tat: "9".repeat(100_000) }),
    said: /holds a tat that is not a number \(its values look corrupt\)/
  }
}

let redis: RedisServer
let admin: Redis
let design: Sandbox | undefined
let taskmgr: SandboxChild<TaskmgrSandboxInfo> | undefined
/** The user and password of the URL with a password (an ACL user on the shared server). */
const PASSWORD = freshSecret("store-password")
const USER = "pacer"

const SERVICES = {
  design: {
    bin: DESIGN_BIN,
    prefix: "DESIGN",
    tool: "design_user_me",
    env: () => ({ ...design!.env, DESIGN_CONFIG_DIR: "/nonexistent/hostile-stores" }),
    plan: { DESIGN_PLAN: "professional", DESIGN_SEAT: "full" },
    /** The counting scope of `user me` (design/auth.ts countingScope, design/limits.ts: tier 3). */
    key: (plan: boolean) =>
      `design:personal:${tokenFingerprint(Redacted.make(design!.info.tokens.personal))}:${
        plan ? "professional" : "any-plan"
      }:tier3`,
    control: () => design!.baseUrl,
    path: "/v1/me"
  },
  taskmgr: {
    bin: TASKMGR_BIN,
    prefix: "TASKMGR",
    tool: "taskmgr_user_me",
    env: () => ({
      TASKMGR_BASE_URL: taskmgr!.info.base_url,
      TASKMGR_APP_URL: taskmgr!.info.app_url,
      TASKMGR_TOKEN: taskmgr!.info.tokens.personal,
      TASKMGR_WORKSPACE: taskmgr!.info.workspace_gid,
      TASKMGR_CONFIG_DIR: "/nonexistent/hostile-stores"
    }),
    plan: { TASKMGR_PLAN: "free" },
    /** The counting scope of the token (taskmgr/limits.ts). */
    key: (_plan: boolean) => `taskmgr:${tokenFingerprint(Redacted.make(taskmgr!.info.tokens.personal))}`,
    control: () => taskmgr!.info.app_url,
    path: "/api/1.0/users/me"
  }
} as const

const storeUrl = (form: string) =>
  form === "with-password"
    ? `redis://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${redis.port}/${DB}`
    : `${redis.url}/${DB}`

const sentTo = async (service: (typeof SERVICES)[keyof typeof SERVICES]) =>
  ((await control(service.control(), "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter((q) =>
    q.path === service.path
  ).length

securityClass("hostile stores", () => {
  beforeAll(async () => {
    ;[redis, design, taskmgr] = await Promise.all([startRedisServer(), startSandbox(), startTaskmgrSandbox()])
    admin = new Redis(`${redis.url}/${DB}`)
    await admin.call("ACL", "SETUSER", USER, "on", `>${PASSWORD}`, "~*", "+@all")
  }, 60_000)
  afterAll(async () => {
    admin?.disconnect()
    await Promise.all([redis?.stop(), design?.stop(), taskmgr?.stop()])
  })
  beforeEach(async () => {
    await admin.flushdb()
  })

  for (
    const cell of covering({
      value: Object.keys(VALUES),
      service: ["design", "taskmgr"],
      front: ["cli", "tool"],
      max_wait: ["1", "30"],
      store_url: ["plain", "with-password"]
    })
  ) {
    it(cellName(cell), async () => {
      const service = SERVICES[cell.service as keyof typeof SERVICES]
      const value = VALUES[cell.value]!
      const env = {
        ...service.env(),
        [`${service.prefix}_RATE_STORE`]: storeUrl(cell.store_url),
        [`${service.prefix}_MAX_WAIT`]: cell.max_wait,
        ...(value.plan === true ? service.plan : {})
      }
      await value.plant(admin, `${PREFIX}${service.key(value.plan === true)}`)

      const before = await sentTo(service)
      const started = performance.now()
      /** Where it is said: stderr for the command line; the result and the server's stderr for a tool, once each. */
      let channels: Array<string>
      let shown: string
      if (cell.front === "cli") {
        const r = await runInProcess(["user", "me", "--json"], { bin: service.bin, env, timeoutMs: 20_000 })
        expect(r.code, describeRun(r)).toBe(0)
        expect(JSON.parse(r.stdout)).toBeTypeOf("object")
        channels = [r.stderr]
        shown = describeRun(r)
      } else {
        const server = inProcessServer(service.bin === DESIGN_BIN ? "design" : "taskmgr", ["--toolsets", "all"], env)
        const client = new Client({ name: "hostile-stores", version: "0.0.0" })
        try {
          await client.connect(server.transport)
          const result = await client.callTool({ name: service.tool, arguments: {} }, undefined, { timeout: 20_000 })
          expect(result.isError, JSON.stringify(result)).not.toBe(true)
          channels = [
            (result.content as Array<{ text: string }>).slice(1).map((c) => c.text).join("\n"),
            server.stderr()
          ]
          shown = `${JSON.stringify(result)}\n--- stderr\n${server.stderr()}`
        } finally {
          await client.close()
        }
      }
      const ms = performance.now() - started
      // Not the days the store asks, nor the --max-wait: no wait at all, the budget paced in this process.
      expect(ms, shown).toBeLessThan(Math.min(Number(cell.max_wait) * 1000, 1_000) + 2_000)
      expect(await sentTo(service) - before, "sent once").toBe(1)
      for (const said of channels) {
        const notes = said.split("\n").filter((line) => line.includes("The rate store"))
        expect(notes, shown).toHaveLength(1)
        expect(notes[0], shown).toMatch(value.said)
        expect(notes[0], shown).toMatch(/^Note: .*: pacing within this process only\.$/)
        expect(notes[0], shown).toContain(`redis://127.0.0.1:${redis.port}/${DB}`)
      }
      expect(shown, "the store's password is never shown").not.toContain(PASSWORD)
      expect(shown).not.toContain(`${USER}:`)
    })
  }

  // A store URL refused before anything connects: a usage error that never shows what precedes the host.
  const REFUSED: Record<string, (secret: string) => string> = {
    "password-with-slash": (secret) => `redis://:${secret}/x@127.0.0.1:6379/0`,
    "password-with-at": (secret) => `redis://admin:${secret}@x/y@127.0.0.1:6379/0`,
    "port-zero": (secret) => `rediss://admin:${secret}@127.0.0.1:0/0`,
    "database-not-a-number": (secret) => `redis://admin:${secret}@127.0.0.1:6379/zero`,
    "http-scheme": (secret) => `http://admin:${secret}@127.0.0.1:6379/0`
  }
  for (
    const cell of covering({
      refused_url: Object.keys(REFUSED),
      service: ["design", "taskmgr"],
      given_by: ["flag", "variable"]
    })
  ) {
    it(cellName(cell), async () => {
      const service = SERVICES[cell.service as keyof typeof SERVICES]
      const secret = freshSecret("StorePw")
      const url = REFUSED[cell.refused_url]!(secret)
      const before = await sentTo(service)
      const r = await runInProcess(
        ["user", "me", ...(cell.given_by === "flag" ? ["--rate-store", url] : [])],
        {
          bin: service.bin,
          env: { ...service.env(), ...(cell.given_by === "variable" ? { [`${service.prefix}_RATE_STORE`]: url } : {}) }
        }
      )
      expect(r.code, describeRun(r)).toBe(2)
      expect(r.stdout).toBe("")
      expect(r.stderr, describeRun(r)).toMatch(/rate store/)
      for (const part of [secret, "admin", "x/y"]) expect(r.stderr, describeRun(r)).not.toContain(part)
      expect(await sentTo(service) - before, "nothing sent").toBe(0)
    })
  }
})
