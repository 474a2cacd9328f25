// `taskmgr task scan-todos DIR --json` (the built binary, start-up included)
// against `rg -n 'TODO|FIXME' DIR` over the same generated tree of FILES files
// (default 20,000): source files in several languages, some with TODO or FIXME
// comments, a node_modules and a build directory that .gitignore files exclude,
// a few binary files, and a .git directory (so rg honours .gitignore as well).
// Each is run RUNS times (default 5) in turn; the medians and their ratio are
// printed (target: scan-todos within 3x of rg), and for scale `rg -j1`, rg on
// one thread as the scan is. ripgrep is installed with apt-get when missing.
// Usage: node bench/scan-todos.mjs [FILES] [RUNS]
import { execFileSync, spawnSync } from "node:child_process"
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

const files = Number(process.argv[2] ?? 20_000)
const runs = Number(process.argv[3] ?? 5)

const hasRg = () => spawnSync("rg", ["--version"], { stdio: "ignore" }).status === 0
if (!hasRg()) {
  console.error("ripgrep is missing: apt-get install -y ripgrep")
  execFileSync("apt-get", ["install", "-y", "ripgrep"], { stdio: "inherit" })
}

const root = mkdtempSync(join(tmpdir(), "scan-todos-bench-"))
const kinds = [
  ["ts", (i) => `export const v${i} = ${i}\n// TODO: tidy item ${i}\nconst s = "// TODO not a comment"\n`],
  ["py", (i) => `def f${i}():\n    return ${i}  # FIXME: check ${i}\n`],
  ["go", (i) => `package p\n/* TODO(dev): block ${i} */\nfunc F${i}() int { return ${i} }\n`],
  ["rs", (i) => `fn f${i}() -> u32 { ${i} }\n`],
  ["md", (i) => `# Page ${i}\n<!-- FIXME heading ${i} -->\n`],
  ["sh", (i) => `echo ${i}\n`]
]
const filler = "x".repeat(600)
let written = 0
const write = (path, text) => {
  mkdirSync(join(root, path, ".."), { recursive: true })
  writeFileSync(join(root, path), text)
  written++
}
mkdirSync(join(root, ".git"))
write(".gitignore", "node_modules/\nbuild/\n*.log\n")
for (let i = 0; written < files; i++) {
  const [ext, body] = kinds[i % kinds.length]
  const dir = i % 10 === 0
    ? `node_modules/pkg${i % 50}`
    : i % 17 === 0
    ? `build/out${i % 20}`
    : `src/mod${i % 200}/part${i % 7}`
  write(`${dir}/file${i}.${ext}`, `${body(i)}// ${filler}\n`)
  if (i % 997 === 0) write(`assets/blob${i}.ts`, Buffer.concat([Buffer.from("// TODO binary\n"), Buffer.alloc(64)]))
  if (i % 1500 === 0) write(`src/mod${i % 200}/.gitignore`, "*.sh\n")
}

const env = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  NO_COLOR: "1",
  TASKMGR_ACCESS_TOKEN: "bench-token-not-sent"
}
// Output goes to a file, as both would write it in a script: the time is the search's, not a reader's.
const outFile = join(tmpdir(), `scan-todos-bench-${process.pid}.out`)
const time = (command, args) => {
  const fd = openSync(outFile, "w")
  const started = process.hrtime.bigint()
  const r = spawnSync(command, args, { env, cwd: root, stdio: ["ignore", fd, "pipe"], encoding: "utf8" })
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  closeSync(fd)
  if (r.status !== 0 && !(command === "rg" && r.status === 1)) {
    throw new Error(`${command} exited ${r.status}: ${r.stderr}`)
  }
  return { ms, out: readFileSync(outFile, "utf8") }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const taskmgr = join(process.cwd(), "dist", "taskmgr.js")
const rgTimes = []
const rgOneThreadTimes = []
const scanTimes = []
let found
let matched
for (let r = 0; r < runs; r++) {
  const rg = time("rg", ["-n", "TODO|FIXME", "."])
  rgTimes.push(rg.ms)
  matched = rg.out.split("\n").filter((l) => l !== "").length
  // For scale: the scan runs on one thread, rg on every core.
  rgOneThreadTimes.push(time("rg", ["-j1", "-n", "TODO|FIXME", "."]).ms)
  const scan = time(process.execPath, [taskmgr, "task", "scan-todos", ".", "--json"])
  scanTimes.push(scan.ms)
  found = JSON.parse(scan.out).drafts.length
}
rmSync(root, { recursive: true, force: true })
rmSync(outFile, { force: true })
const rgMs = median(rgTimes)
const scanMs = median(scanTimes)
console.log(`tree: ${written} files`)
console.log(
  `rg -n 'TODO|FIXME':        ${
    rgMs.toFixed(0)
  } ms median of ${runs} (${matched} matching lines, strings and binaries included)`
)
console.log(`taskmgr task scan-todos:   ${scanMs.toFixed(0)} ms median of ${runs} (${found} comments)`)
console.log(`ratio: ${(scanMs / rgMs).toFixed(2)}x (target: at most 3x)`)
console.log(
  `for scale, rg -j1 (one thread): ${median(rgOneThreadTimes).toFixed(0)} ms; scan-todos is ${
    (scanMs / median(rgOneThreadTimes)).toFixed(2)
  }x of it`
)
