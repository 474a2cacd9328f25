/**
 * Secret input fields across both registries: whatever shape a secret is
 * given in (object, array, number, a string that breaks a constraint), no
 * message on the tool path or the command-line path quotes it.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either } from "effect"
import { flagOf, inCliWords, rawInput } from "../../src/core/cli/derive.js"
import { fieldsOf } from "../../src/core/fields.js"
import { decodeInput } from "../../src/core/input.js"
import { hasTool, toolEntry } from "../../src/core/mcp/derive.js"
import { toolVocabulary } from "../../src/core/mcp/remedy.js"
import type { AnyOperation } from "../../src/core/operation.js"
import type { AnyView } from "../../src/core/view.js"
import { designViews } from "../../src/design/operations.js"
import { taskmgrViews } from "../../src/taskmgr/operations.js"

const SENTINEL = "s3ntinel-Vq7Zx"
const SENTINEL_NUMBER = 987654321987

/** Every shape a secret might arrive in from a tool call, each carrying the sentinel. */
const TOOL_VALUES: ReadonlyArray<unknown> = [
  { v: SENTINEL },
  [SENTINEL],
  { nested: [{ deeper: SENTINEL }] },
  SENTINEL_NUMBER,
  // Too long for any passcode: a refinement's default message would quote it.
  SENTINEL.repeat(40)
]

/** On the command line a value is text: JSON-looking text, or too long. */
const CLI_VALUES: ReadonlyArray<string> = [
  JSON.stringify({ v: SENTINEL }),
  JSON.stringify([SENTINEL]),
  SENTINEL.repeat(40),
  "1.5" + SENTINEL
]

const secretFieldsOf = (views: ReadonlyArray<AnyView>) =>
  views.flatMap((v) =>
    fieldsOf((v.operation as AnyOperation<never>).input).filter((f) => f.secret).map((f) => ({
      view: v,
      field: f.name
    }))
  )

/** Fields named like secrets that are not: the developer-log filter takes a token's id, not its value. */
const NOT_SECRET = new Set(["developer-log list:token"])

const leaks = (text: string) =>
  text.includes(SENTINEL) || text.includes(String(SENTINEL_NUMBER)) || text.includes("s3ntinel")

const options = { format: "json" as const, budget: Duration.seconds(5), vocabulary: toolVocabulary("X_TOKEN", "X") }
const noProgress = { progress: () => Effect.void }

describe.each([
  { name: "design", views: designViews },
  { name: "taskmgr", views: taskmgrViews }
])("secret input fields of the $name registry", ({ name, views }) => {
  const secrets = secretFieldsOf(views)

  it("marks every field whose name says it is a secret as secret", () => {
    for (const v of views) {
      for (const f of fieldsOf((v.operation as AnyOperation<never>).input)) {
        if (NOT_SECRET.has(`${v.command.join(" ")}:${f.name}`)) continue
        if (/passcode|secret|password|(^|_)token$|credential/i.test(f.name)) {
          expect(f.secret, `${v.command.join(" ")} ${f.name}`).toBe(true)
        }
      }
    }
    if (name === "design") {
      expect(secrets.map((s) => `${s.view.command.join(" ")}:${s.field}`)).toEqual(
        expect.arrayContaining(["webhook create:passcode", "webhook update:passcode"])
      )
    }
  })

  it.effect("tool calls: a secret of the wrong shape is named and described, never quoted", () =>
    Effect.gen(function*() {
      for (const { field, view } of secrets) {
        if (!hasTool(view)) continue
        const tool = toolEntry(Effect.die("nothing is sent for bad input"), view, { ...options, program: name })
        const op = view.operation as AnyOperation<never>
        const validRest = {}
        for (const value of TOOL_VALUES) {
          // A string the field's Schema accepts is not an input error (the client is then reached, and dies).
          const accepted = typeof value === "string" &&
            Either.isRight(yield* Effect.either(decodeInput(op.input, { ...validRest, [field]: value })))
          const result = yield* tool.call({ [field]: value }, noProgress)
          const text = JSON.stringify(result)
          expect(result.isError, `${tool.name} ${JSON.stringify(value)}`).toBe(true)
          if (!accepted) expect(text).toContain(field)
          expect(leaks(text), `${tool.name} leaks ${text}`).toBe(false)
        }
        const typed = yield* tool.call({ [field]: { v: SENTINEL } }, noProgress)
        expect(JSON.stringify(typed)).toContain(
          `${field}: must be text (got an object; a secret's value is never shown)`
        )
      }
    }))

  it.effect("the command line: a secret that breaks a constraint is named, never quoted", () =>
    Effect.gen(function*() {
      for (const { field, view } of secrets) {
        const op = view.operation as AnyOperation<never>
        for (const value of CLI_VALUES) {
          const given = { options: { [flagOf(view, field)]: value }, positionals: ["123"] }
          const decoded = yield* Effect.either(
            Effect.flatMap(rawInput(view, given, {}), (raw) => decodeInput(op.input, raw)).pipe(
              Effect.mapError((e) => inCliWords(view, e))
            )
          )
          // Other required fields are missing, so this fails; whatever it says must not quote the secret.
          if (Either.isLeft(decoded)) expect(leaks(decoded.left.message), decoded.left.message).toBe(false)
          if (Either.isLeft(decoded) && field === "passcode" && value.length > 100) {
            expect(decoded.left.message).toContain("--passcode: must be at most 100 characters")
          }
        }
        // Read from a variable: the same.
        const fromVariable = yield* Effect.either(
          Effect.flatMap(
            rawInput(view, { options: { [`${flagOf(view, field)}-env`]: "HOOK" }, positionals: ["123"] }, {
              HOOK: SENTINEL.repeat(40)
            }),
            (raw) => decodeInput(op.input, raw)
          )
        )
        if (Either.isLeft(fromVariable)) expect(leaks(fromVariable.left.message), fromVariable.left.message).toBe(false)
      }
    }))
})
