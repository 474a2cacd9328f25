/**
 * Links to the service's own web app, accepted where an id is expected (a
 * file, task or project URL): only from the app URL's host, so a look-alike
 * link (`https://evil.example.com/file/KEY/x`) is refused, naming the
 * argument, before anything is sent. One rule for both services; each says
 * which inputs are links (taskmgr's `gids`, design's AppLink annotation).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import { refusal } from "./allowed.js"
import { invalidInput, type InvalidInputError } from "./errors.js"

/** Whether a value is written as a web address, and so must be one of the app's. */
export const isWebAddress = (value: string): boolean => /^https?:\/\//i.test(value.trim())

/** A host and its www. twin are one site: links are copied with and without it (the service hands out the bare one). */
const site = (url: URL) => url.host.toLowerCase().replace(/^www\./, "")

/** A value written as a web address, on the app's host (www. or not); the error names `field`. */
export const appLink = (value: string, field: string, appUrl: string): Effect.Effect<URL, InvalidInputError> => {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return Effect.fail(invalidInput(refusal(field, "a URL", value), field))
  }
  const app = new URL(appUrl)
  return site(url) === site(app)
    ? Effect.succeed(url)
    : Effect.fail(invalidInput(refusal(field, `a URL on ${app.host} (the app URL)`, url.host), field))
}

/** Marks a Schema whose values may be links to the app (design's file, team, project and context arguments). */
export const AppLinkId: unique symbol = Symbol.for("design-taskmgr/AppLink")

const carriesLink = (ast: AST.AST): boolean => {
  if (Option.isSome(AST.getAnnotation(ast, AppLinkId))) return true
  switch (ast._tag) {
    case "Union":
      return ast.types.some(carriesLink)
    case "TupleType":
      return ast.elements.some((e) => carriesLink(e.type)) || ast.rest.some((r) => carriesLink(r.type))
    case "Refinement":
      return carriesLink(ast.from)
    case "Transformation":
      return carriesLink(ast.to)
    default:
      return false
  }
}

/** The input fields whose Schema is marked AppLink (alone, optional or in an array). */
export const appLinkFields = (schema: Pick<Schema.Schema.Any, "ast">): ReadonlyArray<string> =>
  AST.getPropertySignatures(AST.typeAST(schema.ast))
    .filter((p) => typeof p.name === "string" && carriesLink(p.type))
    .map((p) => p.name as string)

/** Checks every web address in the named fields of a decoded input (strings or arrays of them). */
export const checkAppLinks = (
  input: unknown,
  fields: ReadonlyArray<string>,
  appUrl: string
): Effect.Effect<void, InvalidInputError> =>
  Effect.forEach(fields, (field) => {
    const value = (input as Record<string, unknown>)[field]
    const values = Array.isArray(value) ? value : [value]
    return Effect.forEach(
      values,
      (v) => (typeof v === "string" && isWebAddress(v) ? appLink(v, field, appUrl) : Effect.void),
      {
        discard: true
      }
    )
  }, { discard: true })
