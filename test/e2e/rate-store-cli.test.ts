/**
 * One budget across processes: several built `taskmgr` processes on one
 * free-workspace token (150 requests a minute) page through one sandbox at
 * once, sharing a real redis-server through --rate-store. Also: a store that
 * cannot be reached is said once and pacing stays in-process; a store whose
 * values would stall every process is not waited on past --max-wait; a
 * malformed store URL is a usage error, its password never shown, and
 * nothing is sent.
 */
import { Redacted } from "effect"
import { Redis } from "ioredis"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { tokenFingerprint } from "../../src/core/secrets.js"
import { taskmgrSeed } from "../../src/testing/index.js"
import { control, describeRun, DESIGN_BIN, run, type SandboxChild, TASKMGR_BIN, usageErrorOf } from "./helpers.js"
import { freePort, type RedisServer, startRedisServer } from "./redis-server.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "./taskmgr-sandbox.js"

let sandbox: SandboxChild<TaskmgrSandboxInfo> | undefined
let sb: TaskmgrSandboxInfo
let redis: RedisServer

const TASKS = 40

beforeAll(async () => {
  ;[sandbox, redis] = await Promise.all([startTaskmgrSandbox(), startRedisServer()])
  sb = sandbox.info
}, 30_000)
afterAll(async () => {
  await sandbox?.stop()
  await redis?.stop()
})
beforeEach(async () => {
  await control(sb.app_url, "POST", "/_sandbox/reset")
})

const env = (extra: Record<string, string> = {}) => ({
  TASKMGR_BASE_URL: sb.base_url,
  TASKMGR_APP_URL: sb.app_url,
  TASKMGR_TOKEN: sb.tokens.free,
  TASKMGR_WORKSPACE: taskmgrSeed.free_workspace_gid,
  ...extra
})
const sent = async () => ((await control(sb.app_url, "GET", "/_sandbox/requests")) as Array<unknown>).length
/** Status lines of TASKMGR_DEBUG=api: "< 429 (3 ms)". */
const statuses = (stderr: string) => [...stderr.matchAll(/^< (\d{3}) /gm)].map((m) => Number(m[1]))

describe("--rate-store: one budget across processes on a real Redis", () => {
  it("four processes paging one free-workspace token through one store: none fails, at most one 429", async () => {
    // Tasks to page through one at a time (a request each), then a full budget again (simulator time moves on).
    for (let i = 0; i < TASKS; i++) {
      const response = await fetch(`${sb.base_url}/tasks`, {
        method: "POST",
        headers: { authorization: `Bearer ${sb.tokens.free}`, "content-type": "application/json" },
        body: JSON.stringify({ data: { name: `Page ${i}`, projects: [taskmgrSeed.free_project_gid] } })
      })
      expect(response.status).toBe(201)
    }
    await control(sb.app_url, "POST", "/_sandbox/clock", { advance_ms: 120_000 })
    const before = await sent()
    const args = [
      "task",
      "list",
      "--project",
      taskmgrSeed.free_project_gid,
      "--limit",
      "1",
      "--all",
      "--max-pages",
      "100",
      "--json",
      "--plan",
      "free"
    ]
    const runs = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          run([...args, "--rate-store", `${redis.url}/1`], {
            bin: TASKMGR_BIN,
            env: env({ TASKMGR_DEBUG: "api" }),
            timeoutMs: 90_000
          })
      )
    )
    for (const r of runs) expect(r.code, describeRun(r)).toBe(0)
    const all = runs.flatMap((r) => statuses(r.stderr))
    // Over the 150 the burst allows: some of the four had to wait for the others.
    expect(all.length).toBeGreaterThan(150)
    expect(all.filter((s) => s === 429).length).toBeLessThanOrEqual(1)
    expect(all.filter((s) => s !== 200 && s !== 429)).toEqual([])
    expect((await sent()) - before).toBe(all.length)
    for (const r of runs) {
      expect((JSON.parse(r.stdout) as { tasks: Array<unknown> }).tasks.length).toBeGreaterThan(TASKS)
    }
  }, 120_000)

  it("a store that cannot be reached is said once on stderr, and the command still succeeds, paced in-process", async () => {
    const closed = `redis://127.0.0.1:${await freePort()}/0`
    const r = await run(["user", "me", "--json"], { bin: TASKMGR_BIN, env: env({ TASKMGR_RATE_STORE: closed }) })
    expect(r.code, describeRun(r)).toBe(0)
    const notices = r.stderr.split("\n").filter((line) => line.startsWith("Note: "))
    expect(notices).toHaveLength(1)
    expect(notices[0]).toContain(`The rate store ${closed} cannot be used`)
    expect(notices[0]).toContain("pacing within this process only")
    expect(await sent()).toBe(1)
  })

  it(
    "a store that would stall every process on the token is not waited on past --max-wait: said once, paced in-process",
    async () => {
      const key = `design-taskmgr:pace:taskmgr:${tokenFingerprint(Redacted.make(sb.tokens.free))}`
      const far = String(Date.now() + 11 * 24 * 3_600_000)
      const admin = new Redis(`${redis.url}/4`)
      try {
        for (const fields of [{ paused: far }, { tat: far }]) {
          await admin.del(key)
          await admin.hset(key, fields)
          const r = await run(["user", "me", "--json", "--max-wait", "5", "--plan", "free"], {
            bin: TASKMGR_BIN,
            env: env({ TASKMGR_RATE_STORE: `${redis.url}/4` }),
            timeoutMs: 20_000
          })
          expect(r.code, describeRun(r)).toBe(0)
          expect(r.ms).toBeLessThan(10_000)
          const notices = r.stderr.split("\n").filter((line) => line.startsWith("Note: "))
          expect(notices, describeRun(r)).toEqual([
            expect.stringMatching(
              /^Note: The rate store redis:\/\/127\.0\.0\.1:\d+\/4 asks for a wait of 1\dd\b.*, more than the 5s allowed \(its values look corrupt\): pacing within this process only\.$/
            )
          ])
        }
      } finally {
        admin.disconnect()
      }
    },
    60_000
  )

  it("a refused store URL never shows its user name or password, however it is written", async () => {
    for (
      const url of [
        "redis://:Sup3r/SecretRedisPw@127.0.0.1:6379/0",
        "redis://admin:Sup3r@Secret/RedisPw@127.0.0.1:6379/zero",
        "rediss://admin:Sup3rSecretRedisPw@127.0.0.1:0/0"
      ]
    ) {
      const r = await run(["user", "me", "--rate-store", url], { bin: TASKMGR_BIN, env: env() })
      const stderr = usageErrorOf(r)
      expect(stderr).toContain("***@127.0.0.1")
      expect(stderr).not.toMatch(/Sup3r|Secret|RedisPw|admin/)
    }
    expect(await sent()).toBe(0)
  })

  it("a malformed store URL is a usage error naming the setting, and nothing is sent", async () => {
    for (
      const [bin, extra] of [
        [TASKMGR_BIN, { args: ["user", "me", "--rate-store", "http://127.0.0.1:6379/0"], env: env() }],
        [TASKMGR_BIN, { args: ["user", "me"], env: env({ TASKMGR_RATE_STORE: "redis://127.0.0.1:6379/zero" }) }],
        [DESIGN_BIN, {
          args: ["user", "me"],
          env: { DESIGN_BASE_URL: sb.app_url, DESIGN_ACCESS_TOKEN: "dsgn_x", DESIGN_RATE_STORE: "redis:nohost" }
        }]
      ] as const
    ) {
      const r = await run(extra.args, { bin, env: extra.env })
      const stderr = usageErrorOf(r)
      expect(stderr).toMatch(/rate store/)
      expect(stderr).toMatch(/--rate-store or (TASKMGR|DESIGN)_RATE_STORE/)
    }
    expect(await sent()).toBe(0)
  })
})
