/**
 * The request read once, shared by every simulator: see ../core/call.ts.
 * Route handlers here keep importing `ApiCall` and `Call` from this module.
 */
export { ApiCall } from "../core/call.js"
export type { Call } from "../core/call.js"
