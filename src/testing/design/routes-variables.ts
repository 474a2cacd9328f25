/**
 * Variables (Enterprise only): the local and published reads (tier 2) and the
 * atomic bulk write (tier 3). Plan tokens may read but never write; the write
 * needs a Full seat (or an admin) with edit access on the file.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Caller } from "./access.js"
import type { Call } from "./call.js"
import { ANY_CALLER, gated, pathParam } from "./gate.js"
import type { GateRule } from "./gate.js"
import { storeOf, variablesOf } from "./newer-store.js"
import { forbidden, resolveFile } from "./org-access.js"
import { badRequest, json } from "./responses.js"
import type { SimState } from "./state.js"
import { applyBulk, localView, MAX_BODY_BYTES, publishedView } from "./variables.js"

const read: GateRule = { tier: 2, scope: "file_variables:read", accepts: ANY_CALLER }
const write: GateRule = { tier: 3, scope: "file_variables:write", accepts: ["personal", "oauth_user"] }

const readVariables = (state: SimState, fileKey: string, view: "local" | "published") => (caller: Caller) =>
  Either.merge(Either.map(resolveFile(caller, fileKey, { enterprise: true, access: "view" }), () => {
    const vars = variablesOf(storeOf(state), fileKey)
    return json(200, view === "local" ? localView(vars) : publishedView(vars))
  }))

const writeVariables = (state: SimState, fileKey: string) => (caller: Caller, call: Call) =>
  Either.merge(Either.map(resolveFile(caller, fileKey, { enterprise: true, access: "edit" }), () => {
    if (caller.record.seat !== "full" && caller.record.seat !== "dev") {
      return forbidden("Writing variables needs a Full seat with edit access to this file")
    }
    if (call.bodyInvalid) return badRequest("Request body is not valid JSON")
    if (Buffer.byteLength(JSON.stringify(call.body ?? null)) > MAX_BODY_BYTES) {
      return badRequest("Request body is larger than 4 MB")
    }
    const store = storeOf(state)
    const applied = applyBulk(variablesOf(store, fileKey), call.body)
    if (Either.isLeft(applied)) return badRequest(applied.left)
    store.variables.set(fileKey, applied.right.next)
    return json(200, { status: 200, error: false, meta: { tempIdToRealId: applied.right.tempIdToRealId } })
  }))

export const variableRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.get(
      "/v1/files/:file_key/variables/local",
      Effect.flatMap(pathParam("file_key"), (key) => gated(state, read, readVariables(state, key, "local")))
    ),
    HttpRouter.get(
      "/v1/files/:file_key/variables/published",
      Effect.flatMap(pathParam("file_key"), (key) => gated(state, read, readVariables(state, key, "published")))
    ),
    HttpRouter.post(
      "/v1/files/:file_key/variables",
      Effect.flatMap(pathParam("file_key"), (key) => gated(state, write, writeVariables(state, key)))
    )
  )
