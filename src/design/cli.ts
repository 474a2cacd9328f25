/**
 * The `design` command line: one leaf command per registry operation (derived,
 * see core/derive-cli.ts) plus `auth status`, `sandbox` and `mcp`. Shared
 * options sit on every leaf, so they may come before or after its arguments.
 */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type * as Redacted from "effect/Redacted"
import { writeErr, writeOut, stdoutColor } from "../core/cli-runtime.js"
import { groupByNamespace, operationCommand } from "../core/derive-cli.js"
import { usage, type WrapperError } from "../core/errors.js"
import { decodeInput } from "../core/input.js"
import type { Operation } from "../core/operation.js"
import { type OutputFormat, render } from "../core/output.js"
import { VERSION } from "../version.js"
import { authStatus } from "./auth-status.js"
import { type DesignEnv, designEnvFromConfig } from "./layers.js"
import { designNamespaces, designOperationList } from "./operations.js"
import { AUTH_MODES, type DesignFlags, PLANS, SEATS } from "./settings.js"

const optionalText = (name: string, description: string) => Options.optional(Options.text(name)).pipe(Options.withDescription(description))

const sharedOptions = {
  token: Options.optional(Options.redacted("token")).pipe(Options.withDescription("Access token (default: $DESIGN_ACCESS_TOKEN)")),
  authMode: Options.optional(Options.choice("auth-mode", AUTH_MODES)).pipe(
    Options.withDescription("Token kind: personal and plan send X-Design-Token, oauth sends Bearer (default: $DESIGN_AUTH_MODE or personal)")
  ),
  team: optionalText("team", "Default team id (default: $DESIGN_TEAM_ID)"),
  baseUrl: optionalText("base-url", "API base URL, https only except loopback (default: $DESIGN_BASE_URL)"),
  gov: Options.boolean("gov").pipe(Options.withDescription("Use the government edition ($DESIGN_EDITION=gov, $DESIGN_GOV_BASE_URL)")),
  seat: Options.optional(Options.choice("seat", SEATS)).pipe(Options.withDescription("Your seat, for pacing (default: $DESIGN_SEAT)")),
  plan: Options.optional(Options.choice("plan", PLANS)).pipe(Options.withDescription("Your plan, for pacing (default: $DESIGN_PLAN)")),
  maxWait: optionalText("max-wait", "Longest Retry-After to wait out, in seconds (default: $DESIGN_MAX_WAIT or 60)"),
  json: Options.boolean("json").pipe(Options.withDescription("Print JSON")),
  toon: Options.boolean("toon").pipe(Options.withDescription("Print TOON (compact, for agents)")),
  full: Options.boolean("full").pipe(Options.withDescription("Do not truncate long text"))
}

type Shared = {
  readonly [K in keyof typeof sharedOptions]: (typeof sharedOptions)[K] extends Options.Options<infer A> ? A : never
}

const FLAG_OF: Record<keyof Shared, string> = {
  token: "--token",
  authMode: "--auth-mode",
  team: "--team",
  baseUrl: "--base-url",
  gov: "--gov",
  seat: "--seat",
  plan: "--plan",
  maxWait: "--max-wait",
  json: "--json",
  toon: "--toon",
  full: "--full"
}

/** The shared options, less any whose flag the command's own input claims (webhook list --plan). */
const sharedFor = (claimed: ReadonlySet<string>): Options.Options<Partial<Shared>> =>
  Options.all(
    Object.fromEntries(Object.entries(sharedOptions).filter(([key]) => !claimed.has(FLAG_OF[key as keyof Shared])))
  ) as unknown as Options.Options<Partial<Shared>>

const some = <A>(o: Option.Option<A> | undefined) => (o === undefined ? undefined : Option.getOrUndefined(o))

export const flagsOf = (shared: Partial<Shared>): DesignFlags => ({
  token: some(shared.token) as Redacted.Redacted<string> | undefined,
  authMode: some(shared.authMode),
  team: some(shared.team),
  baseUrl: some(shared.baseUrl),
  gov: shared.gov,
  seat: some(shared.seat),
  plan: some(shared.plan),
  maxWait: some(shared.maxWait)
})

const formatOf = (shared: Partial<Shared>) =>
  shared.json === true && shared.toon === true
    ? Effect.fail(usage("--json and --toon are mutually exclusive."))
    : Effect.succeed<OutputFormat>(shared.json === true ? "json" : shared.toon === true ? "toon" : "text")

/** Runs one operation from parsed flags: settings, input, call, output. */
const runOperation = (op: Operation, shared: Partial<Shared>, raw: Record<string, unknown>) =>
  Effect.gen(function*() {
    const format = yield* formatOf(shared)
    const input = yield* decodeInput(op, raw, "cli", "design")
    if (op.deprecated !== undefined) yield* writeErr(`Warning: \`${op.command.join(" ")}\` is deprecated: ${op.deprecated}.`)
    const output = yield* (op.run(input) as Effect.Effect<unknown, WrapperError, DesignEnv>).pipe(
      Effect.provide(designEnvFromConfig(flagsOf(shared)))
    )
    yield* writeOut(render(op.text, output, { format, full: shared.full === true, color: stdoutColor() }))
    const notice = format === "text" && op.text.kind === "table" ? op.text.notice?.(output) : undefined
    if (notice !== undefined) yield* writeErr(notice)
  })

const env = process.env

const operationCommands = groupByNamespace(
  designOperationList.map((op) => [op, operationCommand(op, sharedFor, runOperation, env)] as const),
  designNamespaces
)

const authStatusCommand = Command.make("status", {
  shared: sharedFor(new Set()),
  check: Options.boolean("check").pipe(Options.withDescription("Also make one request to prove the token works")),
  file: optionalText("file", "File key for the plan-token check (default: $DESIGN_FILE_KEY)")
}, ({ check, file, shared }) =>
  Effect.gen(function*() {
    const format = yield* formatOf(shared)
    const flags = { ...flagsOf(shared), file: Option.getOrUndefined(file) }
    const status = yield* authStatus(flags, check)
    yield* writeOut(render({ kind: "record" }, status, { format, full: true, color: stdoutColor() }))
  })).pipe(Command.withDescription("Which credential is in use and where it came from (token masked); --check tests it."))

const authCommand = Command.make("auth").pipe(
  Command.withDescription("Credentials"),
  Command.withSubcommands([authStatusCommand])
)

const sandboxCommand = Command.make("sandbox", {
  port: Options.integer("port").pipe(Options.withDefault(0), Options.withDescription("Port on 127.0.0.1 (0: any free port)"))
}, ({ port }) => Effect.flatMap(Effect.promise(() => import("./sandbox.js")), (m) => m.runSandbox(port))).pipe(
  Command.withDescription("Serve the built-in design-service simulator on loopback; prints one JSON line with its URL and tokens.")
)

const mcpCommand = Command.make("mcp", { shared: sharedFor(new Set()) }, ({ shared }) =>
  Effect.flatMap(Effect.promise(() => import("./mcp.js")), (m) => m.runMcpServer(flagsOf(shared)))).pipe(
    Command.withDescription("Serve the design tools over stdio (Model Context Protocol).")
  )

export const designCommand = Command.make("design").pipe(
  Command.withDescription("Script the design-file service: webhooks, users and more."),
  Command.withSubcommands([authCommand, ...operationCommands, sandboxCommand, mcpCommand])
)

export const designCli = { name: "design", version: VERSION } as const
