/**
 * A command's own flag named like a program one, through the `design` command line run in-process: `file get KEY --version V`
 * fetches that version (the simulator's request log shows the query) instead of printing the program's version.
 */
import { describe, expect, it } from "vitest"
import { describeRun, requestLog, useSandbox } from "./helpers.js"

const ctx = useSandbox({ inProcess: true })
const KEY = "SbxF1leKey0000Sandbox01"

describe("design file reads with --version", () => {
  it("send the version query wherever --version is typed, as the flag's own value", async () => {
    const listed = await ctx.design(["file", "versions", KEY, "--json"])
    expect(listed.code, describeRun(listed)).toBe(0)
    const version = (JSON.parse(listed.stdout) as { versions: Array<{ id: string }> }).versions[1]!.id
    const lines = [
      ["file", "get", KEY, "--version", version, "--depth", "1"],
      ["file", "get", "--version", version, KEY, "--depth", "1"],
      ["file", "get", KEY, `--version=${version}`, "--depth", "1"],
      ["file", "nodes", KEY, "--ids", "1:2", "--version", version],
      ["file", "images", KEY, "--version", version, "--ids", "1:2"]
    ]
    for (const line of lines) {
      const before = (await requestLog(ctx.sb)).length
      const r = await ctx.design([...line, "--json"])
      expect(r.code, `${line.join(" ")}\n${describeRun(r)}`).toBe(0)
      expect(r.stdout).not.toMatch(/^design \d/)
      const sent = (await requestLog(ctx.sb)).slice(before)
      expect(sent.map((s) => s.query.version), line.join(" ")).toEqual([version])
    }
  })

  it("still prints the program's version for design --version, and sends nothing", async () => {
    const r = await ctx.design(["--version"])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^design \d+\.\d+\.\d+/)
    expect(await requestLog(ctx.sb)).toEqual([])
  })
})
