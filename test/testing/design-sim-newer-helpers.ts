/**
 * Shared by the design-sim-*.test.ts suites of the newer endpoint groups:
 * the seed's Enterprise tokens as send options, the rich error body, and a
 * sender for raw (non-JSON) bodies.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Effect from "effect/Effect"
import { designSeed, DesignSimulatorClient } from "../../src/testing/design/index.js"
import type { SendOptions, Sent } from "./design-helpers.js"
import { BASE } from "./design-helpers.js"

export const ent = designSeed.enterprise
const et = ent.tokens

/** Each Enterprise credential as the header it must travel in. */
export const as = {
  admin: { token: et.personal },
  member: { token: et.member },
  plan: { token: et.plan },
  oauth: { bearer: et.oauth },
  oauthOrg: { bearer: et.oauth_org },
  oauthOrgMember: { bearer: et.oauth_org_member },
  basicPlan: { token: et.basic_plan },
  basicOauthOrg: { bearer: et.basic_oauth_org },
  basePersonal: { token: designSeed.tokens.personal },
  basePlan: { token: designSeed.tokens.plan },
  baseOauth: { bearer: designSeed.tokens.oauth },
  baseEditor: { token: designSeed.tokens.editor }
} satisfies Record<string, SendOptions>

export const run = <A, E>(effect: Effect.Effect<A, E, HttpClient.HttpClient>) =>
  effect.pipe(Effect.provide(DesignSimulatorClient.layer))

export const rich = (status: number, message: string) => ({ error: true, status, message, i18n: null })

export const LIMITED = rich(403, "Limited by Design plan")

/** Sends a body as is (for malformed JSON). */
export const sendText = (method: "POST" | "PUT", path: string, text: string, options: SendOptions) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    let request = HttpClientRequest.make(method)(`${BASE}${path}`).pipe(
      HttpClientRequest.bodyText(text, "application/json")
    )
    if (options.token !== undefined) request = HttpClientRequest.setHeader(request, "X-Design-Token", options.token)
    if (options.bearer !== undefined) request = HttpClientRequest.bearerToken(request, options.bearer)
    const response = yield* client.execute(request)
    const body = yield* response.text
    const sent: Sent = {
      status: response.status,
      headers: response.headers,
      text: body,
      body: body === "" ? null : JSON.parse(body)
    }
    return sent
  }).pipe(Effect.orDie)
