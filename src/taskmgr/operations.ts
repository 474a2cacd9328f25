/**
 * The task-management registry, derived from its group modules
 * (groups/index.ts): every wrapped operation once, by its library method's
 * name, and how the front ends show each. The library (api.ts), the command
 * line and the tool server all walk it.
 */
import { operationsOf, viewsOf } from "../core/service/registry.js"
import { taskmgrGroups } from "./groups/index.js"

export const taskmgrOperations = operationsOf(taskmgrGroups)

export type TaskmgrOperations = typeof taskmgrOperations

export const taskmgrViews = viewsOf(taskmgrGroups)
