/**
 * GET /v1/images/{key} (tier 1): render links for many nodes in one call,
 * null for a node that cannot render (unknown, hidden, or the document
 * itself), and a 400 whose err names the bad parameter.
 * GET /v1/files/{key}/images (tier 2): links for every image fill.
 * Links point at the simulator's own /_sandbox/render and /_sandbox/fills.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Either from "effect/Either"
import type { Caller } from "./access.js"
import type { Call } from "./call.js"
import { fillUrl, guardedRoute, renderUrl, versionParam, withFile } from "./content-routing.js"
import type { DocNode } from "./document.js"
import type { EndpointRule } from "./guard.js"
import { booleanParam, enumParam, numberParam, requiredNodeIds } from "./query-params.js"
import { RENDER_FORMATS } from "./render.js"
import { json, plainError } from "./responses.js"
import type { SimState } from "./state.js"

const render: EndpointRule = { tier: 1, scope: "file_content:read" }
const fills: EndpointRule = { tier: 2, scope: "file_content:read" }

const FLAGS = [
  "svg_outline_text",
  "svg_include_id",
  "svg_include_node_id",
  "svg_simplify_stroke",
  "contents_only",
  "use_absolute_bounds"
] as const

export const renders = (node: DocNode | null): boolean =>
  node !== null && node.type !== "DOCUMENT" && node.props.visible !== false

const getImages = (state: SimState, key: string) => (caller: Caller, call: Call) =>
  withFile(state, key, caller, "view", (file) => {
    const parsed = Either.gen(function*() {
      const ids = yield* requiredNodeIds(call.search, "ids")
      yield* numberParam(call.search, "scale", { min: 0.01, max: 4 })
      const format = (yield* enumParam(call.search, "format", RENDER_FORMATS)) ?? "png"
      for (const flag of FLAGS) yield* booleanParam(call.search, flag)
      yield* versionParam(call.search, file)
      return { ids, format }
    })
    if (Either.isLeft(parsed)) return plainError(400, parsed.left)
    const { format, ids } = parsed.right
    const images = Object.fromEntries(ids.map((id) => [
      id,
      renders(file.source.find(id)) ? renderUrl(call.origin, key, id, format, call.now_ms) : null
    ]))
    return json(200, { err: null, images })
  })

const getImageFills = (state: SimState, key: string) => (caller: Caller, call: Call) =>
  withFile(state, key, caller, "view", (file) =>
    json(200, {
      error: false,
      status: 200,
      meta: {
        images: Object.fromEntries(
          file.source.imageRefs.map((ref) => [ref, fillUrl(call.origin, key, ref, call.now_ms)])
        )
      }
    }))

export const imageRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.get("/v1/images/:file_key", guardedRoute(state, render, (p) => getImages(state, p.file_key ?? ""))),
    HttpRouter.get(
      "/v1/files/:file_key/images",
      guardedRoute(state, fills, (p) => getImageFills(state, p.file_key ?? ""))
    )
  )
