/** Files this program writes in place are replaced whole, with the mode asked for, and leave nothing behind on failure. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
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
