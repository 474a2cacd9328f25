/**
 * Payments (tier 3; spec section 4): whether a user paid for a plugin,
 * widget or Community file the caller owns. Personal tokens only: plan tokens
 * are not listed and OAuth is not supported at all.
 */
import * as Schema from "effect/Schema"
import { SECRET } from "../../core/fields.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { NumericId, WireId } from "../params.js"

const Id = NumericId
const RESOURCES = ["community_file_id", "plugin_id", "widget_id"] as const

const PaymentInformationStruct = Schema.Struct({
  user_id: WireId,
  resource_id: WireId,
  resource_type: Schema.String,
  payment_status: Schema.Struct({ type: Schema.String }),
  date_of_purchase: Schema.optional(Schema.NullOr(Schema.String))
})
/** A user's payment for a plugin, widget or community file. */
export interface PaymentInformation extends Schema.Schema.Type<typeof PaymentInformationStruct> {}
export const PaymentInformation: Schema.Schema<PaymentInformation, typeof PaymentInformationStruct.Encoded> =
  PaymentInformationStruct

export const paymentGet = designOperation({
  name: "paymentGet",
  group: "payments",
  summary: "Payment status of a resource you own.",
  input: Schema.Struct({
    // A credential of the paying user: never quoted in a message, masked if the service repeats it.
    plugin_payment_token: Schema.optional(
      Schema.String.annotations({ ...SECRET, description: "Alone: no user_id or resource id" })
    ),
    user_id: Schema.optional(Id.annotations({ description: "The paying user (with one resource id)" })),
    community_file_id: Schema.optional(Id.annotations({ description: "The community file whose payment to read" })),
    plugin_id: Schema.optional(Id.annotations({ description: "The plugin whose payment to read" })),
    widget_id: Schema.optional(Id.annotations({ description: "The widget whose payment to read" }))
  }).pipe(Schema.filter((i) => {
    const resources = RESOURCES.filter((k) => i[k] !== undefined)
    if (i.plugin_payment_token !== undefined) {
      const extra = [...(i.user_id === undefined ? [] : ["user_id"]), ...resources]
      return extra.length === 0 || { path: [extra[0]!], message: "cannot be combined with plugin_payment_token" }
    }
    if (i.user_id === undefined) return { path: ["user_id"], message: "is required (or give plugin_payment_token)" }
    return resources.length === 1 ||
      { path: [resources[1] ?? "plugin_id"], message: `give exactly one of ${RESOURCES.join(", ")}` }
  })),
  impact: "read",
  idempotent: true,
  tier: 3,
  modes: ["personal"],
  subject: (
    i
  ) => (i.plugin_payment_token !== undefined
    ? "the payment of a plugin payment token"
    : `the payment of user ${i.user_id ?? ""}`),
  request: (i) => ({
    method: "GET",
    path: "/v1/payments",
    query: {
      plugin_payment_token: i.plugin_payment_token,
      user_id: i.user_id,
      community_file_id: i.community_file_id,
      plugin_id: i.plugin_id,
      widget_id: i.widget_id
    }
  }),
  response: Schema.Struct({ meta: PaymentInformation }),
  result: (b) => b.meta
})

export const views = [
  view(paymentGet, {
    command: ["payment", "get"],
    valueNames: {
      plugin_payment_token: "TOKEN",
      user_id: "ID",
      community_file_id: "ID",
      plugin_id: "ID",
      widget_id: "ID"
    },
    text: {
      kind: "record",
      record: (o) => ({
        user_id: o.user_id,
        resource: `${o.resource_type} ${o.resource_id}`,
        status: o.payment_status.type,
        date_of_purchase: o.date_of_purchase ?? undefined
      })
    },
    examples: [
      "design payment get --user-id 1000000000000000003 --plugin-id 1510000000000000001",
      "design payment get --plugin-payment-token TOKEN"
    ]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  payment: "Payment status of your plugins, widgets and Community files"
}
