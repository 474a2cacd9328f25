// Bundles each binary into one CommonJS file with esbuild, started by
// scripts/launcher.cjs with a V8 code cache (see there): start-up time is a
// feature, and parsing the bundle is most of it. The simulator behind
// `sandbox` and the Redis client behind `--rate-store` are bundles of their
// own, so ordinary commands never load them.
import { build } from "esbuild"
import { chmod, copyFile, mkdir, rm, writeFile } from "node:fs/promises"

const binaries = ["design", "taskmgr"]

// The light command index the command line starts from (scripts/command-index.mjs), true to the definitions.
await import("./command-index.mjs")
// Each service's documented method interface (scripts/api-methods.mjs), true to the definitions.
await import("./api-methods.mjs")

await rm("dist", { recursive: true, force: true })
// lib/ is emitted afresh by tsc after this script: no module left over from an older layout gets packed.
await rm("lib", { recursive: true, force: true })
await mkdir("dist")
// dist/ holds CommonJS whatever the package's own "type" says.
await writeFile("dist/package.json", JSON.stringify({ type: "commonjs" }) + "\n")
// Each sandbox is a bundle of its own, loaded only by `<program> sandbox`: the simulator is as large as the
// rest of the program, and every other command would pay to load it.
const sandboxApart = {
  name: "sandbox-apart",
  setup(b) {
    b.onResolve({ filter: /^\.\/sandbox\.js$/ }, (args) => {
      const program = binaries.find((name) => args.importer.endsWith(`src/${name}/cli/program.ts`))
      return program === undefined ? undefined : { path: `./${program}-sandbox.bundle.js`, external: true }
    })
  }
}
// The Redis client behind --rate-store likewise: loaded only when a store is given, shared by both programs.
const rateStoreApart = {
  name: "rate-store-apart",
  setup(b) {
    b.onResolve(
      { filter: /^\.\/rate-store-redis\.js$/ },
      (args) =>
        args.importer.endsWith("src/core/pacing/redis-lazy.ts")
          ? { path: "./rate-store-redis.bundle.js", external: true }
          : undefined
    )
  }
}
await build({
  entryPoints: {
    ...Object.fromEntries(binaries.flatMap((name) => [
      [`${name}.bundle`, `src/bin/${name}.ts`],
      [`${name}-sandbox.bundle`, `src/${name}/cli/sandbox.ts`]
    ])),
    "rate-store-redis.bundle": "src/core/pacing/rate-store-redis.ts"
  },
  plugins: [sandboxApart, rateStoreApart],
  // The launcher runs the bundle through vm.Script, which on Node 20 cannot import(): require the sandbox bundle instead.
  supported: { "dynamic-import": false },
  outdir: "dist",
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  minify: true,
  legalComments: "none",
  logLevel: "warning"
})
for (const name of binaries) {
  await copyFile("scripts/launcher.cjs", `dist/${name}.js`)
  await chmod(`dist/${name}.js`, 0o755)
}

// Warm both code caches (scripts/launcher.cjs) so that the first command a user runs starts fast too. A cache
// holds the functions its run compiled: help's run compiles little beyond the argv resolver, while a command's
// run against the built-in simulator compiles what every command shares (the layers, the request pipeline, the
// output): about 30 ms of each command's start (bench/startup.mjs). The simulator is killed outright, so its
// own run never writes a cache; an empty HOME keeps stored credentials out of the runs.
const { execFile, spawn } = await import("node:child_process")
const { once } = await import("node:events")
const { mkdtempSync } = await import("node:fs")
const { tmpdir } = await import("node:os")
const { join } = await import("node:path")
const { createInterface } = await import("node:readline")
const { promisify } = await import("node:util")
const simulatorEnv = {
  design: (info) => ({ DESIGN_BASE_URL: info.base_url, DESIGN_ACCESS_TOKEN: info.tokens.personal }),
  taskmgr: (info) => ({
    TASKMGR_BASE_URL: info.base_url,
    TASKMGR_APP_URL: info.app_url,
    TASKMGR_ACCESS_TOKEN: info.tokens.personal
  })
}
const home = mkdtempSync(join(tmpdir(), "warm-cache-"))
for (const name of binaries) {
  const simulator = spawn(process.execPath, [`dist/${name}.js`, "sandbox"], { stdio: ["ignore", "pipe", "inherit"] })
  try {
    // A simulator that exits before its line fails the build instead of hanging it.
    const [line] = await Promise.race([
      once(createInterface({ input: simulator.stdout }), "line"),
      once(simulator, "exit").then(([code]) =>
        Promise.reject(new Error(`${name} sandbox exited (${code}) before it started`))
      )
    ])
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: home,
      XDG_CONFIG_HOME: home,
      ...simulatorEnv[name](JSON.parse(line))
    }
    for (const args of [["--help"], ["user", "me", "--json"]]) {
      await promisify(execFile)(process.execPath, [`dist/${name}.js`, ...args], { env, timeout: 60_000 })
    }
  } finally {
    simulator.kill("SIGKILL")
  }
}
await rm(home, { recursive: true, force: true })
