/**
 * The one way both simulators declare an endpoint: a method, a path pattern
 * whose `:name` segments become parameters, the service's rule for it (what
 * its front door checks before the handler: a rate tier and a scope, say),
 * and a handler that answers or rejects.
 *
 * Routes are plain data in tables, matched by one function: so a front door
 * may authenticate before matching, a batch endpoint can send its actions
 * through exactly the same matching as outside requests, and a test can
 * list every route. Matching reads paths as HttpRouter's router did: empty
 * segments (a trailing or doubled slash) are ignored, each segment is
 * decoded, fixed segments compare without regard to case, and HEAD is
 * answered by the GET route.
 */
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import type { Parsed } from "./rejection.js"

export type Method = "GET" | "POST" | "PUT" | "DELETE"

export type PathParams = Readonly<Record<string, string>>

export interface Route<Ctx, Rule = null, A = HttpServerResponse.HttpServerResponse> {
  readonly method: Method
  /** e.g. /v1/files/:file_key/comments */
  readonly pattern: string
  readonly rule: Rule
  readonly handler: (ctx: Ctx) => Parsed<A>
}

export const route = <Ctx, Rule, A = HttpServerResponse.HttpServerResponse>(
  method: Method,
  pattern: string,
  rule: Rule,
  handler: (ctx: Ctx) => Parsed<A>
): Route<Ctx, Rule, A> => ({ method, pattern, rule, handler })

/** The route and its parameters; or whether the path is known with other methods only. */
export type RouteMatch<R> =
  | { readonly _tag: "Matched"; readonly route: R; readonly params: PathParams }
  | { readonly _tag: "OtherMethod" }
  | { readonly _tag: "Unknown" }

const segments = (path: string): Array<string> => path.split("/").filter((part) => part !== "")

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/** Whether every segment of a path decodes; one that does not names no route at all. */
export const decodablePath = (path: string): boolean => segments(path).every((part) => decoded(part) !== null)

const paramsOf = (pattern: ReadonlyArray<string>, path: ReadonlyArray<string>): Record<string, string> | null => {
  if (pattern.length !== path.length) return null
  const params: Record<string, string> = {}
  for (const [i, expected] of pattern.entries()) {
    const actual = path[i]!
    if (expected.startsWith(":")) params[expected.slice(1)] = actual
    else if (expected.toLowerCase() !== actual.toLowerCase()) return null
  }
  return params
}

/** The first route of `routes` whose pattern and method fit the request. */
export const matchRoute = <R extends Route<never, unknown, unknown>>(
  routes: ReadonlyArray<R>,
  method: string,
  path: string
): RouteMatch<R> => {
  const parts = segments(path).map(decoded)
  if (parts.some((part) => part === null)) return { _tag: "Unknown" }
  const wanted = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase()
  let pathKnown = false
  for (const candidate of routes) {
    const params = paramsOf(segments(candidate.pattern), parts as Array<string>)
    if (params === null) continue
    if (candidate.method === wanted) return { _tag: "Matched", route: candidate, params }
    pathKnown = true
  }
  return pathKnown ? { _tag: "OtherMethod" } : { _tag: "Unknown" }
}
