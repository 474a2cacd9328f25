/**
 * Control routes of the file-content world (no token, as for a CDN or the
 * sandbox's own controls):
 * - POST /_sandbox/files {"approx_bytes": N} adds a generated document of
 *   about N bytes and answers {"file_key": ...};
 * - GET /_sandbox/render/{key}/{node}.{format} serves the bytes a render
 *   link promises, and GET /_sandbox/fills/{key}/{imageRef}.png an image
 *   fill, until the link's `expires` (Unix seconds) passes.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import type { Call } from "./call.js"
import { ApiCall } from "./call.js"
import { resolveFile } from "./content-files.js"
import { nodeFromSegment } from "./content-routing.js"
import { MAX_GENERATED_BYTES, planGenerated } from "./generated.js"
import type { RenderFormat } from "./render.js"
import { colourOf, CONTENT_TYPES, RENDER_FORMATS, renderBytes } from "./render.js"
import { json, notFoundPlain, plainError } from "./responses.js"
import { renders } from "./routes-images.js"
import type { SimState } from "./state.js"

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const addFile = (state: SimState) =>
  Effect.map(ApiCall, (call) => {
    const approx = isRecord(call.body) ? call.body.approx_bytes : undefined
    if (typeof approx !== "number" || !Number.isInteger(approx) || approx < 1 || approx > MAX_GENERATED_BYTES) {
      return json(400, { ok: false, error: `"approx_bytes" must be an integer from 1 to ${MAX_GENERATED_BYTES}` })
    }
    const serial = state.content.generated.size + 1
    const file_key = `SbxGenF1le${String(serial).padStart(6, "0")}Large0`
    state.content.generated.set(file_key, planGenerated(file_key, approx, new Date(call.now_ms).toISOString(), serial))
    return json(200, { file_key })
  })

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

const renderImage = (state: SimState) =>
  Effect.gen(function*() {
    const call = yield* ApiCall
    const params = yield* HttpRouter.params
    const match = /^(.+)\.(jpg|png|svg|pdf)$/.exec(params.name ?? "")
    const file = resolveFile(state, params.file_key ?? "")
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
    return bytes(format, renderBytes(format, size, colourOf(file.record.key, nodeId), nodeId))
  })

const imageFill = (state: SimState) =>
  Effect.gen(function*() {
    const call = yield* ApiCall
    const params = yield* HttpRouter.params
    const ref = /^([0-9a-f]{40})\.png$/.exec(params.name ?? "")?.[1]
    const file = resolveFile(state, params.file_key ?? "")
    if (ref === undefined || file === null || !file.source.imageRefs.includes(ref)) return notFoundPlain()
    if (expired(call)) return plainError(403, "Request has expired")
    return bytes("png", renderBytes("png", { width: 256, height: 256 }, colourOf(ref), ref))
  })

export const sandboxContentRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.post("/_sandbox/files", addFile(state)),
    HttpRouter.get("/_sandbox/render/:file_key/:name", renderImage(state)),
    HttpRouter.get("/_sandbox/fills/:file_key/:name", imageFill(state))
  )
