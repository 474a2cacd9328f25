/**
 * The built binaries and the config directory's mode: one the program made
 * (its marker inside) and that was opened since is tightened back to 0700;
 * one it did not make is left as it is, with a single warning on stderr.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CREATED_MARKER } from "../../src/core/oauth/config-dir.js"
import { describeRun, DESIGN_BIN, ensureBuilt, run, TASKMGR_BIN } from "./helpers.js"

let root: string
let n = 0
beforeAll(() => {
  ensureBuilt()
  root = mkdtempSync(join(tmpdir(), "config-dir-cli-"))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const dirWithMode = (mode: number, marked: boolean) => {
  const dir = join(root, `d${++n}`)
  mkdirSync(dir)
  if (marked) writeFileSync(join(dir, CREATED_MARKER), "", { mode: 0o600 })
  chmodSync(dir, mode)
  return dir
}

const CASES = [
  { bin: DESIGN_BIN, args: ["auth", "status", "--auth-mode", "oauth"], variable: "DESIGN_CONFIG_DIR" },
  { bin: TASKMGR_BIN, args: ["auth", "status"], variable: "TASKMGR_CONFIG_DIR" }
]

describe.skipIf(process.platform === "win32").each(CASES)("$variable", ({ bin, args, variable }) => {
  it("a directory the program did not make stays 0755 and is warned about once", async () => {
    const dir = dirWithMode(0o755, false)
    const r = await run(args, { bin, env: { [variable]: dir } })
    // Nothing is signed in there: status shows it, then exits 3 (not authenticated).
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr.match(/Warning: the config directory/g), describeRun(r)).toHaveLength(1)
    expect(r.stderr).toContain(`(mode 0755)`)
    expect(r.stderr).toContain(`chmod 700 ${dir}`)
    expect(statSync(dir).mode & 0o777).toBe(0o755)
  })

  it("a directory the program made, opened since, is tightened back to 0700 without a word", async () => {
    const dir = dirWithMode(0o755, true)
    const r = await run(args, { bin, env: { [variable]: dir } })
    // Nothing is signed in there: status shows it, then exits 3 (not authenticated).
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).not.toContain("config directory")
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })
})
