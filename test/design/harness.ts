/** A DesignApi over a fresh in-process simulator, with the simulator's typed controls and a private rate limiter. */
import { Effect, Layer } from "effect"
import { DesignApi } from "../../src/design/api.js"
import type { DesignOptions } from "../../src/design/options.js"
import { designSeed, DesignSimulator } from "../../src/testing/index.js"

export const SIM = "http://127.0.0.1:1"
export const seed = designSeed

export const options = (overrides: Partial<DesignOptions> = {}): DesignOptions => ({
  token: seed.tokens.personal,
  baseUrl: SIM,
  teamId: seed.team_id,
  ...overrides
})

/** DesignApi plus the simulator's controls (DesignSimulator) over one simulator (which brings a private RateLimiter). */
export const apiLayer = (overrides: Partial<DesignOptions> = {}) =>
  DesignApi.layer(options(overrides)).pipe(Layer.provideMerge(DesignSimulator.layer))

export const api = DesignApi
export const sim = DesignSimulator
export const sent = Effect.flatMap(DesignSimulator, (s) => s.requests)
