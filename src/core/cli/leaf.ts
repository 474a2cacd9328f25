/**
 * One registry operation as a command: what was typed becomes the raw input,
 * the Schema decodes it, the operation runs on the service's client, and the
 * result is printed in the chosen format. Paged lists follow --all up to
 * --max-pages from --cursor and say on stderr where to resume.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { invalidInput, InvalidInputError, type WrapperError } from "../errors.js"
import { exitCodeOf } from "../exit-codes.js"
import { fieldsOf } from "../fields.js"
import { HttpObserver } from "../http/observe.js"
import { decodeInput } from "../input.js"
import { exitCodeOfItems, ItemsFailed, withItemOutcome } from "../item-failures.js"
import { openCursor, sealCursor } from "../listing-cursor.js"
import { prepareOutputDirectory, prepareOutputFile, writeFileAtomic } from "../local-files.js"
import { withNamedField } from "../named-field.js"
import type { AnyOperation } from "../operation.js"
import { machineText, type OutputFormat, render, toonLines, useColor } from "../output.js"
import { collect, pages } from "../paginate.js"
import { refuseCredentialUploads } from "../protected-paths.js"
import { scrubSecrets } from "../secrets.js"
import type { AnyView, RawView, SaveView, TextView } from "../view.js"
import {
  BODY_FILE,
  flagOf,
  followOf,
  inCliWords,
  kebab,
  lazyCommandSpec,
  pagingOf,
  rawInput,
  readStdin,
  secretsTyped
} from "./derive.js"
import { followItems } from "./follow.js"
import { CliIO, type CliIOShape, type Env, terminalWidth, writeErr, writeLines, writeOut } from "./io.js"
import { cliObserver, type Invocation, type Leaf } from "./runtime.js"

export interface LeafContext<C> {
  /** The service's client from the shared options (token, base URL, ...). */
  readonly client: (invocation: Invocation, env: Env) => Effect.Effect<C, WrapperError, HttpClient.HttpClient>
  /** The variable that, holding "api", has each request and response said on stderr, secrets masked (DESIGN_DEBUG). */
  readonly debugVariable: string
  /**
   * The service's own names for references, put in place before the input is
   * decoded (the task manager's registered project names): given the fields
   * that take references (`Operation.gids`) and the raw input.
   */
  readonly aliases?:
    | ((
      gids: Readonly<Record<string, string>>,
      raw: Record<string, unknown>,
      env: Env
    ) => Effect.Effect<Record<string, unknown>, WrapperError>)
    | undefined
}

/** Whether the command's environment asks for each exchange on stderr. */
export const debugOf = (env: Env, variable: string) => /\bapi\b/.test(env[variable] ?? "")

export const formatOf = (shared: Invocation["shared"]): Effect.Effect<OutputFormat, InvalidInputError> =>
  shared["--json"] === true && shared["--toon"] === true
    ? Effect.fail(invalidInput("--json and --toon are mutually exclusive.", "format"))
    : Effect.succeed(shared["--json"] === true ? "json" : shared["--toon"] === true ? "toon" : "text")

export const printResult = <S>(v: AnyView, shown: S, data: unknown, format: OutputFormat, full: boolean) =>
  Effect.gen(function*() {
    // TOON is written as it is encoded: a large document is never one string (the scrub is line by line too).
    if (format === "toon") return yield* writeLines(mapLines(toonLines(data), scrubSecrets))
    const io = yield* CliIO
    const out = render(v.text as TextView<S>, shown, data, {
      format,
      full,
      color: useColor(io.stdout, io.env),
      tty: io.stdout.isTTY === true,
      width: terminalWidth(io)
    })
    // A secret the process knows (a password in a URL given, a passcode) never comes back in a result, as in a
    // tool result: a service's answer may echo it.
    if (out.stdout !== "") yield* writeOut(scrubSecrets(out.stdout))
    if (format === "text" && out.notice !== undefined) yield* writeErr(out.notice)
  })

/**
 * A job that failed or is still running when the wait ended (exit 10, 11)
 * is an outcome too: with --json or --toon, its document on stdout names the
 * job and its status, so a script can look it up later without reading the
 * sentence on stderr.
 */
const jobOutcome = (error: WrapperError, format: "json" | "toon") =>
  error._tag === "JobFailedError" || error._tag === "JobTimeoutError"
    ? writeOut(
      machineText(
        {
          job: error.job,
          status: error._tag === "JobFailedError" ? "failed" : error.status,
          exit_code: exitCodeOf(error)
        },
        format,
        2
      )
    )
    : Effect.void

function* mapLines(lines: Iterable<string>, f: (line: string) => string): Generator<string> {
  for (const line of lines) yield f(line)
}

/** Progress drawn in place on stderr, only when it is a terminal. */
const progressLine = (io: CliIOShape) =>
  io.stderr.isTTY === true ? (text: string) => void io.stderr.write(text) : undefined

/** The view shown another way (a record read from raw bytes, the rows a save returned). */
const shownAs = <S>(v: AnyView, text: TextView<S>): AnyView => ({ ...v, text: text as AnyView["text"] })

/**
 * Bytes to stdout as they come, waiting for it to drain: what was written is
 * never held. A reader that goes away (| head) ends the copy quietly.
 * `endLine`: a JSON document ends with a newline, as every other JSON output
 * does (the service's own bytes may not).
 */
const copyToStdout = <E>(io: CliIOShape, bytes: Stream.Stream<Uint8Array, E>, endLine = false) =>
  Effect.suspend(() => {
    const out = io.stdout
    let closed = false
    let last: number | undefined
    // Left in place: the error of a failed write is emitted on a later tick.
    out.on("error", () => void (closed = true))
    const write = (chunk: Uint8Array) =>
      Effect.async<void>((resume) => {
        if (chunk.length > 0) last = chunk[chunk.length - 1]
        if (out.write(chunk)) return resume(Effect.void)
        const go = () => {
          out.off("drain", go)
          out.off("error", go)
          resume(Effect.void)
        }
        out.once("drain", go)
        out.once("error", go)
      })
    return Stream.runForEach(Stream.takeWhile(bytes, () => !closed), write).pipe(
      Effect.zipRight(
        Effect.suspend(() =>
          endLine && !closed && last !== undefined && last !== 0x0a ? write(new Uint8Array([0x0a])) : Effect.void
        )
      )
    )
  })

/**
 * How the command names an input field: its flag, its positional, or its key in the --body-file it is read from;
 * --cursor for the paging position.
 */
export const fieldWordOf = (v: AnyView) => (field: string): string | undefined => {
  const op = v.operation as AnyOperation<never>
  if (field === "cursor" && op.paging !== undefined) return "--cursor"
  if (!fieldsOf(op.input).some((f) => f.name === field)) return undefined
  if (((v.bodyFile ?? []) as ReadonlyArray<string>).includes(field)) return `${field} in ${BODY_FILE}`
  return ((v.positional ?? []) as ReadonlyArray<string>).includes(field) ? `<${kebab(field)}>` : flagOf(v, field)
}

export const operationLeaf = <C>(v: AnyView, context: LeafContext<C>): Leaf => ({
  path: v.command,
  operation: (v.operation as AnyOperation<never>).name,
  spec: lazyCommandSpec(v),
  fieldWord: fieldWordOf(v),
  run: (invocation) =>
    Effect.gen(function*() {
      const op = v.operation as AnyOperation<C>
      const io = yield* CliIO
      const env = io.env
      const format = yield* formatOf(invocation.shared)
      const full = invocation.shared["--full"] === true
      const typed = yield* Effect.mapError(rawInput(v, invocation, env, readStdin(io.stdin)), (e) => inCliWords(v, e))
      for (const flag of secretsTyped(v, invocation)) {
        yield* writeErr(
          `Note: ${flag} on the command line shows in the process list and shell history; ${flag}-env VARIABLE reads it from a variable instead.`
        )
      }
      const raw = op.gids === undefined || context.aliases === undefined
        ? typed
        : yield* Effect.mapError(
          context.aliases(op.gids, typed, env),
          (e) => (e instanceof InvalidInputError ? inCliWords(v, e) : e)
        )
      const paging = op.paging === undefined
        ? undefined
        : yield* Effect.mapError(pagingOf(invocation), (e) => inCliWords(v, e))
      const following = v.follow === undefined ? undefined : yield* followOf(invocation)
      const input = yield* Effect.mapError(decodeInput(op.input, raw), (e) => inCliWords(v, e))
      yield* Effect.mapError(refuseCredentialUploads(op.input, input, env, process.cwd()), (e) => inCliWords(v, e))
      // The directory a save writes into is made and proved writable before the request (which may cost quota).
      const saveTo = v.save === undefined ? undefined : invocation.options[v.save.flag]
      const directory = v.save === undefined || typeof saveTo !== "string"
        ? undefined
        : yield* Effect.as(
          prepareOutputDirectory(saveTo, { label: v.save.flag, field: v.save.flag.replace(/^--/, "") }),
          saveTo
        )
      const outFile = v.document === undefined ? undefined : invocation.options[v.document.flag]
      const culprit = v.document === undefined
        ? undefined
        : { label: v.document.flag, field: v.document.flag.replace(/^--/, "") }
      const documentTo = culprit === undefined || typeof outFile !== "string"
        ? undefined
        : yield* prepareOutputFile(outFile, culprit)
      const client = yield* context.client(invocation, env)
      const deprecated = v.deprecated ?? op.deprecated
      if (deprecated !== undefined) yield* writeErr(`Warning: '${v.command.join(" ")}' is deprecated: ${deprecated}.`)
      const observer = cliObserver(io, debugOf(env, context.debugVariable))
      const observed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        Effect.provideService(effect, HttpObserver, observer)
      if (following !== undefined) {
        return yield* observed(followItems(io, v, client, input as Record<string, unknown>, following.interval, format))
      }
      const rawView = v.raw as RawView<AnyOperation<C>> | undefined
      if (rawView !== undefined && (format === "json" || (format === "text" && rawView.text !== undefined))) {
        const bytes = Stream.provideService(rawView.bytes(client, input), HttpObserver, observer)
        if (format === "json" || rawView.text === undefined) return yield* copyToStdout(io, bytes, format === "json")
        const record = yield* observed(rawView.text(bytes))
        return yield* printResult(shownAs(v, { kind: "record" }), record, record, format, full)
      }
      if (op.paging === undefined || paging === undefined) {
        // What the request finds wrong with the input (a missing alternative, a clash) is named in flags too.
        const output = yield* observed(op.run(client, input, undefined)).pipe(
          Effect.mapError((e) => (e instanceof InvalidInputError ? inCliWords(v, e) : withNamedField(e, op, input))),
          Effect.tapError((e) => format === "text" ? Effect.void : jobOutcome(e, format))
        )
        const save = v.save
        // A many-item result is printed whole, with how many failed; failed items still make the exit code.
        const items = v.items?.(output)
        const data = withItemOutcome(output, items)
        if (documentTo !== undefined && culprit !== undefined && v.text.kind === "document") {
          const text = v.text.text(output)
          yield* writeFileAtomic(documentTo, text, culprit)
          if (format === "text") {
            yield* writeErr(`Wrote ${Buffer.byteLength(text)} bytes to ${outFile as string}.`)
            for (const note of v.text.footer?.(output) ?? []) yield* writeErr(note)
          } else yield* printResult(v, output, data, format, full)
        } else if (save === undefined || directory === undefined) yield* printResult(v, output, data, format, full)
        else {
          const rows = yield* observed(
            (save as SaveView<AnyOperation<C>>).run(output, input, directory, progressLine(io))
          )
          // The saved rows keep the result's notes (how many did not render), said on stderr as a table's are.
          const notes = v.text.kind === "table" ? v.text.footer?.(output) : undefined
          const table = shownAs(v, {
            kind: "table",
            rows: (r: typeof rows) => r,
            columns: save.columns,
            noun: save.itemsKey,
            ...(notes === undefined ? {} : { footer: () => notes })
          })
          yield* printResult(table, rows, withItemOutcome({ [save.itemsKey]: rows }, items), format, full)
        }
        const code = items === undefined ? 0 : exitCodeOfItems(items)
        if (code !== 0) return yield* Effect.fail(new ItemsFailed(code))
        return
      }
      const model = op.paging
      const from = openCursor(op, input, paging.cursor, "--cursor")
      if (from instanceof InvalidInputError) return yield* Effect.fail(from)
      const walked = yield* observed(
        collect(
          pages(model.model, (c) => op.run(client, input, c), from),
          (p) => model.items(p),
          paging,
          model.key?.bind(model),
          model.model.expired
        )
      ).pipe(Effect.mapError((e) => (e._tag === "InvalidInputError" ? inCliWords(v, e) : withNamedField(e, op, input))))
      // The cursor printed names this listing, so it cannot be given to another (listing-cursor.ts).
      const collected = { ...walked, next_cursor: sealCursor(op, input, walked.next_cursor) }
      const data = {
        [model.itemsKey]: collected.items,
        next_cursor: collected.next_cursor,
        complete: collected.complete,
        pages: collected.pages
      }
      yield* printResult(v, collected, data, format, full)
      // Items the service holds that paging could not reach (a tie too large): said whatever the format.
      for (const note of collected.incomplete ?? []) yield* writeErr(`Note: the list is not complete: ${note}`)
      if (collected.failure !== undefined) {
        // What was fetched is printed above; the error follows, with where to resume.
        const fetched = `${collected.items.length} ${model.itemsKey} from ${collected.pages} page${
          collected.pages === 1 ? "" : "s"
        }`
        yield* writeErr(
          collected.next_cursor === null
            ? `Printed the ${fetched} fetched before this failure.`
            : `Printed the ${fetched} fetched before this failure. To resume, run the same command with: --cursor ${collected.next_cursor}`
        )
        return yield* Effect.fail(withNamedField(collected.failure, op, input))
      }
      if (format === "text" && !collected.complete && collected.next_cursor !== null) {
        // With --all, the page ceiling stopped it: a higher --max-pages goes further, --all again would not.
        yield* writeErr(
          paging.all
            ? `More ${model.itemsKey} remain after ${collected.pages} pages (--max-pages ${paging.maxPages}): add --cursor ${collected.next_cursor} to continue, or raise --max-pages.`
            : `More ${model.itemsKey} remain: add --cursor ${collected.next_cursor} to continue, or --all to follow every page.`
        )
      }
    }) as Effect.Effect<void, WrapperError | ItemsFailed, HttpClient.HttpClient | CliIO>
})
