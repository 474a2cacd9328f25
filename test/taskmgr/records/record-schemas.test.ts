/**
 * The typed records: record-schemas.ts is what the generator writes from the
 * vendored reference (so it cannot drift), and a library user sees each field
 * with its documented type.
 */
import { describe, expect, expectTypeOf, it } from "@effect/vitest"
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Undocumented } from "../../../src/core/open-record.js"
import type { TaskmgrApiService } from "../../../src/index.js"
import type { Job, Task } from "../../../src/taskmgr/index.js"

describe("task-manager record schemas", () => {
  it("are the generator's output for reference/taskmgr-records.json", () => {
    const dir = mkdtempSync(join(tmpdir(), "records-"))
    try {
      const out = join(dir, "record-schemas.ts")
      execFileSync(process.execPath, ["scripts/taskmgr-records.mjs", "reference/taskmgr-records.json", out])
      expect(readFileSync(out, "utf8")).toBe(readFileSync("src/taskmgr/records/record-schemas.ts", "utf8"))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("type each field as documented: optional, nullable where the service sends null, enums as literals", () => {
    expectTypeOf<Task["completed"]>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<Task["gid"]>().toEqualTypeOf<string>()
    expectTypeOf<Task["due_on"]>().toEqualTypeOf<string | null | undefined>()
    expectTypeOf<Task["resource_subtype"]>().toEqualTypeOf<
      "default_task" | "milestone" | "approval" | "custom" | Undocumented | undefined
    >()
    expectTypeOf<Job["status"]>().toEqualTypeOf<
      "not_started" | "in_progress" | "succeeded" | "failed" | Undocumented | undefined
    >()
    type GetResult = TaskmgrApiService["taskGet"] extends
      (...args: never) => import("effect").Effect.Effect<infer A, unknown> ? A : never
    expectTypeOf<GetResult>().toEqualTypeOf<Task>()
    expect(true).toBe(true)
  })
})
