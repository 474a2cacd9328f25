/**
 * The launcher's V8 code caches (scripts/launcher.cjs), over a copy of the
 * built taskmgr binary: help and a command each write a cache of their own
 * on their first run and start from it afterwards, with the same output.
 */
import { copyFileSync, mkdtempSync, readdirSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, run, TASKMGR_BIN } from "./helpers.js"

const install = () => {
  const dir = mkdtempSync(join(tmpdir(), "code-cache-"))
  for (const file of ["taskmgr.js", "taskmgr.bundle.js", "package.json"]) {
    copyFileSync(join(dirname(TASKMGR_BIN), file), join(dir, file))
  }
  return dir
}
const caches = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".cache")).sort()
const env = { TASKMGR_ACCESS_TOKEN: "code-cache-test-token" }
const empty = mkdtempSync(join(tmpdir(), "code-cache-empty-"))

describe("the launcher's code caches", () => {
  it("keeps one cache for help and one for commands, each written by its first run and read by the next", async () => {
    const dir = install()
    const bin = join(dir, "taskmgr.js")
    const help = await run(["--help"], { bin, env })
    expect(help.code, describeRun(help)).toBe(0)
    expect(caches(dir)).toEqual([expect.stringMatching(/-help\.cache$/)])
    const scan = await run(["task", "scan-todos", empty, "--json"], { bin, env })
    expect(scan.code, describeRun(scan)).toBe(0)
    const [helpCache, runCache] = caches(dir)
    expect(runCache).toMatch(/-run\.cache$/)
    // A command compiles more of the bundle than help does.
    expect(statSync(join(dir, runCache!)).size).toBeGreaterThan(statSync(join(dir, helpCache!)).size)
    const written = caches(dir).map((f) => statSync(join(dir, f)).mtimeMs)
    const again = await Promise.all([
      run(["--help"], { bin, env }),
      run(["task", "scan-todos", empty, "--json"], { bin, env })
    ])
    expect(again.map((r) => [r.code, r.stdout])).toEqual([[0, help.stdout], [0, scan.stdout]])
    expect(caches(dir).map((f) => statSync(join(dir, f)).mtimeMs)).toEqual(written)
    // Each was written aside and renamed into place: nothing else is left.
    expect(readdirSync(dir).sort()).toEqual(
      [helpCache, "package.json", runCache, "taskmgr.bundle.js", "taskmgr.js"].sort()
    )
  })
})
