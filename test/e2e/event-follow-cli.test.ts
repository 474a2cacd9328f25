/**
 * `taskmgr event list --follow` as a process against `taskmgr sandbox`: each
 * event a line until Ctrl-C or SIGTERM, which end it with exit 0 and the
 * token to resume from; TOON documents kept apart; a reader that goes away
 * (`| head -n 1`) ending it quietly; an answer that always says `has_more`
 * polled at the interval, not at once; an outage ridden out; a refusal
 * ending it with where to resume.
 */
import { decode } from "@toon-format/toon"
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { baseEnv, control, describeRun, ROOT, run, runInProcess, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const taskmgr = (...args: ReadonlyArray<string>) => runInProcess(args, { bin: TASKMGR_BIN, env: sandbox.env() })
const eventReads = async () => (await sandbox.requests()).filter((r) => r.path === "/api/1.0/events")

/** The built binary following the feed of the seed's task. */
const follow = (flags: ReadonlyArray<string>, env: Record<string, string> = sandbox.env()) => {
  const child = spawn(process.execPath, [TASKMGR_BIN, "event", "list", sandbox.info.task_gid, "--follow", ...flags], {
    cwd: ROOT,
    env: { ...baseEnv(), ...env },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let stdout = ""
  let stderr = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (stdout += chunk))
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk))
  const done = new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) =>
    child.once("close", (code) => resolve({ code, stdout, stderr, ms: 0 }))
  )
  return { child, done, stdout: () => stdout, stderr: () => stderr }
}

const until = async (check: () => Promise<boolean> | boolean, what: string, ms = 20_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const lines = (text: string) => text.split("\n").filter((l) => l !== "")
const update = (...flags: ReadonlyArray<string>) => taskmgr("task", "update", sandbox.info.task_gid, ...flags)

describe("taskmgr event list --follow", () => {
  it(
    "prints each event as a JSON line; Ctrl-C ends it, exit 0, with a last {sync} line that resumes exactly",
    async () => {
      const f = follow(["--interval", "1", "--json"])
      await until(async () => (await eventReads()).length >= 1, "the first read")
      await update("--notes", "first")
      await update("--name", "second")
      await until(() => lines(f.stdout()).length >= 2, "two events")
      f.child.kill("SIGINT")
      const result = await f.done
      expect(result.code, describeRun(result)).toBe(0)
      const printed = lines(result.stdout).map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(printed.slice(0, -1).map((e) => (e.change as { field: string }).field)).toEqual(["notes", "name"])
      const last = printed.at(-1)!
      expect(Object.keys(last)).toEqual(["sync"])
      expect(result.stderr).toBe("")
      // What changed after it stopped is what the token gives: nothing lost, nothing repeated.
      await update("--notes", "third")
      const resumed = await taskmgr("event", "list", sandbox.info.task_gid, "--sync", String(last.sync), "--json")
      expect(JSON.parse(resumed.stdout).events.map((e: { change: { field: string } }) => e.change.field)).toEqual([
        "notes"
      ])
    },
    60_000
  )

  it("SIGTERM ends it too: exit 0 and 'Next: --sync TOKEN' on stderr", async () => {
    const f = follow(["--interval", "1"])
    await until(async () => (await eventReads()).length >= 1, "the first read")
    await update("--notes", "one")
    await until(() => lines(f.stdout()).length >= 1, "an event")
    f.child.kill("SIGTERM")
    const result = await f.done
    expect(result.code, describeRun(result)).toBe(0)
    expect(lines(result.stdout)).toHaveLength(1)
    expect(result.stderr).toMatch(/^Next: --sync \S+\n$/)
  }, 60_000)

  it("--toon prints one document per event, a line '---' between them", async () => {
    const f = follow(["--interval", "1", "--toon"])
    await until(async () => (await eventReads()).length >= 1, "the first read")
    await update("--notes", "one")
    await update("--name", "two")
    await until(() => f.stdout().includes("---"), "two documents")
    f.child.kill("SIGINT")
    const result = await f.done
    expect(result.code, describeRun(result)).toBe(0)
    const documents = result.stdout.trimEnd().split("\n---\n").map((text) => decode(text) as Record<string, unknown>)
    expect(documents.slice(0, -1).map((d) => (d.change as { field: string }).field)).toEqual(["notes", "name"])
    expect(Object.keys(documents.at(-1)!)).toEqual(["sync"])
  }, 60_000)

  it("a reader that goes away (| head -n 1) ends it quietly: exit 0, no stack trace", async () => {
    const f = follow(["--interval", "1", "--json"])
    await until(async () => (await eventReads()).length >= 1, "the first read")
    await update("--notes", "one")
    await until(() => lines(f.stdout()).length >= 1, "an event")
    f.child.stdout.destroy()
    await update("--notes", "two")
    const result = await f.done
    expect(result.code, describeRun(result)).toBe(0)
    expect(result.stderr).toBe("")
  }, 60_000)

  it("an answer that always says has_more but brings nothing is read at most once a second", async () => {
    await sandbox.fault({
      method: "GET",
      path: "/api/1.0/events",
      status: 200,
      body: { data: [], sync: "endless-token", has_more: true },
      times: 100_000
    })
    const f = follow(["--interval", "1"])
    await until(async () => (await eventReads()).length >= 1, "the first read")
    await pause(3_000)
    f.child.kill("SIGINT")
    const result = await f.done
    expect(result.code, describeRun(result)).toBe(0)
    // At 0, 1, 2 and 3 s (give or take the start): not the hundreds a busy loop makes.
    expect((await eventReads()).length).toBeLessThanOrEqual(5)
    expect(result.stderr).toBe("Next: --sync endless-token\n")
  }, 60_000)

  it(
    "rides out an outage of the feed: says so, reads again after a backoff, and shows what changed meanwhile",
    async () => {
      const f = follow(["--interval", "1", "--json"])
      await until(async () => (await eventReads()).length >= 1, "the first read")
      // Two reads fail whole (each is tried four times by the request's own retries).
      await sandbox.fault({ method: "GET", path: "/api/1.0/events", status: 503, times: 8 })
      await update("--name", "during the outage")
      await until(() => lines(f.stdout()).length >= 1, "the event made during the outage", 40_000)
      f.child.kill("SIGINT")
      const result = await f.done
      expect(result.code, describeRun(result)).toBe(0)
      const printed = lines(result.stdout).map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(printed.map((e) => (e.change as { field: string } | undefined)?.field)).toEqual(["name", undefined])
      expect(result.stderr).toMatch(/^Reading the feed failed \(.+\); trying again in \ds…$/m)
      expect(result.stderr).toMatch(/^The feed answers again; following on\.$/m)
    },
    60_000
  )

  it("signed in with OAuth, lives through one access token expiry after another, renewing each time", async () => {
    const dir = mkdtempSync(join(tmpdir(), "follow-sign-in-"))
    const config = join(dir, "config")
    mkdirSync(config, { mode: 0o700 })
    const browser = join(dir, "browser.mjs")
    writeFileSync(
      browser,
      `const r = await fetch(process.argv[2], { redirect: "manual" })\nawait fetch(r.headers.get("location"))\n`
    )
    const { TASKMGR_TOKEN: _personal, ...signedIn } = sandbox.env({ TASKMGR_CONFIG_DIR: config })
    const login = await run(["auth", "login"], {
      bin: TASKMGR_BIN,
      env: {
        ...signedIn,
        TASKMGR_API_CLIENT_ID: sandbox.info.client.id,
        TASKMGR_API_CLIENT_SECRET: sandbox.info.client.secret,
        BROWSER: `${process.execPath} ${browser}`
      }
    })
    expect(login.code, describeRun(login)).toBe(0)
    const f = follow(["--interval", "1", "--json"], signedIn)
    const refreshes = async () =>
      (await sandbox.requests()).filter((r) => r.method === "POST" && r.path === "/-/oauth_token").length
    await until(async () => (await eventReads()).length >= 1, "the first read")
    const signInCodeExchange = await refreshes()
    for (let hour = 1; hour <= 3; hour++) {
      // Every access token the sandbox gave lives an hour of its clock.
      await control(sandbox.info.app_url, "POST", "/_sandbox/clock", { advance_ms: 3_601_000 })
      await update("--notes", `hour ${hour}`)
      await until(() => lines(f.stdout()).length >= hour, `the event of hour ${hour}`)
      expect(await refreshes()).toBe(signInCodeExchange + hour)
    }
    f.child.kill("SIGINT")
    const result = await f.done
    expect(result.code, describeRun(result)).toBe(0)
    expect(lines(result.stdout)).toHaveLength(4)
    rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it("a refusal ends it with its exit code, after the token to resume from", async () => {
    const f = follow(["--interval", "1"])
    await until(async () => (await eventReads()).length >= 1, "the first read")
    await sandbox.fault({ method: "GET", path: "/api/1.0/events", status: 403, times: 10 })
    const result = await f.done
    expect(result.code, describeRun(result)).toBe(4)
    expect(result.stderr).toMatch(/^To resume, run the same command with: --sync \S+$/m)
  }, 60_000)
})
