/**
 * The task manager's own client options (the common ones are core/service/
 * options.ts's) and their checks, the same whether they come from code
 * (`TaskmgrApi.layer`), from TASKMGR_* variables (`TaskmgrApi.layerConfig`)
 * or from the command line.
 */
import * as Config from "effect/Config"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { InvalidSettingsError } from "../core/errors.js"
import {
  clientConfig,
  type ClientOptions,
  type ClientSettings,
  optionalConfig,
  type ServiceHosts
} from "../core/service/options.js"
import { invalidSetting, isLoopbackHost, oneOf } from "../core/settings.js"

export const PLANS = ["free", "paid"] as const
export type Plan = (typeof PLANS)[number]

/** Placeholders of the spec; real deployments set both. */
export const DEFAULT_BASE_URL = "https://app.taskmgr.example/api/1.0"
export const DEFAULT_APP_URL = "https://app.taskmgr.example"

export interface TaskmgrOptions extends ClientOptions {
  /** The default workspace gid. */
  readonly workspace?: string | undefined
  /** free (150 requests a minute) or paid (1,500); unset: learned from the first 429. */
  readonly plan?: Plan | undefined
  /**
   * The default project gid, for a command that needs a project and is given
   * none (`task list`): the command line sets it to the one project a
   * repository's .taskmgr.json registers, when it registers exactly one.
   */
  readonly project?: string | undefined
}

export interface TaskmgrSettings extends ClientSettings {
  readonly workspace: Option.Option<string>
  readonly plan: Option.Option<Plan>
  readonly project: Option.Option<string>
}

/**
 * The web app's address when it is not configured: a loopback sandbox serves
 * the app beside the API (its permalinks are on the base URL's origin), so
 * they are accepted back; elsewhere the service's app host.
 */
export const defaultAppUrl = (baseUrl: string): string => {
  // A base URL that is not one is refused on its own (checkServiceUrl); this must not throw first.
  if (!URL.canParse(baseUrl)) return DEFAULT_APP_URL
  const url = new URL(baseUrl)
  return isLoopbackHost(url.hostname) ? url.origin : DEFAULT_APP_URL
}

/** The base URL includes /api/1.0; the app (OAuth pages, task and project URLs) is its own host. */
export const taskmgrHosts: ServiceHosts<TaskmgrOptions> = {
  baseUrl: () => DEFAULT_BASE_URL,
  appUrl: defaultAppUrl
}

/** The task manager's own options, checked after the common ones. */
export const taskmgrSettings = (
  options: TaskmgrOptions,
  common: ClientSettings
): Effect.Effect<TaskmgrSettings, InvalidSettingsError> =>
  Effect.gen(function*() {
    const workspace = Option.filter(Option.fromNullable(options.workspace), (w) => w.trim() !== "")
    if (Option.isSome(workspace) && !/^\d+$/.test(workspace.value)) {
      return yield* invalidSetting("workspace", `The workspace "${workspace.value}" is not a gid (all digits).`)
    }
    const project = Option.filter(Option.fromNullable(options.project), (p) => p.trim() !== "")
    if (Option.isSome(project) && !/^\d+$/.test(project.value)) {
      return yield* invalidSetting("project", `The project "${project.value}" is not a gid (all digits).`)
    }
    return { ...common, workspace, project, plan: yield* oneOf("plan", PLANS, options.plan) }
  })

/**
 * The options from TASKMGR_* variables: the token from TASKMGR_ACCESS_TOKEN,
 * else TASKMGR_TOKEN; TASKMGR_BASE_URL, TASKMGR_APP_URL, TASKMGR_WORKSPACE,
 * TASKMGR_PLAN, TASKMGR_MAX_WAIT, TASKMGR_TIMEOUT (seconds) and TASKMGR_RATE_STORE.
 */
export const taskmgrConfig: Config.Config<TaskmgrOptions> = Config.all({
  common: clientConfig("TASKMGR", ["TASKMGR_ACCESS_TOKEN", "TASKMGR_TOKEN"]),
  workspace: optionalConfig(Config.string("TASKMGR_WORKSPACE")),
  plan: optionalConfig(Config.literal(...PLANS)("TASKMGR_PLAN"))
}).pipe(Config.map(({ common, ...rest }) => ({ ...common, ...rest })))
