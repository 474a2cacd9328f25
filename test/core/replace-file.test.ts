/**
 * Files this program writes in place are replaced whole, keep the mode of the file they replace (never wider than
 * asked), and leave nothing behind on failure.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { replaceFileSync } from "../../src/core/replace-file.js"

describe("replaceFileSync", () => {
  it("replaces the file's text and mode, leaving no temp file", () => {
    const dir = mkdtempSync(join(tmpdir(), "replace-file-"))
    const path = join(dir, "credential.json")
    writeFileSync(path, "old text", { mode: 0o644 })
    replaceFileSync(path, "new text\n", 0o600)
    expect(readFileSync(path, "utf8")).toBe("new text\n")
    if (process.platform !== "win32") expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readdirSync(dir)).toEqual(["credential.json"])
  })

  it("keeps the mode of the file it replaces and never widens it", () => {
    if (process.platform === "win32") return
    const dir = mkdtempSync(join(tmpdir(), "replace-file-"))
    const cases: Array<readonly [existing: number, asked: number, kept: number]> = [
      [0o600, 0o644, 0o600], // a private document stays private
      [0o640, 0o644, 0o640], // the group's read is kept
      [0o644, 0o600, 0o600], // a credential never becomes readable by others
      [0o755, 0o644, 0o644] // no execute bit on a document
    ]
    for (const [existing, asked, kept] of cases) {
      const path = join(dir, `file-${existing.toString(8)}-${asked.toString(8)}`)
      writeFileSync(path, "old")
      chmodSync(path, existing)
      replaceFileSync(path, "new", asked)
      expect(statSync(path).mode & 0o777, `${existing.toString(8)} asked ${asked.toString(8)}`).toBe(kept)
    }
  })

  it("gives a new file the mode asked for under the umask", () => {
    if (process.platform === "win32") return
    const dir = mkdtempSync(join(tmpdir(), "replace-file-"))
    const path = join(dir, "new.md")
    replaceFileSync(path, "text", 0o644)
    const umask = process.umask()
    expect(statSync(path).mode & 0o777).toBe(0o644 & ~umask)
  })

  it("throws the system's error and leaves the old file and no temp file when the rename cannot happen", () => {
    const dir = mkdtempSync(join(tmpdir(), "replace-file-"))
    // A directory where the file should be: the rename fails after the temp file was written.
    const path = join(dir, "taken")
    mkdirSync(path)
    writeFileSync(join(path, "inside"), "kept")
    expect(() => replaceFileSync(path, "text", 0o644)).toThrow(/EISDIR|ENOTEMPTY|EEXIST/)
    expect(readdirSync(dir)).toEqual(["taken"])
    expect(readFileSync(join(path, "inside"), "utf8")).toBe("kept")
  })
})
