/** The current user (GET /v1/me): personal and OAuth tokens only, never plan tokens. */
import * as Schema from "effect/Schema"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"

const UserStruct = Schema.Struct({
  id: Schema.Union(Schema.String, Schema.Number).pipe(
    Schema.transform(Schema.String, { decode: String, encode: (s) => s })
  ),
  handle: Schema.String,
  email: Schema.optional(Schema.String),
  img_url: Schema.optional(Schema.String)
})
/** The user the token belongs to. */
export interface User extends Schema.Schema.Type<typeof UserStruct> {}
export const User: Schema.Schema<User, typeof UserStruct.Encoded> = UserStruct

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
  response: User
})

export const views = [
  view(userMe, {
    command: ["user", "me"],
    text: { kind: "record" },
    examples: ["design user me"]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  user: "The current user"
}
