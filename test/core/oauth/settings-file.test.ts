/**
 * settings.json read as `@FILE` is: a regular file (a FIFO is refused, not
 * waited on), capped, nested at most 64 levels, and a JSON fault named by its
 * line and column without quoting the file (it may hold a client secret).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ConfigDirWarning } from "../../../src/core/oauth/config-dir.js"
import { readSettingsFile } from "../../../src/core/oauth/settings-file.js"

const settings = (content: string | undefined) => {
  const dir = mkdtempSync(join(tmpdir(), "settings-file-"))
  const path = join(dir, "settings.json")
  if (content === undefined) execFileSync("mkfifo", [path])
  else writeFileSync(path, content, { mode: 0o600 })
  return path
}

const refusal = (path: string) =>
  Effect.flip(readSettingsFile(path, ["client_secret"])).pipe(
    Effect.provideService(ConfigDirWarning, () => undefined),
    Effect.map((e) => e.message)
  )

describe("settings.json from the config directory", () => {
  it.effect("names a JSON fault by line and column, never quoting the secret around it", () =>
    Effect.gen(function*() {
      const path = settings("{\n  \"client_secret\": \"Sup3rSecretValue\"\n  \"client_id\": \"x\"\n}\n")
      const message = yield* refusal(path)
      expect(message).toBe(`The settings file ${path} is not valid JSON at line 3, column 3 (expected , or }).`)
    }))

  it.effect("refuses nesting past 64 levels and a FIFO at once", () =>
    Effect.gen(function*() {
      const deep = settings(`{"a": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`)
      expect(yield* refusal(deep)).toContain("is nested more than 64 levels deep (line 1, column 70)")
      const fifo = settings(undefined)
      expect(yield* refusal(fifo)).toContain("is a FIFO (named pipe)")
    }))
})
