// Batch pacing check: many `taskmgr task get-many` processes on one free-workspace token (150 requests a
// minute, each batch action counted by the service) share one budget through a redis-server started here.
// Prints, per process, its exit code, the calls it sent, those answered 429, and the gids that failed (those left
// with a 429 from inside a batch apart); then the totals and whether the check held: no process failed, at most two
// 429s.
// Usage: node bench/batch-pacing.mjs [--processes 16] [--gids 15] [--no-plan] [--no-store]
//   (needs `npm run build`; exits 1 when the check does not hold)
import { spawn } from "node:child_process"
import { createServer } from "node:net"
import { createInterface } from "node:readline"

const args = process.argv.slice(2)
const numberArg = (flag, fallback) => {
  const at = args.indexOf(flag)
  return at >= 0 ? Number(args[at + 1]) : fallback
}
const PROCESSES = numberArg("--processes", 16)
const GIDS = numberArg("--gids", 15)
const withPlan = !args.includes("--no-plan")
const withStore = !args.includes("--no-store")
const MAX_429 = 2
const node = process.execPath
const base = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" }
const children = []

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

const startSandbox = async () => {
  const child = spawn(node, ["dist/taskmgr.js", "sandbox", "--port", "0"], {
    env: base,
    stdio: ["ignore", "pipe", "inherit"]
  })
  children.push(child)
  return JSON.parse(await new Promise((resolve) => createInterface({ input: child.stdout }).once("line", resolve)))
}

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
  ], {
    stdio: ["ignore", "pipe", "ignore"]
  })
  children.push(child)
  const ok = await new Promise((resolve) => {
    child.once("error", () => resolve(false))
    child.stdout.on("data", (chunk) => String(chunk).includes("Ready to accept connections") && resolve(true))
  })
  if (!ok) throw new Error("redis-server could not start: apt-get install -y redis-server")
  return `redis://127.0.0.1:${port}`
}

const api = async (sb, method, path, body) => {
  const response = await fetch(`${sb.base_url}${path}`, {
    method,
    headers: { authorization: `Bearer ${sb.tokens.free}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify({ data: body }) })
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`)
  return (await response.json()).data
}

const runGetMany = (sb, gids, store) =>
  new Promise((resolve) => {
    const argv = [
      "dist/taskmgr.js",
      "task",
      "get-many",
      ...gids,
      "--json",
      ...(withPlan ? ["--plan", "free"] : []),
      ...(store === undefined ? [] : ["--rate-store", store])
    ]
    const env = {
      ...base,
      TASKMGR_BASE_URL: sb.base_url,
      TASKMGR_APP_URL: sb.app_url,
      TASKMGR_TOKEN: sb.tokens.free,
      TASKMGR_DEBUG: "api"
    }
    const child = spawn(node, argv, { env, stdio: ["ignore", "pipe", "pipe"] })
    children.push(child)
    let stdout = ""
    let stderr = ""
    child.stdout.setEncoding("utf8").on("data", (chunk) => void (stdout += chunk))
    child.stderr.setEncoding("utf8").on("data", (chunk) => void (stderr += chunk))
    child.once("close", (code) => resolve({ code, stdout, stderr }))
  })

/** What one run met: whole calls answered 429 (TASKMGR_DEBUG=api's "< 429" lines) and gids that failed, by status. */
const readRun = (r) => {
  const calls = [...r.stderr.matchAll(/^< (\d{3}) /gm)].map((m) => Number(m[1]))
  let failed = []
  try {
    failed = JSON.parse(r.stdout).tasks.filter((t) => "error" in t)
  } catch {
    // No JSON: the whole command failed (its error is on stderr).
  }
  const error = r.stderr.split("\n").find((line) => line.startsWith("Error:"))
  return {
    exit: r.code,
    calls: calls.length,
    "429 calls": calls.filter((s) => s === 429).length,
    "gids left 429": failed.filter((t) => t.error.status === 429).length,
    "failed gids": failed.length,
    error: error ?? ""
  }
}

const sb = await startSandbox()
const redis = withStore ? await startRedis() : undefined
const workspace = (await api(sb, "GET", "/workspaces?limit=10"))[0].gid
const gids = []
for (let i = 0; i < GIDS; i++) gids.push((await api(sb, "POST", "/tasks", { name: `Batch ${i}`, workspace })).gid)
// The creates spent some of the token's budget: simulator time moves on, so the runs start from a full one.
const clock = await fetch(`${sb.app_url}/_sandbox/clock`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ advance_ms: 120_000 })
})
if (!clock.ok) throw new Error(`the sandbox clock: ${clock.status}`)

const started = Date.now()
const runs = await Promise.all(Array.from({ length: PROCESSES }, () => runGetMany(sb, gids, redis && `${redis}/1`)))
const elapsed = (Date.now() - started) / 1000
const rows = runs.map(readRun)
console.table(rows)
const sum = (key) => rows.reduce((n, r) => n + r[key], 0)
const limited = sum("429 calls") + sum("gids left 429")
const failedRuns = rows.filter((r) => r.exit !== 0).length
const holds = failedRuns === 0 && limited <= MAX_429
console.log(
  `${PROCESSES} processes x ${GIDS} gids, plan ${withPlan ? "free" : "unset"}, ${
    withStore ? "shared store" : "no store"
  }: ${sum("calls")} calls, ${sum("429 calls")} answered 429, ${sum("failed gids")} gids failed (${
    sum("gids left 429")
  } with a 429), exits ${JSON.stringify(rows.map((r) => r.exit))}, ${elapsed.toFixed(1)} s`
)
console.log(`check (no failure, at most ${MAX_429} 429s): ${holds ? "holds" : "DOES NOT HOLD"}`)
for (const child of children) child.kill()
process.exitCode = holds ? 0 : 1
