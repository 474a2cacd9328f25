/**
 * The parts every service simulator is built from (design now, taskmgr next):
 * `makeSimulator` with the service's routes and error body, the typed
 * controls, the in-process client and its layers, and serving on loopback.
 */
export { takeFromBucket } from "./bucket.js"
export type { BucketLimit, Buckets } from "./bucket.js"
export { ApiCall, queryObject, readCall } from "./call.js"
export type { Call, Query } from "./call.js"
export { inProcessHttpClient } from "./client.js"
export { DAY_MS, HOUR_MS, isoTime, MINUTE_MS } from "./clock.js"
export { CONTROL_PREFIX, controlHandler, controlOk, controlRejected } from "./control-routes.js"
export type { SimulatorControl } from "./control.js"
export type { FaultSpec } from "./faults.js"
export { simulatorClientLayer, simulatorLayer } from "./layer.js"
export { MASK, maskBody, maskHeader } from "./requestlog.js"
export type { LoggedRequest } from "./requestlog.js"
export { JSON_CONTENT_TYPE, jsonResponse } from "./responses.js"
export { serveSimulator } from "./serve.js"
export { makeSimulator } from "./simulator.js"
export type { Simulator, SimulatorSpec } from "./simulator.js"
