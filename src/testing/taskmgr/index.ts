/**
 * The task-management service simulator: the public surface other modules
 * and library users' tests import.
 */
import type { taskmgrSeed } from "./seed.js"

export { taskmgrSeed } from "./seed.js"
export type TaskmgrSeed = typeof taskmgrSeed
export { MAX_BATCH_ACTIONS } from "./batch.js"
export { TaskmgrSimulator, TaskmgrSimulatorClient } from "./layers.js"
export { ACCESS_TOKEN_TTL_S, CODE_TTL_MS, OOB_REDIRECT_URI } from "./oauth.js"
export { MAX_LIMIT, OFFSET_TTL_MS, UNPAGED_MAX } from "./paging.js"
export { FREE_PER_MINUTE, PAID_PER_MINUTE, SEARCH_PER_MINUTE } from "./ratelimit.js"
export { SEARCH_MAX_RESULTS } from "./routes-search.js"
export { serveTaskmgrSandbox } from "./simulator.js"
export type { TaskmgrSandboxInfo, TaskmgrSimulatorControl } from "./simulator.js"
