/**
 * `<program> sandbox --env` over the built binaries: it exits at once,
 * prints shell-quoted export lines for a sandbox left running in the
 * background, and that sandbox answers the program until its pid is killed.
 */
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { shellQuote } from "../../src/core/cli/shell-quote.js"
import { describeRun, DESIGN_BIN, run, TASKMGR_BIN } from "./helpers.js"

/** What `eval` would set, read back by a real shell from the printed lines. */
const evaluated = (printed: string, names: ReadonlyArray<string>): Record<string, string> => {
  const script = `${printed}\nprintf '%s\\0' ${names.map((n) => `"$${n}"`).join(" ")}`
  const values = execFileSync("sh", ["-c", script], { encoding: "utf8" }).split("\0")
  return Object.fromEntries(names.map((n, i) => [n, values[i] ?? ""]))
}

/** Running: signalable and not a zombie left for whichever process adopted it to reap. */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))
  } catch {
    return false
  }
}

const stopped = async (pid: number) => {
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  return !alive(pid)
}

describe("sandbox --env", () => {
  it("taskmgr: exits, prints exports of a running sandbox that the program then uses, stops with kill", async () => {
    const r = await run(["sandbox", "--env"], { bin: TASKMGR_BIN })
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stdout).toMatch(/^# .*kill "\$TASKMGR_SANDBOX_PID"/m)
    const names = [
      "TASKMGR_BASE_URL",
      "TASKMGR_APP_URL",
      "TASKMGR_ACCESS_TOKEN",
      "TASKMGR_WORKSPACE",
      "TASKMGR_SANDBOX_PID"
    ]
    const env = evaluated(r.stdout, names)
    const pid = Number(env.TASKMGR_SANDBOX_PID)
    try {
      expect(env.TASKMGR_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/1\.0$/)
      const me = await run(["user", "me", "--json"], { bin: TASKMGR_BIN, env })
      expect(me.code, describeRun(me)).toBe(0)
      expect(JSON.parse(me.stdout)).toMatchObject({ name: "Sandbox User" })
    } finally {
      process.kill(pid)
    }
    expect(await stopped(pid)).toBe(true)
  }, 30_000)

  it("design: the same, with its base URL, token and team", async () => {
    const r = await run(["sandbox", "--env"], { bin: DESIGN_BIN })
    expect(r.code, describeRun(r)).toBe(0)
    const env = evaluated(r.stdout, ["DESIGN_BASE_URL", "DESIGN_ACCESS_TOKEN", "DESIGN_TEAM_ID", "DESIGN_SANDBOX_PID"])
    try {
      const me = await run(["user", "me", "--json"], { bin: DESIGN_BIN, env })
      expect(me.code, describeRun(me)).toBe(0)
      expect(env.DESIGN_TEAM_ID).toMatch(/^\d+$/)
    } finally {
      process.kill(Number(env.DESIGN_SANDBOX_PID))
    }
  }, 30_000)

  it("shellQuote leaves plain words bare and quotes everything a shell would read otherwise", () => {
    expect(shellQuote("http://127.0.0.1:4010/api/1.0")).toBe("http://127.0.0.1:4010/api/1.0")
    const hard = ["two words", "it's", "$HOME", "a;b", "`x`", "", "*", "a\nb", "!"]
    for (const word of hard) {
      expect(execFileSync("sh", ["-c", `printf %s ${shellQuote(word)}`], { encoding: "utf8" })).toBe(word)
    }
  })
})
