/**
 * An operation is defined once: names, summary, input Schema, what it does to
 * the world, how its result reads as text, and the effect that runs it. The
 * library method, the CLI command and the tool-server tool are all derived
 * from this one value (derive-cli.ts, derive-tool.ts, the services' `make`).
 */
import type * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import type * as Stream from "effect/Stream"
import * as SchemaAST from "effect/SchemaAST"
import type { WrapperError } from "./errors.js"

/** Field annotations that only the command line reads. */
export const Positional = Symbol.for("wrapper/Positional")
/** The CLI flag name, where it differs from the field name in kebab case. */
export const Flag = Symbol.for("wrapper/Flag")
/** The CLI also offers `--<name>-env VAR`, reading the value from that variable (kept out of shell history). */
export const FromEnv = Symbol.for("wrapper/FromEnv")

/** How a result reads in text: a table of rows, or the key-value form of a record. */
export type TextView<O> =
  | {
    readonly kind: "table"
    readonly rows: (output: O) => ReadonlyArray<Readonly<Record<string, unknown>>>
    readonly columns: ReadonlyArray<string>
    /** Lines after the table, part of the data: counts. */
    readonly footer?: (output: O) => ReadonlyArray<string>
    /** A message for people (stderr, text format only): where to resume. */
    readonly notice?: (output: O) => string | undefined
  }
  | {
    readonly kind: "record"
    readonly record?: (output: O) => Readonly<Record<string, unknown>>
  }

export interface Operation<I = any, O = any, R = any> {
  /** The command path: ["webhook", "list"]. */
  readonly command: ReadonlyArray<string>
  /** The tool name, or null for the few CLI-only operations (they say why). */
  readonly tool: string | null
  readonly summary: string
  readonly input: Schema.Schema<I, any>
  /** What calling it does: reads nothing changes; writes change; destroys remove. */
  readonly effect: "read" | "write" | "destroy"
  /** Whether calling it twice with the same input leaves the same state. */
  readonly idempotent: boolean
  /** Printed on stderr whenever it runs. */
  readonly deprecated?: string
  readonly text: TextView<O>
  readonly run: (input: I) => Effect.Effect<O, WrapperError, R>
}

/** A paged list: `run` collects pages by the --all/--max-pages rule; `stream` yields every item as pulled (library). */
export interface PagedOperation<I = any, O = any, R = any, A = any> extends Operation<I, O, R> {
  readonly stream: (input: I) => Stream.Stream<A, WrapperError, R>
}

/** Write `text` after `run`: the result type is inferred from `run`, then read by `text`. */
export const defineOperation = <I, O, R>(op: Operation<I, O, R>): Operation<I, O, R> => op

export const definePagedOperation = <I, O, R, A>(op: PagedOperation<I, O, R, A>): PagedOperation<I, O, R, A> => op

/** The input's fields in order, with what each front end needs to know. */
export interface FieldInfo {
  readonly name: string
  readonly optional: boolean
  readonly description: string | undefined
  readonly kind: "string" | "integer" | "number" | "boolean" | "choice"
  readonly choices: ReadonlyArray<string>
  readonly positional: boolean
  readonly fromEnv: boolean
  /** The command-line spelling: --context-id, or an override such as --event. */
  readonly flag: string
}

/** Where a field's annotations may sit: the property, its type, or the type inside `optional`'s union. */
const annotated = (ps: SchemaAST.PropertySignature): ReadonlyArray<SchemaAST.Annotated> => [
  ps,
  ps.type,
  ...(ps.type._tag === "Union" ? ps.type.types.filter((t) => t._tag !== "UndefinedKeyword") : [])
]

const annotation = (ps: SchemaAST.PropertySignature, key: symbol): unknown =>
  annotated(ps).map((a) => a.annotations[key]).find((v) => v !== undefined)

/** Looks through refinements, transformations (their encoded side) and `| undefined`. */
const core = (ast: SchemaAST.AST): SchemaAST.AST => {
  switch (ast._tag) {
    case "Refinement":
      return core(ast.from)
    case "Transformation":
      return core(ast.from)
    case "Union": {
      const defined = ast.types.filter((t) => t._tag !== "UndefinedKeyword")
      return defined.length === 1 && defined[0] ? core(defined[0]) : ast
    }
    default:
      return ast
  }
}

/** Schema.Int and its kin say so in their JSON Schema annotation. */
const isInteger = (ast: SchemaAST.AST): boolean => {
  if (ast._tag === "Union") return ast.types.some(isInteger)
  if (ast._tag !== "Refinement") return false
  const json = SchemaAST.getJSONSchemaAnnotation(ast)
  return (json._tag === "Some" && (json.value as { type?: unknown }).type === "integer") || isInteger(ast.from)
}

const kindOf = (ast: SchemaAST.AST): Pick<FieldInfo, "kind" | "choices"> => {
  const c = core(ast)
  if (c._tag === "BooleanKeyword") return { kind: "boolean", choices: [] }
  if (c._tag === "NumberKeyword") return { kind: isInteger(ast) ? "integer" : "number", choices: [] }
  if (c._tag === "Literal") return { kind: "choice", choices: [String(c.literal)] }
  if (c._tag === "Union" && c.types.every((t) => t._tag === "Literal")) {
    return { kind: "choice", choices: c.types.map((t) => String((t as SchemaAST.Literal).literal)) }
  }
  return { kind: "string", choices: [] }
}

const fieldCache = new WeakMap<object, ReadonlyArray<FieldInfo>>()

export const fieldsOf = (schema: Schema.Schema<any, any>): ReadonlyArray<FieldInfo> => {
  const cached = fieldCache.get(schema)
  if (cached) return cached
  let ast = schema.ast
  while (ast._tag === "Transformation" || ast._tag === "Refinement") ast = ast._tag === "Transformation" ? ast.to : ast.from
  if (ast._tag !== "TypeLiteral") throw new Error("An operation's input must be a Schema.Struct")
  const fields = ast.propertySignatures.map((ps): FieldInfo => ({
    name: String(ps.name),
    optional: ps.isOptional,
    description: annotation(ps, SchemaAST.DescriptionAnnotationId) as string | undefined,
    ...kindOf(ps.type),
    positional: annotation(ps, Positional) === true,
    fromEnv: annotation(ps, FromEnv) === true,
    flag: `--${String(annotation(ps, Flag) ?? String(ps.name).replace(/_/g, "-"))}`
  }))
  fieldCache.set(schema, fields)
  return fields
}
