/**
 * Control routes of the file-content world (no token, as for a CDN or the
 * sandbox's own controls):
 * - POST /_sandbox/files {"approx_bytes": N} adds a generated document of
 *   about N bytes and answers {"file_key": ...};
 * - GET /_sandbox/render/{key}/{node}.{format} serves the bytes a render
 *   link promises, and GET /_sandbox/fills/{key}/{imageRef}.png an image
 *   fill, until the link's `expires` (Unix seconds) passes. Their refusals
 *   are the `{status, err}` form, as the API's own.
 */
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import type { ControlRoute } from "../core/control-routes.js"
import { CONTROL_PREFIX } from "../core/control-routes.js"
import { isRecord } from "../core/params.js"
import { invalid } from "../core/rejection.js"
import { route } from "../core/route.js"
import { resolveFile } from "./files.js"
import { MAX_GENERATED_BYTES, planGenerated } from "./generated.js"
import type { RenderFormat } from "./render.js"
import { colourOf, CONTENT_TYPES, nodeFromSegment, RENDER_FORMATS, renderBytes, renders } from "./render.js"
import { json, notFoundPlain, plainError } from "./responses.js"
import type { DesignState } from "./state.js"

/** A link past its `expires` answers 403, as a CDN's signed URL would. */
const expired = (call: Call): boolean => {
  const expires = Number(call.search.get("expires"))
  return !Number.isFinite(expires) || call.now_ms >= expires * 1000
}

const bytes = (format: RenderFormat, body: Uint8Array) =>
  HttpServerResponse.uint8Array(body, {
    contentType: CONTENT_TYPES[format],
    headers: { "cache-control": "public, max-age=2592000" }
  })

export const contentControlRoutes: ReadonlyArray<ControlRoute<DesignState>> = [
  route("POST", `${CONTROL_PREFIX}/files`, null, ({ call, state }) => {
    const approx = isRecord(call.body) ? call.body.approx_bytes : undefined
    if (typeof approx !== "number" || !Number.isInteger(approx) || approx < 1 || approx > MAX_GENERATED_BYTES) {
      return invalid(`"approx_bytes" must be an integer from 1 to ${MAX_GENERATED_BYTES}`)
    }
    const serial = state.files.generated.size + 1
    const file_key = `SbxGenF1le${String(serial).padStart(6, "0")}Large0`
    state.files.generated.set(file_key, planGenerated(file_key, approx, new Date(call.now_ms).toISOString(), serial))
    return Either.right(json(200, { file_key }))
  }),
  route("GET", `${CONTROL_PREFIX}/render/:file_key/:name`, null, ({ call, params, state }) => {
    const match = /^(.+)\.(jpg|png|svg|pdf)$/.exec(params.name ?? "")
    const file = resolveFile(state.files, params.file_key ?? "")
    if (match === null || file === null) return notFoundPlain()
    const nodeId = nodeFromSegment(match[1] ?? "")
    const format = RENDER_FORMATS.find((f) => f === match[2]) ?? "png"
    const node = file.source.find(nodeId)
    const style = file.source.catalog.styles.has(nodeId)
    if (!renders(node) && !style) return notFoundPlain()
    if (expired(call)) return plainError(403, "Request has expired")
    const box = node?.props.absoluteBoundingBox
    const size = isRecord(box) && typeof box.width === "number" && typeof box.height === "number"
      ? { width: box.width, height: box.height }
      : { width: 64, height: 64 }
    return Either.right(bytes(format, renderBytes(format, size, colourOf(file.record.key, nodeId), nodeId)))
  }),
  route("GET", `${CONTROL_PREFIX}/fills/:file_key/:name`, null, ({ call, params, state }) => {
    const ref = /^([0-9a-f]{40})\.png$/.exec(params.name ?? "")?.[1]
    const file = resolveFile(state.files, params.file_key ?? "")
    if (ref === undefined || file === null || !file.source.imageRefs.includes(ref)) return notFoundPlain()
    if (expired(call)) return plainError(403, "Request has expired")
    return Either.right(bytes("png", renderBytes("png", { width: 256, height: 256 }, colourOf(ref), ref)))
  })
]
