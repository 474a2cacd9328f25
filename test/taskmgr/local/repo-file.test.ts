/**
 * The repository registry read as a file a stranger may have written: a
 * FIFO, a link or a device in its place refused at once, JSON faults named
 * by line and column without quoting the file, nesting bounded, a registry
 * of any size checked in linear time, and a repository or file that belongs
 * to another user ignored with a note (git's safe.directory rule).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { execFileSync } from "node:child_process"
import { chownSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ConfigDirWarning } from "../../../src/core/oauth/config-dir.js"
import { firstRepeatedName, loadRepo, parseRepoFile } from "../../../src/taskmgr/local/repo-file.js"
import type { Trust } from "../../../src/taskmgr/local/repo-root.js"

const repo = () => {
  const root = mkdtempSync(join(tmpdir(), "repo-file-"))
  mkdirSync(join(root, ".git"))
  mkdirSync(join(root, "src"))
  return root
}

const asRoot = process.getuid?.() === 0
const NOBODY = 65534

/**
 * Makes `paths` another user's, and the trust that sees them so: as root they
 * are given to nobody; otherwise this test stands in for another user, so
 * everything it made is someone else's.
 */
const othersOwn = (...paths: Array<string>): Trust => {
  if (!asRoot) return { uid: (process.getuid?.() ?? 1000) + 1 }
  for (const path of paths) chownSync(path, NOBODY, NOBODY)
  return { uid: 0 }
}

/** loadRepo with the notes it says collected. */
const load = (cwd: string, trust?: Trust) =>
  Effect.gen(function*() {
    const notes: Array<string> = []
    const found = yield* Effect.either(
      loadRepo(cwd, trust).pipe(Effect.provideService(ConfigDirWarning, (line) => void notes.push(line)))
    )
    return { found, notes }
  })

describe("the registry file's reading", () => {
  it.effect("refuses a FIFO, a link (to a device or anywhere) and a directory at once, naming the file", () =>
    Effect.gen(function*() {
      const fifo = repo()
      execFileSync("mkfifo", [join(fifo, ".taskmgr.json")])
      const link = repo()
      symlinkSync("/dev/zero", join(link, ".taskmgr.json"))
      const dir = repo()
      mkdirSync(join(dir, ".taskmgr.json"))
      for (const [root, what] of [[fifo, "is a FIFO"], [link, "is a symbolic link"], [dir, "is a directory"]]) {
        const { found } = yield* load(join(root!, "src"))
        expect(found).toMatchObject({
          _tag: "Left",
          left: {
            _tag: "InvalidSettingsError",
            message: expect.stringContaining(`${join(root!, ".taskmgr.json")}: ${what}`)
          }
        })
      }
    }))

  it.effect("names a JSON fault by line and column and never quotes the file", () =>
    Effect.gen(function*() {
      const root = repo()
      writeFileSync(
        join(root, ".taskmgr.json"),
        "{\n  \"projects\": [{\"gid\": \"1\", \"name\": \"Sup3rSecretName\"} oops]\n}\n"
      )
      const { found } = yield* load(root)
      expect(found).toMatchObject({
        _tag: "Left",
        left: { message: expect.stringContaining("is not valid JSON at line 2, column 56 (expected , or ])") }
      })
      expect(JSON.stringify(found)).not.toContain("Sup3rSecret")
      expect(JSON.stringify(found)).not.toContain("oops")
    }))

  it.effect("refuses nesting past 64 levels (100,000 deep was a stack overflow)", () =>
    Effect.gen(function*() {
      const root = repo()
      writeFileSync(join(root, ".taskmgr.json"), `{"projects": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`)
      const { found } = yield* load(root)
      expect(found).toMatchObject({
        _tag: "Left",
        left: {
          _tag: "InvalidSettingsError",
          message: expect.stringContaining("is nested more than 64 levels deep (line 1, column 77)")
        }
      })
    }))

  it("finds a name registered twice among 400,000 in one pass (the check alone took over a minute)", () => {
    const projects = Array.from({ length: 400_000 }, (_, i) => ({ name: `p${i}` }))
    const started = performance.now()
    expect(firstRepeatedName(projects)).toBe(-1)
    expect(firstRepeatedName([...projects, { name: "p7" }])).toBe(400_000)
    expect(performance.now() - started).toBeLessThan(5_000)
  })

  it.effect(
    "reads a large registry, naming a name registered twice by its field",
    () =>
      Effect.gen(function*() {
        const projects = Array.from({ length: 20_000 }, (_, i) => ({ gid: String(1_000_000 + i), name: `p${i}` }))
        expect((yield* parseRepoFile("big.json", JSON.stringify({ projects }))).projects).toHaveLength(20_000)
        const twice = yield* Effect.flip(
          parseRepoFile("big.json", JSON.stringify({ projects: [...projects, { gid: "9", name: "p7" }] }))
        )
        expect(twice.message).toContain("field projects.20000.name: \"p7\" is registered twice")
      }),
    120_000
  )
})

describe("a repository or registry that belongs to another user", () => {
  it.effect("is ignored with a note when its .git is in a parent directory someone else owns", () =>
    Effect.gen(function*() {
      const parent = mkdtempSync(join(tmpdir(), "shared-parent-"))
      mkdirSync(join(parent, ".git"))
      writeFileSync(join(parent, ".taskmgr.json"), JSON.stringify({ projects: [{ gid: "1", name: "backlog" }] }))
      mkdirSync(join(parent, "mine"))
      const trust = othersOwn(parent, join(parent, ".git"), join(parent, ".taskmgr.json"))
      const { found, notes } = yield* load(join(parent, "mine"), trust)
      expect(found._tag === "Right" && Option.isNone(found.right)).toBe(true)
      expect(notes).toEqual([expect.stringMatching(/^Note: ignored the git repository at .*belongs to another user/)])
    }))

  it.effect.runIf(asRoot)(
    "ignores another user's .taskmgr.json in a repository of ours, with a note",
    () =>
      Effect.gen(function*() {
        const root = repo()
        writeFileSync(join(root, ".taskmgr.json"), JSON.stringify({ projects: [{ gid: "1", name: "backlog" }] }))
        chownSync(join(root, ".taskmgr.json"), NOBODY, NOBODY)
        const { found, notes } = yield* load(root, { uid: 0 })
        expect(found).toMatchObject({ _tag: "Right", right: { value: { root, file: Option.none() } } })
        expect(notes).toEqual([expect.stringContaining("belongs to another user (uid 65534), not to you or root")])
      })
  )

  it.effect("trusts the user's own and root's", () =>
    Effect.gen(function*() {
      const root = repo()
      writeFileSync(join(root, ".taskmgr.json"), JSON.stringify({ projects: [{ gid: "1", name: "backlog" }] }))
      const { found, notes } = yield* load(join(root, "src"))
      expect(found).toMatchObject({ _tag: "Right", right: { value: { root, file: { value: { projects: [{}] } } } } })
      expect(notes).toEqual([])
    }))
})
