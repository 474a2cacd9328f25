// The project's TypeScript sources, bundled by esbuild into one module in `dir` and imported: how the generators
// (command-index.mjs, api-methods.mjs) read the registries before any build exists.
import { build } from "esbuild"
import { join } from "node:path"
import { pathToFileURL } from "node:url"

/** `lines` are the entry's export lines, paths from the checkout's root. */
export const importSources = async (lines, dir) => {
  const outfile = join(dir, "sources.mjs")
  await build({
    stdin: { contents: lines.join("\n"), resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    outfile,
    logLevel: "warning"
  })
  return import(pathToFileURL(outfile).href)
}
