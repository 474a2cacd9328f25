/**
 * The design-service registry, derived from its group modules
 * (groups/index.ts): every wrapped operation once, by its library method's
 * name, and how the front ends show each. The library (api.ts), the command
 * line and the tool server all walk it.
 */
import { operationsOf, viewsOf } from "../core/service/registry.js"
import { designGroups } from "./groups/index.js"

export const designOperations = operationsOf(designGroups)

export type DesignOperations = typeof designOperations

export const designViews = viewsOf(designGroups)
