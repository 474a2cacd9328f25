/**
 * The options of a task-management client and their checks, the same whether
 * they come from code (`TaskmgrApi.layer`), from TASKMGR_* variables
 * (`TaskmgrApi.layerConfig`) or from the command line.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Config from "effect/Config"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import type { InvalidSettingsError, RequestError } from "../core/errors.js"
import type { ExpiryInput } from "../core/expiry.js"
import {
  checkRateStore,
  checkServiceUrl,
  checkToken,
  duration,
  invalidSetting,
  oneOf,
  requestTimeout
} from "../core/settings.js"

export const PLANS = ["free", "paid"] as const
export type Plan = (typeof PLANS)[number]

/** Placeholders of the spec; real deployments set both. */
export const DEFAULT_BASE_URL = "https://app.taskmgr.example/api/1.0"
export const DEFAULT_APP_URL = "https://app.taskmgr.example"

export interface TaskmgrOptions {
  readonly token: Redacted.Redacted<string> | string
  /** The API base including /api/1.0: `https://` only, `http://` only on loopback. */
  readonly baseUrl?: string | undefined
  /** The host of the OAuth pages and of task and project URLs. */
  readonly appUrl?: string | undefined
  /** The default workspace gid. */
  readonly workspace?: string | undefined
  /** free (150 requests a minute) or paid (1,500); unset: learned from the first 429. */
  readonly plan?: Plan | undefined
  /**
   * A Redis shared by every process on this credential (redis://HOST:PORT/DB):
   * one budget across processes and machines. Unset: paced within this process.
   */
  readonly rateStore?: string | undefined
  readonly maxWait?: Duration.DurationInput | undefined
  readonly timeout?: Duration.DurationInput | undefined
  /**
   * A fresh token after the service refused this one (a stored OAuth grant's
   * refresh); the request is then sent once more. It runs at most once per
   * client, with the client's HttpClient.
   */
  readonly refresh?: Effect.Effect<Redacted.Redacted<string>, RequestError, HttpClient.HttpClient> | undefined
  /**
   * When the token expires, if known (a stored OAuth grant's expires_at). Past it, and without `refresh`,
   * a call fails with AuthError reason "expired" before anything is sent.
   */
  readonly expiresAt?: ExpiryInput | undefined
  /**
   * Middleware over this client's HttpClient (as Effect's provider clients
   * have it), seeing each request finished: base URL and credential added.
   * Secret headers show as redacted when a request is logged or traced.
   */
  readonly transformClient?: ((client: HttpClient.HttpClient) => HttpClient.HttpClient) | undefined
}

export interface TaskmgrSettings {
  readonly token: Redacted.Redacted<string>
  readonly baseUrl: string
  readonly appUrl: string
  readonly workspace: Option.Option<string>
  readonly plan: Option.Option<Plan>
  readonly maxWait: Duration.Duration
  readonly timeout: Duration.Duration
  /** The shared rate store's URL; none: in-process pacing. */
  readonly rateStore: Option.Option<string>
  readonly refresh: Option.Option<Effect.Effect<Redacted.Redacted<string>, RequestError, HttpClient.HttpClient>>
}

export const resolveTaskmgrOptions = (options: TaskmgrOptions): Effect.Effect<TaskmgrSettings, InvalidSettingsError> =>
  Effect.gen(function*() {
    const token = typeof options.token === "string" ? Redacted.make(options.token) : options.token
    yield* checkToken(token)
    const baseUrl = yield* checkServiceUrl("baseUrl", options.baseUrl ?? DEFAULT_BASE_URL)
    const appUrl = yield* checkServiceUrl("appUrl", options.appUrl ?? DEFAULT_APP_URL)
    const workspace = Option.filter(Option.fromNullable(options.workspace), (w) => w.trim() !== "")
    if (Option.isSome(workspace) && !/^\d+$/.test(workspace.value)) {
      return yield* invalidSetting("workspace", `The workspace "${workspace.value}" is not a gid (all digits).`)
    }
    return {
      token,
      baseUrl,
      appUrl,
      workspace,
      plan: yield* oneOf("plan", PLANS, options.plan),
      maxWait: yield* duration("maxWait", options.maxWait, Duration.seconds(60)),
      timeout: yield* requestTimeout(options.timeout),
      rateStore: yield* checkRateStore(options.rateStore),
      refresh: Option.fromNullable(options.refresh)
    }
  })

const optional = <A>(config: Config.Config<A>) => Config.map(Config.option(config), Option.getOrUndefined)

/**
 * The options from TASKMGR_* variables: the token from TASKMGR_ACCESS_TOKEN,
 * else TASKMGR_TOKEN; TASKMGR_BASE_URL, TASKMGR_APP_URL, TASKMGR_WORKSPACE,
 * TASKMGR_PLAN, TASKMGR_MAX_WAIT, TASKMGR_TIMEOUT (seconds) and TASKMGR_RATE_STORE.
 */
export const taskmgrConfig: Config.Config<TaskmgrOptions> = Config.all({
  token: Config.orElse(Config.redacted("TASKMGR_ACCESS_TOKEN"), () => Config.redacted("TASKMGR_TOKEN")),
  baseUrl: optional(Config.string("TASKMGR_BASE_URL")),
  appUrl: optional(Config.string("TASKMGR_APP_URL")),
  workspace: optional(Config.string("TASKMGR_WORKSPACE")),
  plan: optional(Config.literal(...PLANS)("TASKMGR_PLAN")),
  maxWait: optional(Config.map(Config.integer("TASKMGR_MAX_WAIT"), Duration.seconds)),
  timeout: optional(Config.map(Config.integer("TASKMGR_TIMEOUT"), Duration.seconds)),
  rateStore: optional(Config.string("TASKMGR_RATE_STORE"))
})
