/**
 * Piped stdout is data only: for every table view of both registries, the
 * text printed with stdout not a terminal is the rows, one TSV line each of
 * the view's columns; "No X." and every footer note go to stderr.
 */
import { describe, expect, it } from "@effect/vitest"
import { render } from "../../../src/core/output.js"
import type { AnyView, TextView } from "../../../src/core/view.js"
import { designViews } from "../../../src/design/operations.js"
import { taskmgrViews } from "../../../src/taskmgr/operations.js"

const piped = { format: "text" as const, full: false, color: false, tty: false, width: 80 }
type Table = Extract<TextView<unknown>, { kind: "table" }>

// Each view's own columns, noun and footer presence; rows and footer lines stand in for a result,
// because the rule is render's: nothing a view returns reaches stdout except its rows.
const tables = [...designViews, ...taskmgrViews]
  .filter((v: AnyView) => v.text.kind === "table")
  .map((v: AnyView) => ({ command: v.command.join(" "), text: v.text as Table }))

const sampleRows = (columns: ReadonlyArray<string>, n: number) =>
  Array.from({ length: n }, (_, i) => Object.fromEntries(columns.map((c) => [c, `${c}-${i}`])))

describe("piped text output", () => {
  it("covers the table views of both registries", () => {
    expect(tables.length).toBeGreaterThan(30)
    expect(tables.filter((t) => t.text.footer !== undefined).map((t) => t.command)).toEqual(
      expect.arrayContaining(["project list", "webhook requests", "file images"])
    )
  })

  it.each(tables)("$command: stdout holds only TSV rows of its columns, notes go to stderr", ({ text }) => {
    const rows = sampleRows(text.columns, 3)
    // A noun that reads the result (a filter narrowing the rows) stands in as a string: there is no result here.
    const noun = typeof text.noun === "string" ? text.noun : "filtered things"
    const view: Table = {
      ...text,
      noun,
      rows: () => rows,
      footer: text.footer && (() => ["Team: Design", "1 of 3 failed"])
    }
    const out = render(view, undefined, undefined, piped)
    const lines = out.stdout.split("\n")
    expect(lines).toEqual(rows.map((r) => text.columns.map((c) => r[c]).join("\t")))
    for (const line of lines) expect(line.split("\t")).toHaveLength(text.columns.length)
    expect(out.notice).toBe(text.footer === undefined ? undefined : "Team: Design\n1 of 3 failed")

    const empty = render({ ...view, rows: () => [] }, undefined, undefined, piped)
    expect(empty.stdout).toBe("")
    expect(empty.notice?.split("\n")[0]).toBe(`No ${noun}.`)
  })
})
