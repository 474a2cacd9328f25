/**
 * The tool-server side of an operation: its tool (a compact JSON Schema made
 * by Effect's JSONSchema from the input Schema, so constraints such as
 * maxLength, pattern, minimum and enum reach the agent; truthful annotations)
 * and the handler that decodes, runs, reports progress and shapes the result.
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as JSONSchema from "effect/JSONSchema"
import * as Stream from "effect/Stream"
import { refusal } from "../allowed.js"
import {
  inService,
  invalidInput,
  InvalidInputError,
  isWrapperError,
  ServiceError,
  UnexpectedError,
  type WrapperError
} from "../errors.js"
import { exitCodeOf } from "../exit-codes.js"
import { type Field, fieldsOf } from "../fields.js"
import { type ExchangeEvent, HttpObserver, type WaitEvent } from "../http/observe.js"
import { cursorProblem, decodeInput, MAX_PAGES_ALLOWED } from "../input.js"
import { exitCodeOfItems, withItemOutcome } from "../item-failures.js"
import { openCursor, sealCursor } from "../listing-cursor.js"
import { withNamedField } from "../named-field.js"
import type { AnyOperation } from "../operation.js"
import { machineText, visible } from "../output.js"
import { collect, DEFAULT_MAX_PAGES, pages } from "../paginate.js"
import { remedy, type Vocabulary, worded } from "../remedy.js"
import { scrubDeep, scrubSecrets } from "../secrets.js"
import type { AnyView, RawView } from "../view.js"
import { checkOperation, withCheck } from "../write-check.js"
import { guardToolPaths, type ToolPaths } from "./local-paths.js"
import { toolNameOf, toolsetOf, type ToolView } from "./names.js"
import { boundResult, DEFAULT_MAX_RESULT_BYTES, streamedTooLarge } from "./result-bound.js"
import type { ClientRoots, ToolEntry, ToolResult } from "./types.js"

const NO_ROOTS: Effect.Effect<ClientRoots> = Effect.succeed({ declared: false, paths: [] })

export type ToolFormat = "json" | "toon"

export interface ToolOptions {
  /** The program the tools are named after ("design": design_file_get, mcp/names.ts). */
  readonly program: string
  readonly format: ToolFormat
  /** The longest a call may spend waiting (429s, retries, pacing): below the clients' 60 s request timeout. */
  readonly budget: Duration.Duration
  readonly vocabulary: Vocabulary
  /** Every operation the server has: a lost write's remedy names the read that shows whether it was done. */
  readonly operations?: ReadonlyArray<AnyOperation<never>> | undefined
  /** Where a note is said for whoever runs the server (the command's stderr); unset, notes go in results only. */
  readonly say?: ((line: string) => Effect.Effect<void>) | undefined
  /** The most a result may weigh (<PREFIX>_MCP_MAX_BYTES); past it the result is a summary (mcp/result-bound.ts). */
  readonly maxBytes?: number | undefined
  /** Debug mode (<PREFIX>_DEBUG=api): each request and answer, secrets masked, for whoever runs the server. */
  readonly exchange?: ((event: ExchangeEvent) => Effect.Effect<void>) | undefined
  /** Where local paths in arguments may lie (mcp/local-paths.ts); unset: the working directory only. */
  readonly paths?: ToolPaths | undefined
}

/** A list that failed after its first page: the error, with what was fetched and where to resume. */
export class PartialList {
  constructor(readonly error: WrapperError, readonly fetched: Record<string, unknown>) {}
}

/**
 * A JSON Schema without what costs an agent bytes and says less than the
 * schema: titles, ids, references (inlined), generated descriptions ("a
 * string matching the pattern ...") and the defaults of keywords.
 */
const compact = (node: unknown, defs: Record<string, unknown>): unknown => {
  if (Array.isArray(node)) return node.map((n) => compact(n, defs))
  if (typeof node !== "object" || node === null) return node
  const record = node as Record<string, unknown>
  const ref = typeof record.$ref === "string" ? defs[record.$ref.replace("#/$defs/", "")] : undefined
  const merged: Record<string, unknown> = ref === undefined ? record : { ...(ref as object), ...record }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(merged)) {
    if (key === "$ref" || key === "$schema" || key === "$defs" || key === "title" || key === "$id") continue
    if (key === "description" && typeof value === "string" && /^(a|an) /.test(value)) continue
    if (key === "required" && Array.isArray(value) && value.length === 0) continue
    // Unknown parameters are refused by the decoder with a clear message; saying so here costs every agent bytes.
    if (key === "additionalProperties" && value === false) continue
    // Property names are names, not keywords: a parameter called "title" stays.
    out[key] = key === "properties" && typeof value === "object" && value !== null
      ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, compact(schema, defs)]))
      : compact(value, defs)
  }
  // An array's own description says what its items are.
  if (out.type === "array" && typeof out.items === "object" && out.items !== null) {
    const { description: _, ...items } = out.items as Record<string, unknown>
    out.items = items
  }
  // An enum says the type already.
  if (Array.isArray(out.enum) && out.enum.every((v) => typeof v === "string") && out.type === "string") delete out.type
  return out
}

/** A description that only repeats the parameter's name ("Webhook id" for webhook_id) tells an agent nothing. */
export const informative = (name: string, description: string | undefined): description is string =>
  description !== undefined && description.toLowerCase() !== name.replace(/_/g, " ").toLowerCase()

/**
 * Each parameter's description is its field's, as the command line's help
 * reads it (fields.ts), whatever JSONSchema made of it: a field whose Schema
 * carries its own JSON Schema (a gid said in words, a toggle, a record) loses
 * its description there. An echo of the name is left out.
 */
const describeParameters = (schema: Record<string, unknown>, fields: ReadonlyArray<Field>) => {
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
  const described: Record<string, unknown> = {}
  for (const [name, property] of Object.entries(properties)) {
    const { description: _, ...rest } = property
    const said = fields.find((f) => f.name === name)?.description
    described[name] = informative(name, said)
      ? "description" in property ? { ...property, description: said } : { ...rest, description: said }
      : rest
  }
  return { ...schema, properties: described }
}

// Every paged tool carries these, bare: the server's instructions say once how paging works (mcp/said-once.ts), and
// the handler refuses a bad value with a clear message.
const PAGING_PROPERTIES = {
  cursor: { type: "string" },
  fetchAll: { type: "boolean" },
  maxPages: { type: "integer" }
}

/** The parameters every paged tool takes besides its input's (runForTool reads them). */
export const PAGING_PARAMETERS: ReadonlyArray<string> = Object.keys(PAGING_PROPERTIES)

const NO_INPUT = { type: "object", properties: {} }

export const toolInputSchema = (op: AnyOperation<never>): Record<string, unknown> => {
  const fields = fieldsOf(op.input)
  const made = JSONSchema.make(op.input) as unknown as Record<string, unknown>
  // An empty Struct is "any object or array" to JSONSchema; a tool's input is an object.
  const schema = fields.length === 0
    ? NO_INPUT
    : describeParameters(
      compact(made, (made.$defs ?? {}) as Record<string, unknown>) as Record<string, unknown>,
      fields
    )
  if (op.paging === undefined) return schema
  return { ...schema, properties: { ...(schema.properties as object), ...PAGING_PROPERTIES } }
}

/** retryAfter → retry_after: a tool result's fields are snake_case, as its parameters are. */
const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/**
 * Plain JSON for a tool result, in snake_case: Durations become seconds, the
 * read to check a write with and the calls that free a limit are their tools,
 * nothing else of the error's internals.
 */
export const toolError = (error: WrapperError, vocabulary: Vocabulary): Record<string, unknown> => {
  const plain: Record<string, unknown> = {
    type: error._tag,
    exit_code: exitCodeOf(error),
    message: worded(error, vocabulary)
  }
  for (const [key, value] of Object.entries(error)) {
    if (key === "_tag" || key === "message" || value === undefined || typeof value === "function") continue
    plain[snakeCase(key)] = Duration.isDuration(value)
      ? Duration.toSeconds(value)
      : key === "check" && typeof value === "string"
      ? vocabulary.operation?.(value) ?? value
      : key === "freedBy" && Array.isArray(value)
      ? value.map((name: string) => vocabulary.operation?.(name) ?? name)
      : value
  }
  plain.remedy = remedy(error, vocabulary)
  // Whatever path an error took, no credential this process holds leaves in a tool result.
  return scrubDeep(plain)
}

const textOf = (value: unknown, format: ToolFormat) => machineText(value, format)

const describeWait = (event: WaitEvent) => {
  const seconds = Math.ceil(Duration.toSeconds(event.delay))
  return event.reason === "rate-limited"
    ? `Rate limited (429): waiting ${seconds}s before attempt ${event.attempt}`
    : event.reason === "retry"
    ? `${event.detail ?? "Failed"}: retrying in ${seconds}s (attempt ${event.attempt})`
    : event.reason === "job"
    ? `Waiting for ${event.detail ?? "the job"}: looking again in ${seconds}s`
    : `Pacing to the rate limit: waiting ${seconds}s`
}

const pagingArgs = (args: Record<string, unknown>) => {
  const { cursor, fetchAll, maxPages, ...rest } = args
  const problems: Array<InvalidInputError> = []
  if (cursor !== undefined && typeof cursor !== "string") {
    problems.push(invalidInput(refusal("cursor", "text", cursor), "cursor"))
  }
  const badCursor = typeof cursor === "string" ? cursorProblem(cursor, "cursor") : undefined
  if (badCursor !== undefined) problems.push(badCursor)
  if (fetchAll !== undefined && typeof fetchAll !== "boolean") {
    problems.push(invalidInput(refusal("fetchAll", "true or false", fetchAll), "fetchAll"))
  }
  if (maxPages !== undefined && (typeof maxPages !== "number" || !Number.isInteger(maxPages) || maxPages < 1)) {
    problems.push(invalidInput(refusal("maxPages", MAX_PAGES_ALLOWED, maxPages), "maxPages"))
  }
  if (maxPages !== undefined && fetchAll !== true) {
    problems.push(invalidInput("maxPages only applies with fetchAll.", "maxPages"))
  }
  if (problems[0] !== undefined) return Effect.fail(problems[0])
  return Effect.succeed({
    rest,
    cursor: cursor as string | undefined,
    options: { all: fetchAll === true, maxPages: (maxPages as number | undefined) ?? DEFAULT_MAX_PAGES }
  })
}

/**
 * Runs a view's operation on tool arguments; the result is what JSON output and tool results carry.
 * The client is an Effect: a server started without a token still serves, and each call says so.
 */
export const runForTool = <C>(
  client: Effect.Effect<C, WrapperError>,
  v: AnyView,
  args: Record<string, unknown>,
  limit?: number
) => {
  const op = v.operation as AnyOperation<C>
  const paging = op.paging
  const raw = v.raw as RawView<AnyOperation<C>> | undefined
  if (paging === undefined && raw !== undefined && limit !== undefined) {
    return Effect.flatMap(
      decodeInput(op.input, args),
      (input) => Effect.flatMap(client, (c) => readBounded(raw.bytes(c, input), limit))
    )
  }
  if (paging === undefined) {
    return Effect.flatMap(
      decodeInput(op.input, args),
      (input) =>
        Effect.flatMap(
          client,
          (c) => Effect.mapError(op.run(c, input, undefined), (e) => withNamedField(e as WrapperError, op, input))
        )
    )
  }
  return Effect.gen(function*() {
    const { cursor, options, rest } = yield* pagingArgs(args)
    const input = yield* decodeInput(op.input, rest)
    const from = openCursor(op, input, cursor, "cursor")
    if (from instanceof InvalidInputError) return yield* Effect.fail(from)
    const c = yield* client
    const walked = yield* collect(
      pages(paging.model, (next) => op.run(c, input, next), from),
      (p) => paging.items(p),
      options,
      paging.key?.bind(paging),
      paging.model.expired
    )
    // The cursor handed out names this listing, so it cannot be given to another (listing-cursor.ts).
    const collected = { ...walked, next_cursor: sealCursor(op, input, walked.next_cursor) }
    const fetched = {
      [paging.itemsKey]: collected.items,
      next_cursor: collected.next_cursor,
      complete: collected.complete,
      pages: collected.pages
    }
    if (collected.failure !== undefined) {
      const failure = collected.failure as unknown
      return yield* Effect.fail(
        new PartialList(
          isWrapperError(failure)
            ? withNamedField(failure, op, input)
            : new UnexpectedError({ message: String(failure) }),
          fetched
        )
      )
    }
    return fetched
  })
}

/** An answer read no further than the bound: it would not have fitted (its line is larger than its bytes). */
export class AnswerTooLarge {
  constructor(readonly bytesRead: number) {}
}

/**
 * The service's answer as it comes, parsed once whole, or AnswerTooLarge as
 * soon as it passes `limit` bytes: the rest is never read, so a document of
 * any size costs the server at most the bound (the CLI streams it whole).
 */
const readBounded = (bytes: Stream.Stream<Uint8Array, WrapperError>, limit: number) =>
  Effect.suspend(() => {
    const chunks: Array<Uint8Array> = []
    let size = 0
    return Stream.runForEachWhile(bytes, (chunk) =>
      Effect.sync(() => {
        size += chunk.length
        if (size > limit) return false
        chunks.push(chunk)
        return true
      })).pipe(
        Effect.flatMap((): Effect.Effect<unknown, AnswerTooLarge | UnexpectedError> => {
          if (size > limit) return Effect.fail(new AnswerTooLarge(size))
          try {
            return Effect.succeed(JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown)
          } catch (e) {
            return Effect.fail(
              new UnexpectedError({ message: `The service's answer is not JSON: ${(e as Error).message}` })
            )
          }
        })
      )
  })

// Input fields that, where a tool has them, ask for less of a result.
const NARROWING_FIELDS: Record<string, string> = {
  depth: "depth (how deep into the tree)",
  ids: "ids (only these)",
  limit: "a smaller limit",
  page_size: "a smaller page_size",
  opt_fields: "opt_fields (only the fields you need)",
  fields: "fields (only the fields you need)"
}

/** How a call of this tool asks for less: the view's own hint first, then what its parameters and paging offer. */
export const narrowingOf = (v: AnyView): ReadonlyArray<string> => {
  const op = v.operation as AnyOperation<never>
  const fields = fieldsOf(op.input).flatMap((
    f
  ) => (NARROWING_FIELDS[f.name] === undefined ? [] : [`pass ${NARROWING_FIELDS[f.name]}`]))
  const paging = op.paging === undefined
    ? []
    : ["fetch one page at a time (leave out fetchAll, or a smaller maxPages) and continue from next_cursor with cursor"]
  const generic = [...fields, ...paging]
  return [
    ...(v.narrow ?? []),
    ...(generic.length === 0 ? ["use a narrower call of this service (a single item instead of a list)"] : generic)
  ]
}

/**
 * How to see what a write's trimmed result left out, in the tool's words:
 * its own hints, the read that shows what was written, the command line.
 */
const seeWritten = (v: AnyView, options: ToolOptions): ReadonlyArray<string> => {
  const op = v.operation as AnyOperation<never>
  const read = options.operations === undefined ? undefined : checkOperation(options.operations, op)
  const tool = read === undefined ? undefined : options.vocabulary.operation?.(read.name)
  return [
    ...(v.narrow ?? []),
    ...(tool === undefined ? [] : [`read what was written with ${tool}`]),
    `the command line prints all of it (${options.program} ${v.command.join(" ")})`
  ]
}

export const toolEntry = <C>(
  client: Effect.Effect<C, WrapperError>,
  v: ToolView,
  options: ToolOptions
): ToolEntry => {
  const op = v.operation as AnyOperation<C>
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_RESULT_BYTES
  const narrowing = narrowingOf(v)
  const fields = fieldsOf(op.input)
  const see = op.impact === "read" ? undefined : { see: seeWritten(v, options) }
  // Every result of this tool passes here: none weighs more than maxBytes on the wire.
  const bounded = (result: ToolResult, value: unknown, envelope: number | undefined): ToolResult =>
    boundResult(result, maxBytes, {
      value,
      narrowing,
      render: (summary) => textOf(summary, options.format),
      envelope,
      wrote: see
    })
  return {
    name: toolNameOf(options.program, v),
    description: op.deprecated === undefined ? op.summary : `${op.summary} Deprecated: ${op.deprecated}.`,
    inputSchema: toolInputSchema(op),
    annotations: {
      readOnlyHint: op.impact === "read",
      destructiveHint: op.impact === "destroy",
      idempotentHint: op.idempotent,
      // Every tool talks to a remote service whose state others change too.
      openWorldHint: true
    },
    toolset: toolsetOf(op as AnyOperation<never>),
    call: (given, context) =>
      Effect.gen(function*() {
        const paths = options.paths ??
          { cwd: process.cwd(), allowed: [], protectedDirs: [], prefix: options.program.toUpperCase() }
        const guarded = yield* guardToolPaths(fields, given, paths, context.roots ?? NO_ROOTS)
        if (Either.isLeft(guarded)) {
          const refused = { error: guarded.left }
          return {
            isError: true,
            structuredContent: refused,
            content: [{ type: "text" as const, text: textOf(refused, options.format) }]
          }
        }
        const args = guarded.right
        const now = yield* Clock.currentTimeMillis
        let step = 0
        const notes: Array<string> = [...(context.notes ?? [])]
        const observer = {
          deadline: now + Duration.toMillis(options.budget),
          onWait: (event: WaitEvent) => context.progress({ progress: ++step, message: describeWait(event) }),
          onExchange: options.exchange,
          // Said once per process: on stderr for whoever runs the server, and to the agent in this result.
          onNotice: (message: string) =>
            Effect.zipRight(
              Effect.sync(() => void notes.push(message)),
              options.say?.(`Note: ${message}`) ?? Effect.void
            )
        }
        const result = yield* runForTool(client, v, args, maxBytes).pipe(
          Effect.provideService(HttpObserver, observer),
          // Waits stop before the deadline; a request that hangs is cut off there too.
          Effect.timeoutFail({
            duration: options.budget,
            onTimeout: () =>
              new ServiceError({
                status: null,
                attempts: step + 1,
                message: `No result within this server's budget of ${
                  Duration.format(options.budget)
                } a call: the call was stopped${op.impact === "read" ? "" : ", and may have been done"}.`,
                deadline: true,
                ...(op.impact === "read" ? {} : { unconfirmed: true })
              })
          }),
          Effect.either
        )
        const noted = notes.map((note) => ({ type: "text" as const, text: `Note: ${note}` }))
        if (result._tag === "Right") {
          const items = v.items === undefined ? undefined : v.items(result.right)
          const code = items === undefined ? 0 : exitCodeOfItems(items)
          if (items === undefined || code === 0) {
            // A document (Markdown) is the answer itself, not JSON around it.
            const document: unknown = v.text.kind === "document" ? v.text.text(result.right) : undefined
            const text = typeof document === "string" ? visible(document) : textOf(result.right, options.format)
            return bounded(
              { isError: false, content: [{ type: "text", text }, ...noted] },
              result.right,
              context.envelopeBytes
            )
          }
          // A many-item result with failed items: whole, saying how many failed; an error only when all did.
          const structured = withItemOutcome(result.right, items) as Record<string, unknown>
          const isError = items.failed.length === items.total
          return bounded(
            {
              isError,
              structuredContent: structured,
              content: [{ type: "text", text: textOf(structured, options.format) }, ...noted]
            },
            structured,
            context.envelopeBytes
          )
        }
        if (result.left instanceof AnswerTooLarge) {
          return streamedTooLarge(result.left.bytesRead, maxBytes, narrowing, (value) => textOf(value, options.format))
        }
        const failure = result.left instanceof PartialList ? result.left.error : result.left
        const found = inService(options.program)(
          isWrapperError(failure) ? failure : new UnexpectedError({ message: String(failure) })
        )
        const error = options.operations === undefined
          ? found
          : withCheck(found, options.operations, op as AnyOperation<never>)
        // A list that failed after its first page still hands over what it fetched, and the cursor to resume from.
        const fetched = result.left instanceof PartialList ? result.left.fetched : {}
        const structured = { error: toolError(error, options.vocabulary), ...fetched }
        return bounded(
          {
            isError: true,
            structuredContent: structured,
            content: [{ type: "text", text: textOf(structured, options.format) }, ...noted]
          },
          structured,
          context.envelopeBytes
        )
      }).pipe(
        Effect.catchAllDefect((defect) =>
          Effect.succeed<ToolResult>({
            isError: true,
            content: [{
              type: "text",
              text: scrubSecrets(`Internal error: ${defect instanceof Error ? defect.message : String(defect)}`)
            }]
          })
        )
      )
  }
}

// Which views are tools is decided with their names; re-exported here, where a tool is made of a view.
export { hasTool, type ToolView } from "./names.js"
