/**
 * The package as a consumer gets it: `npm pack`, installed into a fresh
 * project with the peers at the bottom of their ranges (from the npm cache
 * when it has them), then a program using both services type-checked with
 * --strict, run with both simulator layers merged and an in-memory tracer,
 * and an import of one error class bundled to the size the README states.
 */
import { build } from "esbuild"
import { execFile } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")
const fixtures = join(root, "test/package/consumer")
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const work = mkdtempSync(join(tmpdir(), "design-taskmgr-consumer-"))
const project = join(work, "app")
// Asynchronous, so the test runner stays responsive while npm and tsc work.
const run = async (command: string, args: ReadonlyArray<string>, cwd: string) =>
  (await promisify(execFile)(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" }
  })).stdout
const node = (script: string, args: ReadonlyArray<string>, cwd: string) =>
  run(process.execPath, [join(root, "node_modules", script), ...args], cwd)

/** The lowest version a caret range accepts. */
const bottom = (range: string) => range.replace(/^\^/, "")

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

let packed: { readonly filename: string; readonly files: ReadonlyArray<{ readonly path: string }> }
let typeCheck: Promise<string>

beforeAll(async () => {
  // lib/ from the two entry points (afresh unless `npm run build` made it after the last change to src/), then
  // the tarball as npm would publish it.
  if (!libIsFresh()) {
    rmSync(join(root, "lib"), { recursive: true, force: true })
    await node("typescript/bin/tsc", ["-p", "tsconfig.build.json"], root)
  }
  packed = JSON.parse(await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], root))[0]
  mkdirSync(project)
  const peers = Object.fromEntries(
    Object.entries(pkg.peerDependencies as Record<string, string>).map(([name, range]) => [name, bottom(range)])
  )
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({
      name: "consumer",
      private: true,
      type: "module",
      dependencies: { "design-taskmgr": `file:${join(work, packed.filename)}`, ...peers }
    })
  )
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], project)
  for (const file of ["program.ts", "errors-only.ts"]) {
    writeFileSync(join(project, file), readFileSync(join(fixtures, file)))
  }
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2022", "DOM"],
        types: [],
        skipLibCheck: true,
        noEmit: true
      },
      files: ["program.ts", "errors-only.ts"]
    })
  )
  // Started now, awaited by its test: it runs while the program does.
  typeCheck = node("typescript/bin/tsc", ["-p", "tsconfig.json"], project)
  typeCheck.catch(() => undefined)
}, 120_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe("the packed package", () => {
  it("holds the library and the binaries, without code caches, sources or modules of dev-only packages", () => {
    const paths = packed.files.map((f) => f.path)
    expect(paths).toContain("lib/index.js")
    expect(paths).toContain("lib/testing/index.js")
    expect(paths.filter((p) => p.endsWith(".cache") || p.startsWith("src/"))).toEqual([])
    expect(
      paths.filter((p) =>
        /\/(cli|mcp|oauth)\/|\/cli[-.]|tool-server|output\.js|derive-/.test(p) && p.startsWith("lib/")
      )
    ).toEqual([])
    const installed = join(project, "node_modules/design-taskmgr")
    for (const path of paths.filter((p) => p.startsWith("lib/") && p.endsWith(".js"))) {
      expect(readFileSync(join(installed, path), "utf8"), path).not.toMatch(
        /from "(@effect\/cli|@toon-format\/toon|@effect\/printer)/
      )
    }
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"))
    expect(manifest.sideEffects).toBe(false)
    expect(manifest.dependencies ?? {}).toEqual({})
    for (const range of Object.values(manifest.peerDependencies as Record<string, string>)) {
      expect(range).toMatch(/^\^\d/)
    }
  })

  it("installs with its peers at the bottom of their ranges", () => {
    for (const [name, range] of Object.entries(pkg.peerDependencies as Record<string, string>)) {
      expect(JSON.parse(readFileSync(join(project, "node_modules", name, "package.json"), "utf8")).version, name).toBe(
        bottom(range)
      )
    }
  })

  it("type-checks a program using both services with --strict", async () => {
    // tsc prints nothing and exits 0, or rejects with its diagnostics on stdout.
    await expect(typeCheck.catch((e: { stdout?: string }) => Promise.reject(new Error(e.stdout)))).resolves.toBe("")
  }, 60_000)

  it("runs both simulator layers merged, a span per call, the middleware seeing finished requests, secrets redacted", async () => {
    await build({
      entryPoints: [join(project, "program.ts")],
      outfile: join(project, "program.mjs"),
      format: "esm",
      platform: "node",
      logLevel: "error"
    })
    const out = JSON.parse(await run(process.execPath, ["program.mjs"], project))
    expect(out.result).toMatchObject({
      tasks: expect.any(Number),
      project: "Success",
      expired: "expired",
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
      const internal of ["takeFromBucket", "controlHandler", "makeSimulator", "inProcessHttpClient", "simulatorLayer"]
    ) {
      expect(out.testingExports).not.toContain(internal)
    }
  })

  it("bundles an import of one error class to the size the README states, without the clients", async () => {
    const bundle = await build({
      entryPoints: [join(project, "errors-only.ts")],
      bundle: true,
      minify: true,
      write: false,
      format: "esm",
      platform: "node",
      logLevel: "error",
      absWorkingDir: project
    })
    const text = bundle.outputFiles[0]!.text
    const stated = /`RateLimitError` alone bundles to at most (\d+) KB/.exec(
      readFileSync(join(root, "README.md"), "utf8")
    )
    expect(stated, "the README states the size").not.toBeNull()
    expect(text.length).toBeLessThanOrEqual(Number(stated![1]) * 1024)
    expect(text).not.toContain("webhookList")
    expect(text).not.toContain("taskList")
  })
})
