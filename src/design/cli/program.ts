/**
 * The `design` command line and tool server, derived from this descriptor by
 * core/cli/program.ts: the shared flags of the design service alone (auth
 * mode, team, edition, seat and plan), how they become options, the sandbox
 * and the check that proves a token works.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { appLink, isWebAddress } from "../../core/app-url.js"
import { sandboxLeaf } from "../../core/cli/extra.js"
import { CliIO, sayOn } from "../../core/cli/io.js"
import { flagOrEnv, option } from "../../core/cli/options.js"
import { serviceProgram } from "../../core/cli/program.js"
import type { CliService, Shared } from "../../core/cli/service.js"
import { invalidInput, InvalidSettingsError } from "../../core/errors.js"
import type { PlanRequiredError } from "../../core/errors.js"
import { maskUrl } from "../../core/secrets.js"
import type { DesignRoute } from "../classify.js"
import { designSignIn } from "../oauth.js"
import {
  AUTH_MODES,
  DEFAULT_BASE_URL,
  DEFAULT_GOV_BASE_URL,
  defaultAppUrl,
  type DesignOptions,
  type DesignSettings,
  PLANS,
  SEATS
} from "../options.js"
import { parseContextRef } from "../refs.js"
import { designService } from "../service.js"
import { designCommandGroups, designCommandIndex, designGroupLoaders } from "./command-index.js"

const isGov = (shared: Shared, env: Readonly<Record<string, string | undefined>>) =>
  shared["--gov"] === true || env.DESIGN_EDITION?.toLowerCase() === "gov"

/** The design service's own options: edition, auth mode, default team, and the seat and plan that pace. */
const ownOptions: CliService<DesignOptions, DesignSettings, DesignRoute, PlanRequiredError>["options"] = (
  shared,
  env,
  { appUrl, baseUrl }
) =>
  Effect.gen(function*() {
    const gov = isGov(shared, env)
    // The government edition has its own variable (README's settings table); a commercial one left set is said.
    if (gov && shared["--base-url"] === undefined && (env.DESIGN_BASE_URL ?? "").trim() !== "") {
      const used = baseUrl ?? DEFAULT_GOV_BASE_URL
      yield* Effect.serviceOption(CliIO).pipe(Effect.flatMap(Option.match({
        onNone: () => Effect.void,
        onSome: (io) =>
          sayOn(io)(
            `Note: DESIGN_BASE_URL is ignored in the government edition (--gov or DESIGN_EDITION=gov); it uses DESIGN_GOV_BASE_URL or --base-url (now ${
              maskUrl(used)
            }).`
          )
      })))
    }
    const teamRaw = flagOrEnv(shared, "--team", env, "DESIGN_TEAM_ID")
    // A team URL must be on the app's host too; a base URL that is not one is refused later, on its own.
    const teamApp = appUrl ?? defaultAppUrl(baseUrl ?? (gov ? DEFAULT_GOV_BASE_URL : DEFAULT_BASE_URL))
    if (teamRaw !== undefined && isWebAddress(teamRaw) && URL.canParse(teamApp)) {
      yield* Effect.mapError(
        appLink(teamRaw, "team", teamApp),
        (e) => new InvalidSettingsError({ setting: "teamId", message: e.message.replace(/^team: /, "") })
      )
    }
    const teamId = teamRaw === undefined
      ? undefined
      : yield* parseContextRef(teamRaw, "team").pipe(
        Effect.filterOrFail((ref) => ref.context === undefined || ref.context === "team", () => undefined),
        Effect.map((ref) => ref.id),
        Effect.mapError(() =>
          new InvalidSettingsError({ setting: "teamId", message: `"${teamRaw}" is neither a team id nor a team URL.` })
        )
      )
    return {
      edition: gov ? "gov" as const : "commercial" as const,
      authMode: flagOrEnv(shared, "--auth-mode", env, "DESIGN_AUTH_MODE") as DesignOptions["authMode"],
      teamId,
      seat: flagOrEnv(shared, "--seat", env, "DESIGN_SEAT") as DesignOptions["seat"],
      plan: flagOrEnv(shared, "--account-plan", env, "DESIGN_PLAN") as DesignOptions["plan"]
    }
  })

export const designCli: CliService<DesignOptions, DesignSettings, DesignRoute, PlanRequiredError> = {
  service: designService,
  signIn: designSignIn,
  noun: "design-service",
  summary: "Script the design-file service: files, comments, webhooks and more, from the terminal.",
  // What reading and implementing a design needs: files, their comments, the library, dev resources, projects.
  defaultToolsets: ["users", "projects", "files", "comments", "library", "dev_resources"],
  commandGroups: designCommandGroups,
  index: designCommandIndex,
  loaders: designGroupLoaders,
  examples: ["design auth status --check", "design webhook list --json", "design sandbox"],
  tokenVariables: ["DESIGN_ACCESS_TOKEN"],
  appUrlNote: "Web app address; file, team and project URLs must be on its host (default from the base URL)",
  flags: [
    option(
      "--auth-mode",
      "Token kind: personal and plan send X-Design-Token, oauth a Bearer token ($DESIGN_AUTH_MODE)",
      {
        valueName: "MODE",
        choices: AUTH_MODES,
        defaultText: "personal; oauth for the stored sign-in"
      }
    ),
    option("--team", "Default team: an id or team URL ($DESIGN_TEAM_ID)", { valueName: "ID|URL" }),
    option("--gov", "Use the government edition ($DESIGN_EDITION=gov, $DESIGN_GOV_BASE_URL)", { takesValue: false }),
    option("--seat", "Your seat, for pacing ($DESIGN_SEAT)", { valueName: "SEAT", choices: SEATS }),
    option("--account-plan", "Your plan, for pacing and plan checks ($DESIGN_PLAN)", {
      valueName: "PLAN",
      choices: PLANS
    })
  ],
  baseUrlVariable: (shared, env) => isGov(shared, env) ? "DESIGN_GOV_BASE_URL" : "DESIGN_BASE_URL",
  options: ownOptions,
  // A stored sign-in is an OAuth grant: used with the OAuth mode, unless another mode is asked for.
  signedIn: (own) => own.authMode === undefined || own.authMode === "oauth" ? { ...own, authMode: "oauth" } : undefined,
  settingSources: {
    authMode: "--auth-mode or DESIGN_AUTH_MODE",
    teamId: "--team or DESIGN_TEAM_ID",
    baseUrl: "--base-url or DESIGN_BASE_URL",
    seat: "--seat or DESIGN_SEAT",
    plan: "--account-plan or DESIGN_PLAN",
    fileKey: "--file or DESIGN_FILE_KEY"
  },
  authMode: { flag: (mode) => `--auth-mode ${mode}`, variable: "DESIGN_AUTH_MODE" },
  statusFields: (own, options, env) => ({
    mode: own.authMode ?? "personal",
    team_id: own.teamId ?? null,
    edition: own.edition ?? "commercial",
    seat: own.seat ?? null,
    plan: own.plan ?? null,
    file_key: flagOrEnv(options, "--file", env, "DESIGN_FILE_KEY") ?? null
  }),
  checkFlags: [
    option("--file", "File whose metadata a plan-token check reads ($DESIGN_FILE_KEY)", { valueName: "KEY" })
  ],
  check: (client, options, env) =>
    Effect.gen(function*() {
      // The two operations a check uses, from their group modules (loaded only here).
      if (client.settings.authMode === "plan") {
        const key = flagOrEnv(options, "--file", env, "DESIGN_FILE_KEY")
        if (key === undefined) {
          return yield* Effect.fail(
            invalidInput(
              "A plan-token check reads a file's metadata: pass --file KEY or set DESIGN_FILE_KEY.",
              "file_key"
            )
          )
        }
        const { fileMeta } = yield* Effect.promise(() => import("../groups/files.js"))
        const { file } = yield* fileMeta.run(client, { file_key: key }, undefined)
        return `ok: file ${key} (${file.name}) is readable`
      }
      const { userMe } = yield* Effect.promise(() => import("../groups/users.js"))
      const me = yield* userMe.run(client, {}, undefined)
      return `ok: signed in as ${me.handle}${me.email === undefined ? "" : ` <${me.email}>`}`
    }),
  sandbox: sandboxLeaf("design", "design-service", {
    prefix: "DESIGN",
    of: (info: { base_url: string; tokens: { personal: string }; team_id: string }) => ({
      DESIGN_BASE_URL: info.base_url,
      DESIGN_ACCESS_TOKEN: info.tokens.personal,
      DESIGN_TEAM_ID: info.team_id
    })
  }, () => import("./sandbox.js"))
}

export const designProgram = serviceProgram(designCli)
