/**
 * Hostile repositories: what a cloned repository supplies, read by the scan
 * and by the registry.
 * - The scan (`task scan-todos`, `taskmgr_task_scan_todos`, the library's
 *   `taskScanTodos`) over trees made to hang or mislead it: an ignore rule
 *   made to backtrack, a comment with a 100,000-space run, rules git cannot
 *   use, a line break in a file name, a FIFO, links to /dev/zero and out of
 *   the tree, files and directories it cannot read. Each cell answers within
 *   the budget, finds what git would (nothing outside the tree), names what it
 *   skipped, keeps markers that survive the name, and exits 9 when partial.
 *   Scanned as a plain directory or as a subdirectory of a repository whose
 *   root holds the rules.
 * - The registry (`.taskmgr.json`) a repository ships: a FIFO, a link to
 *   /dev/zero, 100,000-deep JSON, a file past 10 MB, a JSON fault beside a
 *   secret, a file of another user. Each is refused at once naming the file
 *   (exit 2, nothing sent), or ignored with a note when not ours, by the
 *   library, the command line and the tool server's start.
 * Unreadable entries need a user permissions stop: as root, the built binary
 * runs them as nobody (the `binary` surface), as scan-todos-partial-cli does.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { Effect, Option } from "effect"
import { execFileSync } from "node:child_process"
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { afterAll, beforeAll, expect, it } from "vitest"
import { PARTIAL_EXIT_CODE } from "../../src/core/exit-codes.js"
import { HttpObserver } from "../../src/core/http/observe.js"
import { loadRepo } from "../../src/taskmgr/local/repo-file.js"
import { asRoot, baseEnv, describeRun, NOBODY, run, runInProcess, type RunResult, TASKMGR_BIN } from "../e2e/helpers.js"
import { inProcessServer } from "../mcp/in-process-transport.js"
import { api, apiLayer } from "../taskmgr/harness.js"
import { type Cell, cellName, covering, securityClass } from "./cells.js"

/** Every tree lives here: readable by nobody (the binary surface), removed afterwards. */
const ROOT = mkdtempSync(join(tmpdir(), "hostile-repos-"))
chmodSync(ROOT, 0o755)
const HOME = join(ROOT, "home")
mkdirSync(HOME, { mode: 0o777 })
chmodSync(HOME, 0o777)
/** A file out of every scanned tree that a link points at: its comment must never be read. */
const OUTSIDE = join(ROOT, "outside")
mkdirSync(OUTSIDE, { mode: 0o755 })
writeFileSync(join(OUTSIDE, "secret.ts"), "// TODO outside the tree\n", { mode: 0o644 })

/** The reproductions took 10 s to forever; each cell is well under this, on a loaded machine too. */
const BUDGET_MS = 3_000
const A60 = "a".repeat(60)
/** A token and a service that are never used: a scan sends nothing, and a refused registry neither. */
const OFFLINE = { TASKMGR_ACCESS_TOKEN: "token-never-sent", TASKMGR_BASE_URL: "https://127.0.0.1:9/api/1.0" }

let made = 0
const fresh = (label: string) => {
  const dir = join(ROOT, `${label}-${made++}`)
  mkdirSync(dir, { mode: 0o755 })
  return dir
}
const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true, mode: 0o755 })
  writeFileSync(path, text, { mode: 0o644 })
}

// ---- the scan ----------------------------------------------------------------------

interface Scanned {
  /** The exit code, or what it would be (9 when anything was skipped). */
  readonly code: number | null
  readonly drafts: ReadonlyArray<{ path: string; name: string; notes: string }>
  readonly skipped: ReadonlyArray<{ path: string; reason: string }>
  /** Everything said beside the result: notices, stderr, the tool result whole. */
  readonly said: string
  readonly ms: number
  readonly detail: string
}

interface TreeAttack {
  /** Writes the attack into `dir` (the scanned directory); rules go to `rules` (the repository's root, or dir). */
  readonly plant: (dir: string, rules: string) => void
  /** The drafts' [path, name prefix], paths from `prefix` (the scanned directory's place in the repository). */
  readonly drafts: (prefix: string) => ReadonlyArray<[string, string]>
  readonly skipped?: ReadonlyArray<string>
  readonly said?: ReadonlyArray<RegExp>
  readonly check?: (scanned: Scanned, prefix: string) => void
}

const TREE_ATTACKS: Record<string, TreeAttack> = {
  "backtracking-glob": {
    plant: (dir, rules) => {
      write(join(rules, ".gitignore"), "*a*a*a*a*a*a*a*a*a*a*a*a*b\n")
      write(join(dir, `${A60}.ts`), "// TODO kept\n")
      write(join(dir, `${A60}b`), "// TODO ignored\n")
    },
    drafts: (p) => [[`${p}${A60}.ts`, "kept"]]
  },
  "comment-space-run": {
    plant: (dir) => write(join(dir, "spaces.ts"), `// TODO x${" ".repeat(100_000)}y\n`),
    drafts: (p) => [[`${p}spaces.ts`, "x"]]
  },
  "bad-rules": {
    plant: (dir, rules) => {
      write(join(rules, ".gitignore"), "node_modules/\n[z-a].js\nsecret.js\n[unclosed\n")
      write(join(dir, "node_modules", "dep", "index.js"), "// TODO vendored\n")
      write(join(dir, "secret.js"), "// TODO secret\n")
      write(join(dir, "app.js"), "// TODO mine\n")
    },
    drafts: (p) => [[`${p}app.js`, "mine"]],
    said: [/`\[unclosed` was skipped/, /`\[z-a\]\.js`: the range z-a is reversed/]
  },
  "newline-name": {
    plant: (dir) => write(join(dir, "two\nlines.ts"), "// TODO broken name\n"),
    drafts: (p) => [[`${p}two\nlines.ts`, "broken name"]],
    check: (s, p) => expect(s.drafts[0]?.notes.split("\n")[0]).toBe(`${JSON.stringify(`${p}two\nlines.ts`)}:1`)
  },
  "fifo-file": {
    plant: (dir) => {
      execFileSync("mkfifo", [join(dir, "pipe.ts")])
      write(join(dir, "ok.ts"), "// TODO ok\n")
    },
    drafts: (p) => [[`${p}ok.ts`, "ok"]]
  },
  "link-to-dev-zero": {
    plant: (dir) => {
      symlinkSync("/dev/zero", join(dir, "zero.ts"))
      write(join(dir, "ok.ts"), "// TODO ok\n")
    },
    drafts: (p) => [[`${p}ok.ts`, "ok"]]
  },
  "links-out-of-tree": {
    plant: (dir) => {
      symlinkSync(join(OUTSIDE, "secret.ts"), join(dir, "leak.ts"))
      symlinkSync(OUTSIDE, join(dir, "vendor"))
      symlinkSync("..", join(dir, "up"))
      write(join(dir, "ok.ts"), "// TODO ok\n")
    },
    drafts: (p) => [[`${p}ok.ts`, "ok"]],
    check: (s) => expect(s.said + JSON.stringify(s.drafts)).not.toContain("outside the tree")
  },
  "unreadable-file": {
    plant: (dir) => {
      write(join(dir, "ok.ts"), "// TODO ok\n")
      write(join(dir, "secret.ts"), "// TODO not for us\n")
      lock(join(dir, "secret.ts"))
    },
    drafts: (p) => [[`${p}ok.ts`, "ok"]],
    skipped: ["secret.ts"],
    said: [/secret\.ts: cannot be read: permission denied \(EACCES\)/]
  },
  "unreadable-directory": {
    plant: (dir) => {
      write(join(dir, "ok.ts"), "// TODO ok\n")
      write(join(dir, "locked", "inner.ts"), "// TODO behind a locked door\n")
      lock(join(dir, "locked"))
    },
    drafts: (p) => [[`${p}ok.ts`, "ok"]],
    skipped: ["locked"],
    said: [/locked: cannot be read: permission denied \(EACCES\)/]
  }
}

/** Entries made unreadable, opened again before the trees are removed (a user who is not root cannot else). */
const locked: Array<string> = []
function lock(path: string) {
  chmodSync(path, 0o000)
  locked.push(path)
}

const UNREADABLE = new Set(["unreadable-file", "unreadable-directory"])

/** The library in this process, with its notices collected. */
const viaLibrary = async (dir: string): Promise<Scanned> => {
  const notices: Array<string> = []
  const started = performance.now()
  const result = await Effect.runPromise(
    Effect.flatMap(api, (a) => a.taskScanTodos({ dir })).pipe(
      Effect.provideService(HttpObserver, {
        onWait: () => Effect.void,
        onNotice: (message) => Effect.sync(() => void notices.push(message))
      }),
      Effect.provide(apiLayer()),
      Effect.timeout("20 seconds")
    )
  )
  const said = notices.join("\n")
  return {
    code: result.skipped.length > 0 ? PARTIAL_EXIT_CODE : 0,
    drafts: result.drafts,
    skipped: result.skipped,
    said,
    ms: performance.now() - started,
    detail: `${JSON.stringify(result)}\n${said}`
  }
}

const fromCli = (r: RunResult): Scanned => {
  const out = JSON.parse(r.stdout === "" ? "{}" : r.stdout) as Partial<Pick<Scanned, "drafts" | "skipped">>
  return {
    code: r.code,
    drafts: out.drafts ?? [],
    skipped: out.skipped ?? [],
    said: r.stderr,
    ms: r.ms,
    detail: describeRun(r)
  }
}

/** The command line in this process. */
const viaCli = async (dir: string): Promise<Scanned> =>
  fromCli(
    await runInProcess(["task", "scan-todos", dir, "--json"], {
      bin: TASKMGR_BIN,
      env: { ...OFFLINE, TASKMGR_CONFIG_DIR: join(HOME, "config") },
      timeoutMs: 20_000
    })
  )

/** The built binary, as nobody when this runs as root (permissions do not stop root). */
const viaBinary = async (dir: string): Promise<Scanned> =>
  fromCli(
    await run(["task", "scan-todos", dir, "--json"], {
      bin: TASKMGR_BIN,
      env: { HOME, ...OFFLINE },
      unprivileged: true,
      timeoutMs: 20_000
    })
  )

/** The tool server in this process, one for the file, allowed the trees' directory. */
let tool: { client: Client; stderr: () => string } | undefined
const viaTool = async (dir: string): Promise<Scanned> => {
  const started = performance.now()
  const result = await tool!.client.callTool({ name: "taskmgr_task_scan_todos", arguments: { dir } }, undefined, {
    timeout: 20_000
  })
  const content = result.content as Array<{ type: string; text: string }>
  const out = JSON.parse(content[0]!.text) as Pick<Scanned, "drafts" | "skipped">
  const whole = JSON.stringify(result)
  return {
    code: result.isError === true ? 1 : out.skipped.length > 0 ? PARTIAL_EXIT_CODE : 0,
    drafts: out.drafts,
    skipped: out.skipped,
    said: `${content.slice(1).map((c) => c.text).join("\n")}\n${whole}`,
    ms: performance.now() - started,
    detail: whole
  }
}

const SURFACES = {
  library: viaLibrary,
  cli: viaCli,
  tool: viaTool,
  binary: viaBinary
}

const PLACEMENTS = ["plain-directory", "repository-subdirectory"] as const

const treeCells = covering(
  { attack: Object.keys(TREE_ATTACKS), surface: Object.keys(SURFACES), placement: PLACEMENTS },
  // Unreadable entries need the binary (as nobody); the rest are the same code in this process, without a start.
  (cell) => UNREADABLE.has(cell.attack) === (cell.surface === "binary")
)

const scanCell = async (cell: Cell<{ attack: string[]; surface: string[]; placement: typeof PLACEMENTS }>) => {
  const attack = TREE_ATTACKS[cell.attack]!
  const top = fresh("tree")
  let scanned = top
  let prefix = ""
  if (cell.placement === "repository-subdirectory") {
    mkdirSync(join(top, ".git"), { mode: 0o755 })
    scanned = join(top, "pkg")
    mkdirSync(scanned, { mode: 0o755 })
    prefix = "pkg/"
  }
  attack.plant(scanned, top)
  const s = await SURFACES[cell.surface as keyof typeof SURFACES](scanned)
  const skipped = (attack.skipped ?? []).map((path) => `${prefix}${path}`)
  expect(s.code, s.detail).toBe(skipped.length > 0 ? PARTIAL_EXIT_CODE : 0)
  expect(s.ms, `took ${Math.round(s.ms)} ms:\n${s.detail}`).toBeLessThan(BUDGET_MS)
  const want = attack.drafts(prefix)
  expect(s.drafts.map((d) => d.path), s.detail).toEqual(want.map(([path]) => path))
  want.forEach(([, name], i) => expect(s.drafts[i]!.name.startsWith(name), s.detail).toBe(true))
  expect(s.skipped.map((e) => e.path).sort(), s.detail).toEqual([...skipped].sort())
  for (const words of attack.said ?? []) expect(s.said, s.detail).toMatch(words)
  attack.check?.(s, prefix)
}

// ---- the registry ------------------------------------------------------------------

interface RegistryAttack {
  readonly plant: (root: string) => void
  /** Refused, naming the file and this; or, for a file not ours, ignored with this note. */
  readonly words: RegExp
  readonly ignored?: true
  /** What must never be shown. */
  readonly hidden?: string
}

const REGISTRY = ".taskmgr.json"
const REGISTRY_ATTACKS: Record<string, RegistryAttack> = {
  fifo: { plant: (root) => execFileSync("mkfifo", [join(root, REGISTRY)]), words: /is a FIFO \(named pipe\)/ },
  "link-to-dev-zero": { plant: (root) => symlinkSync("/dev/zero", join(root, REGISTRY)), words: /is a symbolic link/ },
  "deep-json": {
    plant: (root) => write(join(root, REGISTRY), `{"projects": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`),
    words: /is nested more than 64 levels deep/
  },
  "over-10-mb": {
    // 400,000 projects took minutes (a quadratic check); the cap refuses any file past it, white space too.
    plant: (root) => write(join(root, REGISTRY), `{"projects": [${" ".repeat(10 * 1024 * 1024)}]}`),
    words: /is larger than 10 MB/
  },
  "json-fault-beside-secret": {
    plant: (root) => write(join(root, REGISTRY), "{\"workspace_gid\": \"Sup3rSecretValue\",\n  oops}"),
    words: /is not valid JSON at line 2, column 3/,
    hidden: "Sup3rSecret"
  },
  ...(asRoot
    ? {
      "another-users-file": {
        plant: (root: string) => {
          write(join(root, REGISTRY), JSON.stringify({ projects: [{ gid: "1200000000000302", name: "backlog" }] }))
          chownSync(join(root, REGISTRY), NOBODY, NOBODY)
        },
        words: /ignored .*\.taskmgr\.json: it belongs to another user \(uid 65534\)/,
        ignored: true as const
      }
    }
    : {})
}

/** A registry planted in a fresh repository; the cell runs in it or in a subdirectory of it. */
const registryRepo = (attack: RegistryAttack, where: string) => {
  const root = fresh("registry")
  mkdirSync(join(root, ".git"), { mode: 0o755 })
  attack.plant(root)
  const cwd = where === "root" ? root : join(root, "src", "deep")
  mkdirSync(cwd, { recursive: true, mode: 0o755 })
  return { root, cwd }
}

/** The built binary in `cwd`: `tag list` (a workspace from the registry), or a create by a registered name. */
const cliIn = (args: ReadonlyArray<string>, cwd: string) =>
  run(args, {
    bin: TASKMGR_BIN,
    cwd,
    env: { HOME, ...OFFLINE, TASKMGR_WORKSPACE: "1200000000000001" },
    timeoutMs: 20_000
  })

const registryCell = async (cell: { attack: string; surface: string; cwd: string }) => {
  const attack = REGISTRY_ATTACKS[cell.attack]!
  const { root, cwd } = registryRepo(attack, cell.cwd)
  const file = join(root, REGISTRY)
  const started = performance.now()
  if (cell.surface === "library") {
    const said: Array<string> = []
    const { ConfigDirWarning } = await import("../../src/core/oauth/config-dir.js")
    const exit = await Effect.runPromise(
      Effect.either(loadRepo(cwd)).pipe(
        Effect.provideService(ConfigDirWarning, (line: string) => void said.push(line)),
        Effect.timeout("10 seconds")
      )
    )
    expect(performance.now() - started).toBeLessThan(BUDGET_MS)
    if (attack.ignored === true) {
      expect(exit._tag === "Right" && Option.isSome(exit.right) && Option.isNone(exit.right.value.file)).toBe(true)
      // Said once a process: a cell before this one may have said it already, for another file.
      return
    }
    expect(exit._tag).toBe("Left")
    const message = exit._tag === "Left" ? exit.left.message : ""
    expect(message).toContain(file)
    expect(message).toMatch(attack.words)
    if (attack.hidden !== undefined) expect(message).not.toContain(attack.hidden)
    return
  }
  if (cell.surface === "cli") {
    // A registered name where a project gid goes: used only if the registry were trusted.
    const r = await cliIn(
      attack.ignored === true ? ["task", "create", "planted?", "--projects", "backlog"] : ["tag", "list"],
      cwd
    )
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.ms).toBeLessThan(BUDGET_MS * 2)
    expect(r.stdout).toBe("")
    if (attack.ignored === true) expect(r.stderr).toMatch(/--projects \(item 1\): must be a gid/)
    else expect(r.stderr).toContain(file)
    expect(r.stderr).toMatch(attack.words)
    if (attack.hidden !== undefined) expect(r.stderr).not.toContain(attack.hidden)
    return
  }
  // The tool server started in the repository: its initialize used to hang on a FIFO.
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [TASKMGR_BIN, "mcp", "--toolsets", "tags"],
    env: { ...baseEnv(), HOME, ...OFFLINE, TASKMGR_WORKSPACE: "1200000000000001" },
    cwd,
    stderr: "pipe"
  })
  let stderr = ""
  transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString("utf8")))
  const client = new Client({ name: "hostile-repositories", version: "0.0.0" })
  try {
    await client.connect(transport, { timeout: 10_000 })
    expect(performance.now() - started).toBeLessThan(BUDGET_MS * 2)
    if (attack.ignored === true) {
      await client.ping()
      expect(stderr).toMatch(attack.words)
      return
    }
    const r = await client.callTool({ name: "taskmgr_tag_list", arguments: {} }, undefined, { timeout: 10_000 })
    const shown = JSON.stringify(r)
    expect(r.isError, shown).toBe(true)
    expect(shown).toMatch(attack.words)
    if (attack.hidden !== undefined) expect(shown + stderr).not.toContain(attack.hidden)
  } finally {
    await client.close()
  }
}

securityClass("hostile repositories", () => {
  beforeAll(async () => {
    const server = inProcessServer("taskmgr", ["--toolsets", "tasks"], {
      ...baseEnv(),
      ...OFFLINE,
      TASKMGR_CONFIG_DIR: join(HOME, "config"),
      TASKMGR_ALLOW_PATHS: ROOT
    })
    const client = new Client({ name: "hostile-repositories", version: "0.0.0" })
    await client.connect(server.transport)
    tool = { client, stderr: server.stderr }
  }, 60_000)
  afterAll(async () => {
    await tool?.client.close()
    for (const path of locked) chmodSync(path, 0o755)
    rmSync(ROOT, { recursive: true, force: true })
  })

  for (const cell of treeCells) {
    it(cellName({ target: "scan", ...cell }), () => scanCell(cell), 30_000)
  }

  const registryCells = covering({
    attack: Object.keys(REGISTRY_ATTACKS),
    surface: ["library", "cli", "tool"],
    cwd: ["root", "subdirectory"]
  })
  // Each in a repository of its own, most in a process of their own: run side by side.
  for (const cell of registryCells) {
    it.concurrent(cellName({ target: "registry", ...cell }), () => registryCell(cell), 30_000)
  }
})
