/** Text layout on a terminal: its width (COLUMNS, 0x0), id columns never cut, nested records as fields. */
import { describe, expect, it } from "@effect/vitest"
import { terminalWidth } from "../../src/core/cli/io.js"
import { isIdColumn, render } from "../../src/core/output.js"
import type { AnyView, TextView } from "../../src/core/view.js"
import { designViews } from "../../src/design/operations.js"
import { taskmgrViews } from "../../src/taskmgr/operations.js"

type Row = Readonly<Record<string, unknown>>
const tableOf = (columns: ReadonlyArray<string>): TextView<ReadonlyArray<Row>> => ({
  kind: "table",
  rows: (r) => r,
  columns,
  noun: "things"
})
const text = { format: "text" as const, full: false, color: false, tty: true }
const GID = "1200000000000001234"
const rows: ReadonlyArray<Row> = [
  {
    gid: GID,
    name: "A task whose name is long enough to need cutting on any terminal",
    assignee: "Sandbox User",
    due_on: "2026-03-01"
  }
]
const lines = (width: number, columns = ["gid", "name", "assignee", "due_on"]) =>
  render(tableOf(columns), rows, rows, { ...text, width })

describe("the terminal's width", () => {
  const stdout = (columns: number | undefined) => ({ columns }) as never

  it("honours COLUMNS over what the terminal reports, and treats 0 or nothing as unknown (80)", () => {
    expect(terminalWidth({ env: {}, stdout: stdout(0) })).toBe(80)
    expect(terminalWidth({ env: {}, stdout: stdout(undefined) })).toBe(80)
    expect(terminalWidth({ env: {}, stdout: stdout(132) })).toBe(132)
    expect(terminalWidth({ env: { COLUMNS: "60" }, stdout: stdout(0) })).toBe(60)
    expect(terminalWidth({ env: { COLUMNS: "200" }, stdout: stdout(100) })).toBe(200)
    expect(terminalWidth({ env: { COLUMNS: "0" }, stdout: stdout(0) })).toBe(80)
    expect(terminalWidth({ env: { COLUMNS: "wide" }, stdout: stdout(90) })).toBe(90)
  })
})

describe("a table fitted to the terminal", () => {
  it("at width 0 (unknown, so 80) keeps every column wider than the old 8-character squeeze", () => {
    const out = lines(terminalWidth({ env: {}, stdout: { columns: 0 } as never }))
    expect(out.stdout.split("\n")[1]).toContain(GID)
    expect(out.stdout).toContain("Sandbox User")
    expect(Math.max(...out.stdout.split("\n").map((l) => l.length))).toBeLessThanOrEqual(80)
    expect(out.notice).toBeUndefined()
  })

  it("at 60 columns keeps the gid whole and cuts the name instead", () => {
    const out = lines(60)
    const [header, row] = out.stdout.split("\n")
    expect(header).toMatch(/^GID\s+NAME/)
    expect(row).toMatch(new RegExp(`^${GID}  A task`))
    expect(row).toContain("…")
    expect(Math.max(...out.stdout.split("\n").map((l) => l.length))).toBeLessThanOrEqual(60)
  })

  it("at 200 columns shows everything uncut", () => {
    const out = lines(200)
    expect(out.stdout.split("\n")[1]).toBe(`${GID}  ${rows[0]!.name}  Sandbox User  2026-03-01`)
  })

  it("drops other columns, last first, when cutting is not enough, and says which on stderr", () => {
    const out = lines(30)
    expect(out.stdout.split("\n")[1]!.startsWith(GID)).toBe(true)
    expect(out.stdout).not.toContain("DUE_ON")
    expect(out.notice).toMatch(/^Not shown at 30 columns: .*due_on/)
  })

  it("is tab-separated and whole when piped, whatever the width", () => {
    expect(render(tableOf(["gid", "name"]), rows, rows, { ...text, tty: false, width: 10 }).stdout).toBe(
      `${GID}\t${rows[0]!.name}`
    )
  })

  it("knows an id column by its name", () => {
    for (const id of ["gid", "id", "key", "uuid", "node_id", "file_key", "project_gid"]) {
      expect(isIdColumn(id)).toBe(true)
    }
    for (const other of ["name", "keys", "idle", "width", "monkey"]) expect(isIdColumn(other)).toBe(false)
  })
})

describe("a record in text", () => {
  it("shows nested records as fields named by their path, not as JSON", () => {
    const value = {
      gid: "1",
      created_by: { gid: "1200000000000001", name: "Sandbox User" },
      tags: [{ gid: "7", name: "urgent" }],
      emails: ["a@example.com", "b@example.com"],
      memberships: [],
      parent: null
    }
    const out = render({ kind: "record" }, value, value, { ...text, width: 80 }).stdout
    expect(out).not.toContain("{")
    expect(out).toMatch(/^created_by\.gid: +1200000000000001$/m)
    expect(out).toMatch(/^created_by\.name: +Sandbox User$/m)
    expect(out).toMatch(/^tags\.0\.name: +urgent$/m)
    expect(out).toMatch(/^emails: +a@example\.com, b@example\.com$/m)
    expect(out).toMatch(/^memberships:$/m)
    expect(out).toMatch(/^parent:$/m)
  })
})

describe.each([
  { name: "design", views: designViews as ReadonlyArray<AnyView> },
  { name: "taskmgr", views: taskmgrViews as ReadonlyArray<AnyView> }
])("every $name table with an id column", ({ views }) => {
  const tables = views.flatMap((v) => [
    ...(v.text.kind === "table"
      ? [{ command: v.command.join(" "), columns: v.text.columns as ReadonlyArray<string> }]
      : []),
    ...(v.save !== undefined
      ? [{ command: `${v.command.join(" ")} ${v.save.flag}`, columns: v.save.columns as ReadonlyArray<string> }]
      : [])
  ]).filter((t) => t.columns.some(isIdColumn))

  it("has some", () => expect(tables.length).toBeGreaterThan(0))

  it("keeps every id whole at 40 columns", () => {
    for (const { columns, command } of tables) {
      const row = Object.fromEntries(
        columns.map((c, i) => [c, isIdColumn(c) ? `${9000000000000000 + i}` : `value ${"x".repeat(60)}`])
      )
      const out = render(tableOf(columns), [row], [row], { ...text, width: 40 }).stdout.split("\n")[1]!
      for (const c of columns.filter(isIdColumn)) expect(out, `${command}: ${c}`).toContain(String(row[c]))
    }
  })
})
