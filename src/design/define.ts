/**
 * How a design-service operation is declared: what it is (name, input,
 * impact), its HTTP mapping, tier, auth modes, plan gate and paging, and the
 * Schema of its answer. `run` is derived: check links to the app, the mode
 * and the plan before sending, send through the pipeline, decode the answer.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Schema from "effect/Schema"
import { appLinkFields, checkAppLinks } from "../core/app-url.js"
import { readAnswer } from "../core/decode.js"
import {
  type AuthModeError,
  invalidInput,
  type InvalidInputError,
  PlanRequiredError,
  type RequestError
} from "../core/errors.js"
import type { RequestSpec } from "../core/http/pipeline.js"
import { routeTemplate } from "../core/http/route.js"
import { type Operation, type OperationInfo, operationInfo, type Paging } from "../core/operation.js"
import { applyCursor } from "../core/paginate.js"
import { requireMode } from "./auth.js"
import type { PlanGate } from "./classify.js"
import type { Tier } from "./limits.js"
import { type AuthMode, PLANS } from "./options.js"
import type { DesignClient } from "./service.js"

type Gated<G> = G extends PlanGate ? PlanRequiredError : never
type Moded<M> = M extends ReadonlyArray<AuthMode> ? AuthModeError : never

/** What a design operation can fail with, given what it declares. */
export type DesignError<G, M> = RequestError | InvalidInputError | Gated<G> | Moded<M>

export interface DesignEndpoint<I, IE, B, BE, O, A, G, M> extends OperationInfo<I, IE> {
  readonly tier: Tier | null
  /** The credential kinds that may call it; all when absent. */
  readonly modes?: M
  readonly planGate?: G
  /** Names the target in messages: "webhook 42". */
  readonly subject: (input: I) => string
  /** The HTTP request; the client's settings are at hand (the default team, ...). */
  readonly request: (input: I, client: DesignClient) => RequestSpec | Effect.Effect<RequestSpec, InvalidInputError>
  readonly response: Schema.Schema<B, BE>
  /** The result from the decoded answer, when it is not the answer itself. */
  readonly result?: (body: B, input: I) => O
  readonly paging?: Paging<O, A>
  /** Why a resume cursor does not apply to this input, if it does not. */
  readonly cursorRefused?: ((input: I) => string | undefined) | undefined
}

export const designOperation = <
  I,
  IE,
  B,
  BE,
  O = B,
  A = never,
  G extends PlanGate | undefined = undefined,
  M extends ReadonlyArray<AuthMode> | undefined = undefined
>(def: DesignEndpoint<I, IE, B, BE, O, A, G, M>): Operation<I, IE, O, DesignError<G, M>, DesignClient, A> => {
  // Found on first run, not at load: startup reads every operation's module.
  let links: ReadonlyArray<string> | undefined
  const run = (client: DesignClient, input: I, cursor: string | undefined) =>
    Effect.gen(function*() {
      const { settings } = client
      yield* checkAppLinks(input, links ??= appLinkFields(def.input), settings.appUrl)
      const subject = def.subject(input)
      if (def.modes !== undefined) yield* requireMode(settings, def.modes, subject)
      const gate = def.planGate
      if (
        gate !== undefined && Option.isSome(settings.plan) &&
        PLANS.indexOf(settings.plan.value) < PLANS.indexOf(gate.plan)
      ) {
        return yield* Effect.fail(
          new PlanRequiredError({
            plan: gate.label,
            upgradeLink: null,
            status: null,
            message: `${subject} needs ${gate.label}; the configured plan is ${settings.plan.value}.`
          })
        )
      }
      const refused = cursor === undefined ? undefined : def.cursorRefused?.(input)
      if (refused !== undefined) return yield* Effect.fail(invalidInput(refused, "cursor"))
      const built = def.request(input, client)
      const spec = Effect.isEffect(built) ? yield* built : built
      const paged = {
        ...(def.paging === undefined ? spec : applyCursor(def.paging.model, spec, cursor)),
        route: routeTemplate(spec.path, input)
      }
      const route = { tier: def.tier, subject, planGate: gate, maxWait: settings.maxWait }
      const answer = yield* client.pipeline.send(paged, route)
      const body = yield* readAnswer(def.response, { operation: def.name, subject })(answer.body)
      const page = def.result === undefined ? (body as unknown as O) : def.result(body, input)
      const resume = def.paging?.model.resume
      return resume === undefined || cursor === undefined ? page : (resume(page, cursor) as O)
    }) as Effect.Effect<O, DesignError<G, M>>
  return { ...operationInfo(def), plan: def.planGate?.label, modes: def.modes, paging: def.paging, run }
}
