// Bundles each binary into one CommonJS file with esbuild, started by
// scripts/launcher.cjs with a V8 code cache (see there): start-up time is a
// feature, and parsing the bundle is most of it. The tool server and the
// simulator are imported lazily, so ordinary commands never evaluate them.
import { build } from "esbuild"
import { chmod, copyFile, mkdir, rm, writeFile } from "node:fs/promises"

const binaries = ["design", "taskmgr"]

await rm("dist", { recursive: true, force: true })
await mkdir("dist")
// dist/ holds CommonJS whatever the package's own "type" says.
await writeFile("dist/package.json", JSON.stringify({ type: "commonjs" }) + "\n")
await build({
  entryPoints: Object.fromEntries(binaries.map((name) => [`${name}.bundle`, `src/bin/${name}.ts`])),
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

// Warm the code cache once so the first real command starts fast too.
const { execFileSync } = await import("node:child_process")
for (const name of binaries) execFileSync(process.execPath, [`dist/${name}.js`, "--help"], { stdio: "ignore" })
