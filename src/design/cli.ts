/**
 * The `design` command line: one leaf command per registry operation (derived,
 * see core/derive-cli.ts) plus `auth status`, `sandbox` and `mcp`. Shared
 * options belong to the root command and may be typed anywhere (core/argv.ts).
 */
import * as Command from "@effect/cli/Command"
import * as Options from "@effect/cli/Options"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { writeErr, writeOut, stdoutColor } from "../core/cli-runtime.js"
import { type FlagTable, hoistSharedOptions } from "../core/argv.js"
import { flagTable, groupByNamespace, operationCommand } from "../core/derive-cli.js"
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

/** Options every command shares; they may be given anywhere on the line (core/argv.ts). */
const sharedOptions = {
  token: Options.optional(Options.redacted("token")).pipe(Options.withDescription("Access token (default: $DESIGN_ACCESS_TOKEN)")),
  authMode: Options.optional(Options.choice("auth-mode", AUTH_MODES)).pipe(
    Options.withDescription("Token kind: personal and plan send X-Design-Token, oauth sends Bearer (default: $DESIGN_AUTH_MODE or personal)")
  ),
  team: optionalText("team", "Default team id (default: $DESIGN_TEAM_ID)"),
  baseUrl: optionalText("base-url", "API base URL, https only except loopback (default: $DESIGN_BASE_URL)"),
  gov: Options.boolean("gov").pipe(Options.withDescription("Use the government edition ($DESIGN_EDITION=gov, $DESIGN_GOV_BASE_URL)")),
  seat: Options.optional(Options.choice("seat", SEATS)).pipe(Options.withDescription("Your seat, for pacing (default: $DESIGN_SEAT)")),
  plan: Options.optional(Options.choice("plan", PLANS)).pipe(
    Options.withDescription("Your plan, for pacing (default: $DESIGN_PLAN; on `webhook list`, --plan is the plan id to list)")
  ),
  maxWait: optionalText("max-wait", "Longest Retry-After to wait out, in seconds (default: $DESIGN_MAX_WAIT or 60)"),
  json: Options.boolean("json").pipe(Options.withDescription("Print JSON")),
  toon: Options.boolean("toon").pipe(Options.withDescription("Print TOON (compact, for agents)")),
  full: Options.boolean("full").pipe(Options.withDescription("Do not truncate long text"))
}

/** The same options as flags, and whether each takes a value. */
const SHARED_FLAGS: FlagTable = new Map([
  ["--token", true],
  ["--auth-mode", true],
  ["--team", true],
  ["--base-url", true],
  ["--gov", false],
  ["--seat", true],
  ["--plan", true],
  ["--max-wait", true],
  ["--json", false],
  ["--toon", false],
  ["--full", false]
])

/** The root command; its handlers' children read the shared options from it. */
const design = Command.make("design", sharedOptions)

type Shared = Command.Command.ParseConfig<typeof sharedOptions>

export const flagsOf = (shared: Shared): DesignFlags => ({
  token: Option.getOrUndefined(shared.token),
  authMode: Option.getOrUndefined(shared.authMode),
  team: Option.getOrUndefined(shared.team),
  baseUrl: Option.getOrUndefined(shared.baseUrl),
  gov: shared.gov,
  seat: Option.getOrUndefined(shared.seat),
  plan: Option.getOrUndefined(shared.plan),
  maxWait: Option.getOrUndefined(shared.maxWait)
})

const formatOf = (shared: Shared) =>
  shared.json && shared.toon
    ? Effect.fail(usage("--json and --toon are mutually exclusive."))
    : Effect.succeed<OutputFormat>(shared.json ? "json" : shared.toon ? "toon" : "text")

/** Runs one operation from parsed flags: settings, input, call, output. */
const runOperation = (op: Operation, raw: Record<string, unknown>) =>
  Effect.gen(function*() {
    const shared = yield* design
    const format = yield* formatOf(shared)
    const input = yield* decodeInput(op, raw, "cli", "design")
    if (op.deprecated !== undefined) yield* writeErr(`Warning: \`${op.command.join(" ")}\` is deprecated: ${op.deprecated}.`)
    const output = yield* (op.run(input) as Effect.Effect<unknown, WrapperError, DesignEnv>).pipe(
      Effect.provide(designEnvFromConfig(flagsOf(shared)))
    )
    yield* writeOut(render(op.text, output, { format, full: shared.full, color: stdoutColor() }))
    const notice = format === "text" && op.text.kind === "table" ? op.text.notice?.(output) : undefined
    if (notice !== undefined) yield* writeErr(notice)
  })

const operationCommands = groupByNamespace(
  designOperationList.map((op) =>
    [op, operationCommand(op, runOperation, process.env, "Shared options (--token, --json, --toon, --full, ...): `design --help`.")] as const
  ),
  designNamespaces
)

const authStatusOptions = {
  check: Options.boolean("check").pipe(Options.withDescription("Also make one request to prove the token works")),
  file: optionalText("file", "File key for the plan-token check (default: $DESIGN_FILE_KEY)")
}

const authStatusCommand = Command.make("status", authStatusOptions, ({ check, file }) =>
  Effect.gen(function*() {
    const shared = yield* design
    const format = yield* formatOf(shared)
    const status = yield* authStatus({ ...flagsOf(shared), file: Option.getOrUndefined(file) }, check)
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

const mcpCommand = Command.make("mcp", {}, () =>
  Effect.gen(function*() {
    const shared = yield* design
    const m = yield* Effect.promise(() => import("./mcp.js"))
    return yield* m.runMcpServer(flagsOf(shared))
  })).pipe(Command.withDescription("Serve the design tools over stdio (Model Context Protocol)."))

export const designCommand = design.pipe(
  Command.withDescription("Script the design-file service. Shared options may go anywhere on the command line."),
  Command.withSubcommands([authCommand, ...operationCommands, sandboxCommand, mcpCommand])
)

/** Each command's own flags, so that argv.ts leaves them where they are. */
const commandFlags = new Map<string, FlagTable>([
  ...designOperationList.map((op) => [op.command.join(" "), flagTable(op)] as const),
  ["auth status", new Map([["--check", false], ["--file", true]])],
  ["sandbox", new Map([["--port", true]])]
])

/** argv as @effect/cli expects it: shared options moved before the command words. */
export const designArgv = (argv: ReadonlyArray<string>) => [
  ...argv.slice(0, 2),
  ...hoistSharedOptions(argv.slice(2), SHARED_FLAGS, (path) => commandFlags.get(path.join(" ")))
]

export const designCli = { name: "design", version: VERSION } as const
