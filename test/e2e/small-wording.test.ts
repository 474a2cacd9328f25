/**
 * Small wordings over the programs in this process: a toolset of one tool is
 * "1 tool", and a bare emoji name is told the colons it lacks (nothing sent).
 */
import { describe, expect, it } from "vitest"
import { describeRun, requestLog, runInProcess, TASKMGR_BIN, usageErrorOf, useSandbox } from "./helpers.js"

const ctx = useSandbox({ inProcess: true })

describe("small wordings", () => {
  it("--list-toolsets says '1 tool' for a toolset of one, 'N tools' otherwise", async () => {
    for (const bin of [undefined, TASKMGR_BIN]) {
      const r = await runInProcess(["mcp", "--list-toolsets"], bin === undefined ? {} : { bin })
      expect(r.code, describeRun(r)).toBe(0)
      expect(r.stdout).not.toMatch(/\t1 tools/)
      for (const line of r.stdout.trim().split("\n")) expect(line).toMatch(/\t(1 tool|\d+ tools) \(/)
    }
  })

  it("--emoji heart is told to write :heart:, and the symbol itself is told it is not a shortcode", async () => {
    const bare = await ctx.design([
      "comment",
      "reaction",
      "add",
      "SbxF1leKey0000Sandbox01",
      "100000001",
      "--emoji",
      "heart"
    ])
    expect(usageErrorOf(bare)).toMatch(/--emoji.*:heart:/)
    expect(bare.stderr).not.toMatch(/not the .*character/)
    const glyph = await ctx.design([
      "comment",
      "reaction",
      "add",
      "SbxF1leKey0000Sandbox01",
      "100000001",
      "--emoji",
      "❤️"
    ])
    expect(usageErrorOf(glyph)).toMatch(/not the symbol itself/)
    expect(await requestLog(ctx.sb)).toEqual([])
  })
})

describe("completion help", () => {
  it("every line of the zsh instructions is a command or a comment, even at 60 columns", async () => {
    const r = await runInProcess(["completion", "--help"], { env: { COLUMNS: "60" } })
    expect(r.code, describeRun(r)).toBe(0)
    const zsh = r.stdout.split("\n").filter((l) => /zfunc|compinit|zshrc/.test(l)).map((l) => l.trim())
    expect(zsh.length).toBeGreaterThan(3)
    for (const line of zsh) expect(line).toMatch(/^(#|mkdir |design completion zsh )/)
  })
})
