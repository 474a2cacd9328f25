/**
 * How an operation reaches the service: send through the pipeline (after the
 * auth-mode check) and decode the success body with the operation's Schema.
 */
import * as Effect from "effect/Effect"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import type { WrapperError } from "../core/errors.js"
import { Auth } from "./auth.js"
import { DesignHttp, type DesignRequest, unreadable } from "./http.js"
import type { AuthMode } from "./settings.js"

export const ALL_MODES: ReadonlyArray<AuthMode> = ["personal", "plan", "oauth"]

export interface CallSpec extends DesignRequest {
  /** The modes that may call this endpoint (spec section 5); others fail before sending. */
  readonly modes: ReadonlyArray<AuthMode>
}

export const call = <A, I>(spec: CallSpec, response: Schema.Schema<A, I>): Effect.Effect<A, WrapperError, DesignHttp | Auth> =>
  Effect.gen(function*() {
    const auth = yield* Auth
    yield* auth.requireMode(spec.modes, spec.subject)
    const http = yield* DesignHttp
    const { body } = yield* http.send(spec)
    return yield* Schema.decodeUnknown(response)(body).pipe(
      Effect.mapError((e) => unreadable(spec.subject, ParseResult.TreeFormatter.formatErrorSync(e)))
    )
  })
