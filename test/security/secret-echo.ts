/**
 * The secrets matrix: a service that echoes every secret the process knows
 * (in its error body and in a response header), against each credential
 * variant, error path and output format, through the command line run
 * in-process and through the tool server under the official MCP client. A
 * cell is one secret of one run: it passes when the secret, raw or
 * URL-encoded, is nowhere in what the program printed (stdout, stderr, the
 * tool result and the tool server's stderr).
 *
 * The secrets are everything a run is configured with, used or not: the token
 * in use, tokens it shadows, the app's client secret in each variable and in
 * settings.json, the rate store's password, a webhook's passcode, and a
 * stored sign-in's refresh token and client secret.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { control, describeRun, runInProcess, type RunResult, type SandboxChild, spawnSandbox } from "../e2e/helpers.js"
import { inProcessServer } from "../mcp/in-process-transport.js"
import { type Cell, cellName, covering, freshSecret } from "./cells.js"

export const FORMATS = ["text", "json", "toon", "debug", "tool"] as const
export const PATHS = ["400", "401", "403", "404", "429", "500"] as const
export const VARIANTS = ["env-token", "flag-token", "stored-oauth"] as const
export const COMMANDS = ["read", "write"] as const

const dimensions = { variant: VARIANTS, command: COMMANDS, path: PATHS, format: FORMATS }
type Run = Cell<typeof dimensions>

/** A command of the matrix: its words, its tool, and the request it makes. */
interface Command {
  readonly args: ReadonlyArray<string>
  readonly tool: string
  readonly toolArgs: (secrets: Secrets) => Record<string, unknown>
  readonly method: "GET" | "POST"
  readonly path: string
}

export interface EchoService {
  readonly name: "design" | "taskmgr"
  readonly bin: string
  /** The sandbox's API root (faults and the request log) and the variables that point a run at it. */
  readonly sandboxEnv: (info: never) => Record<string, string>
  readonly controlUrl: (info: never) => string
  readonly apiPrefix: string
  /** Token variables in order of precedence. */
  readonly tokenVariables: ReadonlyArray<string>
  readonly clientSecretVariables: ReadonlyArray<string>
  readonly prefix: string
  readonly authMode?: Record<string, string>
  readonly read: Command
  readonly write: Command
  /** The service's error body carrying a message. */
  readonly errorBody: (status: number, message: string) => unknown
  /** A stored sign-in for the sandbox. */
  readonly credential: (info: never, secrets: Secrets) => Record<string, unknown>
}

type Secrets = Record<string, string>

/** The secrets a run is configured with, by name: its cells. */
const labelsOf = (service: EchoService, run: Run): Array<string> => [
  "token",
  ...(run.variant === "flag-token" || (run.variant === "env-token" && service.tokenVariables.length > 1)
    ? ["shadowed-token"]
    : []),
  ...(run.variant === "stored-oauth" ? ["refresh-token", "stored-client-secret"] : []),
  ...service.clientSecretVariables.map((_, i) => `client-secret-env${i === 0 ? "" : i + 1}`),
  "client-secret-settings",
  "store-password",
  ...(run.command === "write" && service.name === "design" ? ["passcode"] : [])
]

/** What one run is configured with, by variant and command; every value fresh. */
const configure = (service: EchoService, run: Run, info: never) => {
  const secrets: Secrets = Object.fromEntries(labelsOf(service, run).map((label) => [label, freshSecret(label)]))
  const env: Record<string, string> = { ...service.sandboxEnv(info) }
  for (const name of service.tokenVariables) delete env[name]
  const shared: Array<string> = []
  const dir = mkdtempSync(join(tmpdir(), "secret-echo-"))
  env[`${service.prefix}_CONFIG_DIR`] = dir
  if (run.variant === "env-token") {
    env[service.tokenVariables[0]!] = secrets.token!
    // A token variable the first one shadows: configured, never sent.
    if (service.tokenVariables[1] !== undefined) env[service.tokenVariables[1]] = secrets["shadowed-token"]!
  } else if (run.variant === "flag-token") {
    shared.push("--token", secrets.token!)
    env[service.tokenVariables[0]!] = secrets["shadowed-token"]!
  } else {
    const path = join(dir, "credentials.json")
    writeFileSync(path, JSON.stringify(service.credential(info, secrets)))
    chmodSync(path, 0o600)
    Object.assign(env, service.authMode ?? {})
  }
  service.clientSecretVariables.forEach((name, i) => (env[name] = secrets[`client-secret-env${i === 0 ? "" : i + 1}`]!))
  const settings = join(dir, "settings.json")
  writeFileSync(
    settings,
    JSON.stringify({ client_id: "1200000000000999", client_secret: secrets["client-secret-settings"] })
  )
  chmodSync(settings, 0o600)
  // A password with a `/`, written encoded in the URL: the echo gives the form the store was sent.
  secrets["store-password"] = `${secrets["store-password"]}/x`
  env[`${service.prefix}_RATE_STORE`] = `redis://:${encodeURIComponent(secrets["store-password"])}@127.0.0.1:1/0`
  if (run.format === "debug") env[`${service.prefix}_DEBUG`] = "api"
  return { secrets, env, shared }
}

/** What a run printed, everywhere it printed. */
interface Printed {
  readonly all: string
  readonly detail: string
  /** The fault's answer was shown at all (something was masked where it stood). */
  readonly masked: boolean
}

const runCli = async (service: EchoService, run: Run, command: Command, setup: ReturnType<typeof configure>) => {
  const format = run.format === "json" ? ["--json"] : run.format === "toon" ? ["--toon"] : []
  const extra = run.command === "write" && service.name === "design" ? ["--passcode-env", "HOOK"] : []
  const env = { ...setup.env, ...(setup.secrets.passcode === undefined ? {} : { HOOK: setup.secrets.passcode }) }
  const r: RunResult = await runInProcess([...setup.shared, ...command.args, ...extra, ...format], {
    bin: service.bin,
    env
  })
  return { all: r.stdout + r.stderr, detail: describeRun(r), masked: (r.stdout + r.stderr).includes("***") }
}

const runTool = async (service: EchoService, command: Command, setup: ReturnType<typeof configure>) => {
  // Every toolset: the default ones lack some of the commands (taskmgr_user_me), which then echo nothing.
  const server = inProcessServer(service.name, [...setup.shared, "--toolsets", "all"], setup.env)
  const client = new Client({ name: "secret-echo", version: "0.0.0" })
  await client.connect(server.transport)
  try {
    const result = await client.callTool({ name: command.tool, arguments: command.toolArgs(setup.secrets) })
    const wire = JSON.stringify(result)
    const all = `${wire}\n${server.stderr()}`
    return { all, detail: all, masked: wire.includes("***") }
  } finally {
    await client.close()
  }
}

/**
 * The secrets matrix over the services given (each against its own sandbox):
 * a covering sample of runs, every run with SECURITY_CELLS=full; each secret
 * of a run is a cell.
 */
export const secretMatrix = (services: ReadonlyArray<EchoService>) => {
  const sandboxes = new Map<string, SandboxChild<unknown>>()
  beforeAll(async () => {
    const started = await Promise.all(services.map((s) => spawnSandbox<unknown>(s.bin, s.name)))
    services.forEach((s, i) => sandboxes.set(s.name, started[i]!))
  }, 60_000)
  afterAll(async () => {
    await Promise.all([...sandboxes.values()].map((s) => s.stop()))
  })

  const dims = { service: services.map((s) => s.name), ...dimensions }
  // A read is retried after a 5xx (with backoff, seconds): its 500 path is the write's alone.
  const runs = covering(dims, (r) => !(r.command === "read" && r.path === "500"))
  for (const run of runs) {
    const service = services.find((s) => s.name === run.service)!
    const command = service[run.command]
    // One run answers every secret cell of it.
    let printed: Promise<{ readonly printed: Printed; readonly secrets: Secrets }> | undefined
    const once = () => (printed ??= echoed(service, run, command))
    for (const label of labelsOf(service, run)) {
      it(cellName({ ...run, secret: label }), async () => {
        const { printed, secrets } = await once()
        const value = secrets[label]!
        const found = [value, encodeURIComponent(value)].some((form) => printed.all.includes(form))
        expect(found, `${label} leaked:\n${printed.detail}`).toBe(false)
        // The service's echo reached the output and was masked there: the cell tested something.
        if (run.path !== "401" && run.format !== "debug") expect(printed.masked, printed.detail).toBe(true)
      })
    }
  }

  async function echoed(service: EchoService, run: Run, command: Command) {
    const info = sandboxes.get(service.name)!.info as never
    const setup = configure(service, run, info)
    await control(service.controlUrl(info), "POST", "/_sandbox/reset")
    const echo = Object.entries(setup.secrets).map(([label, value]) => `${label}=${value}`).join(" ")
    const status = Number(run.path)
    await control(service.controlUrl(info), "POST", "/_sandbox/faults", {
      method: command.method,
      path: `${service.apiPrefix}${command.path}`,
      status,
      headers: {
        "x-echo": echo,
        ...(status === 429 ? { "retry-after": "3600", "x-design-upgrade-link": `https://up.example/?${echo}` } : {})
      },
      body: service.errorBody(status, `echo ${echo}`),
      times: 4
    })
    const printed: Printed = run.format === "tool"
      ? await runTool(service, command, setup)
      : await runCli(service, run, command, setup)
    return { printed, secrets: setup.secrets }
  }
}
