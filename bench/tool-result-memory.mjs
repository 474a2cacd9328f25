// What a result too large to send costs the tool server: peak RSS of `design
// mcp` answering one design_file_get of a generated document of SIZE MB
// (default 200) from `design sandbox`, against `design file get --json` of the
// same document (the command line streams it) and `node -e 0`, measured the
// same way. The server reads the answer only up to DESIGN_MCP_MAX_BYTES.
// Peak RSS is the kernel's (/usr/bin/time -v) or VmHWM polled.
// Usage: node bench/tool-result-memory.mjs [SIZE_MB]
import { spawn } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { createInterface } from "node:readline"

const sizeMb = Number(process.argv[2] ?? 200)
const node = process.execPath
const base = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NO_COLOR: "1" }
const TIME = "/usr/bin/time"
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1)

const sandbox = spawn(node, ["dist/design.js", "sandbox"], { env: base, stdio: ["ignore", "pipe", "inherit"] })
const seed = JSON.parse(
  await new Promise((resolve) => createInterface({ input: sandbox.stdout }).once("line", resolve))
)
const env = { ...base, DESIGN_BASE_URL: seed.base_url, DESIGN_ACCESS_TOKEN: seed.tokens.personal }

/** Peak RSS of `node args`; `session` talks to it over stdin and stdout, then lets it end. */
const peak = (args, session = async () => {}) =>
  new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const timed = existsSync(TIME)
    const child = spawn(timed ? TIME : node, timed ? ["-v", node, ...args] : args, {
      env,
      stdio: ["pipe", "pipe", "pipe"]
    })
    let stderr = ""
    let polled = 0
    child.stderr.setEncoding("utf8").on("data", (c) => void (stderr += c))
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))
        if (m) polled = Math.max(polled, Number(m[1]) * 1024)
      } catch {
        // exited
      }
    }, 20)
    child.stdout.resume()
    session(child).then(() => child.stdin.end(), reject)
    child.once("close", (code) => {
      clearInterval(poll)
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)
      if (code !== 0) return reject(new Error(`exit ${code}: ${stderr.slice(-2000)}`))
      resolve({ rss: m ? Number(m[1]) * 1024 : polled, ms })
    })
  })

/** One design_file_get over stdio; resolves with the answer's line. */
const fileGetCall = (fileKey) => (child) =>
  new Promise((resolve) => {
    const lines = createInterface({ input: child.stdout })
    lines.on("line", (line) => {
      if (line.startsWith(`{"jsonrpc":"2.0","id":2,`)) resolve(line)
    })
    const send = (message) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`)
    send({
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } }
    })
    send({ id: 2, method: "tools/call", params: { name: "design_file_get", arguments: { file_key: fileKey } } })
  }).then((line) => void (answer = line))

let answer = ""
try {
  const { file_key } = await (await fetch(`${seed.base_url}/_sandbox/files`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ approx_bytes: sizeMb * 1024 * 1024 })
  })).json()
  const baseline = await peak(["-e", "0"])
  const cli = await peak(["dist/design.js", "file", "get", file_key, "--json"])
  const server = await peak(["dist/design.js", "mcp"], fileGetCall(file_key))
  const result = JSON.parse(answer).result
  console.log(`design_file_get of a ${sizeMb} MB document (peak RSS)`)
  console.log(`  node -e 0                            ${mb(baseline.rss).padStart(7)} MB`)
  console.log(`  design file get --json (streams)     ${mb(cli.rss).padStart(7)} MB  ${(cli.ms / 1000).toFixed(1)} s`)
  console.log(
    `  design mcp, design_file_get          ${mb(server.rss).padStart(7)} MB  ${(server.ms / 1000).toFixed(1)} s, ` +
      `${result.structuredContent?.error?.type ?? "answered"} (${Buffer.byteLength(answer)}-byte line)`
  )
} finally {
  sandbox.kill("SIGTERM")
}
