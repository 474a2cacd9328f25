/**
 * Dates and date-times are calendar values on every surface of both services: every input field built on the
 * core calendar Schemas refuses 2026-02-30 and 2026-13-01 (naming the field, the flag or the parameter, and the
 * expected form), accepts 2024-02-29, and nothing reaches the service's client when refused.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import type * as SchemaAST from "effect/SchemaAST"
import { type CalendarKind, CalendarKindId, isCalendarDate, isCalendarDateTime } from "../src/core/calendar.js"
import { flagOf, inCliWords, rawInput } from "../src/core/cli/derive.js"
import type { InvalidInputError } from "../src/core/errors.js"
import { decodeInput } from "../src/core/input.js"
import { runForTool } from "../src/core/mcp/derive.js"
import type { AnyOperation } from "../src/core/operation.js"
import { makeApi } from "../src/core/service/api.js"
import type { AnyView } from "../src/core/view.js"
import { designOperations, designViews } from "../src/design/operations.js"
import { taskmgrOperations, taskmgrViews } from "../src/taskmgr/operations.js"

/** The calendar kind anywhere inside a field's Schema (through refinements, transformations and unions). */
const kindOf = (ast: SchemaAST.AST): CalendarKind | undefined => {
  const own = ast.annotations[CalendarKindId] as CalendarKind | undefined
  if (own !== undefined) return own
  switch (ast._tag) {
    case "Refinement":
    case "Transformation":
      return kindOf(ast.from)
    case "Union":
      return ast.types.map(kindOf).find((k) => k !== undefined)
    default:
      return undefined
  }
}

const structOf = (ast: SchemaAST.AST): SchemaAST.TypeLiteral | undefined =>
  ast._tag === "TypeLiteral"
    ? ast
    : ast._tag === "Refinement" || ast._tag === "Transformation"
    ? structOf(ast.from)
    : undefined

interface CalendarField {
  readonly view: AnyView
  readonly op: AnyOperation<unknown>
  readonly field: string
  readonly kind: CalendarKind
}

const calendarFields = (views: ReadonlyArray<AnyView>): ReadonlyArray<CalendarField> =>
  views.flatMap((view) => {
    const op = view.operation as AnyOperation<unknown>
    return (structOf(op.input.ast)?.propertySignatures ?? []).flatMap((p) => {
      const kind = kindOf(p.type)
      return kind === undefined ? [] : [{ view, op, field: String(p.name), kind }]
    })
  })

const as = (kind: CalendarKind, day: string) => (kind === "date" ? day : `${day}T10:00:00Z`)
const IMPOSSIBLE = ["2026-02-30", "2026-13-01"]
const LEAP_DAY = "2024-02-29"
const FORM = { date: "YYYY-MM-DD", "date-time": "YYYY-MM-DDTHH:MM:SS" } as const

/** A client that records being reached: a refused input must never get that far. */
const recordingClient = () => {
  const reached: Array<string> = []
  const client = new Proxy({}, { get: (_, key) => void reached.push(String(key)) })
  return { reached, client, effect: Effect.sync(() => (reached.push("client"), client)) }
}

const failureOf = <A>(effect: Effect.Effect<A, unknown>) =>
  Effect.map(Effect.either(effect), (e) => (Either.isLeft(e) ? (e.left as InvalidInputError) : undefined))

describe.each([
  {
    name: "design",
    views: designViews,
    operations: designOperations as Record<string, AnyOperation<unknown>>,
    expected: [
      "discoveryTextEvents.start_date",
      "discoveryTextEvents.end_date",
      "aiUsageDaily.start_date",
      "aiUsageDaily.end_date"
    ]
  },
  {
    name: "taskmgr",
    views: taskmgrViews,
    operations: taskmgrOperations as Record<string, AnyOperation<unknown>>,
    expected: [
      "taskCreate.due_on",
      "taskUpdate.due_on",
      "taskCreate.due_at",
      "projectCreate.start_on",
      "taskSearch.modified_at_after"
    ]
  }
])("the $name registry's dates", ({ expected, operations, views }) => {
  const fields = calendarFields(views)

  it("are all built on the core calendar Schemas (the known ones are found)", () => {
    expect(fields.map((f) => `${f.op.name}.${f.field}`)).toEqual(expect.arrayContaining(expected))
  })

  it.effect("refuse impossible days on the library, the command line and the tool, naming the field and the form; nothing is sent", () =>
    Effect.gen(function*() {
      for (const { field, kind, op, view } of fields) {
        const where = `${op.name}.${field}`
        for (const day of IMPOSSIBLE) {
          const value = as(kind, day)
          const { client, effect, reached } = recordingClient()
          const library = yield* failureOf(
            (makeApi({ name: "design", apiName: "Test" }, operations, client) as unknown as Record<
              string,
              (i: unknown) => Effect.Effect<unknown, unknown>
            >)[op.name]!({ [field]: value })
          )
          expect(library?.message, where).toContain(`${field}: must be a real`)
          expect(library?.message, where).toContain(FORM[kind])
          const tool = yield* failureOf(runForTool(effect, view, { [field]: value }))
          expect(tool?.fields, where).toContain(field)
          expect(tool?.message, where).toContain(`${field}: must be a real`)
          const flag = flagOf(view, field)
          const cli = yield* failureOf(
            Effect.flatMap(
              rawInput(view, { options: { [flag]: value }, positionals: [] }, {}),
              (raw) => decodeInput(op.input, raw)
            ).pipe(
              Effect.mapError((e) => inCliWords(view, e))
            )
          )
          expect(cli?.message, where).toContain(`${flag}: must be a real`)
          expect(cli?.message, where).toContain(FORM[kind])
          expect(reached, where).toEqual([])
        }
        // The leap day is a day: whatever else the input lacks, the field itself is not refused for it.
        const leap = yield* failureOf(decodeInput(op.input, { [field]: as(kind, LEAP_DAY) }))
        expect(leap?.message ?? "", where).not.toContain(`${field}: must be a real`)
      }
    }))
})

describe("the calendar checks", () => {
  it("know month lengths, leap years, clock ranges and zones", () => {
    expect(["2024-02-29", "2000-02-29", "2026-12-31", "2026-04-30"].every(isCalendarDate)).toBe(true)
    expect(
      ["2026-02-29", "1900-02-29", "2026-04-31", "2026-00-10", "2026-01-00", "2026-1-01", "2026-02-30"].some(
        isCalendarDate
      )
    ).toBe(false)
    expect(isCalendarDateTime("2024-02-29T23:59:59.123456789+14:00")).toBe(true)
    expect(isCalendarDateTime("2026-01-31T09:00-0530")).toBe(true)
    for (
      const bad of [
        "2026-02-30T10:00:00Z",
        "2026-01-31T24:00:00Z",
        "2026-01-31T10:60:00Z",
        "2026-01-31T10:00:60Z",
        "2026-01-31T10:00:00+15:00",
        "2026-01-31T10:00:00"
      ]
    ) {
      expect(isCalendarDateTime(bad), bad).toBe(false)
    }
    expect(isCalendarDateTime("2026-01-31T10:00:00+02:00", { utcOnly: true })).toBe(false)
    expect(isCalendarDateTime("2026-01-31T10:00:00.1234Z", { fractionDigits: 3 })).toBe(false)
  })
})
