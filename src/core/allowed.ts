/**
 * What a field accepts, in words, read from its Schema: the range of a number
 * (int, between, greaterThan...), the words of a choice (literals, true/false),
 * the length of a text. One source for the refusal of a bad value (input.ts)
 * and for the help of its flag (cli/derive.ts), so neither repeats the other
 * nor ever shows a Schema's internal name.
 */
import * as SchemaAST from "effect/SchemaAST"

interface Bounds {
  integer?: boolean
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
}

const jsonSchemaOf = (ast: SchemaAST.AST): Record<string, unknown> => {
  const value = ast.annotations[SchemaAST.JSONSchemaAnnotationId]
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {}
}

/** The numeric and length bounds the refinements of a chain declare (each filter annotates its JSON Schema). */
const boundsOf = (ast: SchemaAST.AST): { base: SchemaAST.AST; bounds: Bounds } => {
  const bounds: Bounds = {}
  let at = ast
  while (at._tag === "Refinement") {
    const js = jsonSchemaOf(at)
    if (js.type === "integer") bounds.integer = true
    for (
      const key of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength"] as const
    ) {
      const v = js[key]
      if (typeof v === "number" && bounds[key] === undefined) bounds[key] = v
    }
    if (typeof js.pattern === "string" && bounds.pattern === undefined) bounds.pattern = js.pattern
    at = at.from
  }
  return { base: at, bounds }
}

const numberPhrase = (b: Bounds): string => {
  const what = b.integer === true ? "a whole number" : "a number"
  const low = b.minimum !== undefined
    ? `${b.minimum}`
    : b.exclusiveMinimum !== undefined
    ? `more than ${b.exclusiveMinimum}`
    : undefined
  const high = b.maximum !== undefined
    ? `${b.maximum}`
    : b.exclusiveMaximum !== undefined
    ? `less than ${b.exclusiveMaximum}`
    : undefined
  if (b.minimum !== undefined && b.maximum !== undefined) return `${what} from ${b.minimum} to ${b.maximum}`
  if (low !== undefined && high !== undefined) {
    return `${what} ${b.minimum !== undefined ? `of at least ${low}` : low} and ${
      b.maximum !== undefined ? `at most ${high}` : high
    }`
  }
  if (low !== undefined) return `${what} ${b.minimum !== undefined ? `of at least ${low}` : low}`
  if (high !== undefined) return `${what} ${b.maximum !== undefined ? `of at most ${high}` : high}`
  return what
}

/** A pattern without a message of its own can only be quoted; a Schema that has one is worded by it (input.ts). */
const textPhrase = (b: Bounds): string | undefined => {
  const length = lengthPhrase(b)
  if (b.pattern === undefined) return length
  return `${length ?? "text"} matching ${b.pattern}`
}

const lengthPhrase = (b: Bounds): string | undefined =>
  b.minLength !== undefined && b.maxLength !== undefined
    ? b.minLength === b.maxLength
      ? `text of ${b.minLength} characters`
      : `text of ${b.minLength} to ${b.maxLength} characters`
    : b.maxLength !== undefined
    ? `text of at most ${b.maxLength} characters`
    : b.minLength !== undefined && b.minLength > 1
    ? `text of at least ${b.minLength} characters`
    : undefined

/** The words a choice accepts, or undefined when the type is not a closed choice. */
const wordsOf = (ast: SchemaAST.AST): Array<string> | undefined => {
  switch (ast._tag) {
    case "Literal":
      return [String(ast.literal)]
    case "BooleanKeyword":
      return ["true", "false"]
    case "Enums":
      return ast.enums.map(([, v]) => String(v))
    case "Transformation":
      return wordsOf(ast.from) ?? wordsOf(ast.to)
    case "Union": {
      const parts = ast.types.filter((t) => t._tag !== "UndefinedKeyword").map(wordsOf)
      return parts.some((p) => p === undefined) ? undefined : [...new Set(parts.flatMap((p) => p ?? []))]
    }
    default:
      return undefined
  }
}

/** Words a value may be: "true or false", "one of team, project, file". */
export const orList = (words: ReadonlyArray<string>): string =>
  words.length === 1 ? words[0]! : words.length === 2 ? `${words[0]} or ${words[1]}` : `one of ${words.join(", ")}`

/** Phrases a value may be, joined: "now or a real date-time …". */
export const eitherOf = (phrases: ReadonlyArray<string>): string =>
  phrases.length <= 2 ? phrases.join(" or ") : `${phrases.slice(0, -1).join(", ")} or ${phrases.at(-1)}`

/** Text short and plain enough to quote back whole in a one-line refusal. */
const quotable = (text: string) => text.length <= 40 && !/[\n\r]/.test(text)

/**
 * The refused value as the end of a refusal says it: a number or true/false
 * bare (101), text quoted ("maybe"), a structure by its kind (an array);
 * nothing for text too long or on several lines to echo on one line.
 */
export const gotOf = (value: unknown): string => {
  const shown = shownValue(value)
  return shown === undefined ? "" : ` (got ${shown})`
}

/** The refused value in words: 101, "maybe", an array; undefined when it cannot be echoed on one line. */
export const shownValue = (value: unknown): string | undefined =>
  typeof value === "number" || typeof value === "boolean"
    ? String(value)
    : typeof value === "string"
    ? (quotable(value) ? JSON.stringify(value) : undefined)
    : Array.isArray(value)
    ? "an array"
    : typeof value === "object" && value !== null
    ? "an object"
    : value === null
    ? "null"
    : undefined

/**
 * The one refusal of a value, on every surface: `NAME: must be WHAT (got VALUE).`
 * NAME is the flag, positional or parameter; the value is left out for a
 * secret (pass no value) and when it cannot be echoed on one line.
 */
export function refusal(name: string, what: string): string
export function refusal(name: string, what: string, value: unknown): string
export function refusal(name: string, what: string, ...value: ReadonlyArray<unknown>): string {
  return `${name}: must be ${what}${value.length === 0 ? "" : gotOf(value[0])}.`
}

/** Text typed for a number, as the number when it reads as one, so a refusal quotes it as typed: (got 0). */
export const typedValue = (text: string): string | number =>
  text.trim() !== "" && String(Number(text.trim())) === text.trim() ? Number(text.trim()) : text

/** The type itself, without `| undefined` and without the decoding step to the library's type. */
const strip = (ast: SchemaAST.AST): SchemaAST.AST => {
  if (ast._tag === "Union") {
    const defined = ast.types.filter((t) => t._tag !== "UndefinedKeyword")
    if (defined.length === 1 && defined[0] !== undefined) return strip(defined[0])
  }
  return ast
}

/** What a value of this type may be ("a whole number from 1 to 100", "true or false"), when it can be said. */
export const allowedOf = (type: SchemaAST.AST): string | undefined => {
  const ast = strip(type)
  const words = wordsOf(ast)
  if (words !== undefined && words.length > 0) return orList(words)
  const { base, bounds } = boundsOf(ast)
  if (base._tag === "NumberKeyword") return numberPhrase(bounds)
  if (base._tag === "StringKeyword") return textPhrase(bounds)
  return undefined
}

/** The type of one item of a list type, for a message about `followers.0`. */
export const itemTypeOf = (type: SchemaAST.AST): SchemaAST.AST | undefined => {
  let ast = strip(type)
  while (ast._tag === "Refinement" || ast._tag === "Transformation") ast = ast._tag === "Refinement" ? ast.from : ast.to
  return ast._tag === "TupleType" && ast.elements.length === 0 ? ast.rest[0]?.type : undefined
}

/** Whether a phrase quotes a regular expression: right for a refusal that has nothing better, noise in help. */
export const quotesPattern = (phrase: string): boolean => / matching \S+$/.test(phrase)

/** Whether a description already says a phrase (its words, for a choice), so help does not say it twice. */
export const alreadySaid = (description: string, phrase: string): boolean => {
  if (description.includes(phrase)) return true
  const words = /^one of (.+)$/.exec(phrase)?.[1]?.split(", ") ?? /^(\S+) or (\S+)$/.exec(phrase)?.slice(1)
  return words !== undefined &&
    words.every((w) => new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(description))
}
