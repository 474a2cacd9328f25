/**
 * The design-file service simulator: the public surface other modules and
 * library users' tests import.
 */
import type { designSeed } from "./seed.js"

export { designSeed } from "./seed.js"
export type DesignSeed = typeof designSeed
export { makeDesignSimulator } from "./simulator.js"
export type { DesignSimulator } from "./simulator.js"
export { DesignSimulatorClient } from "./client.js"
export { serveDesignSandbox } from "./serve.js"
export { PLAN_PAGE_SIZE } from "./webhook-lists.js"
export { RETRY_DELAYS_MS } from "./deliveries.js"
export { REACTIONS_PAGE_SIZE } from "./seed-content.js"
