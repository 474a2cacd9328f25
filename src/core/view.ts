/**
 * How the front ends SHOW an operation: command words, which fields are
 * positional, flag spellings, the text view and examples; the tool name only
 * where it is not the rule's.
 * Written next to the operation in its resource-group module.
 *
 * A paged operation is shown collected (paginate.ts `collect`): JSON and
 * tool results list its items under the operation's `itemsKey`, with
 * `next_cursor`, `complete` and `pages`.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as Duration from "effect/Duration"
import type * as Effect from "effect/Effect"
import type * as Stream from "effect/Stream"
import type { WrapperError } from "./errors.js"
import type { ItemFailures } from "./item-failures.js"
import type { AnyOperation, InputOf, ItemOf, Operation, OutputOf } from "./operation.js"
import type { Collected } from "./paginate.js"

/** How a result reads as text: a table of rows, or the key-value form of a record. */
export type TextView<O> =
  | {
    readonly kind: "table"
    readonly rows: (output: O) => ReadonlyArray<Readonly<Record<string, unknown>>>
    readonly columns: ReadonlyArray<string>
    /** Notes after the table (counts, the team listed): said on stderr, never mixed into the rows on stdout. */
    readonly footer?: ((output: O) => ReadonlyArray<string>) | undefined
    /** What the rows are, for "No webhooks." on stderr when there are none (a function when a filter narrows them). */
    readonly noun: string | ((output: O) => string)
  }
  | {
    readonly kind: "record"
    readonly record?: ((output: O) => Readonly<Record<string, unknown>>) | undefined
  }
  | {
    /** A document printed as it is (Markdown): the text form on stdout, and a tool's whole answer. */
    readonly kind: "document"
    readonly text: (output: O) => string
    /** Command line only: notes about the document (a limit it stopped at), said on stderr in text. */
    readonly footer?: ((output: O) => ReadonlyArray<string>) | undefined
  }

/** What a text view reads: the result, or for a paged list the collected items (serialized under its itemsKey). */
export type ShownOf<Op> = [ItemOf<Op>] extends [never] ? OutputOf<Op> : Collected<ItemOf<Op>>

type FieldName<Op> = Extract<keyof InputOf<Op>, string>

/** The service client an operation runs on. */
export type ClientOf<Op> = Op extends Operation<infer _I, infer _IE, infer _O, infer _E, infer C, infer _A> ? C : never

/**
 * The answer as the service's bytes, for a result too large to hold
 * (file get): the command line copies them to stdout for --json as they
 * arrive, and reads its text form from them when `text` is given. The tool
 * server and TOON output still run the operation.
 */
export interface RawView<Op> {
  readonly bytes: (client: ClientOf<Op>, input: InputOf<Op>) => Stream.Stream<Uint8Array, WrapperError>
  /** The text record, read from the bytes as they arrive, instead of the decoded result. */
  readonly text?:
    | ((
      bytes: Stream.Stream<Uint8Array, WrapperError>
    ) => Effect.Effect<Readonly<Record<string, unknown>>, WrapperError>)
    | undefined
}

/**
 * Command line only: a flag naming a directory into which what the result
 * points at is saved (file images --out DIR); the rows it returns are printed
 * (a table, or under `itemsKey` with --json) instead of the result.
 */
export interface SaveView<Op> {
  /** "--out" */
  readonly flag: string
  readonly valueName: string
  readonly description: string
  readonly columns: ReadonlyArray<string>
  readonly itemsKey: string
  /** `progress`: where to draw progress in place (stderr, when it is a terminal), or undefined for none. */
  readonly run: (
    shown: ShownOf<Op>,
    input: InputOf<Op>,
    directory: string,
    progress: ((text: string) => void) | undefined
  ) => Effect.Effect<ReadonlyArray<Readonly<Record<string, unknown>>>, WrapperError, HttpClient.HttpClient>
}

/**
 * Command line only: `--follow` runs the operation again and again until
 * interrupted (Ctrl-C or SIGTERM ends it with exit 0 and says where to
 * resume), printing each item as it comes, one a line (JSON with --json),
 * `--interval S` apart when nothing is waiting (cli/follow.ts).
 */
// The item type is the view's own; a registry of views erases it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface FollowView<Op, Item = any> {
  /**
   * One element a read: the items it brought (often none) and the position
   * after them. The stream keeps its position when run again (Stream.retry
   * after an outage goes on where it stopped); `onReset` says, once it has a
   * position, that it lost it (items may be missed).
   */
  readonly run: (
    client: ClientOf<Op>,
    input: InputOf<Op>,
    options: { readonly interval: Duration.Duration; readonly onReset: (position: string) => Effect.Effect<void> }
  ) => Stream.Stream<FollowBatch<Item>, WrapperError>
  /** The input field that gives the position to start from (`sync`): resuming is its flag with the last position. */
  readonly position: FieldName<Op>
  /** One item as a text line. */
  readonly line: (item: Item) => string
}

export interface FollowBatch<Item> {
  readonly items: ReadonlyArray<Item>
  readonly position: string
}

/** `--out FILE`: checked before anything is sent, written whole (temp file and rename) after. */
export interface DocumentFile {
  readonly flag: string
  readonly valueName: string
  readonly description: string
}

/** Why an operation is served by the command line only. */
export interface NoTool {
  readonly none: string
}

/** A tool name other than the rule's, and why the rule cannot hold for it. */
export interface ToolNameOverride {
  readonly name: string
  readonly because: string
}

export interface View<Op extends AnyOperation<never>> {
  readonly operation: Op
  /** ["webhook", "list"] */
  readonly command: ReadonlyArray<string>
  /**
   * Left out, the tool is named by the one rule, `<program>_` and the command
   * words (mcp/names.ts). Set only to say why there is no tool (the spec gives
   * the deprecated team listing none), or to name it otherwise, with the
   * reason the rule cannot hold; test/registry.test.ts holds every view to it.
   */
  readonly tool?: NoTool | ToolNameOverride | undefined
  /** Fields given as positional arguments, in order; the rest are flags. */
  readonly positional?: ReadonlyArray<FieldName<Op>> | undefined
  /**
   * Flag spellings where they differ from the field in kebab case, only where
   * the naming rule (cli/derive.ts `kebab`) cannot hold: a collision with a
   * shared flag (token: "log-token"), or a spec naming both (plan_api_id: "plan").
   */
  readonly flags?: Partial<Record<FieldName<Op>, string>> | undefined
  /**
   * Boolean fields that are true unless turned off, given on the command line
   * as a switch that turns them off, with its help text: {wait: "Answer the
   * job at once"} is `--no-wait` (the tool parameter stays `wait`).
   */
  readonly negated?: Partial<Record<FieldName<Op>, string>> | undefined
  /** Placeholders in help: {context_id: "ID|URL"}. */
  readonly valueNames?: Partial<Record<FieldName<Op>, string>> | undefined
  /** Secret fields the CLI also reads from a named variable (--passcode-env NAME), kept out of shell history. */
  readonly fromEnv?: ReadonlyArray<FieldName<Op>> | undefined
  /** What to use instead, in command-line words (the operation's own note names library methods). */
  readonly deprecated?: string | undefined
  /**
   * Fields the CLI reads from one `--body-file PATH` (`-`: standard input), a
   * JSON object with those keys, instead of flags of their own: a request
   * body too rich for flags (a bulk change). Tools take them as parameters.
   */
  readonly bodyFile?: ReadonlyArray<FieldName<Op>> | undefined
  readonly text: TextView<ShownOf<Op>>
  readonly raw?: RawView<Op> | undefined
  readonly save?: SaveView<Op> | undefined
  readonly follow?: FollowView<Op> | undefined
  /** Command line only, with a document view: a flag naming a file the document is written to instead of stdout. */
  readonly document?: DocumentFile | undefined
  /**
   * A many-item command (each item has its own outcome): which items failed.
   * Its exit code and tool isError then follow item-failures.ts.
   */
  readonly items?: ((shown: ShownOf<Op>) => ItemFailures) | undefined
  /**
   * How a tool call asks for less when its result is past the server's bound
   * (mcp/result-bound.ts), in the tool's parameter words, before the hints
   * derived from its parameters and paging (mcp/derive.ts narrowingOf).
   */
  readonly narrow?: ReadonlyArray<string> | undefined
  /** Whole command lines. */
  readonly examples: ReadonlyArray<string>
  /** What `--help` says instead of the summary, when the command needs more words than a tool listing can afford. */
  readonly help?: string | undefined
}

// The view's own operation type is erased in a registry of views.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyView = View<any>

export const view = <Op extends AnyOperation<never>>(operation: Op, shown: Omit<View<Op>, "operation">): View<Op> => ({
  operation,
  ...shown
})
