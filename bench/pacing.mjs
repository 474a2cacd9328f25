// Pacing benchmark: bursts of userMe calls against each sandbox, through the
// library in one or several processes (bench/pacing-worker.ts), and prints per
// scenario: calls, concurrency, processes, 429s, failures, elapsed and quota
// use = the time the limit allows for the calls that succeeded / the time they took (from
// the first call's start to the last one's end, so process start-up is not
// counted). Both sandboxes pace at 150 a minute with a burst of 150 for the
// tokens used (taskmgr: a free workspace; design: an Enterprise Full seat, tier 3),
// so 200 calls are allowed 20 s. Four processes share one budget through a
// redis-server started here on a free loopback port (skipped when redis-server is missing).
// Usage: node bench/pacing.mjs [--worker FILE] [--no-redis]   (needs `npm run build` for the sandboxes)
import { build } from "esbuild"
import { spawn } from "node:child_process"
import { mkdirSync } from "node:fs"
import { createServer } from "node:net"
import { createInterface } from "node:readline"

const args = process.argv.slice(2)
const workerArg = args.indexOf("--worker")
const useRedis = !args.includes("--no-redis")
const node = process.execPath
const base = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" }
const children = []

let worker = workerArg >= 0 ? args[workerArg + 1] : undefined
if (worker === undefined) {
  mkdirSync(".tmp", { recursive: true })
  worker = ".tmp/pacing-worker.cjs"
  await build({
    entryPoints: ["bench/pacing-worker.ts"],
    outfile: worker,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    logLevel: "warning"
  })
}

const firstLine = (child) => new Promise((resolve) => createInterface({ input: child.stdout }).once("line", resolve))
const sandbox = async (program) => {
  const child = spawn(node, [`dist/${program}.js`, "sandbox"], { env: base, stdio: ["ignore", "pipe", "inherit"] })
  children.push(child)
  return JSON.parse(await firstLine(child))
}
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
const startRedis = async () => {
  const port = await freePort()
  const child = spawn("redis-server", [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no"
  ], { stdio: ["ignore", "pipe", "ignore"] })
  children.push(child)
  const ok = await new Promise((resolve) => {
    child.once("error", () => resolve(false))
    child.stdout.on("data", (chunk) => String(chunk).includes("Ready to accept connections") && resolve(true))
  })
  return ok ? `redis://127.0.0.1:${port}` : undefined
}

const runWorker = (job) =>
  new Promise((resolve, reject) => {
    const child = spawn(node, [worker, JSON.stringify(job)], { env: base, stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    child.stdout.setEncoding("utf8").on("data", (chunk) => void (out += chunk))
    child.once("close", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`worker exited ${code}`))))
  })

const [tm, ds] = await Promise.all([sandbox("taskmgr"), sandbox("design")])
const redis = useRedis ? await startRedis() : undefined
const services = {
  taskmgr: {
    origin: tm.app_url,
    job: { service: "taskmgr", baseUrl: tm.base_url, token: tm.tokens.free },
    plan: { plan: "free" },
    perMinute: 150,
    burst: 150
  },
  design: {
    origin: ds.base_url,
    job: { service: "design", baseUrl: ds.base_url, token: ds.enterprise.tokens.personal },
    plan: { plan: "enterprise", seat: "full" },
    perMinute: 150,
    burst: 150
  }
}
const scenarios = [
  { name: "plan set", processes: 1, calls: 200, concurrency: 50, plan: true },
  { name: "plan unset", processes: 1, calls: 200, concurrency: 50, plan: false },
  { name: "plan set, shared store", processes: 4, calls: 200, concurrency: 50, plan: true, store: true },
  { name: "plan set, no store", processes: 4, calls: 200, concurrency: 50, plan: true, optional: true }
]

const rows = []
let db = 0
for (const [name, s] of Object.entries(services)) {
  for (const sc of scenarios) {
    if (sc.store && redis === undefined) continue
    if (sc.optional && !args.includes("--all")) continue
    await fetch(`${s.origin}/_sandbox/reset`, { method: "POST" })
    const store = sc.store ? { rateStore: `${redis}/${++db}` } : {}
    const job = {
      ...s.job,
      ...(sc.plan ? s.plan : {}),
      ...store,
      calls: sc.calls / sc.processes,
      concurrency: sc.concurrency
    }
    const results = await Promise.all(Array.from({ length: sc.processes }, () => runWorker(job)))
    const elapsed = (Math.max(...results.map((r) => r.ended)) - Math.min(...results.map((r) => r.started))) / 1000
    const failures = results.reduce((n, r) => n + r.failures, 0)
    // What the limit allows for the calls that succeeded: failed calls do not count as work done.
    const allowed = Math.max(0, sc.calls - failures - s.burst) / (s.perMinute / 60)
    const count = (status) => results.reduce((n, r) => n + (r.statuses[status] ?? 0), 0)
    rows.push({
      service: name,
      scenario: sc.name,
      calls: sc.calls,
      concurrency: sc.concurrency,
      processes: sc.processes,
      "429s": count(429),
      failures,
      "elapsed s": elapsed.toFixed(1),
      "allowed s": allowed.toFixed(1),
      "quota use": `${Math.round((100 * allowed) / elapsed)}%`
    })
    console.error(`${name}, ${sc.name}: done`)
  }
}
console.table(rows)
if (redis === undefined && useRedis) {
  console.log("redis-server not found: the shared-store scenario was skipped (apt-get install redis-server).")
}
for (const child of children) child.kill()
