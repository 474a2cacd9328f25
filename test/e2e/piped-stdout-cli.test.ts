/** `design project list | cat`: the rows alone on stdout, the team heading on stderr. */
import { describe, expect, it } from "vitest"
import { useSandbox } from "./helpers.js"

describe("piped text output", () => {
  const ctx = useSandbox({ inProcess: true })

  it("project list prints only rows on stdout and names the team on stderr", async () => {
    const r = await ctx.design(["project", "list"])
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split("\n")
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(line.split("\t")).toHaveLength(2)
    expect(r.stdout).not.toMatch(/Team:/)
    expect(r.stderr).toMatch(/^Team: \S/m)
  })
})
