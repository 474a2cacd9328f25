/** The current user (GET /v1/me): personal and OAuth tokens only, never plan tokens. */
import * as Schema from "effect/Schema"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"

export const Me = Schema.Struct({
  id: Schema.Union(Schema.String, Schema.Number).pipe(
    Schema.transform(Schema.String, { decode: String, encode: (s) => s })
  ),
  handle: Schema.String,
  email: Schema.optional(Schema.String),
  img_url: Schema.optional(Schema.String)
})

export const userMe = designOperation({
  name: "userMe",
  group: "users",
  summary: "The token's user.",
  input: Schema.Struct({}),
  impact: "read",
  idempotent: true,
  tier: 3,
  modes: ["personal", "oauth"],
  subject: () => "the current user",
  request: () => ({ method: "GET", path: "/v1/me" }),
  response: Me
})

export const views = [
  view(userMe, {
    command: ["user", "me"],
    text: { kind: "record" },
    examples: ["design user me"]
  })
] as const
