/**
 * Variables (Enterprise only): the local and published reads (tier 2) and the
 * atomic bulk write (tier 3). Plan tokens may read but never write; the write
 * needs a Full seat (or an admin) with edit access on the file.
 */
import * as Either from "effect/Either"
import { route } from "../core/route.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { checkFile, forbidden } from "./org-access.js"
import { badRequest, json } from "./responses.js"
import { applyBulk, localView, MAX_BODY_BYTES, publishedView, variablesOf } from "./variables.js"

const read = endpoint(2, "file_variables:read", { errors: "rich" })
const write = endpoint(3, "file_variables:write", { accepts: ["personal", "oauth_user"], errors: "rich" })

const readVariables = (view: "local" | "published") => ({ caller, params, state }: CallerCtx) => {
  const key = params.file_key ?? ""
  return Either.map(checkFile(caller, key, { enterprise: true, access: "view" }), () => {
    const vars = variablesOf(state.variables, key)
    return json(200, view === "local" ? localView(vars) : publishedView(vars))
  })
}

const writeVariables = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const key = params.file_key ?? ""
    yield* checkFile(caller, key, { enterprise: true, access: "edit" })
    if (caller.record.seat !== "full" && caller.record.seat !== "dev") {
      return yield* forbidden("Writing variables needs a Full seat with edit access to this file")
    }
    if (call.bodyInvalid) return yield* badRequest("Request body is not valid JSON")
    if (Buffer.byteLength(JSON.stringify(call.body ?? null)) > MAX_BODY_BYTES) {
      return yield* badRequest("Request body is larger than 4 MB")
    }
    const applied = yield* applyBulk(variablesOf(state.variables, key), call.body)
    state.variables.set(key, applied.next)
    return json(200, { status: 200, error: false, meta: { tempIdToRealId: applied.tempIdToRealId } })
  })

export const variableRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v1/files/:file_key/variables/local", read, readVariables("local")),
  route("GET", "/v1/files/:file_key/variables/published", read, readVariables("published")),
  route("POST", "/v1/files/:file_key/variables", write, writeVariables)
]
