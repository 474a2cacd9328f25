/**
 * Small design CLI wordings that must agree with what is shown: the counts
 * under a filtered delivery list, the marker of a node that did not render in
 * piped (TSV) output, and the two ways to give a webhook passcode.
 */
import { describe, expect, it } from "vitest"
import { createTeamArgs, describeRun, idOf, requestLog, type RunResult, usageErrorOf, useSandbox } from "./helpers.js"

const ctx = useSandbox({ inProcess: true })
const KEY = "SbxF1leKey0000Sandbox01"

const exit = (r: RunResult, code: number) => {
  expect(r.code, describeRun(r)).toBe(code)
  return r
}

const createHook = async () =>
  idOf(exit(await ctx.design(createTeamArgs("https://hooks.example.com/e2e/wordings", "pc-wordings-1")), 0).stdout)

describe("webhook requests --failed-only", () => {
  it("with no failures says there are no failed attempts and that its counts are of all attempts", async () => {
    const id = await createHook()
    const r = exit(await ctx.design(["webhook", "requests", id, "--failed-only"]), 0)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/^No failed delivery attempts\.$/m)
    expect(r.stderr).not.toMatch(/^No delivery attempts\./m)
    expect(r.stderr).toMatch(/^All attempts: delivered 1, failed 0\.$/m)
  })

  it("unfiltered keeps its plain count", async () => {
    const id = await createHook()
    const r = exit(await ctx.design(["webhook", "requests", id]), 0)
    expect(r.stdout).toMatch(/\tPING\t200\t$/m)
    expect(r.stderr).toMatch(/^Delivered: 1, failed: 0$/m)
  })
})

describe("file images piped", () => {
  it("marks a node that did not render in its TSV cell; JSON keeps null", async () => {
    const r = exit(await ctx.design(["file", "images", KEY, "--ids", "1:2,1:9"]), 9)
    expect(r.stdout).toMatch(/^1:9\t\(did not render\)$/m)
    const j = exit(await ctx.design(["file", "images", KEY, "--ids", "1:2,1:9", "--json"]), 9)
    expect((JSON.parse(j.stdout) as { images: Record<string, string | null> }).images["1:9"]).toBeNull()
  })
})

describe("webhook passcode", () => {
  for (
    const command of [["webhook", "update", "42", "--event", "FILE_UPDATE"], [
      "webhook",
      "create",
      "--event",
      "FILE_UPDATE",
      "--context",
      "team"
    ]]
  ) {
    it(`design ${command.slice(0, 2).join(" ")} without one names --passcode and --passcode-env, sends nothing`, async () => {
      const r = await ctx.design([...command, "--endpoint", "https://hooks.example.com/e2e/wordings"])
      expect(usageErrorOf(r)).toMatch(/--passcode or --passcode-env is required\./)
      expect(await requestLog(ctx.sb)).toEqual([])
    })
  }
})
