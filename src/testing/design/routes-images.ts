/**
 * GET /v1/images/{key} (tier 1): render links for many nodes in one call,
 * null for a node that cannot render (unknown, hidden, or the document
 * itself), and a 400 whose err names the bad parameter.
 * GET /v1/files/{key}/images (tier 2): links for every image fill.
 * Links point at the simulator's own /_sandbox/render and /_sandbox/fills.
 */
import * as Either from "effect/Either"
import { numberIn, oneOf } from "../core/params.js"
import { route } from "../core/route.js"
import { fileFor, versionOf } from "./files.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { fileFlag, fileQuery, fileWords } from "./params.js"
import { fillUrl, RENDER_FORMATS, renders, renderUrl } from "./render.js"
import { json } from "./responses.js"
import { requiredNodeIds } from "./routes-file-content.js"

const FLAGS = [
  "svg_outline_text",
  "svg_include_id",
  "svg_include_node_id",
  "svg_simplify_stroke",
  "contents_only",
  "use_absolute_bounds"
] as const

const getImages = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const key = params.file_key ?? ""
    const { file } = yield* fileFor(state.files, key, caller, "view")
    const ids = yield* requiredNodeIds(call)
    yield* fileQuery(call, "scale", numberIn({ min: 0.01, max: 4 }, fileWords))
    const format = (yield* fileQuery(call, "format", oneOf(RENDER_FORMATS, fileWords))) ?? "png"
    for (const flag of FLAGS) yield* fileFlag(call, flag)
    yield* fileQuery(call, "version", versionOf(file))
    const images = Object.fromEntries(ids.map((id) => [
      id,
      renders(file.source.find(id)) ? renderUrl(call.origin, key, id, format, call.now_ms) : null
    ]))
    return json(200, { err: null, images })
  })

const getImageFills = ({ call, caller, params, state }: CallerCtx) => {
  const key = params.file_key ?? ""
  return Either.map(fileFor(state.files, key, caller, "view"), ({ file }) =>
    json(200, {
      error: false,
      status: 200,
      meta: {
        images: Object.fromEntries(
          file.source.imageRefs.map((ref) => [ref, fillUrl(call.origin, key, ref, call.now_ms)])
        )
      }
    }))
}

export const imageRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v1/images/:file_key", endpoint(1, "file_content:read"), getImages),
  route("GET", "/v1/files/:file_key/images", endpoint(2, "file_content:read"), getImageFills)
]
