/**
 * The task manager as the kit knows it (core/service): its names, options,
 * Bearer credential, failure reading, pacing and concurrency caps. The
 * client, the library's layers, the command line and the tool server are
 * derived from this.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import type { InvalidSettingsError, PlanRequiredError } from "../core/errors.js"
import { makeClient, resolveOptions, type ServiceClient } from "../core/service/client.js"
import type { ServiceDescriptor } from "../core/service/descriptor.js"
import { classifyTaskmgr, type TaskmgrRoute, taskmgrVerdict } from "./classify.js"
import { CONCURRENCY, taskmgrPacer } from "./limits.js"
import { taskmgrConfig, taskmgrHosts, type TaskmgrOptions, type TaskmgrSettings, taskmgrSettings } from "./options.js"

export const taskmgrService: ServiceDescriptor<TaskmgrOptions, TaskmgrSettings, TaskmgrRoute, PlanRequiredError> = {
  name: "taskmgr",
  prefix: "TASKMGR",
  apiName: "TaskmgrApi",
  hosts: taskmgrHosts,
  settings: taskmgrSettings,
  config: taskmgrConfig,
  credential: (_settings, token) => ({ authorization: `Bearer ${Redacted.value(token)}` }),
  classify: classifyTaskmgr,
  verdict: taskmgrVerdict,
  pacer: taskmgrPacer,
  concurrency: CONCURRENCY
}

/** A task-management client: its checked settings and its pipeline. */
export type TaskmgrClient = ServiceClient<TaskmgrSettings, TaskmgrRoute, PlanRequiredError>

export const makeTaskmgrClient = (
  options: TaskmgrOptions
): Effect.Effect<TaskmgrClient, InvalidSettingsError, HttpClient.HttpClient> => makeClient(taskmgrService, options)

export const resolveTaskmgrOptions = (options: TaskmgrOptions): Effect.Effect<TaskmgrSettings, InvalidSettingsError> =>
  resolveOptions(taskmgrService, options)
