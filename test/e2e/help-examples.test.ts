/**
 * Every example in every help page of both programs, run against a fresh
 * sandbox as a reader would paste it: read off the help page at 80 columns
 * (so an example wrapped inside a quoted value is caught), then run in this
 * process with the environment `sandbox --env` gives plus what an example
 * names (a sign-in app, HOOK_SECRET, the files it reads), in a scratch
 * directory that is a git repository. Each must end with the exit code it
 * states (`# exit N`), else 0.
 *
 * The sandbox is reset before each example, so each one works on its own;
 * the `auth` examples run in order without a reset (a refresh needs the
 * login before it). What only a process can show runs the built binary: a
 * sandbox that serves until Ctrl-C, and `sandbox --env`, which leaves one
 * running in the background.
 */
import { execFileSync, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { programTree } from "../../src/core/cli/runtime.js"
import type { CommandSpec } from "../../src/core/cli/spec.js"
import { type Example, type Invocation, readExample, shellWords } from "./example-shell.js"
import {
  baseEnv,
  control,
  describeRun,
  DESIGN_BIN,
  run,
  runInProcess,
  type RunResult,
  type SandboxChild,
  type SandboxInfo,
  spawnSandbox,
  TASKMGR_BIN
} from "./helpers.js"
import { programNamed } from "./in-process.js"
import type { TaskmgrSandboxInfo } from "./taskmgr-sandbox.js"

const scratch = mkdtempSync(join(tmpdir(), "help-examples-"))
const HOME = join(scratch, "home")
const WORK = join(scratch, "work")

/** A browser that approves: it follows the authorize page's redirect to the loopback listener. */
const BROWSER_SCRIPT = join(scratch, "browser.mjs")

/** The files the examples name, as a reader would have them. */
const fixtures = () => {
  mkdirSync(join(HOME, ".config/fish/completions"), { recursive: true })
  mkdirSync(join(WORK, "src"), { recursive: true })
  writeFileSync(
    BROWSER_SCRIPT,
    `const r = await fetch(process.argv[2], { redirect: "manual" })\nawait fetch(r.headers.get("location"))\n`
  )
  writeFileSync(join(WORK, "src/app.ts"), "// TODO: handle the empty list\nexport const app = 1\n")
  writeFileSync(join(WORK, "report.pdf"), "%PDF-1.4\n% a small report\n")
  writeFileSync(
    join(WORK, "variables.json"),
    JSON.stringify({
      variableCollections: [{ action: "CREATE", id: "new_collection", name: "Brand", initialModeId: "m1" }],
      variables: [{
        action: "CREATE",
        id: "new_var",
        name: "brand/primary",
        variableCollectionId: "new_collection",
        resolvedType: "COLOR"
      }]
    })
  )
  writeFileSync(
    join(WORK, "links.json"),
    JSON.stringify({
      dev_resources: [{
        name: "Storybook",
        url: "https://storybook.example.com/card",
        file_key: "SbxF1leKey0000Enterpr03",
        node_id: "1:2"
      }]
    })
  )
  writeFileSync(
    join(WORK, "link-changes.json"),
    JSON.stringify({ dev_resources: [{ id: "3100000000000000001", name: "Storybook: Button" }] })
  )
  execFileSync("git", ["init", "-q", WORK])
}

interface ProgramUnderTest {
  readonly name: "design" | "taskmgr"
  readonly bin: string
  /** The environment `sandbox --env` gives, and what the examples ask the reader to set. */
  readonly env: () => Record<string, string>
  /**
   * A command whose help says it needs another kind of token (a plan token, an
   * organisation's OAuth token) or another account: the sandbox's token of
   * that kind, by command words ("activity-log list", or a group: "variable").
   */
  readonly credentials?: (() => Readonly<Record<string, Record<string, string>>>) | undefined
  /**
   * What an example needs that a fresh sandbox has not, by command words: the
   * command lines a reader runs first (the webhook a `webhook get` reads).
   */
  readonly given?: Readonly<Record<string, ReadonlyArray<string>>> | undefined
  readonly reset: () => Promise<void>
}

/** The entry of a table keyed by command words that applies to a command: its own, else its group's. */
const byCommand = <A>(table: Readonly<Record<string, A>> | undefined, argv: ReadonlyArray<string>): A | undefined => {
  for (let n = Math.min(argv.length, 3); n > 0; n--) {
    const entry = table?.[argv.slice(0, n).join(" ")]
    if (entry !== undefined) return entry
  }
  return undefined
}

/** Each command's examples, as the tree declares them, and the help page that shows them. */
const examplesOf = (root: CommandSpec): Array<{ readonly path: ReadonlyArray<string>; readonly example: string }> => {
  const out: Array<{ path: ReadonlyArray<string>; example: string }> = []
  const walk = (command: CommandSpec, path: ReadonlyArray<string>) => {
    for (const example of command.examples) out.push({ path, example })
    for (const sub of command.subcommands) walk(sub, [...path, sub.name])
  }
  walk(root, [])
  return out
}

/** The EXAMPLES of a help page, each with its continuation lines, as printed. */
const printedExamples = (page: string): Array<string> => {
  const section = /\nEXAMPLES\n([\s\S]*)$/.exec(page)?.[1] ?? ""
  const out: Array<string> = []
  for (const line of section.split("\n")) {
    if (line.startsWith("  $ ")) out.push(line.slice(4))
    else if (line.trim() !== "" && out.length > 0) out[out.length - 1] += `\n${line}`
  }
  return out
}

/**
 * `auth login --manual`: plays the person who opens the address, approves,
 * and pastes back the code the service shows (a page) or sends (a redirect).
 */
const pasteCode = (stderr: string): string | undefined => {
  const url = /^\s+(http\S+\?\S*code_challenge\S*)$/m.exec(stderr)?.[1]
  if (url === undefined || !/paste it here/.test(stderr)) return undefined
  const answer = execFileSync(process.execPath, [
    "--input-type=module",
    "-e",
    `const r = await fetch(${
      JSON.stringify(url)
    }, { redirect: "manual" }); process.stdout.write(r.headers.get("location") ?? await r.text())`
  ], { encoding: "utf8" })
  const code = /<pre id="code">([^<]+)<\/pre>/.exec(answer)?.[1] ??
    (URL.canParse(answer) ? new URL(answer).searchParams.get("code") : null)
  return `${code ?? ""}\n`
}

/** A built binary in the scratch directory, stopped with Ctrl-C (SIGINT) once it printed its first line. */
const serveUntilInterrupted = (bin: string, args: ReadonlyArray<string>, env: Record<string, string>) =>
  new Promise<RunResult & { readonly signal: string | null }>((done, fail) => {
    const started = Date.now()
    const child = spawn(process.execPath, [bin, ...args], { cwd: WORK, env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000)
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk
      if (stdout.includes("\n")) child.kill("SIGINT")
    })
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk))
    child.once("error", fail)
    child.once("close", (code, signal) => {
      clearTimeout(timer)
      done({ code, signal, stdout, stderr, ms: Date.now() - started })
    })
  })

/**
 * The task manager's URL examples are the service's own web addresses
 * (https://app.example.com/...), which the command line takes only from its
 * app host; the sandbox's are on its own loopback address, which
 * `sandbox --env` names as the app host. Those examples run with the public
 * app host named instead: the sandbox standing in for the service, as the
 * design sandbox does for https://www.design.example.
 */
const PUBLIC_APP_URL = "https://app.example.com"
const publicAppHost = (program: ProgramUnderTest, argv: ReadonlyArray<string>) =>
  program.name === "taskmgr" && argv.some((word) => word.startsWith(`${PUBLIC_APP_URL}/`))
    ? { TASKMGR_APP_URL: PUBLIC_APP_URL }
    : {}

/**
 * A command that reads or writes files by relative path, or the repository it
 * runs in, needs the scratch directory as its working directory, which only a
 * process of its own can have (a worker thread cannot change directory).
 */
const readsWorkingDirectory = (argv: ReadonlyArray<string>): boolean =>
  argv[0] === "repo" || (argv[0] === "task" && argv[1] === "scan-todos") ||
  argv.some((word, i) => ["--out", "--file", "--body-file"].includes(word) && argv[i + 1] !== "-")

/**
 * The two programs' examples run side by side; those that listen on a fixed
 * port (`sandbox --port 4010`, `auth login --port 8085`) one at a time.
 */
let portInUse: Promise<unknown> = Promise.resolve()
const onePortAtATime = <A>(argv: ReadonlyArray<string>, run: () => Promise<A>): Promise<A> => {
  if (!argv.includes("--port")) return run()
  const result = portInUse.then(run)
  portInUse = result.catch(() => undefined)
  return result
}

/** Runs one invocation of the program and says what it did; other commands (cat, curl, eval) are the shell's. */
const runInvocation = (
  program: ProgramUnderTest,
  invocation: Invocation,
  example: Example
): Promise<RunResult | undefined> => onePortAtATime(invocation.words, () => runOne(program, invocation, example))

const runOne = async (
  program: ProgramUnderTest,
  invocation: Invocation,
  example: Example
): Promise<RunResult | undefined> => {
  const [name, ...argv] = invocation.words
  if (name !== program.name) return undefined
  for (const [variable, value] of Object.entries(invocation.assignments)) {
    // `NAME=...` asks the reader for their own value: the environment has one.
    if (value === "...") expect(program.env()[variable], `${example.text}: ${variable}`).toBeDefined()
  }
  const given = Object.fromEntries(Object.entries(invocation.assignments).filter(([, v]) => v !== "..."))
  const env = {
    ...baseEnv(),
    HOME,
    ...program.env(),
    ...byCommand(program.credentials?.(), argv),
    ...publicAppHost(program, argv),
    ...given
  }
  if (argv[0] === "sandbox") {
    if (!argv.includes("--env")) {
      const r = await serveUntilInterrupted(program.bin, argv, env)
      expect(JSON.parse(r.stdout.split("\n")[0]!), describeRun(r)).toMatchObject({ base_url: expect.any(String) })
      return r
    }
    const r = await run(argv, { bin: program.bin, env })
    const pid = /_SANDBOX_PID=(\d+)/.exec(r.stdout)?.[1]
    if (pid !== undefined) process.kill(Number(pid))
    return r
  }
  if (readsWorkingDirectory(argv)) return run(argv, { bin: program.bin, env, cwd: WORK, timeoutMs: 20_000 })
  const stdin = invocation.stdinFrom === undefined
    ? undefined
    : readFileSync(resolve(WORK, invocation.stdinFrom), "utf8")
  const r = await runInProcess(argv, {
    bin: program.bin,
    env,
    stdin,
    ...(argv.includes("--manual") ? { answer: pasteCode } : {}),
    interruptAfterMs: 1_000
  })
  if (invocation.stdoutTo !== undefined) writeFileSync(resolve(WORK, invocation.stdoutTo), r.stdout)
  return r
}

const runExample = async (program: ProgramUnderTest, example: Example) => {
  const results: Array<RunResult> = []
  const words = example.invocations.find((i) => i.words[0] === program.name)?.words.slice(1) ?? []
  for (const line of byCommand(program.given, words) ?? []) {
    for (const invocation of readExample(line, HOME).invocations) {
      const r = await runInvocation(program, invocation, example)
      if (r !== undefined) expect(r.code, `given ${line}\n${describeRun(r)}`).toBe(0)
    }
  }
  for (const invocation of example.invocations) {
    const r = await runInvocation(program, invocation, example)
    if (r !== undefined) results.push(r)
  }
  expect(results.length, `${example.text}: runs no ${program.name} command`).toBeGreaterThan(0)
  // Substitutions (an inner command) exit 0; the example's own command exits as stated.
  const last = results.at(-1)!
  for (const r of results.slice(0, -1)) expect(r.code, `${example.text}\n${describeRun(r)}`).toBe(0)
  return last
}

/** That each example reads on its help page (80 columns) as the words it was written with, wrapped or not. */
const readsAsWritten = async (program: ProgramUnderTest) => {
  const byPath = new Map<string, Array<string>>()
  for (const { path, example } of examplesOf(await treeOf(program))) {
    byPath.set(path.join(" "), [...(byPath.get(path.join(" ")) ?? []), example])
  }
  for (const [path, written] of byPath) {
    const r = await runInProcess([...path.split(" ").filter((w) => w !== ""), "--help"], {
      bin: program.bin,
      env: { COLUMNS: "80" }
    })
    const printed = printedExamples(r.stdout)
    expect(printed.length, `${program.name} ${path} --help`).toBe(written.length)
    printed.forEach((text, i) => expect(shellWords(text), text).toEqual(shellWords(written[i]!)))
  }
}

/** Runs every example once (the root's repeat a command's), each on a fresh sandbox; the failures are listed together. */
const runsAsStated = async (program: ProgramUnderTest) => {
  const failures: Array<string> = []
  const texts = [...new Set(examplesOf(await treeOf(program)).map((e) => e.example))]
  for (const text of texts) {
    await program.reset()
    const example = readExample(text, HOME)
    try {
      const r = await runExample(program, example)
      if (r.code !== example.exit) failures.push(`${text}\n  expected exit ${example.exit}; ${describeRun(r)}`)
    } catch (e) {
      failures.push(`${text}\n  ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  expect(texts.length).toBeGreaterThan(50)
  expect(failures, `${failures.length} of ${texts.length} examples failed:\n\n${failures.join("\n\n")}`).toEqual([])
}

/**
 * Commands that print no JSON by design: a shell script (completion), a
 * protocol server (mcp), a sandbox's own line, a follow (a JSON line an
 * item), and a token printed bare for a shell (auth token --raw).
 */
const NOT_JSON = /\b(design|taskmgr) (completion|mcp|sandbox)\b|--follow|--raw|--toon/

/** The example with --json on its own command (the last invocation of the program), as a script would run it. */
const withJson = (program: ProgramUnderTest, example: Example): Example => {
  const last = example.invocations.map((i) => i.words[0]).lastIndexOf(program.name)
  return {
    ...example,
    invocations: example.invocations.map((i, n) =>
      n === last && !i.words.includes("--json") ? { ...i, words: [...i.words, "--json"] } : i
    )
  }
}

/**
 * Every example that prints data, run with --json: the exit code it states,
 * and on stdout exactly one JSON document (a failure's, such as a job's, too),
 * or nothing when the command failed with nothing to report but the error.
 */
const oneJsonDocument = async (program: ProgramUnderTest) => {
  const failures: Array<string> = []
  const texts = [...new Set(examplesOf(await treeOf(program)).map((e) => e.example))].filter((t) => !NOT_JSON.test(t))
  for (const text of texts) {
    await program.reset()
    const example = withJson(program, readExample(text, HOME))
    try {
      const r = await runExample(program, example)
      const out = r.stdout.trim()
      if (r.code !== example.exit) failures.push(`${text} --json\n  expected exit ${example.exit}; ${describeRun(r)}`)
      else if (out === "" ? r.code === 0 && !example.invocations.at(-1)!.stdoutTo : !parses(out)) {
        failures.push(`${text} --json\n  not one JSON document; ${describeRun(r)}`)
      }
    } catch (e) {
      failures.push(`${text} --json\n  ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  expect(texts.length).toBeGreaterThan(50)
  expect(failures, `${failures.length} of ${texts.length} examples failed:\n\n${failures.join("\n\n")}`).toEqual([])
}

const parses = (text: string) => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

const treeOf = async (program: ProgramUnderTest) => programTree(await programNamed(program.bin))

let design: SandboxChild<SandboxInfo & { readonly oauth_client: { id: string; secret: string } }>
let taskmgr: SandboxChild<TaskmgrSandboxInfo>

beforeAll(async () => {
  fixtures()
  ;[design, taskmgr] = await Promise.all([
    spawnSandbox<SandboxInfo & { readonly oauth_client: { id: string; secret: string } }>(DESIGN_BIN, "design"),
    spawnSandbox<TaskmgrSandboxInfo>(TASKMGR_BIN, "taskmgr")
  ])
})

afterAll(async () => {
  await Promise.all([design?.stop(), taskmgr?.stop()])
})

const signIn = { BROWSER: `node ${BROWSER_SCRIPT}` }

/** The webhook a fresh sandbox's first create makes: id 1. */
const WEBHOOK =
  "design webhook create --event FILE_UPDATE --context team --endpoint https://hooks.example.com/design --passcode-env HOOK_SECRET"

const designUnderTest: ProgramUnderTest = {
  name: "design",
  bin: DESIGN_BIN,
  env: () => ({
    DESIGN_BASE_URL: design.info.base_url,
    DESIGN_ACCESS_TOKEN: design.info.tokens.personal,
    DESIGN_TEAM_ID: design.info.team_id,
    DESIGN_CONFIG_DIR: join(scratch, "design-config"),
    DESIGN_CLIENT_ID: design.info.oauth_client.id,
    DESIGN_CLIENT_SECRET: design.info.oauth_client.secret,
    HOOK_SECRET: "a-passcode-for-the-hook",
    ...signIn
  }),
  credentials: () => {
    const enterprise = (design.info as unknown as { enterprise: { tokens: Record<string, string> } }).enterprise.tokens
    const admin = { DESIGN_ACCESS_TOKEN: enterprise.personal! }
    const orgOAuth = { DESIGN_ACCESS_TOKEN: enterprise.oauth_org!, DESIGN_AUTH_MODE: "oauth" }
    const orgPlan = { DESIGN_ACCESS_TOKEN: enterprise.plan!, DESIGN_AUTH_MODE: "plan" }
    return {
      variable: admin,
      "dev-resource": admin,
      analytics: admin,
      "activity-log": orgOAuth,
      discovery: orgOAuth,
      "developer-log": orgPlan,
      "ai-usage": orgPlan
    }
  },
  given: {
    "auth token": ["design auth login"],
    "auth refresh": ["design auth login"],
    "auth logout": ["design auth login"],
    "webhook get": [WEBHOOK],
    "webhook update": [WEBHOOK],
    "webhook delete": [WEBHOOK],
    "webhook requests": [WEBHOOK]
  },
  reset: async () => void await control(design.info.base_url, "POST", "/_sandbox/reset")
}

const taskmgrUnderTest: ProgramUnderTest = {
  name: "taskmgr",
  bin: TASKMGR_BIN,
  env: () => ({
    TASKMGR_BASE_URL: taskmgr.info.base_url,
    TASKMGR_APP_URL: taskmgr.info.app_url,
    TASKMGR_ACCESS_TOKEN: taskmgr.info.tokens.personal,
    TASKMGR_WORKSPACE: taskmgr.info.workspace_gid,
    TASKMGR_CONFIG_DIR: join(scratch, "taskmgr-config"),
    TASKMGR_API_CLIENT_ID: taskmgr.info.client.id,
    TASKMGR_API_CLIENT_SECRET: taskmgr.info.client.secret,
    ...signIn
  }),
  given: {
    "auth token": ["taskmgr auth login"],
    "auth refresh": ["taskmgr auth login"],
    "auth logout": ["taskmgr auth login"],
    // Sections must be empty to be deleted: the seed's last one is emptied first.
    "section delete": ["taskmgr task delete 1200000000000605"],
    "job get": ["taskmgr project-template instantiate 1200000000030102 --name 'Onboarding: Ana' --no-wait"],
    "repo show": ["taskmgr repo init --project 1200000000000301"],
    "repo add": ["taskmgr repo init --workspace-gid 1200000000000101"],
    "repo remove": ["taskmgr repo init --project 1200000000000301"]
  },
  reset: async () => {
    await control(taskmgr.info.app_url, "POST", "/_sandbox/reset")
    rmSync(join(WORK, ".taskmgr.json"), { force: true })
  }
}

describe("every help example of both programs", () => {
  for (const program of [designUnderTest, taskmgrUnderTest]) {
    it(`${program.name}: reads on its help page as the words it was written with`, () => readsAsWritten(program))
  }
  // The two programs' examples run side by side, each against its own sandbox; as written, then with --json.
  for (const program of [designUnderTest, taskmgrUnderTest]) {
    it.concurrent(
      `${program.name}: runs against a fresh sandbox with the exit code it states, and with --json prints one JSON document`,
      async () => {
        await runsAsStated(program)
        await oneJsonDocument(program)
      },
      480_000
    )
  }
})
