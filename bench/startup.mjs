// Cold-start benchmark, every command interleaved in each round so that
// machine noise hits all of them alike. Prints medians and ratios:
//   design --help, design webhook list --help, taskmgr --help, taskmgr task list --help  vs  node -e 0
//   design user me (against design sandbox)       vs  a bare node fetch of /v1/me
// Children get a minimal environment: PATH and HOME (plus the sandbox URL and
// token where a command needs them). Usage: node bench/startup.mjs [rounds]
import { execFileSync, spawn } from "node:child_process"
import { statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"

const rounds = Number(process.argv[2] ?? 21)
const node = process.execPath
const base = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" }

const sandbox = spawn(node, ["dist/design.js", "sandbox"], { env: base, stdio: ["ignore", "pipe", "inherit"] })
const seed = JSON.parse(
  await new Promise((resolve) => createInterface({ input: sandbox.stdout }).once("line", resolve))
)
const withApi = { ...base, DESIGN_BASE_URL: seed.base_url, DESIGN_ACCESS_TOKEN: seed.tokens.personal }

// The baseline for `user me`: the least a script can do to make the same call.
const bareFetch = join(tmpdir(), "design-bench-bare-fetch.mjs")
writeFileSync(
  bareFetch,
  `const r = await fetch(process.env.DESIGN_BASE_URL + "/v1/me", { headers: { "x-design-token": process.env.DESIGN_ACCESS_TOKEN } })
console.log(await r.text())\n`
)

const cases = [
  { name: "node -e 0", args: ["-e", "0"], env: base },
  { name: "design --help", args: ["dist/design.js", "--help"], env: base },
  { name: "design webhook list --help", args: ["dist/design.js", "webhook", "list", "--help"], env: base },
  { name: "design --help (no code cache)", args: ["dist/design.bundle.js", "--help"], env: base },
  { name: "taskmgr --help", args: ["dist/taskmgr.js", "--help"], env: base },
  { name: "taskmgr task list --help", args: ["dist/taskmgr.js", "task", "list", "--help"], env: base },
  { name: "bare fetch /v1/me", args: [bareFetch], env: withApi },
  { name: "design user me", args: ["dist/design.js", "user", "me"], env: withApi }
]

const times = new Map(cases.map((c) => [c.name, []]))
for (let round = 0; round < rounds; round++) {
  for (const c of cases) {
    const start = process.hrtime.bigint()
    execFileSync(node, c.args, { env: c.env, stdio: "ignore" })
    times.get(c.name).push(Number(process.hrtime.bigint() - start) / 1e6)
  }
}
sandbox.kill()

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}
const m = Object.fromEntries([...times].map(([k, v]) => [k, median(v)]))
const row = (name, baseline) =>
  `${name.padEnd(32)} ${m[name].toFixed(1).padStart(7)} ms${
    baseline ? `   ${(m[name] / m[baseline]).toFixed(2)}x ${baseline}` : ""
  }`

console.log(`Cold start, median of ${rounds} interleaved rounds (node ${process.version})`)
console.log(row("node -e 0"))
console.log(row("design --help", "node -e 0"))
console.log(row("design webhook list --help", "node -e 0"))
console.log(row("design --help (no code cache)", "node -e 0"))
console.log(row("taskmgr --help", "node -e 0"))
console.log(row("taskmgr task list --help", "node -e 0"))
console.log(row("bare fetch /v1/me"))
console.log(row("design user me", "bare fetch /v1/me"))
console.log(`bundle: dist/design.bundle.js ${(statSync("dist/design.bundle.js").size / 1024).toFixed(0)} KiB`)
console.log(
  "targets: --help at most 3x node -e 0 (best existing wrapper: ~8x); user me at most 1.2x bare fetch (best existing: 2.3x)"
)
