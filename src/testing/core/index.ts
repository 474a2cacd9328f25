/**
 * The parts every service simulator is built from: `makeSimulator` with the
 * service's state, front door and error body; the route tables, rejections
 * and parameter checks both services declare their endpoints with; the typed
 * controls, the in-process client and its layers, and serving on loopback.
 */
export { takeFromBucket } from "./bucket.js"
export type { BucketLimit, Buckets } from "./bucket.js"
export { queryObject, readCall } from "./call.js"
export type { Call, Query } from "./call.js"
export { inProcessHttpClient } from "./client.js"
export { DAY_MS, HOUR_MS, isoTime, MINUTE_MS } from "./clock.js"
export { CONTROL_PREFIX, controlOk } from "./control-routes.js"
export type { ControlCtx, ControlRoute } from "./control-routes.js"
export type { SimulatorControl } from "./control.js"
export type { FaultSpec } from "./faults.js"
export { simulatorClientLayer, simulatorLayer } from "./layer.js"
export { invalid, reject, rejection } from "./rejection.js"
export type { ErrorBody, Parsed, Rejection } from "./rejection.js"
export { MASK, maskBody, maskHeader } from "./requestlog.js"
export type { LoggedRequest } from "./requestlog.js"
export { JSON_CONTENT_TYPE, jsonResponse } from "./responses.js"
export { matchRoute, route } from "./route.js"
export type { Method, PathParams, Route, RouteMatch } from "./route.js"
export { serveSimulator } from "./serve.js"
export { makeSimulator, rejectionResponse } from "./simulator.js"
export type { Simulator, SimulatorSpec } from "./simulator.js"
