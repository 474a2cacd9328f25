/**
 * Over every operation of both services: a value out of a field's range, or
 * not among its words, is refused by the field's flag with what it may be, in
 * the user's words (never "Expected", never a Schema's name); and no help text
 * only repeats its field's name.
 */
import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { commandSpecOf, inCliWords } from "../../src/core/cli/derive.js"
import { type Field, fieldsOf } from "../../src/core/fields.js"
import { decodeInput } from "../../src/core/input.js"
import type { AnyOperation } from "../../src/core/operation.js"
import type { AnyView } from "../../src/core/view.js"
import { designViews } from "../../src/design/operations.js"
import { taskmgrViews } from "../../src/taskmgr/operations.js"

const views: ReadonlyArray<AnyView> = [...designViews, ...taskmgrViews]
const opOf = (v: AnyView) => v.operation as AnyOperation<never>

/** A value the field must refuse, from its Schema's bounds or words; undefined when it has none. */
const badValueFor = (f: Field): unknown => {
  if (f.kind._tag === "choice") return "no-such-choice-word"
  if (f.kind._tag === "boolean") return "maybe"
  if (f.allowed?.startsWith("a whole number") === true || f.allowed?.startsWith("a number") === true) {
    const high = /to (-?[\d.]+)$|at most (-?[\d.]+)/.exec(f.allowed)
    if (high !== null) return Number(high[1] ?? high[2]) + 1000
    const low = /from (-?[\d.]+)|at least (-?[\d.]+)|more than (-?[\d.]+)/.exec(f.allowed)
    if (low !== null) return Number(low[1] ?? low[2] ?? low[3]) - 1000
    return "not-a-number"
  }
  return undefined
}

/** The refusal of an input holding only the bad value, in command-line words (other fields may be missing too). */
const refusalOf = (v: AnyView, f: Field, bad: unknown) => {
  const result = Effect.runSync(Effect.either(decodeInput(opOf(v).input, { [f.name]: bad })))
  if (Either.isRight(result)) return undefined
  return inCliWords(v, result.left).message
}

const titleCased = (name: string) => name.replace(/_/g, " ").toLowerCase()

describe("refusals say the flag and what it may be", () => {
  const cases = views.flatMap((v) =>
    fieldsOf(opOf(v).input).flatMap((f) => {
      const bad = badValueFor(f)
      return bad === undefined ? [] : [{ v, f, bad, id: `${opOf(v).name}.${f.name}` }]
    })
  )

  it("covers the numeric and choice fields of both services", () => {
    expect(cases.length).toBeGreaterThan(60)
    expect(cases.some((c) => c.id === "fileImages.scale")).toBe(true)
    expect(cases.some((c) => c.f.name === "limit")).toBe(true)
  })

  it.each(cases.map((c) => [c.id, c] as const))("%s", (_, { v, f, bad }) => {
    const message = refusalOf(v, f, bad)
    expect(message).toBeDefined()
    const line = message!.split("\n").find((l) => l.includes(" must be ") && !l.includes(" is required"))
    expect(line, message).toBeDefined()
    // Named as on the command line: a flag or a positional.
    const spec = commandSpecOf(v)
    const names = [...spec.options.map((o) => o.flag), ...spec.positionals.map((p) => `<${p.name}>`)]
    expect(names.some((n) => line!.startsWith(`${n}: must be `)), line).toBe(true)
    expect(message).not.toMatch(/Expected|actual/)
    if (f.allowed !== undefined && f.kind._tag !== "choice" && f.kind._tag !== "boolean") {
      expect(line).toContain(f.allowed)
    }
    if (f.kind._tag === "choice") { for (const word of f.kind.choices) expect(line).toContain(word) }
    if (f.kind._tag === "boolean") expect(line).toContain("true or false")
    // Said once, not once per member of a union.
    expect(message!.split("\n").filter((l) => l.startsWith(line!.split(": must be ")[0]! + ":"))).toHaveLength(1)
  })
})

describe("help describes every flag", () => {
  it("no field's description only repeats its name", () => {
    const echoes = views.flatMap((v) =>
      fieldsOf(opOf(v).input)
        .filter((f) =>
          f.description === undefined || f.description.trim().toLowerCase() === titleCased(f.name) ||
          // A default alone ("Default 50") says nothing of what the flag is.
          /^default\b/i.test(f.description.trim())
        )
        .map((f) => `${opOf(v).name}.${f.name}: ${String(f.description)}`)
    )
    expect([...new Set(echoes)]).toEqual([])
  })

  it("a ranged flag's help states its range", () => {
    const images = views.find((v) => opOf(v).name === "fileImages")!
    const scale = commandSpecOf(images).options.find((o) => o.flag === "--scale")!
    expect(scale.description).toBe("Image scale factor (a number from 0.01 to 4)")
    const list = taskmgrViews.find((v) => opOf(v).name === "taskList")
    if (list !== undefined) {
      const limit = commandSpecOf(list).options.find((o) => o.flag === "--limit")!
      expect(limit.description).toBe("Records a page (default 50) (a whole number from 1 to 100)")
    }
  })
})

it("a refused list item is named as the flag's item N", () => {
  const create = taskmgrViews.find((v) => opOf(v).name === "taskCreate")!
  const message = Effect.runSync(
    Effect.flip(decodeInput(opOf(create).input, { workspace_gid: "1", name: "x", followers: ["1", "bad"] }))
  )
  expect(inCliWords(create, message).message).toMatch(/^--followers \(item 2\)/m)
})

it("a value of the wrong type says what it should be, not the Schema's words", () => {
  const images = views.find((v) => opOf(v).name === "fileImages")!
  const wrong = Effect.runSync(
    Effect.flip(decodeInput(opOf(images).input, { file_key: "K", version: 5, svg_include_id: "yes" }))
  )
  expect(wrong.message).toContain("version: must be text (got 5).")
  expect(wrong.message).toContain(`svg_include_id: must be true or false (got "yes").`)
  expect(wrong.message).not.toMatch(/Expected|actual/)
})
