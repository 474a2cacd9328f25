/**
 * Small pieces the file-content routes share: a guarded endpoint that reads
 * its path parameters, the file lookup with its access check in the
 * `{status, err}` form, and the links the simulator serves images from.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import type * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Access, Caller } from "./access.js"
import { accessTo, atLeast } from "./access.js"
import type { ContentFile } from "./content-files.js"
import { resolveFile, versionsOf } from "./content-files.js"
import type { EndpointRule, Handler } from "./guard.js"
import { guarded } from "./guard.js"
import type { Parsed } from "./query-params.js"
import { optionalString } from "./query-params.js"
import { notFoundPlain, plainError } from "./responses.js"
import type { VersionRecord } from "./seed-content.js"
import type { SimState } from "./state.js"

export type Params = Readonly<Record<string, string | undefined>>

/** A guarded endpoint whose handler is built from the path parameters. */
export const guardedRoute = (state: SimState, rule: EndpointRule, handler: (params: Params) => Handler) =>
  Effect.flatMap(HttpRouter.params, (params) => guarded(state, rule, handler(params)))

/** The file and the caller's access to it, or the `{status, err}` 404 or 403. */
export const withFile = (
  state: SimState,
  key: string,
  caller: Caller,
  need: Access,
  f: (file: ContentFile, access: Access) => HttpServerResponse.HttpServerResponse
): HttpServerResponse.HttpServerResponse => {
  const file = resolveFile(state, key)
  if (file === null) return notFoundPlain()
  const access = accessTo(caller, file.context)
  if (!atLeast(access, need)) return plainError(403, "You do not have access to this file")
  return f(file, access)
}

/** `version`: one of the file's versions, whose id and time the response then reports. */
export const versionParam = (search: URLSearchParams, file: ContentFile): Parsed<VersionRecord | null> => {
  const id = optionalString(search, "version")
  if (id === undefined) return Either.right(null)
  const found = versionsOf(file).find((v) => v.id === id)
  return found === undefined
    ? Either.left(`'version' ${JSON.stringify(id)} is not a version of this file`)
    : Either.right(found)
}

export const DAY_S = 86_400
/** Rendered-image links last 30 days, image-fill links at most 14 (spec section 8). */
export const RENDER_URL_DAYS = 30
export const FILL_URL_DAYS = 14

/** `1:2` as a path segment `1-2`; `I2:3;3:9` as `I2-3;3-9`, escaped. */
export const nodeSegment = (id: string): string => encodeURIComponent(id.replace(/:/g, "-"))
export const nodeFromSegment = (segment: string): string => decodeURIComponent(segment).replace(/-/g, ":")

const expiry = (now_ms: number, days: number) => Math.floor(now_ms / 1000) + days * DAY_S

export const renderUrl = (origin: string, key: string, nodeId: string, format: string, now_ms: number) =>
  `${origin}/_sandbox/render/${key}/${nodeSegment(nodeId)}.${format}?expires=${expiry(now_ms, RENDER_URL_DAYS)}`

export const fillUrl = (origin: string, key: string, imageRef: string, now_ms: number) =>
  `${origin}/_sandbox/fills/${key}/${imageRef}.png?expires=${expiry(now_ms, FILL_URL_DAYS)}`
