// Bundles each binary into dist/ with esbuild. Code splitting keeps the
// simulator and the tool server out of the start-up path of ordinary commands.
import { build } from "esbuild"
import { chmod, rm } from "node:fs/promises"

await rm("dist", { recursive: true, force: true })
await build({
  entryPoints: { design: "src/bin/design.ts", taskmgr: "src/bin/taskmgr.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  minify: true,
  legalComments: "none",
  chunkNames: "chunks/[name]-[hash]",
  // A dependency of @effect/cli calls require(); ESM bundles need it defined.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: "warning"
})
await chmod("dist/design.js", 0o755)
await chmod("dist/taskmgr.js", 0o755)
