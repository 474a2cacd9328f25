/**
 * The one route matcher both simulators use: which route a method and path
 * reach, their parameters, and how a path reached by other methods only
 * differs from an unknown one (the task manager answers them apart).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Either from "effect/Either"
import { coreControlRoutes } from "../../../src/testing/core/control-routes.js"
import { decodablePath, matchRoute, route } from "../../../src/testing/core/route.js"
import * as design from "../../../src/testing/design/routes.js"
import { oauthRoutes } from "../../../src/testing/taskmgr/oauth.js"
import * as taskmgr from "../../../src/testing/taskmgr/routes.js"

const ok = Either.right("")
const routes = [
  route("GET", "/tasks/:task_gid", "get", () => ok),
  route("PUT", "/tasks/:task_gid", "put", () => ok),
  route("POST", "/tasks/:task_gid/addTag", "add tag", () => ok),
  route("GET", "/v1/files/:file_key/comments/:comment_id", "comment", () => ok)
]

const reached = (method: string, path: string) => {
  const match = matchRoute(routes, method, path)
  return match._tag === "Matched" ? { rule: match.route.rule, params: match.params } : match._tag
}

describe("matchRoute", () => {
  it("finds the route of a method and path, with its decoded parameters", () => {
    expect(reached("GET", "/tasks/123")).toEqual({ rule: "get", params: { task_gid: "123" } })
    expect(reached("put", "/tasks/123")).toEqual({ rule: "put", params: { task_gid: "123" } })
    expect(reached("GET", "/v1/files/Ab%20c/comments/9")).toEqual({
      rule: "comment",
      params: { file_key: "Ab c", comment_id: "9" }
    })
  })

  it("ignores empty segments and the case of fixed ones, as HttpRouter's router did", () => {
    expect(reached("GET", "/tasks/123/")).toEqual({ rule: "get", params: { task_gid: "123" } })
    expect(reached("GET", "//tasks//123")).toEqual({ rule: "get", params: { task_gid: "123" } })
    expect(reached("POST", "/Tasks/Ab/ADDTAG")).toEqual({ rule: "add tag", params: { task_gid: "Ab" } })
  })

  it("answers HEAD with the GET route", () => {
    expect(reached("HEAD", "/tasks/1")).toEqual({ rule: "get", params: { task_gid: "1" } })
  })

  it("tells a path known with other methods only from an unknown one", () => {
    expect(reached("DELETE", "/tasks/1")).toBe("OtherMethod")
    expect(reached("GET", "/tasks/1/addTag")).toBe("OtherMethod")
    expect(reached("GET", "/tasks")).toBe("Unknown")
    expect(reached("GET", "/tasks/1/2")).toBe("Unknown")
  })

  it("reaches no route with a path that does not decode", () => {
    expect(decodablePath("/tasks/%E0%A4%A")).toBe(false)
    expect(decodablePath("/tasks/%E0%A4%A4")).toBe(true)
    expect(reached("GET", "/tasks/%E0%A4%A")).toBe("Unknown")
  })
})

describe("the simulators' route tables", () => {
  const segments = (pattern: string) => pattern.split("/").filter((part) => part !== "")
  /** Some request reaches both: same method, and at each segment a parameter or the same fixed word. */
  const overlap = (a: { method: string; pattern: string }, b: { method: string; pattern: string }) => {
    const [x, y] = [segments(a.pattern), segments(b.pattern)]
    return a.method === b.method && x.length === y.length &&
      x.every((part, i) => part.startsWith(":") || y[i]!.startsWith(":") || part.toLowerCase() === y[i]!.toLowerCase())
  }
  const tables = {
    "design API and OAuth": [...design.apiRoutes, ...design.openRoutes],
    "design controls": [...coreControlRoutes, ...design.controlRoutes],
    "taskmgr API": taskmgr.apiRoutes,
    "taskmgr OAuth": oauthRoutes
  }

  it("never let two routes reach one request, so a table's order decides nothing", () => {
    const clashes = Object.entries(tables).flatMap(([name, table]) =>
      table.flatMap((a, i) =>
        table.slice(i + 1).filter((b) => overlap(a, b)).map((b) => `${name}: ${a.method} ${a.pattern} ~ ${b.pattern}`)
      )
    )
    expect(clashes).toEqual([])
    expect(overlap(route("GET", "/tasks/:gid", null, () => ok), route("GET", "/tasks/search", null, () => ok))).toBe(
      true
    )
  })
})
