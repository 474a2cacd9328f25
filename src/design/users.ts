/** The current user (GET /v1/me): personal and OAuth tokens only, never plan tokens. */
import * as Schema from "effect/Schema"
import { defineOperation } from "../core/operation.js"
import { call } from "./call.js"

export const Me = Schema.Struct({
  id: Schema.Union(Schema.String, Schema.Number).pipe(Schema.transform(Schema.String, { decode: String, encode: (s) => s })),
  handle: Schema.String,
  email: Schema.optional(Schema.String),
  img_url: Schema.optional(Schema.String)
})

export const getMe = call({ method: "GET", path: "/v1/me", tier: 3, modes: ["personal", "oauth"], subject: "The current user" }, Me)

export const userMe = defineOperation({
  command: ["user", "me"],
  tool: "design_user_me",
  summary: "The user the token belongs to: id, handle, email. Not with plan tokens.",
  input: Schema.Struct({}),
  effect: "read",
  idempotent: true,
  run: () => getMe,
  text: { kind: "record" }
})
