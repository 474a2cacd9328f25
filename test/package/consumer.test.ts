/**
 * The package as a consumer gets it: `npm pack`, installed into fresh
 * projects, then checked and run there:
 *
 * - with its peers at the bottom of their ranges, and at the latest they
 *   accept (ioredis 5 and 6): a program using both services type-checked
 *   with --strict (and the entry points under node10 resolution), the typed
 *   records and fields checked by tsc over the packed declarations, every
 *   method's JSDoc read by the TypeScript checker, the program run with both
 *   simulator layers merged, and one budget on a real Redis;
 * - with its required peers only (no ioredis, no @effect/platform-node): the
 *   bundles a user makes with esbuild, of the sizes the README states, a
 *   browser bundle without any node: module run on nothing but fetch.
 */
import { build } from "esbuild"
import { execFile, spawn } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { createInterface } from "node:readline"
import { promisify } from "node:util"
import ts from "typescript"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundle, BUNDLES, installMinimal, kib, statedSizes } from "../../scripts/bundle-sizes.mjs"
import { startRedisServer } from "../e2e/redis-server.js"

const root = resolve(import.meta.dirname, "../..")
const fixtures = join(root, "test/package/consumer")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const work = mkdtempSync(join(tmpdir(), "design-taskmgr-consumer-"))
// Asynchronous, so the test runner stays responsive while npm and tsc work.
const run = async (command: string, args: ReadonlyArray<string>, cwd: string, env: NodeJS.ProcessEnv = {}) =>
  (await promisify(execFile)(command, args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: "false", ...env }
  }).catch((e: { message: string; stdout?: string; stderr?: string }) =>
    Promise.reject(new Error(`${e.message.split("\n")[0]}\n${e.stdout ?? ""}\n${(e.stderr ?? "").slice(-4000)}`))
  )).stdout
const node = (script: string, args: ReadonlyArray<string>, cwd: string) =>
  run(process.execPath, [join(root, "node_modules", script), ...args], cwd)

/** The lowest version a range accepts (its first alternative's). */
const bottom = (range: string) => range.split("||")[0]!.trim().replace(/^\^/, "")

/** Whether lib/ was emitted after every file of src/ and of the build's configuration last changed. */
const libIsFresh = () => {
  const built = join(root, "lib/index.js")
  if (!existsSync(built)) return false
  const sources = readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" }).map((f) => join(root, "src", f))
  const inputs = [
    ...sources,
    join(root, "tsconfig.json"),
    join(root, "tsconfig.build.json"),
    join(root, "package.json")
  ]
  const newest = Math.max(...inputs.map((f) => statSync(f).mtimeMs))
  return statSync(built).mtimeMs > newest
}

const FILES = ["program.ts", "types.ts", "node10.ts", "docs.ts", "redis.ts"]

const compilerOptions = {
  strict: true,
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  lib: ["ES2022", "DOM"],
  types: [],
  skipLibCheck: true,
  noEmit: true
}

/** A project with the tarball and the peers at `versions`, the fixtures, and its two tsconfigs. */
const project = async (
  name: string,
  tarball: string,
  versions: Readonly<Record<string, string>>,
  install: ReadonlyArray<string> = ["--prefer-offline"]
) => {
  const dir = join(work, name)
  mkdirSync(dir)
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name,
      private: true,
      type: "module",
      dependencies: { "design-taskmgr": `file:${tarball}`, ...versions }
    })
  )
  await run("npm", ["install", ...install, "--no-audit", "--no-fund", "--ignore-scripts"], dir)
  for (const file of FILES) writeFileSync(join(dir, file), readFileSync(join(fixtures, file)))
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions, files: ["program.ts", "types.ts", "docs.ts", "redis.ts"] })
  )
  writeFileSync(
    join(dir, "tsconfig.node10.json"),
    JSON.stringify({
      compilerOptions: { ...compilerOptions, module: "ES2022", moduleResolution: "node10" },
      files: ["node10.ts"]
    })
  )
  return dir
}

/** tsc prints nothing and exits 0, or rejects with its diagnostics on stdout. */
const typeCheck = (dir: string, config: string) =>
  node("typescript/bin/tsc", ["-p", config], dir).catch((e: { stdout?: string }) => Promise.reject(new Error(e.stdout)))

const runBundled = async (dir: string, file: string, env: NodeJS.ProcessEnv = {}) => {
  const out = join(dir, file.replace(/\.ts$/, ".mjs"))
  // Transpiled only: the imports stay the installed package's.
  await build({ entryPoints: [join(dir, file)], outfile: out, format: "esm", platform: "node", logLevel: "error" })
  return JSON.parse(await run(process.execPath, [out], dir, env))
}

let packed: { readonly filename: string; readonly files: ReadonlyArray<{ readonly path: string }> }
let lowest: string
let latest: string
let minimal: string
const peers = pkg.peerDependencies as Record<string, string>

beforeAll(async () => {
  // lib/ from the entry points (afresh unless `npm run build` made it after the last change to src/), then the
  // tarball as npm would publish it.
  if (!libIsFresh()) {
    rmSync(join(root, "lib"), { recursive: true, force: true })
    await node("typescript/bin/tsc", ["-p", "tsconfig.build.json"], root)
  }
  packed = JSON.parse(await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], root))[0]
  const tarball = join(work, packed.filename)
  ;[lowest, latest, minimal] = await Promise.all([
    project("lowest", tarball, Object.fromEntries(Object.entries(peers).map(([name, range]) => [name, bottom(range)]))),
    // The ranges as published, read afresh from the registry: npm takes the latest each accepts. ioredis is asked
    // for as 6: @effect/platform-node's @effect/experimental asks for ioredis 5 as an optional peer, so npm would
    // settle on 5 and refuses 6 beside it without --legacy-peer-deps.
    project("latest", tarball, { ...peers, ioredis: "^6.0.0" }, ["--prefer-online", "--legacy-peer-deps"]),
    installMinimal(work, tarball)
  ])
}, 300_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe("the packed package", () => {
  it("holds the library, its entry points and the binaries, without code caches, sources or modules of dev-only packages", () => {
    const paths = packed.files.map((f) => f.path)
    for (const entry of ["index", "node", "redis", "design/index", "taskmgr/index", "testing/index"]) {
      expect(paths).toContain(`lib/${entry}.js`)
      expect(paths).toContain(`lib/${entry}.d.ts`)
    }
    expect(paths.filter((p) => p.endsWith(".cache") || p.startsWith("src/"))).toEqual([])
    expect(
      paths.filter((p) =>
        /\/(cli|mcp|oauth)\/|\/cli[-.]|tool-server|output\.js|derive-/.test(p) && p.startsWith("lib/")
      )
    ).toEqual([])
    const installed = join(lowest, "node_modules/design-taskmgr")
    for (const path of paths.filter((p) => p.startsWith("lib/") && p.endsWith(".js"))) {
      const text = readFileSync(join(installed, path), "utf8")
      expect(text, path).not.toMatch(/from "(@effect\/cli|@toon-format\/toon|@effect\/printer)/)
      // Node's HTTP client and the Redis client only behind their own entry points (and the simulators' server).
      if (path !== "lib/node.js" && !path.startsWith("lib/testing/")) {
        expect(text, path).not.toMatch(/from "@effect\/platform-node/)
      }
      if (path !== "lib/core/pacing/rate-store-redis.js") expect(text, path).not.toMatch(/from "ioredis"/)
    }
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"))
    expect(manifest.sideEffects).toBe(false)
    expect(manifest.dependencies ?? {}).toEqual({})
    for (const range of Object.values(manifest.peerDependencies as Record<string, string>)) {
      expect(range).toMatch(/^\^\d/)
    }
    expect(manifest.peerDependenciesMeta).toEqual({
      "@effect/platform-node": { optional: true },
      ioredis: { optional: true }
    })
  })

  it("installs with its peers at the bottom of their ranges, and at the latest they accept", () => {
    for (const [name, range] of Object.entries(peers)) {
      const version = (dir: string) =>
        JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")).version as string
      expect(version(lowest), name).toBe(bottom(range))
      expect(version(latest), name).not.toBe("")
    }
    // The Redis client's range takes both majors it is tested with.
    expect(JSON.parse(readFileSync(join(latest, "node_modules/ioredis/package.json"), "utf8")).version).toMatch(/^6\./)
  })

  for (const which of ["lowest", "latest"] as const) {
    const dir = () => (which === "lowest" ? lowest : latest)

    it(`type-checks programs, typed records and fields with --strict (${which} peers)`, async () => {
      await expect(typeCheck(dir(), "tsconfig.json")).resolves.toBe("")
    }, 120_000)

    it(
      `runs both simulator layers merged, a span per call, the middleware seeing finished requests, secrets redacted (${which} peers)`,
      async () => {
        const out = await runBundled(dir(), "program.ts")
        expect(out.result).toMatchObject({
          tasks: expect.any(Number),
          project: "Success",
          expired: "expired",
          expiredService: "taskmgr",
          designRequests: 1
        })
        // Each service answered by its own simulator: two task-manager calls, one of them retried; the expired token sent nothing.
        expect(out.result.taskmgrRequests).toBe(3)
        expect(out.seen).toEqual(["GET http://127.0.0.1/v1/me"])
        expect(out.logged.join("")).toContain("x-design-token")
        for (const token of out.tokens) expect(JSON.stringify([out.logged, out.spans])).not.toContain(token)
        const ours = out.spans.filter((s: { name: string }) => /^(DesignApi|TaskmgrApi)\./.test(s.name))
        expect(ours.map((s: { name: string }) => s.name)).toEqual([
          "DesignApi.userMe",
          "TaskmgrApi.taskList",
          "TaskmgrApi.projectGet",
          "TaskmgrApi.userMe"
        ])
        expect(ours[0].attributes).toEqual({
          "http.request.method": "GET",
          "http.route": "/v1/me",
          "http.response.status_code": 200,
          attempts: 1
        })
        expect(ours[2].attributes).toMatchObject({
          "http.route": "/projects/{project_gid}",
          "http.response.status_code": 200,
          attempts: 2
        })
        // The simulators and their typed helpers only: none of the machinery they are built from.
        expect(out.testingExports).toContain("DesignSimulator")
        expect(out.testingExports).toContain("TaskmgrSimulator")
        for (
          const internal of [
            "takeFromBucket",
            "controlHandler",
            "makeSimulator",
            "inProcessHttpClient",
            "simulatorLayer"
          ]
        ) {
          expect(out.testingExports).not.toContain(internal)
        }
      },
      120_000
    )

    it(
      `shares one budget on a real Redis through design-taskmgr/redis (${which} peers: ioredis ${
        which === "lowest" ? 5 : 6
      })`,
      async () => {
        const redis = await startRedisServer()
        try {
          const out = await runBundled(dir(), "redis.ts", { REDIS_URL: redis.url })
          expect(out.keys).toBeGreaterThan(0)
          // A rateStore without the Redis client is a setting that cannot work, said when the layer is built.
          expect(out.refused).toMatchObject({ tag: "InvalidSettingsError", service: "taskmgr" })
          expect(out.refused.message).toContain("design-taskmgr/redis")
        } finally {
          await redis.stop()
        }
      },
      120_000
    )
  }

  it("finds every entry point's types under node10 resolution (typesVersions)", async () => {
    await expect(typeCheck(lowest, "tsconfig.node10.json")).resolves.toBe("")
  }, 120_000)

  it("documents every method of both services in the declarations, deprecated ones marked", () => {
    const file = join(lowest, "docs.ts")
    const program = ts.createProgram([file], {
      strict: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      skipLibCheck: true,
      noEmit: true,
      types: []
    })
    const checker = program.getTypeChecker()
    const undocumented: Array<string> = []
    const deprecated: Array<string> = []
    let methods = 0
    for (const statement of program.getSourceFile(file)!.statements) {
      if (!ts.isVariableStatement(statement)) continue
      for (const declaration of statement.declarationList.declarations) {
        const service = declaration.name.getText()
        const type = checker.getTypeAtLocation(declaration.name)
        const streams = checker.getTypeOfSymbol(type.getProperty("streams")!)
        for (const [where, owner] of [["", type], ["streams.", streams]] as const) {
          for (const property of owner.getProperties()) {
            methods++
            const said = ts.displayPartsToString(property.getDocumentationComment(checker)).trim()
            if (said === "") undocumented.push(`${service}.${where}${property.name}`)
            if (property.getJsDocTags(checker).some((tag) => tag.name === "deprecated")) {
              deprecated.push(`${service}.${where}${property.name}`)
            }
          }
        }
      }
    }
    expect(methods).toBeGreaterThan(200)
    expect(undocumented).toEqual([])
    expect(deprecated).toContain("design.webhookListTeam")
  })

  it("bundles one error class to the size the README states, without the clients", async () => {
    const { text, bytes } = await bundle(minimal, BUNDLES.find((b) => b.file === "errors-only.ts")!)
    expect(text).not.toContain("webhookList")
    expect(text).not.toContain("taskList")
    expectStated("errors-only.ts", bytes)
  })

  it("bundles a three-line TaskmgrApi program without ioredis or @effect/platform-node installed", async () => {
    expect(existsSync(join(minimal, "node_modules/ioredis"))).toBe(false)
    expect(existsSync(join(minimal, "node_modules/@effect/platform-node"))).toBe(false)
    const { text, bytes } = await bundle(minimal, BUNDLES.find((b) => b.file === "taskmgr-three-lines.ts")!)
    expect(text).not.toMatch(/(from|import|require\()\s*["'](ioredis|@effect\/platform-node)/)
    expectStated("taskmgr-three-lines.ts", bytes)
  })

  it(
    "bundles both services for the browser, without a node: module, and runs the bundle on nothing but fetch",
    async () => {
      const { text, bytes } = await bundle(minimal, BUNDLES.find((b) => b.file === "browser-both.ts")!)
      expect(text).not.toMatch(/(from|import|require\()\s*["']node:/)
      expectStated("browser-both.ts", bytes)
      const out = join(minimal, "browser-both.mjs")
      writeFileSync(out, text)
      const [design, taskmgr] = await Promise.all([sandbox("design"), sandbox("taskmgr")])
      try {
        const answer = JSON.parse(
          await run(process.execPath, [out], minimal, {
            DESIGN_ACCESS_TOKEN: design.info.tokens.personal,
            DESIGN_BASE_URL: design.info.base_url,
            TASKMGR_ACCESS_TOKEN: taskmgr.info.tokens.personal,
            TASKMGR_BASE_URL: taskmgr.info.base_url,
            TASKMGR_APP_URL: taskmgr.info.app_url,
            SEED_TASK: taskmgr.info.task_gid
          })
        )
        expect(answer.design).toEqual(expect.any(String))
        expect(answer.taskmgr).toEqual(expect.any(String))
        expect(answer.task.name).toEqual(expect.any(String))
        expect(answer.missing).toMatchObject({ tag: "NotFoundError", service: "taskmgr" })
        expect(answer.missing.message).toMatch(/^The task manager found no task 1999999999999999/)
      } finally {
        design.stop()
        taskmgr.stop()
      }
    },
    120_000
  )
})

/** The README states each bundle's size (scripts/bundle-sizes.mjs --readme): within 5% of what it measures now. */
const expectStated = (file: string, bytes: number) => {
  const stated = statedSizes(readFileSync(join(root, "README.md"), "utf8"))[file]
  expect(stated, `the README states the size of ${file}`).toEqual(expect.any(Number))
  expect(Math.abs(kib(bytes) - stated!) / stated!, `${file}: ${kib(bytes)} KB, stated ${stated} KB`).toBeLessThan(0.05)
}

/** A sandbox of the packed package's own binary: the URLs and tokens it prints, and how to stop it. */
const sandbox = async (program: "design" | "taskmgr") => {
  const child = spawn(
    process.execPath,
    [join(minimal, "node_modules/design-taskmgr/dist", `${program}.js`), "sandbox"],
    {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, HOME: work, XDG_CONFIG_HOME: work }
    }
  )
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve)
    child.once("exit", (code) => reject(new Error(`${program} sandbox exited (${code}) before it started`)))
  })
  return {
    info: JSON.parse(line) as {
      base_url: string
      app_url?: string
      task_gid?: string
      tokens: { personal: string }
    },
    stop: () => child.kill("SIGKILL")
  }
}
