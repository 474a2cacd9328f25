/**
 * Dev resources (tier 2, every plan, every credential kind): list by file,
 * bulk create and update (200 with per-item errors), delete one.
 */
import * as Either from "effect/Either"
import { commaList } from "../core/params.js"
import { route } from "../core/route.js"
import { createAll, devResourceId, toWire, updateAll } from "./dev-resources.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { checkFile } from "./org-access.js"
import { badRequest, json, richError } from "./responses.js"

const read = endpoint(2, "file_dev_resources:read", { errors: "rich" })
const write = endpoint(2, "file_dev_resources:write", { errors: "rich" })

const list = ({ call, caller, params, state }: CallerCtx) => {
  const key = params.file_key ?? ""
  return Either.map(checkFile(caller, key, { enterprise: false, access: "view" }), () => {
    const nodes = commaList(call.search.getAll("node_ids").join(","))
    const found = state.devResources.resources.filter((r) =>
      r.file_key === key && (nodes.length === 0 || nodes.includes(r.node_id))
    )
    return json(200, { dev_resources: found.map(toWire) })
  })
}

const notJson = () => badRequest("Request body is not valid JSON")

const create = ({ call, caller, state }: CallerCtx) => {
  if (call.bodyInvalid) return notJson()
  const store = state.devResources
  const nextId = () => devResourceId(store.nextId++)
  return Either.map(createAll(store.resources, nextId, caller, call.body), (result) => json(200, result))
}

const update = ({ call, caller, state }: CallerCtx) => {
  if (call.bodyInvalid) return notJson()
  return Either.map(updateAll(state.devResources.resources, caller, call.body), (result) => json(200, result))
}

const remove = ({ caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const key = params.file_key ?? ""
    const target = yield* checkFile(caller, key, { enterprise: false, access: "view" })
    const store = state.devResources
    const resource = store.resources.find((r) => r.id === params.dev_resource_id && r.file_key === key)
    if (resource === undefined) return yield* richError(404, "Not found")
    if (target.access === "view") return yield* richError(403, "You need edit access to this file")
    store.resources = store.resources.filter((r) => r !== resource)
    return json(200, { status: 200, error: false })
  })

export const devResourceRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v1/files/:file_key/dev_resources", read, list),
  route("POST", "/v1/dev_resources", write, create),
  route("PUT", "/v1/dev_resources", write, update),
  route("DELETE", "/v1/files/:file_key/dev_resources/:dev_resource_id", write, remove)
]
