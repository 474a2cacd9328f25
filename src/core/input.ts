/**
 * Decoding of an operation's input, shared by the library, the CLI and the
 * tool server, so every constraint is checked once and before anything is
 * sent. A failure is a UsageError naming the field the way the caller wrote it.
 */
import * as Effect from "effect/Effect"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { usage, type UsageError } from "./errors.js"
import { fieldsOf, type Operation } from "./operation.js"

export type InputSource = "cli" | "tool" | "library"

const describeIssues = (op: Operation, error: ParseResult.ParseError, source: InputSource) =>
  ParseResult.ArrayFormatter.formatErrorSync(error)
    // An optional field is `X | undefined`: its "Expected undefined" half says nothing useful.
    .filter((issue) => !issue.message.startsWith("Expected undefined"))
    .map((issue) => {
      const head = issue.path[0]
      const label = head === undefined
        ? "input"
        : source === "cli"
        ? fieldsOf(op.input).find((f) => f.name === head)?.flag ?? String(head)
        : issue.path.join(".")
      if (issue._tag === "Missing") return issue.message === "is missing" ? `${label} is required.` : issue.message
      if (issue._tag === "Unexpected") return `${label} is not a parameter of this operation.`
      return `${label}: ${issue.message}`
    })
    .join("\n")

/** Raw input (CLI flags or tool arguments) to the operation's typed input; `program` names the CLI in remedies. */
export const decodeInput = <I>(op: Operation<I>, raw: unknown, source: InputSource, program = ""): Effect.Effect<I, UsageError> =>
  Schema.decodeUnknown(op.input, { errors: "all", onExcessProperty: "error" })(raw).pipe(
    Effect.mapError((error) =>
      usage(
        describeIssues(op, error, source),
        source === "cli" ? `Run \`${[program, ...op.command].join(" ").trim()} --help\` for the accepted options.` : "Correct the arguments and call the tool again."
      )
    )
  )

/** Typed input from a library caller: the same constraints, checked again. */
export const validateInput = <I>(op: Operation<I>, input: I): Effect.Effect<I, UsageError> =>
  Schema.validate(op.input, { errors: "all" })(input).pipe(
    Effect.mapError((error) => usage(describeIssues(op, error, "library"), "Correct the input and call again."))
  )
