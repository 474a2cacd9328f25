/** task scan-todos over a real directory tree and the in-process simulator: drafts, gitignore, binaries, create once. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { api, apiLayer, seed, sent } from "../harness.js"

const tree = (files: Record<string, string | Buffer>) => {
  const dir = mkdtempSync(join(tmpdir(), "scan-todos-"))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

const sample = () =>
  tree({
    ".gitignore": "dist/\n*.gen.ts\n",
    "src/a.ts": "const x = 1\n// TODO: handle errors\n",
    "src/b.py": "# FIXME flaky\n",
    "src/keep.gen.ts": "// TODO ignored by the root file\n",
    "src/sub/.gitignore": "!keep.gen.ts\n",
    "src/sub/keep.gen.ts": "// TODO re-included below\n",
    "dist/out.js": "// TODO in an ignored directory\n",
    ".git/hooks/x.sh": "# TODO inside .git\n",
    "img.c": Buffer.concat([Buffer.from("// TODO binary\n"), Buffer.from([0, 1, 2])]),
    "notes.txt": "TODO not a known comment syntax\n"
  })

describe("task scan-todos", () => {
  it.effect("reads a large tree and finds every comment once, in path and line order", () =>
    Effect.gen(function*() {
      const files: Record<string, string | Buffer> = { ".gitignore": "skip/\n" }
      for (let i = 0; i < 2_600; i++) {
        files[`src/d${i % 40}/f${String(i).padStart(4, "0")}.ts`] = i % 3 === 0
          ? `const v = ${i}\n// TODO item ${i}\n`
          : `const v = ${i}\n`
      }
      for (let i = 0; i < 50; i++) files[`skip/f${i}.ts`] = "// TODO ignored\n"
      files["src/d0/binary.ts"] = Buffer.concat([Buffer.from("// TODO binary\n"), Buffer.from([0])])
      const a = yield* api
      const result = yield* a.taskScanTodos({ dir: tree(files) })
      const expected = Array.from({ length: 2_600 }, (_, i) => i).filter((i) => i % 3 === 0)
        .map((i) => `src/d${i % 40}/f${String(i).padStart(4, "0")}.ts:2 item ${i}`).sort()
      expect(result.drafts.map((d) => `${d.path}:${d.line} ${d.name}`)).toEqual(expected)
      // The sources, the binary and the .gitignore (its # comments are scanned too).
      expect(result.files_scanned).toBe(2_602)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("drafts one task per comment, honouring .gitignore at every level and skipping .git and binaries", () =>
    Effect.gen(function*() {
      const a = yield* api
      const result = yield* a.taskScanTodos({ dir: sample() })
      expect(result.drafts.map((d) => [d.path, d.line, d.kind, d.name, d.status])).toEqual([
        ["src/a.ts", 2, "TODO", "handle errors", "draft"],
        ["src/b.py", 1, "FIXME", "flaky", "draft"],
        ["src/sub/keep.gen.ts", 1, "TODO", "re-included below", "draft"]
      ])
      expect(result.drafts[0]?.notes).toBe("src/a.ts:2\n// TODO: handle errors")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("reports non-ASCII comments and their lines exactly, and reads a file larger than its read buffer whole", () =>
    Effect.gen(function*() {
      const a = yield* api
      const dir = tree({
        "u.ts": "const s = \"héllo – 😀 // TODO not here\"\n// TODO: café ünïcode – 😀 \u00a0\n",
        "big.ts": `${"é".repeat(40_000)}\n// FIXME: after the first 64 KiB\n`
      })
      const result = yield* a.taskScanTodos({ dir })
      expect(result.drafts.map((d) => [d.path, d.line, d.name, d.notes])).toEqual([
        ["big.ts", 2, "after the first 64 KiB", "big.ts:2\n// FIXME: after the first 64 KiB"],
        ["u.ts", 2, "café ünïcode – 😀", "u.ts:2\n// TODO: café ünïcode – 😀"]
      ])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates the drafts in the project once: a second run finds their markers and creates nothing", () =>
    Effect.gen(function*() {
      const a = yield* api
      const dir = sample()
      const first = yield* a.taskScanTodos({ dir, create: true, project: seed.project_gid })
      expect(first.drafts.map((d) => d.status)).toEqual(["created", "created", "created"])
      const made = yield* a.taskGet({ task_gid: first.drafts[0]!.task_gid! })
      expect(made).toMatchObject({ name: "handle errors", notes: "src/a.ts:2\n// TODO: handle errors" })
      const creates = (yield* sent).filter((r) => r.method === "POST")
      expect(creates).toHaveLength(3)
      expect(creates[0]?.body).toEqual({
        data: { name: "handle errors", notes: "src/a.ts:2\n// TODO: handle errors", projects: [seed.project_gid] }
      })
      const second = yield* a.taskScanTodos({ dir, create: true, project: seed.project_gid })
      expect(second.drafts.map((d) => d.status)).toEqual(["exists", "exists", "exists"])
      // Each row already a task names it, as a created one does.
      expect(second.drafts.map((d) => d.task_gid)).toEqual(first.drafts.map((d) => d.task_gid))
      expect((yield* sent).filter((r) => r.method === "POST")).toHaveLength(3)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses create without a project, a project without create, and a missing directory, before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const noProject = yield* Effect.flip(a.taskScanTodos({ dir: sample(), create: true }))
      expect(noProject).toMatchObject({ _tag: "InvalidInputError", fields: ["project"] })
      const noCreate = yield* Effect.flip(a.taskScanTodos({ dir: sample(), project: seed.project_gid }))
      expect(noCreate).toMatchObject({ _tag: "InvalidInputError", fields: ["project"] })
      const missing = yield* Effect.flip(
        a.taskScanTodos({ dir: "/nonexistent/scan", create: true, project: seed.project_gid })
      )
      expect(missing).toMatchObject({ _tag: "InvalidInputError", fields: ["dir"] })
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))
})
