/**
 * An operation's input fields as the front ends need them, read from its
 * Schema: name, optionality, description, and the shape of the value (text,
 * integer, number, boolean, one of a closed set, a list, or structured JSON).
 * Constraints stay in the Schema, which checks every value.
 */
import type * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import { allowedOf, itemTypeOf } from "./allowed.js"

export type FieldKind =
  | { readonly _tag: "text" }
  | { readonly _tag: "integer" }
  | { readonly _tag: "number" }
  | { readonly _tag: "boolean" }
  | { readonly _tag: "choice"; readonly choices: ReadonlyArray<string> }
  /** A list: a comma list or a repeated flag on the command line. */
  | { readonly _tag: "list"; readonly of: FieldKind }
  /** A struct or a record: JSON text, or @file, on the command line. */
  | { readonly _tag: "json" }

export interface Field {
  readonly name: string
  readonly optional: boolean
  readonly description: string | undefined
  readonly kind: FieldKind
  /**
   * The value is a secret (a Redacted anywhere in the field's Schema): no
   * message on any surface may quote it, and the process masks it wherever
   * service text is shown (secrets.ts).
   */
  readonly secret: boolean
  /** What the value may be, in words ("a whole number from 1 to 100"), when the Schema says (allowed.ts). */
  readonly allowed: string | undefined
  /** The same for one item of a list. */
  readonly itemAllowed: string | undefined
  /** The value names a local file or directory (local-files.ts): the tool server holds it to the allowed roots. */
  readonly localPath: LocalPath | undefined
}

/** How a field uses the local path it names. */
export interface LocalPath {
  readonly access: "read" | "write"
  readonly kind: "file" | "directory"
  /** What is read is sent to the service (an upload): the command line refuses the program's own credentials. */
  readonly sent?: boolean | undefined
  /** Left out, it means the current directory (the server's: its first root, or its working directory). */
  readonly orHere?: boolean | undefined
}

/** Schema.Redacted decodes to a declaration of this type constructor. */
const REDACTED = "effect/Redacted"

/**
 * Marks a plain-text field as secret where a Redacted would change the
 * library's input type: `Schema.String.annotations({ ...SECRET, description })`.
 */
export const SecretAnnotationId: unique symbol = Symbol.for("wrapper/annotation/Secret")
export const SECRET = { [SecretAnnotationId]: true } as const

/** Marks a field that names a local path: `Schema.String.annotations({ ...localPath({...}), description })`. */
export const LocalPathAnnotationId: unique symbol = Symbol.for("wrapper/annotation/LocalPath")
export const localPath = (use: LocalPath) => ({ [LocalPathAnnotationId]: use }) as const

const localPathOf = (ps: SchemaAST.PropertySignature): LocalPath | undefined => {
  const places: Array<SchemaAST.Annotated> = [ps, ps.type]
  if (ps.type._tag === "Union") places.push(...ps.type.types)
  for (const place of places) {
    const use = place.annotations[LocalPathAnnotationId]
    if (use !== undefined) return use as LocalPath
  }
  return undefined
}

/** Whether any part of a field's Schema is Redacted (a nested secret makes the whole field secret). */
const isSecret = (ast: SchemaAST.AST): boolean => {
  if (ast.annotations[SecretAnnotationId] === true) return true
  switch (ast._tag) {
    case "Declaration": {
      const constructor = ast.annotations[SchemaAST.TypeConstructorAnnotationId] as { _tag?: unknown } | undefined
      return constructor?._tag === REDACTED || ast.typeParameters.some(isSecret)
    }
    case "Refinement":
      return isSecret(ast.from)
    case "Transformation":
      return isSecret(ast.to) || isSecret(ast.from)
    case "Union":
      return ast.types.some(isSecret)
    case "TupleType":
      return ast.elements.some((e) => isSecret(e.type)) || ast.rest.some((r) => isSecret(r.type))
    case "TypeLiteral":
      return ast.propertySignatures.some((ps) => isSecret(ps.type)) || ast.indexSignatures.some((s) => isSecret(s.type))
    default:
      return false
  }
}

/** Looks through refinements, transformations (to their encoded side), `| undefined` and Redacted. */
const core = (ast: SchemaAST.AST): SchemaAST.AST => {
  switch (ast._tag) {
    case "Refinement":
      return core(ast.from)
    case "Transformation":
      return core(ast.from)
    case "Union": {
      const defined = ast.types.filter((t) => t._tag !== "UndefinedKeyword")
      return defined.length === 1 && defined[0] !== undefined ? core(defined[0]) : ast
    }
    default:
      return ast
  }
}

/** Schema.Int and its kin say so in their JSON Schema annotation. */
const isInteger = (ast: SchemaAST.AST): boolean => {
  if (ast._tag === "Union") return ast.types.some(isInteger)
  if (ast._tag === "Transformation") return isInteger(ast.from)
  if (ast._tag !== "Refinement") return false
  const json = SchemaAST.getJSONSchemaAnnotation(ast)
  return (json._tag === "Some" && (json.value as { type?: unknown }).type === "integer") || isInteger(ast.from)
}

/**
 * A boolean that the command line spells as the words true and false (a
 * boolean or a transformation from those words): a choice there, so help,
 * argument checks and shell completion offer exactly those two words.
 */
const isToggle = (u: SchemaAST.Union): boolean =>
  u.types.some((t) => t._tag === "BooleanKeyword") &&
  u.types.some((t) => {
    if (t._tag !== "Transformation") return false
    const words = kindOf(t.from)
    return words._tag === "choice" && words.choices.length === 2 && words.choices.includes("true") &&
      words.choices.includes("false")
  })

const kindOf = (ast: SchemaAST.AST): FieldKind => {
  const c = core(ast)
  switch (c._tag) {
    case "BooleanKeyword":
      return { _tag: "boolean" }
    case "NumberKeyword":
      return isInteger(ast) ? { _tag: "integer" } : { _tag: "number" }
    case "Literal":
      return { _tag: "choice", choices: [String(c.literal)] }
    case "Enums":
      return { _tag: "choice", choices: c.enums.map(([, v]) => String(v)) }
    case "TupleType":
      return c.elements.length === 0 && c.rest.length === 1 && c.rest[0] !== undefined
        ? { _tag: "list", of: kindOf(c.rest[0].type) }
        : { _tag: "json" }
    case "TypeLiteral":
      return { _tag: "json" }
    case "Union":
      if (isToggle(c)) return { _tag: "choice", choices: ["true", "false"] }
      return c.types.every((t) => t._tag === "Literal")
        ? { _tag: "choice", choices: c.types.map((t) => String((t as SchemaAST.Literal).literal)) }
        : { _tag: "text" }
    default:
      return { _tag: "text" }
  }
}

/**
 * Effect describes its own refinements in lower case ("a string matching the
 * pattern ^\\d+$", "an integer"): words about the Schema, not the field, which
 * the field's allowed values say better (allowed.ts). Ours start with a capital.
 */
const isGenerated = (text: string) => /^(a|an) /.test(text)

const description = (ps: SchemaAST.PropertySignature): string | undefined => {
  const places: Array<SchemaAST.Annotated> = [ps, ps.type]
  if (ps.type._tag === "Union") places.push(...ps.type.types.filter((t) => t._tag !== "UndefinedKeyword"))
  for (const place of places) {
    const value = place.annotations[SchemaAST.DescriptionAnnotationId]
    if (typeof value === "string" && !isGenerated(value)) return value
  }
  return undefined
}

const itemAllowedOf = (type: SchemaAST.AST): string | undefined => {
  const item = itemTypeOf(type)
  return item === undefined ? undefined : allowedOf(item)
}

const cache = new WeakMap<object, ReadonlyArray<Field>>()

export const fieldsOf = <I, IE>(schema: Schema.Schema<I, IE>): ReadonlyArray<Field> => {
  const cached = cache.get(schema)
  if (cached !== undefined) return cached
  let ast = schema.ast
  while (ast._tag === "Transformation" || ast._tag === "Refinement") {
    ast = ast._tag === "Transformation"
      ? ast.to
      : ast.from
  }
  if (ast._tag !== "TypeLiteral") throw new Error("An operation's input must be a Schema.Struct")
  const fields = ast.propertySignatures.map((ps): Field => ({
    name: String(ps.name),
    optional: ps.isOptional,
    description: description(ps),
    kind: kindOf(ps.type),
    secret: isSecret(ps.type),
    allowed: allowedOf(ps.type),
    itemAllowed: itemAllowedOf(ps.type),
    localPath: localPathOf(ps)
  }))
  cache.set(schema, fields)
  return fields
}
