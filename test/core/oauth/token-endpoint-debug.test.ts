/**
 * Debug mode shows the token endpoint's exchanges (a refresh, a code
 * exchange) to the same observer as every pipeline request: method, URL,
 * masked headers and status, never the form or the answer's tokens.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { type ExchangeEvent, HttpObserver } from "../../../src/core/http/observe.js"
import { postTokenForm, TokenAnswer } from "../../../src/core/oauth/index.js"

const answering = (status: number, body: unknown) =>
  HttpClient.make((request) =>
    Effect.succeed(
      HttpClientResponse.fromWeb(
        request,
        new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
      )
    )
  )

const SECRETS = ["app-secret-xyz", "refresh-abc-123", "access-new-456", "refresh-new-789"]
const client = { id: "app-id", secret: Redacted.make("app-secret-xyz") }
const refresh = {
  url: "https://auth.example/oauth/token",
  client,
  form: { grant_type: "refresh_token", refresh_token: Redacted.make("refresh-abc-123") },
  subject: "The refresh",
  repeatable: true
}

const observed = (events: Array<ExchangeEvent>) =>
  HttpObserver.of({ onWait: () => Effect.void, onExchange: (e) => Effect.sync(() => void events.push(e)) })

describe("the token endpoint in debug mode", () => {
  it.effect("reports a refresh to onExchange, with the client credentials masked and no token", () =>
    Effect.gen(function*() {
      const events: Array<ExchangeEvent> = []
      yield* postTokenForm(TokenAnswer, refresh).pipe(
        Effect.provideService(
          HttpClient.HttpClient,
          answering(200, { access_token: "access-new-456", refresh_token: "refresh-new-789", expires_in: 3600 })
        ),
        Effect.provideService(HttpObserver, observed(events))
      )
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({ method: "POST", url: "https://auth.example/oauth/token", status: 200 })
      expect(events[0]!.headers.authorization).toBe("Basic ***")
      const shown = JSON.stringify(events)
      for (const secret of [...SECRETS, Buffer.from("app-id:app-secret-xyz").toString("base64")]) {
        expect(shown).not.toContain(secret)
      }
    }))

  it.effect("reports a refused refresh too, with its status", () =>
    Effect.gen(function*() {
      const events: Array<ExchangeEvent> = []
      yield* Effect.flip(
        postTokenForm(TokenAnswer, refresh).pipe(
          Effect.provideService(HttpClient.HttpClient, answering(400, { error: "invalid_grant" })),
          Effect.provideService(HttpObserver, observed(events))
        )
      )
      expect(events.map((e) => e.status)).toEqual([400])
    }))

  it.effect("says nothing without an observer", () =>
    Effect.gen(function*() {
      const answer = yield* postTokenForm(TokenAnswer, refresh).pipe(
        Effect.provideService(HttpClient.HttpClient, answering(200, { access_token: "access-new-456" }))
      )
      expect(Redacted.value(answer.access_token)).toBe("access-new-456")
    }))
})
