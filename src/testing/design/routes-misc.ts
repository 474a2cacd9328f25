/**
 * Payments (tier 3, personal tokens only, no scope) and oEmbed (no rate tier,
 * file_metadata:read, never a plan token; the one endpoint that answers 501).
 */
import * as Either from "effect/Either"
import type { Call } from "../core/call.js"
import { integerIn, queryOnce, required } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { checkFile, forbidden } from "./org-access.js"
import { groupQuery, groupWords } from "./params.js"
import { paidResources, paymentInformation, paymentTokens } from "./payments.js"
import { json, plainError, richError } from "./responses.js"

const optional = (call: Call, name: string) => queryOnce(call, name, groupWords)

// ---- payments --------------------------------------------------------------

const paymentsRule = endpoint(3, null, { accepts: ["personal"], errors: "rich" })

const RESOURCE_PARAMS = ["community_file_id", "plugin_id", "widget_id"] as const

/** Either a plugin payment token alone, or user_id with exactly one resource id. */
const paymentQuery = (call: Call): Parsed<{ user_id: string; resource_id: string }> =>
  Either.gen(function*() {
    const token = yield* optional(call, "plugin_payment_token")
    const user_id = yield* optional(call, "user_id")
    const given: Array<string> = []
    for (const name of RESOURCE_PARAMS) {
      const value = yield* optional(call, name)
      if (value !== undefined) given.push(value)
    }
    if (token !== undefined) {
      if (user_id !== undefined || given.length > 0) {
        return yield* invalid(`'plugin_payment_token' cannot be combined with 'user_id' or a resource id`)
      }
      const known = paymentTokens.get(token)
      return known === undefined ? yield* invalid(`Invalid 'plugin_payment_token'`) : known
    }
    if (user_id === undefined || user_id === "") {
      return yield* invalid(`Either 'plugin_payment_token' or 'user_id' is required`)
    }
    if (given.length !== 1) return yield* invalid(`Provide exactly one of ${RESOURCE_PARAMS.join(", ")}`)
    return { user_id, resource_id: given[0]! }
  })

const payments = ({ call, caller }: CallerCtx) =>
  Either.gen(function*() {
    const { resource_id, user_id } = yield* paymentQuery(call)
    const resource = paidResources.find((r) => r.id === resource_id)
    if (resource === undefined) return yield* richError(404, "Not found")
    if (resource.owner_id !== caller.record.user_id) {
      return yield* forbidden("You can only query payments for resources you own")
    }
    return json(200, { status: 200, error: false, meta: paymentInformation(resource, user_id) })
  })

// ---- oEmbed ----------------------------------------------------------------

// Every oEmbed refusal, the gate's too, in the one form its description names.
const oembedRule = endpoint(null, "file_metadata:read", {
  accepts: ["personal", "oauth_user", "oauth_org"],
  errors: "only-plain"
})

const SERVICE_HOSTS = ["design.example", "www.design.example"]
/** Path kinds that embed a file; other pages of the service (teams, community, recents) cannot be embedded. */
const EMBEDDABLE = ["design", "file", "proto", "board"]

const notImplemented = (message: string) => plainError(501, message)

const slug = (name: string) => name.replace(/[^A-Za-z0-9]+/g, "-")

const SIZE = { min: 1, max: 10_000 }

const oembed = ({ call, caller }: CallerCtx) =>
  Either.gen(function*() {
    const text = yield* required("url", yield* optional(call, "url"), groupWords)
    const width = yield* groupQuery(call, "maxwidth", integerIn(SIZE, groupWords), 800)
    const height = yield* groupQuery(call, "maxheight", integerIn(SIZE, groupWords), 450)
    const format = yield* optional(call, "format")
    if (format !== undefined && format !== "json") {
      return yield* notImplemented(`Format '${format}' is not supported; use json`)
    }
    const url = URL.canParse(text) ? new URL(text) : null
    if (url === null) return yield* invalid(`'url' must be an absolute URL`)
    if (!SERVICE_HOSTS.includes(url.hostname)) return yield* plainError(404, "Not found")
    const [kind, key] = url.pathname.split("/").filter((s) => s !== "")
    if (kind === undefined || key === undefined || !EMBEDDABLE.includes(kind)) {
      return yield* notImplemented("This kind of URL cannot be embedded")
    }
    const { file } = yield* checkFile(caller, key, { enterprise: false, access: "view" })
    const canonical = `https://design.example/${kind}/${file.key}/${slug(file.name)}`
    const embed = `https://embed.design.example/${kind}/${file.key}?embed-host=oembed`
    const thumbWidth = Math.min(400, width)
    return json(200, {
      version: "1.0",
      type: "rich",
      title: file.name,
      url: canonical,
      provider_name: "Design",
      provider_url: "https://design.example",
      cache_age: 3600,
      width,
      height,
      html:
        `<iframe style="border: 1px solid rgba(0, 0, 0, 0.1);" width="${width}" height="${height}" src="${embed}" allowfullscreen></iframe>`,
      thumbnail_url: `https://design.example/thumbnails/${file.key}.png`,
      thumbnail_width: thumbWidth,
      thumbnail_height: Math.min(height, Math.round((thumbWidth * 9) / 16))
    })
  })

export const miscRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v1/payments", paymentsRule, payments),
  route("GET", "/v1/oembed", oembedRule, oembed)
]
