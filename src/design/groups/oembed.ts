/**
 * oEmbed (no rate tier; spec section 4): the embed of a file URL in the
 * oEmbed 1.0 format. Not for plan tokens; the one endpoint that may answer 501
 * (a URL kind it cannot embed), which surfaces as a ServiceError.
 */
import * as Schema from "effect/Schema"
import { AppLinkId } from "../../core/app-url.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { idLike } from "../params.js"

const OEmbedStruct = Schema.Struct({
  version: Schema.String,
  type: Schema.String,
  title: Schema.String,
  url: Schema.String,
  provider_name: Schema.String,
  provider_url: Schema.String,
  cache_age: Schema.optional(Schema.Number),
  width: Schema.Number,
  height: Schema.Number,
  html: Schema.String,
  thumbnail_url: Schema.optional(Schema.String),
  thumbnail_width: Schema.optional(Schema.Number),
  thumbnail_height: Schema.optional(Schema.Number)
})
/** The oEmbed answer for a file's URL. */
export interface OEmbed extends Schema.Schema.Type<typeof OEmbedStruct> {}
export const OEmbed: Schema.Schema<OEmbed, typeof OEmbedStruct.Encoded> = OEmbedStruct

const Size = Schema.Int.pipe(Schema.between(1, 10_000))

export const oembedGet = designOperation({
  name: "oembedGet",
  group: "oembed",
  summary: "The oEmbed of a file URL.",
  input: Schema.Struct({
    url: idLike(/^https:\/\/\S+$/, "must be an https:// URL of a file").annotations({
      description: "File URL",
      [AppLinkId]: true
    }),
    maxwidth: Schema.optional(Size.annotations({ description: "Largest width in pixels (default 800)" })),
    maxheight: Schema.optional(Size.annotations({ description: "Largest height in pixels (default 450)" }))
  }),
  impact: "read",
  idempotent: true,
  tier: null,
  modes: ["personal", "oauth"],
  subject: (i) => `the embed of ${i.url}`,
  request: (i) => ({
    method: "GET",
    path: "/v1/oembed",
    query: { url: i.url, maxwidth: i.maxwidth, maxheight: i.maxheight }
  }),
  response: OEmbed
})

export const views = [
  view(oembedGet, {
    command: ["oembed", "get"],
    positional: ["url"],
    text: {
      kind: "record",
      record: (o) => ({
        title: o.title,
        url: o.url,
        size: `${o.width}x${o.height}`,
        thumbnail_url: o.thumbnail_url,
        html: o.html
      })
    },
    examples: ["design oembed get https://www.design.example/design/SbxF1leKey0000Sandbox01/Sandbox --maxwidth 640"]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  oembed: "Embeds of file URLs"
}
