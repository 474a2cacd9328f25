/**
 * Dev resources (tier 2, every plan, every credential kind): list by file,
 * bulk create and update (200 with per-item errors), delete one.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Caller } from "./access.js"
import type { Call } from "./call.js"
import { createAll, devResourceId, toWire, updateAll } from "./dev-resources.js"
import { ANY_CALLER, gated, pathParam } from "./gate.js"
import type { GateRule } from "./gate.js"
import { storeOf } from "./newer-store.js"
import { resolveFile } from "./org-access.js"
import { commaList } from "./params.js"
import { badRequest, json, richError } from "./responses.js"
import type { SimState } from "./state.js"

const read: GateRule = { tier: 2, scope: "file_dev_resources:read", accepts: ANY_CALLER }
const write: GateRule = { tier: 2, scope: "file_dev_resources:write", accepts: ANY_CALLER }

const list = (state: SimState, fileKey: string) => (caller: Caller, call: Call) =>
  Either.merge(Either.map(resolveFile(caller, fileKey, { enterprise: false, access: "view" }), () => {
    const nodes = commaList(call.search.getAll("node_ids").join(","))
    const found = storeOf(state).devResources.filter((r) =>
      r.file_key === fileKey && (nodes.length === 0 || nodes.includes(r.node_id))
    )
    return json(200, { dev_resources: found.map(toWire) })
  }))

const create = (state: SimState) => (caller: Caller, call: Call) => {
  if (call.bodyInvalid) return badRequest("Request body is not valid JSON")
  const store = storeOf(state)
  const nextId = () => devResourceId(store.nextDevResourceId++)
  const result = createAll(store.devResources, nextId, caller, call.body)
  return Either.isLeft(result) ? badRequest(result.left) : json(200, result.right)
}

const update = (state: SimState) => (caller: Caller, call: Call) => {
  if (call.bodyInvalid) return badRequest("Request body is not valid JSON")
  const result = updateAll(storeOf(state).devResources, caller, call.body)
  return Either.isLeft(result) ? badRequest(result.left) : json(200, result.right)
}

const remove = (state: SimState, fileKey: string, id: string) => (caller: Caller) =>
  Either.merge(Either.map(resolveFile(caller, fileKey, { enterprise: false, access: "view" }), (target) => {
    const store = storeOf(state)
    const resource = store.devResources.find((r) => r.id === id && r.file_key === fileKey)
    if (resource === undefined) return richError(404, "Not found")
    if (target.access === "view") return richError(403, "You need edit access to this file")
    store.devResources = store.devResources.filter((r) => r !== resource)
    return json(200, { status: 200, error: false })
  }))

export const devResourceRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.get(
      "/v1/files/:file_key/dev_resources",
      Effect.flatMap(pathParam("file_key"), (key) => gated(state, read, list(state, key)))
    ),
    HttpRouter.post("/v1/dev_resources", gated(state, write, create(state))),
    HttpRouter.put("/v1/dev_resources", gated(state, write, update(state))),
    HttpRouter.del(
      "/v1/files/:file_key/dev_resources/:dev_resource_id",
      Effect.flatMap(
        Effect.all([pathParam("file_key"), pathParam("dev_resource_id")]),
        ([key, id]) => gated(state, write, remove(state, key, id))
      )
    )
  )
