/**
 * Many-item commands (core/item-failures.ts): the whole result is printed,
 * and the exit code says how it went: 0 all fine, 9 some failed, all failed
 * their shared code (else 9). The tool result is an error only when all failed.
 */
import { describe, expect, it } from "vitest"
import { PARTIAL_EXIT_CODE } from "../../src/core/exit-codes.js"
import { exitCodeOfItems } from "../../src/core/item-failures.js"
import { designViews } from "../../src/design/operations.js"
import { taskmgrViews } from "../../src/taskmgr/operations.js"
import { describeRun, runInProcess, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const taskmgr = (args: ReadonlyArray<string>) => runInProcess(args, { bin: TASKMGR_BIN, env: sandbox.env() })

const TASK = "1200000000000601"
const OTHER = "1200000000000602"
const MISSING = ["1200000000099991", "1200000000099992", "1200000000099993"]

describe("task get-many exit codes", () => {
  for (const json of [false, true]) {
    const flags = json ? ["--json"] : []
    const label = json ? " (--json)" : ""

    it(`every task found: 0${label}`, async () => {
      const r = await taskmgr(["task", "get-many", TASK, OTHER, ...flags])
      expect(r.code, describeRun(r)).toBe(0)
    })

    it(`some gids missing: ${PARTIAL_EXIT_CODE}, every task still printed${label}`, async () => {
      const r = await taskmgr(["task", "get-many", TASK, ...MISSING, ...flags])
      expect(r.code, describeRun(r)).toBe(PARTIAL_EXIT_CODE)
      if (json) {
        expect(JSON.parse(r.stdout)).toMatchObject({
          failed: 3,
          tasks: [{ gid: TASK, task: {} }, { error: { type: "NotFoundError" } }, {}, {}]
        })
      } else {
        expect(r.stdout.trim().split("\n")).toHaveLength(4)
        expect(r.stderr).toContain("3 of 4 failed")
      }
    })

    it(`every gid missing: 5, as one missing task${label}`, async () => {
      const r = await taskmgr(["task", "get-many", ...MISSING, ...flags])
      expect(r.code, describeRun(r)).toBe(5)
      if (json) expect(JSON.parse(r.stdout)).toMatchObject({ failed: 3 })
    })
  }

  it(`every gid failed for different reasons: ${PARTIAL_EXIT_CODE}`, async () => {
    const error = (message: string) => ({ errors: [{ message }] })
    await sandbox.fault({
      method: "POST",
      path: "/api/1.0/batch",
      status: 200,
      body: {
        data: [{ status_code: 404, body: error("task: Unknown object") }, {
          status_code: 403,
          body: error("Forbidden")
        }]
      },
      times: 1
    })
    const r = await taskmgr(["task", "get-many", ...MISSING.slice(0, 2), "--json"])
    expect(r.code, describeRun(r)).toBe(PARTIAL_EXIT_CODE)
    const types = (JSON.parse(r.stdout) as { tasks: Array<{ error: { type: string } }> }).tasks.map((t) => t.error.type)
    expect(types).toEqual(["NotFoundError", "ForbiddenError"])
  })
})

describe("the many-item rule", () => {
  it("decides 0, partial, shared code, mixed", () => {
    expect(exitCodeOfItems({ total: 3, failed: [] })).toBe(0)
    expect(exitCodeOfItems({ total: 0, failed: [] })).toBe(0)
    expect(exitCodeOfItems({ total: 3, failed: [5] })).toBe(PARTIAL_EXIT_CODE)
    expect(exitCodeOfItems({ total: 2, failed: [5, 5] })).toBe(5)
    expect(exitCodeOfItems({ total: 2, failed: [5, 4] })).toBe(PARTIAL_EXIT_CODE)
    expect(exitCodeOfItems({ total: 2, failed: [undefined, undefined] })).toBe(PARTIAL_EXIT_CODE)
  })

  it("every command of both registries that reports items one by one declares them to the core rule", () => {
    const views = [...designViews, ...taskmgrViews]
    const declared = views.filter((v) => v.items !== undefined).map((v) => v.command.join(" ")).sort()
    // A new many-item command joins this list: its items make its exit code and its tool result's isError.
    expect(declared).toEqual([
      "dev-resource create",
      "dev-resource update",
      "file images",
      "task get-many",
      "task scan-todos"
    ])
    // Whatever names itself a batch, or reports per item (a failed-count footer, "did not render", "Failed:"), is among them.
    const perItem = views.filter((v) =>
      /-many$|batch/.test(v.command.join(" ")) ||
      /each (gid|item)|not rendered|refuses/i.test(`${v.operation.summary} ${v.help ?? ""}`)
    )
    expect(perItem.map((v) => v.command.join(" ")).sort()).toEqual(declared)
  })
})
