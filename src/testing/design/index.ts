/**
 * The design-file service simulator: the public surface other modules and
 * library users' tests import.
 */
import type { designSeed } from "./seed.js"

export { designSeed } from "./seed.js"
export type DesignSeed = typeof designSeed
export { ANALYTICS_PAGE_SIZE } from "./analytics.js"
export { RETRY_DELAYS_MS } from "./deliveries.js"
export { DesignSimulator, DesignSimulatorClient } from "./layers.js"
export type { ReceiverSpec } from "./receivers.js"
export { REACTIONS_PAGE_SIZE } from "./seed-content.js"
export { serveDesignSandbox } from "./simulator.js"
export type { DesignSimulatorControl } from "./simulator.js"
export { PLAN_PAGE_SIZE } from "./webhook-lists.js"
