/**
 * GET /v1/oembed (no rate tier, file_metadata:read, never a plan token): the
 * embed of a file URL; the one endpoint that answers 501.
 */
import * as Either from "effect/Either"
import { integerIn, required } from "../core/params.js"
import { invalid } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { checkFile } from "./org-access.js"
import { groupQuery, groupValue, groupWords } from "./params.js"
import { json, plainError } from "./responses.js"

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

/** The embed's own size; maxwidth and maxheight are bounds it is scaled down to fit, keeping its 16:9 shape. */
const FRAME = { width: 800, height: 450 }

const oembed = ({ call, caller }: CallerCtx) =>
  Either.gen(function*() {
    const text = yield* required("url", yield* groupValue(call, "url"), groupWords)
    const maxWidth = yield* groupQuery(call, "maxwidth", integerIn(SIZE, groupWords), FRAME.width)
    const maxHeight = yield* groupQuery(call, "maxheight", integerIn(SIZE, groupWords), FRAME.height)
    const scale = Math.min(1, maxWidth / FRAME.width, maxHeight / FRAME.height)
    const width = Math.max(1, Math.round(FRAME.width * scale))
    const height = Math.max(1, Math.round(FRAME.height * scale))
    const format = yield* groupValue(call, "format")
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

export const oembedRoutes: ReadonlyArray<ApiRoute> = [route("GET", "/v1/oembed", oembedRule, oembed)]
