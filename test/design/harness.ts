/** A DesignApi wired to a fresh in-process simulator, plus the simulator's control routes. */
import { HttpBody, HttpClient, HttpClientRequest } from "@effect/platform"
import { Effect, Layer, Option, Redacted } from "effect"
import { DesignApi } from "../../src/design/api.js"
import { DesignCore } from "../../src/design/layers.js"
import { DesignConfig, type DesignSettings } from "../../src/design/settings.js"
import { designSeed, DesignSimulatorClient } from "../../src/testing/index.js"

export const SIM = "http://sim.test"

export const settings = (overrides: Partial<Omit<DesignSettings, "token">> & { token?: string } = {}): DesignSettings => {
  const { token, ...rest } = overrides
  return {
    token: Option.some(Redacted.make(token ?? designSeed.tokens.personal)),
    tokenSource: Option.some("DESIGN_ACCESS_TOKEN"),
    authMode: "personal",
    teamId: Option.some(designSeed.team_id),
    baseUrl: SIM,
    edition: "commercial",
    seat: Option.none(),
    plan: Option.none(),
    maxWaitSeconds: 60,
    fileKey: Option.none(),
    ...rest
  }
}

/** DesignApi and the design environment over one simulator, whose HttpClient the test can also reach. */
export const apiLayer = (s: DesignSettings = settings()) =>
  DesignApi.layerWithoutDependencies.pipe(
    Layer.provideMerge(DesignCore),
    Layer.provideMerge(DesignConfig.layer(s)),
    Layer.provideMerge(DesignSimulatorClient.layer)
  )

const control = (method: "GET" | "POST", path: string, body?: unknown) =>
  Effect.gen(function*() {
    const client = yield* HttpClient.HttpClient
    const request = HttpClientRequest.make(method)(`${SIM}${path}`, body === undefined ? {} : { body: HttpBody.unsafeJson(body) })
    const response = yield* client.execute(request)
    return yield* response.json
  }).pipe(Effect.scoped, Effect.orDie)

export const fault = (f: Record<string, unknown>) => control("POST", "/_sandbox/faults", f)
export const receiver = (r: Record<string, unknown>) => control("POST", "/_sandbox/endpoint", r)
export const sent = control("GET", "/_sandbox/requests") as Effect.Effect<
  Array<{ method: string; path: string; query: Record<string, string>; body: unknown }>,
  never,
  HttpClient.HttpClient
>

export const api = DesignApi
export const seed = designSeed
