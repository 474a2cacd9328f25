/** Any Schema input derives correctly for both front ends: lists, nested structs, records, literals, refinements. */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { commandSpecOf, type Given, inCliWords, rawInput } from "../../src/core/cli/derive.js"
import type { InvalidInputError } from "../../src/core/errors.js"
import { decodeInput } from "../../src/core/input.js"
import { toolInputSchema } from "../../src/core/mcp/derive.js"
import type { Operation } from "../../src/core/operation.js"
import { view } from "../../src/core/view.js"

const Input = Schema.Struct({
  key: Schema.String.annotations({ description: "File key" }),
  ids: Schema.Array(Schema.String.pipe(Schema.pattern(/^\d+:\d+$/))).annotations({ description: "Node ids" }),
  depth: Schema.optional(Schema.Int.pipe(Schema.between(1, 10)).annotations({ description: "Tree depth" })),
  scale: Schema.optional(Schema.Number.pipe(Schema.between(0.01, 4)).annotations({ description: "Scale" })),
  format: Schema.optional(Schema.Literal("png", "jpg").annotations({ description: "Image format" })),
  client_meta: Schema.optional(
    Schema.Struct({ x: Schema.Number, y: Schema.Number }).annotations({ description: "Where" })
  ),
  labels: Schema.optional(
    Schema.Record({ key: Schema.String, value: Schema.String }).annotations({ description: "Labels" })
  ),
  flag: Schema.optional(Schema.Boolean.annotations({ description: "A switch" }))
})

const op: Operation<typeof Input.Type, typeof Input.Encoded, string, never, unknown> = {
  name: "sample",
  group: "samples",
  summary: "A sample",
  input: Input,
  impact: "read",
  idempotent: true,
  run: () => Effect.succeed("ok")
}
const v = view(op, {
  command: ["sample", "get"],
  positional: ["key"],
  text: { kind: "record" },
  examples: ["x sample get K"]
})

const given = (options: Given["options"], positionals: Array<string> = ["KEY"]): Given => ({ options, positionals })
const decode = (g: Given) =>
  Effect.flatMap(rawInput(v, g, {}), (raw) => decodeInput(Input, raw)).pipe(
    Effect.mapError((e: InvalidInputError) => inCliWords(v, e))
  )

describe("deriving front ends from a Schema", () => {
  it("gives the command line repeatable lists, JSON values and choices", () => {
    const spec = commandSpecOf(v)
    const flag = (name: string) => spec.options.find((o) => o.flag === name)
    expect(spec.positionals).toEqual([{ name: "key", description: "File key", required: true, choices: undefined }])
    expect(flag("--ids")).toMatchObject({ repeatable: true, required: true, takesValue: true })
    expect(flag("--client-meta")).toMatchObject({ valueName: "JSON|@FILE", required: false })
    expect(flag("--format")?.choices).toEqual(["png", "jpg"])
    expect(flag("--depth")?.valueName).toBe("N")
    expect(flag("--flag")?.takesValue).toBe(false)
  })

  it.effect("reads comma lists and repeated flags, JSON text and @file, numbers and switches", () =>
    Effect.gen(function*() {
      const file = join(tmpdir(), `derive-${process.pid}.json`)
      writeFileSync(file, JSON.stringify({ a: "b" }))
      const input = yield* decode(given({
        "--ids": ["1:2", "3:4", "5:6"],
        "--depth": "2",
        "--scale": "0.5",
        "--client-meta": "{\"x\": 1, \"y\": 2}",
        "--labels": `@${file}`,
        "--flag": true
      }))
      expect(input).toEqual({
        key: "KEY",
        ids: ["1:2", "3:4", "5:6"],
        depth: 2,
        scale: 0.5,
        client_meta: { x: 1, y: 2 },
        labels: { a: "b" },
        flag: true
      })
      const single = yield* decode(given({ "--ids": "7:8,9:10" }))
      expect(single.ids).toEqual(["7:8", "9:10"])
    }))

  it.effect("names the flag or positional at fault, never the field", () =>
    Effect.gen(function*() {
      const depth = yield* Effect.flip(decode(given({ "--ids": "1:2", "--depth": "2.5" })))
      expect(depth.message).toMatch(/^--depth: /)
      const ids = yield* Effect.flip(decode(given({ "--ids": "1-2" })))
      expect(ids.message).toMatch(/^--ids \(item 1\): must be text matching /)
      const json = yield* Effect.flip(decode(given({ "--ids": "1:2", "--client-meta": "{x" })))
      expect(json.message).toMatch(
        /^--client-meta: must be a JSON object \(where\), as JSON text or @FILE \(got "\{x", which is not JSON: /
      )
      const whole = yield* Effect.flip(decode(given({ "--ids": "1:2", "--depth": "3.0" })))
      expect(whole.message).toMatch(/^--depth: /)
      const missing = yield* Effect.flip(decode(given({}, [])))
      expect(missing.message).toContain("<key> is required")
      expect(missing.message).toContain("--ids is required")
    }))

  it("gives tools a JSON Schema that keeps every constraint", () => {
    const schema = toolInputSchema(op) as {
      required: Array<string>
      properties: Record<string, Record<string, unknown>>
    }
    expect(schema.required).toEqual(["key", "ids"])
    expect(schema.properties.ids).toEqual({
      type: "array",
      items: { type: "string", pattern: "^\\d+:\\d+$" },
      description: "Node ids"
    })
    expect(schema.properties.depth).toMatchObject({ type: "integer", minimum: 1, maximum: 10 })
    expect(schema.properties.scale).toMatchObject({ type: "number", minimum: 0.01, maximum: 4 })
    expect(schema.properties.format).toMatchObject({ enum: ["png", "jpg"] })
    expect(schema.properties.client_meta).toMatchObject({ type: "object", required: ["x", "y"] })
    expect(schema.properties.labels).toMatchObject({ type: "object", additionalProperties: { type: "string" } })
  })

  it.effect("a list given as the last positional takes every remaining word (get-many <gids...>)", () =>
    Effect.gen(function*() {
      const many = view(op, {
        command: ["sample", "many"],
        positional: ["key", "ids"],
        text: { kind: "record" },
        examples: []
      })
      expect(commandSpecOf(many).positionals.map((p) => [p.name, p.variadic])).toEqual([["key", undefined], [
        "ids",
        true
      ]])
      const raw = yield* rawInput(many, { options: {}, positionals: ["K", "1:2", "3:4,5:6"] }, {})
      expect(raw).toMatchObject({ key: "K", ids: ["1:2", "3:4", "5:6"] })
    }))
})

describe("a request body from --body-file", () => {
  const Bulk = Schema.Struct({
    key: Schema.String.annotations({ description: "File key" }),
    items: Schema.optional(
      Schema.Array(Schema.Struct({ id: Schema.String, n: Schema.Int, key: Schema.optional(Schema.Int) })).annotations({
        description: "Items"
      })
    ),
    notes: Schema.optional(Schema.Array(Schema.String).annotations({ description: "Notes" }))
  })
  const bulk: Operation<typeof Bulk.Type, typeof Bulk.Encoded, string, never, unknown> = { ...op, input: Bulk } as never
  const bv = view(bulk, {
    command: ["sample", "apply"],
    positional: ["key"],
    bodyFile: ["items", "notes"],
    text: { kind: "record" },
    examples: ["x sample apply K --body-file b.json"]
  })
  const read = (options: Given["options"], stdin = Effect.succeed("{}")) =>
    Effect.flatMap(rawInput(bv, { options, positionals: ["K"] }, {}, stdin), (raw) => decodeInput(Bulk, raw)).pipe(
      Effect.mapError((e: InvalidInputError) => inCliWords(bv, e))
    )

  it("replaces the body's fields' own flags with one --body-file", () => {
    const flags = commandSpecOf(bv).options.map((o) => o.flag)
    expect(flags).toEqual(["--body-file"])
    expect(commandSpecOf(bv).options[0]).toMatchObject({ valueName: "PATH|-", required: false })
  })

  it.effect("reads the body's fields from a file or from standard input, keeping integers", () =>
    Effect.gen(function*() {
      const file = join(tmpdir(), `body-${process.pid}.json`)
      writeFileSync(file, JSON.stringify({ items: [{ id: "a", n: 3 }], notes: ["x"] }))
      expect(yield* read({ "--body-file": file })).toEqual({ key: "K", items: [{ id: "a", n: 3 }], notes: ["x"] })
      expect(yield* read({ "--body-file": "-" }, Effect.succeed("{\"notes\": [\"y\"]}"))).toEqual({
        key: "K",
        notes: ["y"]
      })
    }))

  it.effect("refuses a body that is not JSON, not an object, or carries other keys", () =>
    Effect.gen(function*() {
      const bad = (text: string) => Effect.flip(read({ "--body-file": "-" }, Effect.succeed(text)))
      expect((yield* bad("{items")).message).toMatch(/--body-file: standard input is not valid JSON/)
      expect((yield* bad("[1]")).message).toMatch(/must hold a JSON object with items, notes/)
      // The body's keys keep their names: `key` here is not the <key> positional.
      expect((yield* bad("{\"key\": \"other\"}")).message).toMatch(/--body-file: key is not part of this body/)
      expect((yield* bad("{\"items\": [{\"id\": \"a\", \"n\": 1, \"key\": \"x\"}]}")).message).toMatch(
        /^items \(item 1\): key must be /
      )
      expect((yield* bad("{\"items\": [{\"id\": \"a\", \"n\": 1.5}]}")).message).toMatch(/^items \(item 1\): n must be/)
      const missing = yield* Effect.flip(read({ "--body-file": join(tmpdir(), "no-such-body.json") }))
      expect(missing.message).toMatch(/^--body-file: .*no-such-body\.json cannot be read \(ENOENT\)/)
    }))
})
