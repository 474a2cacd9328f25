// Measures what the library weighs in a user's bundle: the programs in test/package/bundles/, bundled and minified
// with esbuild from the packed tarball, installed with its required peers only (no ioredis, no
// @effect/platform-node). `node scripts/bundle-sizes.mjs` prints the sizes; `--readme` writes them into README.md
// (between its bundle-sizes markers). test/package/consumer.test.ts measures the same way and fails when the README
// is more than 5% off.
import { build } from "esbuild"
import { execFile } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { promisify } from "node:util"

const root = resolve(fileURLToPath(import.meta.url), "../..")
export const BUNDLES_DIR = join(root, "test/package/bundles")

/** Each program: its fixture, the platform it is bundled for, and how the README names it. */
export const BUNDLES = [
  { file: "errors-only.ts", platform: "node", label: "one error class (`RateLimitError`) alone" },
  { file: "taskmgr-three-lines.ts", platform: "node", label: "`TaskmgrApi` in three lines on `FetchHttpClient`" },
  { file: "browser-both.ts", platform: "browser", label: "both services in a browser (`FetchHttpClient`)" }
]

/** Bundles one program from `project` (where the tarball is installed): its text and size. */
export const bundle = async (project, { file, platform }) => {
  const result = await build({
    entryPoints: [join(project, file)],
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform,
    logLevel: "silent",
    absWorkingDir: project
  })
  const text = result.outputFiles[0].text
  return { text, bytes: Buffer.byteLength(text) }
}

export const kib = (bytes) => Math.round(bytes / 1024)

const README_START = "<!-- bundle-sizes: written by scripts/bundle-sizes.mjs -->"
const README_END = "<!-- /bundle-sizes -->"

/** The README's table of sizes, for `sizes` (label to bytes). */
export const readmeTable = (sizes) =>
  [
    README_START,
    "| program (esbuild `--bundle --minify`) | size |",
    "|---|---|",
    ...BUNDLES.map((b) => `| ${b.label} | ${kib(sizes[b.file])} KB |`),
    README_END
  ].join("\n")

/** The sizes the README states, by fixture file (KB). */
export const statedSizes = (readme) =>
  Object.fromEntries(
    BUNDLES.map((b) => {
      const row = readme.split("\n").find((line) => line.startsWith(`| ${b.label} |`))
      return [b.file, row === undefined ? undefined : Number(/\| (\d+) KB \|$/.exec(row)?.[1])]
    })
  )

const run = (command, args, cwd) =>
  promisify(execFile)(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" }
  })

/** Installs the tarball (packed afresh when not given) with its required peers at the bottom of their ranges. */
export const installMinimal = async (work, tarball) => {
  const packed = tarball ??
    join(
      work,
      JSON.parse((await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], root)).stdout)[0]
        .filename
    )
  const project = join(work, "minimal")
  mkdirSync(project)
  const peers = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).peerDependencies
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({
      name: "minimal",
      private: true,
      type: "module",
      dependencies: {
        "design-taskmgr": `file:${packed}`,
        effect: peers.effect.replace(/^\^/, ""),
        "@effect/platform": peers["@effect/platform"].replace(/^\^/, "")
      }
    })
  )
  // --omit=optional: the optional peers stay out even where npm would add them.
  await run(
    "npm",
    ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--omit=optional"],
    project
  )
  for (const b of BUNDLES) writeFileSync(join(project, b.file), readFileSync(join(BUNDLES_DIR, b.file)))
  return project
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const work = mkdtempSync(join(tmpdir(), "bundle-sizes-"))
  try {
    const project = await installMinimal(work)
    const sizes = {}
    for (const b of BUNDLES) sizes[b.file] = (await bundle(project, b)).bytes
    for (const b of BUNDLES) console.log(`${String(kib(sizes[b.file])).padStart(5)} KB  ${b.label}`)
    if (process.argv.includes("--readme")) {
      const readme = readFileSync(join(root, "README.md"), "utf8")
      const start = readme.indexOf(README_START)
      const end = readme.indexOf(README_END)
      if (start < 0 || end < 0) throw new Error("README.md has no bundle-sizes markers")
      writeFileSync(
        join(root, "README.md"),
        readme.slice(0, start) + readmeTable(sizes) + readme.slice(end + README_END.length)
      )
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
