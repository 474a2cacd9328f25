// Soak: many `taskmgr` processes and one tool server on one OAuth sign-in, for a
// stated wall time, sharing one budget through a real redis-server, while
//   - the simulator's clock jumps an hour every --expire-every seconds, so every
//     access token expires and each process renews it with the stored refresh token;
//   - Redis is restarted once (at 1/3 of the run), on the same port;
//   - the service answers 503 to every API request for --outage seconds (at 2/3).
// The processes: --workers loops, each running one-shot commands back to back
// (task create in the project, task get, task list, task update; a process
// each), --followers `event list PROJECT --follow --json`, and one `taskmgr mcp`
// driven by the official MCP client (task list, task get, and a task create
// every tenth call). One `auth login`; its stored sign-in (one grant, one
// refresh token) is copied for each kind of process, because every request
// goes through a counting proxy per kind and a sign-in is kept per URL. So
// calls, 401s, refreshes, 429s and 503s are the wire's own figures. The outage
// is the proxies' (the simulator's faults are counted by requests, not by time).
// Printed: a row per kind (calls, 401s, refreshes, 429s, outage 503s, failures
// during and outside the outage, peak RSS, and the lowest RSS in each fifth of the run after a warm-up);
// tasks made against the "added" events each follower saw (missing, repeated);
// which long-lived processes were back on Redis after its restart.
// Goal: no failure outside the outage, no event lost or repeated, no growth of memory.
// Usage: node bench/soak.mjs [--minutes M] [--workers N] [--followers N] [--expire-every S] [--outage S]
//                            [--tool-loops N] [--tool-pause MS]     (defaults: 3, 4, 2, 30, 15, 2, 100)
//   (needs `npm run build` and redis-server: scripts/ensure-redis.sh; SOAK_DEBUG=DIR keeps the followers'
//   exchanges, TASKMGR_DEBUG=api, in DIR)
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { execFileSync, spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import http from "node:http"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  const value = at < 0 ? fallback : Number(process.argv[at + 1])
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name}: must be a number (got ${process.argv[at + 1]})`)
  return value
}
const minutes = option("minutes", 3)
const workerCount = option("workers", 4)
const followerCount = option("followers", 2)
const expireEvery = option("expire-every", 30)
const outageSeconds = option("outage", 15)
const toolLoops = option("tool-loops", 2)
const toolPauseMs = option("tool-pause", 100)
const runMs = minutes * 60_000

const node = process.execPath
const BIN = "dist/taskmgr.js"
const dir = mkdtempSync(join(tmpdir(), "soak-"))
const configDir = join(dir, "config")
const base = { PATH: process.env.PATH ?? "", HOME: dir, NO_COLOR: "1" }
const children = new Set()
// Whatever ends this script ends what it started.
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL")
})
process.on("uncaughtException", (error) => {
  console.error(error)
  process.exit(1)
})
process.on("unhandledRejection", (error) => {
  console.error(error)
  process.exit(1)
})
process.on("SIGINT", () => process.exit(130))
process.on("SIGTERM", () => process.exit(143))
const started = Date.now()
const at = () => (Date.now() - started) / 1000
const say = (line) => console.error(`[${at().toFixed(0).padStart(4)} s] ${line}`)
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const mb = (kb) => (kb / 1024).toFixed(0)

// ---- the sandbox, Redis, the proxies ------------------------------------------

const firstLine = (child) => new Promise((resolve) => createInterface({ input: child.stdout }).once("line", resolve))
const sandboxChild = spawn(node, [BIN, "sandbox", "--port", "0"], { env: base, stdio: ["ignore", "pipe", "inherit"] })
children.add(sandboxChild)
const sandbox = JSON.parse(await firstLine(sandboxChild))
const upstream = new URL(sandbox.app_url)
const project = sandbox.project_gid

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
const redisPort = await freePort()
let redis
const startRedis = async () => {
  const child = spawn("redis-server", [
    "--port",
    String(redisPort),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no"
  ], {
    stdio: ["ignore", "pipe", "ignore"]
  })
  children.add(child)
  const ok = await new Promise((resolve) => {
    child.once("error", () => resolve(false))
    child.stdout.on("data", (chunk) => String(chunk).includes("Ready to accept connections") && resolve(true))
  })
  if (!ok) throw new Error("redis-server could not start: scripts/ensure-redis.sh installs it")
  redis = child
}
const stopRedis = () =>
  new Promise((resolve) => {
    redis.once("exit", resolve)
    redis.kill("SIGTERM")
    children.delete(redis)
  })
await startRedis()
const rateStore = `redis://127.0.0.1:${redisPort}/0`

let outage = false
const outages = [] // [start s, end s]
const kinds = ["workers", "followers", "tool server"]
const wire = Object.fromEntries(kinds.map((k) => [k, { calls: 0, statuses: {}, refreshes: 0 }]))
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
/** A counting proxy in front of the sandbox for one kind of process; it answers 503 itself during the outage. */
const proxy = async (kind) => {
  const counts = wire[kind]
  const count = (status) => void (counts.statuses[status] = (counts.statuses[status] ?? 0) + 1)
  const server = http.createServer((req, res) => {
    counts.calls++
    if (req.method === "POST" && req.url.startsWith("/-/oauth_token")) counts.refreshes++
    if (outage && req.url.startsWith("/api/")) {
      count(503)
      req.resume()
      res.writeHead(503, { "content-type": "application/json" })
      res.end(JSON.stringify({ errors: [{ message: "Service Unavailable" }] }))
      return
    }
    const forward = http.request({
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
      agent
    }, (answer) => {
      count(answer.statusCode)
      res.writeHead(answer.statusCode, answer.headers)
      answer.pipe(res)
    })
    forward.on("error", () => res.destroy())
    req.pipe(forward)
  })
  const port = await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)))
  return `http://127.0.0.1:${port}`
}
const origins = Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, await proxy(k)])))
/** Each kind's config directory: the one sign-in, its file copied for the kind's proxy (a sign-in is kept per URL). */
const configOf = (kind) => (kind === "workers" ? configDir : join(dir, `config-${kinds.indexOf(kind)}`))
const envFor = (kind) => ({
  ...base,
  TASKMGR_BASE_URL: `${origins[kind]}/api/1.0`,
  TASKMGR_APP_URL: origins[kind],
  TASKMGR_CONFIG_DIR: configOf(kind),
  TASKMGR_WORKSPACE: sandbox.workspace_gid,
  TASKMGR_RATE_STORE: rateStore
})

// ---- the sign-in every process shares -----------------------------------------

const browser = join(dir, "browser.mjs")
writeFileSync(
  browser,
  `const r = await fetch(process.argv[2], { redirect: "manual" })\nawait fetch(r.headers.get("location"))\n`
)
const preload = join(dir, "report-rss.cjs")
writeFileSync(
  preload,
  `process.on("exit", () => process.stderr.write("soak_maxrss_kb=" + process.resourceUsage().maxRSS + "\\n"))\n`
)
mkdirSync(configDir, { mode: 0o700 })
// Asynchronously: the login's browser goes through this process's proxy.
const login = spawn(node, [BIN, "auth", "login"], {
  env: {
    ...envFor("workers"),
    TASKMGR_API_CLIENT_ID: sandbox.client.id,
    TASKMGR_API_CLIENT_SECRET: sandbox.client.secret,
    BROWSER: `${node} ${browser}`
  },
  stdio: ["ignore", "ignore", "pipe"]
})
let loginErr = ""
login.stderr.setEncoding("utf8").on("data", (chunk) => void (loginErr += chunk))
const loginCode = await new Promise((resolve) => login.once("close", resolve))
if (loginCode !== 0) throw new Error(`auth login failed (${loginCode}): ${loginErr}`)
wire.workers.refreshes = 0 // the sign-in's own code exchange is not a renewal
const signIn = JSON.parse(readFileSync(join(configDir, "credentials.json"), "utf8"))
for (const kind of kinds.filter((k) => k !== "workers")) {
  mkdirSync(configOf(kind), { mode: 0o700 })
  writeFileSync(
    join(configOf(kind), "credentials.json"),
    JSON.stringify({ ...signIn, base_url: `${origins[kind]}/api/1.0`, app_url: origins[kind] }),
    { mode: 0o600 }
  )
}
say(`sandbox ${sandbox.app_url}, redis ${rateStore}, signed in; ${minutes} min`)

// ---- memory of the long-lived processes ---------------------------------------

const status = (pid) => {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8")
    return { rss: Number(/VmRSS:\s+(\d+)/.exec(text)?.[1] ?? 0), hwm: Number(/VmHWM:\s+(\d+)/.exec(text)?.[1] ?? 0) }
  } catch {
    return undefined
  }
}
const longLived = [] // { kind, name, pid, samples: [[s, kB]], hwm }
const watch = (kind, name, pid) => longLived.push({ kind, name, pid, samples: [], hwm: 0 })
const sampler = setInterval(() => {
  for (const p of longLived) {
    const s = status(p.pid)
    if (s === undefined) continue
    p.samples.push([at(), s.rss])
    p.hwm = Math.max(p.hwm, s.hwm)
  }
}, 2_000)

// ---- followers ----------------------------------------------------------------

const followers = Array.from({ length: followerCount }, (_, i) => {
  const child = spawn(node, [BIN, "event", "list", project, "--follow", "--json", "--interval", "1"], {
    env: { ...envFor("followers"), ...(process.env.SOAK_DEBUG ? { TASKMGR_DEBUG: "api" } : {}) },
    stdio: ["ignore", "pipe", "pipe"]
  })
  children.add(child)
  const f = { name: `follower ${i + 1}`, child, added: [], lines: 0, stderr: "", exit: undefined, last: undefined }
  createInterface({ input: child.stdout }).on("line", (line) => {
    f.lines++
    const item = JSON.parse(line)
    if (item.action === "added" && item.resource?.resource_type === "task") f.added.push(item.resource.gid)
    if (Object.keys(item).length === 1 && "sync" in item) f.last = item.sync
  })
  child.stderr.setEncoding("utf8").on("data", (chunk) => void (f.stderr += chunk))
  child.once("exit", (code, signal) => void (f.exit = { code, signal, at: at() }))
  watch("followers", f.name, child.pid)
  return f
})

// ---- the tool server ----------------------------------------------------------

const made = new Set() // gids of tasks whose creation was answered
const tool = { calls: 0, failures: [], notes: 0, stderr: "" }
const transport = new StdioClientTransport({
  command: node,
  args: [BIN, "mcp"],
  env: envFor("tool server"),
  stderr: "pipe"
})
const client = new Client({ name: "soak", version: "0.0.0" })
await client.connect(transport)
transport.stderr?.setEncoding("utf8").on("data", (chunk) => void (tool.stderr += chunk))
watch("tool server", "tool server", transport.pid)

const running = () => Date.now() - started < runMs
const inOutage = (t0, t1) => outages.some(([a, b]) => t0 <= b + 5 && t1 >= a)
const toolLoop = async (loop) => {
  for (let n = 0; running(); n++) {
    const t0 = at()
    const call = n % 10 === 9
      ? { name: "taskmgr_task_create", arguments: { name: `soak tool ${loop}.${n}`, projects: [project] } }
      : n % 2 === 0
      ? { name: "taskmgr_task_list", arguments: { project, limit: 20 } }
      : { name: "taskmgr_task_get", arguments: { task_gid: sandbox.task_gid } }
    tool.calls++
    try {
      const result = await client.callTool(call, undefined, { timeout: 120_000 })
      const text = result.content?.map((c) => c.text ?? "").join("\n") ?? ""
      if (/Note: The rate store/.test(text)) tool.notes++
      if (result.isError) tool.failures.push({ t0, t1: at(), what: `${call.name}: ${text.split("\n")[0]}` })
      else if (call.name === "taskmgr_task_create") made.add(JSON.parse(result.content[0].text).gid)
    } catch (e) {
      tool.failures.push({ t0, t1: at(), what: `${call.name}: ${e.message}` })
    }
    await sleep(toolPauseMs)
  }
}

// ---- workers: one-shot commands, a process each -----------------------------------

const runs = { count: 0, failures: [], rss: [], notes: 0 }
const command = (args) =>
  new Promise((resolve) => {
    const child = spawn(node, [BIN, ...args], {
      env: { ...envFor("workers"), NODE_OPTIONS: `--require ${preload}` },
      stdio: ["ignore", "pipe", "pipe"]
    })
    children.add(child)
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk) => void (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk) => void (stderr += chunk))
    child.once("close", (code) => {
      children.delete(child)
      resolve({ code, stdout, stderr })
    })
  })
const workerLoop = async (w) => {
  const mine = []
  for (let n = 0; running(); n++) {
    const step = n % 4
    const target = mine.at(-1) ?? sandbox.task_gid
    const args = step === 0
      ? ["task", "create", `soak worker ${w}.${n}`, "--projects", project, "--json"]
      : step === 1
      ? ["task", "get", target, "--json"]
      : step === 2
      ? ["task", "list", "--project", project, "--limit", "20", "--json"]
      : ["task", "update", target, "--notes", `soak ${n}`, "--json"]
    const t0 = at()
    const r = await command(args)
    runs.count++
    const rss = /soak_maxrss_kb=(\d+)/.exec(r.stderr)
    if (rss !== null) runs.rss.push(Number(rss[1]))
    if (/Note: The rate store/.test(r.stderr)) runs.notes++
    const gid = step === 0 && r.code === 0 ? /"gid":\s*"(\d+)"/.exec(r.stdout)?.[1] : undefined
    if (r.code !== 0 || (step === 0 && gid === undefined)) {
      const error = r.stderr.split("\n").find((l) => l.startsWith("Error:")) ?? "no task in the answer"
      runs.failures.push({ t0, t1: at(), what: `${args.slice(0, 2).join(" ")} (exit ${r.code}): ${error}` })
    } else if (gid !== undefined) {
      made.add(gid)
      mine.push(gid)
    }
  }
}

// ---- the run ----------------------------------------------------------------

const onRedis = () => {
  // Which long-lived processes hold a connection to Redis now.
  let out = ""
  try {
    out = execFileSync("ss", ["-tnpH", "state", "established", `( dport = :${redisPort} )`], { encoding: "utf8" })
  } catch {
    return undefined
  }
  const pids = new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))
  return longLived.filter((p) => pids.has(p.pid)).map((p) => p.name)
}

const events = []
const scheduled = async () => {
  let expiries = 0
  let restarted = false
  let failed = false
  while (running()) {
    await sleep(1_000)
    const t = at()
    if (expireEvery > 0 && t >= (expiries + 1) * expireEvery) {
      expiries++
      await fetch(`${sandbox.app_url}/_sandbox/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ advance_ms: 3_601_000 })
      })
    }
    if (!restarted && t >= runMs / 3000) {
      restarted = true
      const before = onRedis()
      await stopRedis()
      await sleep(1_000)
      await startRedis()
      say(`Redis restarted (long-lived processes on it before: ${before?.length ?? "?"} of ${longLived.length})`)
      await sleep(10_000)
      events.push({ what: "redis", before, after10s: onRedis() })
    }
    if (!failed && outageSeconds > 0 && t >= (2 * runMs) / 3000) {
      failed = true
      outage = true
      const a = at()
      say(`outage: the service answers 503 for ${outageSeconds} s`)
      await sleep(outageSeconds * 1000)
      outage = false
      outages.push([a, at()])
      say("outage over")
    }
  }
  events.push({ what: "expiries", count: expiries })
}

await Promise.all([
  scheduled(),
  ...Array.from({ length: toolLoops }, (_, l) => toolLoop(l + 1)),
  ...Array.from({ length: workerCount }, (_, w) => workerLoop(w + 1))
])
const redisAtEnd = onRedis()
// The followers read every second: give them time to see the last tasks made, then stop them as a user would.
say("stopping: the followers catch up")
await sleep(8_000)
for (const f of followers) f.child.kill("SIGINT")
await Promise.all(
  followers.map((f) => (f.exit !== undefined ? undefined : new Promise((r) => f.child.once("exit", r))))
)
clearInterval(sampler)
await client.close()

// ---- the report ----------------------------------------------------------------

const expiries = events.find((e) => e.what === "expiries")?.count ?? 0
const redisEvent = events.find((e) => e.what === "redis")
const failuresOf = (list) => ({
  during: list.filter((f) => inOutage(f.t0, f.t1)).length,
  outside: list.filter((f) => !inOutage(f.t0, f.t1))
})
const memory = (kind) => {
  const mine = longLived.filter((p) => p.kind === kind)
  if (mine.length === 0) {
    const sorted = [...runs.rss].sort((a, b) => a - b)
    return {
      peak: sorted.length === 0 ? "-" : `${mb(sorted.at(-1))} (median ${mb(sorted[Math.floor(sorted.length / 2)])})`,
      trend: "-"
    }
  }
  // The lowest RSS in each fifth of the run after a warm-up of 30 s: the floor the collector comes back to,
  // which rises when memory is kept, where single samples swing with each collection.
  const fifths = (p) => {
    const span = (runMs / 1000 - 30) / 5
    return Array.from({ length: 5 }, (_, i) => {
      const inside = p.samples.filter(([s]) => s >= 30 + i * span && s < 30 + (i + 1) * span).map(([, kb]) => kb)
      return inside.length === 0 ? "-" : mb(Math.min(...inside))
    }).join(" ")
  }
  const trend = mine.map(fifths)
  return { peak: mine.map((p) => mb(p.hwm)).join(", "), trend: trend.join("; ") }
}
const workerFailures = failuresOf(runs.failures)
const toolFailures = failuresOf(tool.failures)
const followerFailures = followers.filter((f) =>
  f.exit?.signal === null && f.exit.code !== 0 && f.exit.at < runMs / 1000
)
const row = (kind, processes, failures) => {
  const w = wire[kind]
  const m = memory(kind)
  return {
    kind,
    processes,
    calls: w.calls,
    "401s": w.statuses[401] ?? 0,
    refreshes: w.refreshes,
    "429s": w.statuses[429] ?? 0,
    "503s (outage)": w.statuses[503] ?? 0,
    "failed in outage": failures.during,
    "failed outside": failures.outside.length,
    "peak RSS MB": m.peak,
    "lowest RSS MB by fifth": m.trend
  }
}
console.table([
  row("workers", runs.count, workerFailures),
  row("followers", followerCount, { during: 0, outside: followerFailures }),
  row("tool server", 1, toolFailures)
])
const seen = followers.map((f) => {
  const counts = new Map()
  for (const gid of f.added) counts.set(gid, (counts.get(gid) ?? 0) + 1)
  return {
    follower: f.name,
    "tasks made": made.size,
    "added events seen": f.added.length,
    missing: [...made].filter((gid) => !counts.has(gid)).length,
    repeated: [...counts.values()].filter((n) => n > 1).length,
    "not made here": [...counts.keys()].filter((gid) => !made.has(gid)).length,
    "feed retries said": (f.stderr.match(/^Reading the feed failed/gm) ?? []).length,
    "resume token at end": f.last === undefined ? "none" : "printed",
    exit: f.exit === undefined ? "running" : f.exit.signal ?? f.exit.code
  }
})
console.table(seen)
const total = kinds.reduce((n, k) => n + wire[k].calls, 0)
console.log(
  `run: ${minutes} min, ${workerCount} worker loops, ${followerCount} followers, 1 tool server (${tool.calls} tool calls ` +
    `from ${toolLoops} loops); ${total} requests, ${Math.round(total / minutes)} a minute`
)
console.log(
  `token expiries (clock +1 h): ${expiries}; outage: ${
    outages.map(([a, b]) => `${a.toFixed(0)}-${b.toFixed(0)} s`).join(", ") || "none"
  }`
)
console.log(
  `Redis restart: long-lived processes on Redis before ${redisEvent?.before?.length ?? "?"} of ${longLived.length}, ` +
    `10 s after ${redisEvent?.after10s?.length ?? "?"}, at the end ${redisAtEnd?.length ?? "?"}; ` +
    `"rate store cannot be used" notes: workers ${runs.notes}, tool results ${tool.notes}, ` +
    `followers ${followers.filter((f) => /rate store/.test(f.stderr)).length}, tool server stderr ${
      /rate store/.test(tool.stderr) ? 1 : 0
    }`
)
// Why calls failed in the outage, by their first words (each should be the outage's 503).
const reasons = new Map()
for (const f of [...runs.failures, ...tool.failures].filter((f) => inOutage(f.t0, f.t1))) {
  const why = f.what.replace(/^[^:]*: /, "").replace(/\{"error":\{"type":"(\w+)".*/, "$1").slice(0, 80)
  reasons.set(why, (reasons.get(why) ?? 0) + 1)
}
for (const [why, n] of reasons) console.log(`failed in the outage (${n}): ${why}`)
for (const f of [...workerFailures.outside, ...toolFailures.outside].slice(0, 10)) {
  console.log(`failure outside the outage at ${f.t0.toFixed(0)} s: ${f.what.slice(0, 300)}`)
}
for (const f of followerFailures) {
  const error = f.stderr.split("\n").find((l) => l.startsWith("Error:")) ?? "no error said"
  console.log(`${f.name} ended at ${f.exit.at.toFixed(0)} s with exit ${f.exit.code}: ${error}`)
}

if (process.env.SOAK_DEBUG) {
  for (const f of followers) writeFileSync(join(process.env.SOAK_DEBUG, `${f.name.replace(" ", "-")}.err`), f.stderr)
}
for (const child of children) child.kill("SIGTERM")
rmSync(dir, { recursive: true, force: true })
process.exit(0)
