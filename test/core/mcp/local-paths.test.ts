/**
 * Where a path may lie (local-files.ts judgePath) and the directories a tool
 * server is started to allow (mcp/local-paths.ts allowedPaths): a path is
 * judged by where its links lead, a dangling link by where it would write, a
 * protected path by name and by its real place.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { delimiter, join } from "node:path"
import { judgePath, realLocation } from "../../../src/core/local-files.js"
import { allowedPaths } from "../../../src/core/mcp/local-paths.js"

const root = realpathSync(mkdtempSync(join(tmpdir(), "judge-root-")))
const outside = realpathSync(mkdtempSync(join(tmpdir(), "judge-outside-")))
const protectedDir = join(root, "config")
mkdirSync(protectedDir)
writeFileSync(join(protectedDir, "credentials.json"), "{}")
writeFileSync(join(root, "a.txt"), "a")
symlinkSync(join(outside, "new.txt"), join(root, "dangling"))
symlinkSync(protectedDir, join(outside, "to-config"))
symlinkSync(outside, join(root, "out"))

const policy = { base: root, inside: [root], never: [protectedDir] }

describe("judgePath", () => {
  it("allows a path inside, relative to the base or absolute, as an absolute path", () => {
    expect(judgePath("a.txt", policy)).toEqual({ _tag: "Allowed", path: join(root, "a.txt") })
    expect(judgePath(join(root, "not-yet", "b.txt"), policy)).toMatchObject({ _tag: "Allowed" })
  })

  it("refuses what leads outside: .., a link to a directory outside, a dangling link a write would follow", () => {
    expect(judgePath(`../${outside.split("/").pop()}/x`, policy)).toMatchObject({ _tag: "Outside" })
    expect(judgePath("out/x.txt", policy)).toMatchObject({ _tag: "Outside", real: join(outside, "x.txt") })
    expect(judgePath("dangling", policy)).toMatchObject({ _tag: "Outside", real: join(outside, "new.txt") })
    expect(realLocation(join(root, "dangling"))).toBe(join(outside, "new.txt"))
  })

  it("refuses a protected path by name and through a link, whatever is allowed", () => {
    const anywhere = { base: root, never: [protectedDir] }
    expect(judgePath("config/credentials.json", anywhere)).toMatchObject({ _tag: "Protected" })
    expect(judgePath(join(outside, "to-config", "credentials.json"), anywhere)).toMatchObject({
      _tag: "Protected",
      protectedPath: protectedDir
    })
    expect(judgePath(join(outside, "x"), anywhere)).toMatchObject({ _tag: "Allowed" })
  })
})

describe("allowedPaths", () => {
  it.effect("takes the flags and the variable's list (PATH's separator), each an existing directory", () =>
    Effect.gen(function*() {
      expect(yield* allowedPaths([root], "TASKMGR_ALLOW_PATHS", `${outside}${delimiter} `)).toEqual([root, outside])
      const bad = yield* Effect.either(allowedPaths([], "TASKMGR_ALLOW_PATHS", join(root, "a.txt")))
      expect(Either.isLeft(bad) && bad.left.message).toContain("is not an existing directory")
    }))
})
