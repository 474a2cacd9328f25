// Large files and image downloads, through the built binary against `design sandbox`:
//   1. peak RSS of `design file get KEY --json > /dev/null` for a generated
//      document of SIZE MB (default 200), against the document's size and
//      against `node -e 0` measured the same way (target: under 150 MB);
//   2. `design file images KEY --ids ... --out DIR` for N images (default 40):
//      images a second and KB/s, against one bare sequential fetch of the same
//      links (the least a script could do).
// Peak RSS is VmHWM from /proc/PID/status, polled; with /usr/bin/time -v the
// kernel's own figure is used. Usage: node bench/large-file.mjs [SIZE_MB] [N]
import { execFileSync, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"

const sizeMb = Number(process.argv[2] ?? 200)
const imageCount = Number(process.argv[3] ?? 40)
const node = process.execPath
const base = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NO_COLOR: "1" }
const TIME = "/usr/bin/time"
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1)

const sandbox = spawn(node, ["dist/design.js", "sandbox"], { env: base, stdio: ["ignore", "pipe", "inherit"] })
const seed = JSON.parse(
  await new Promise((resolve) => createInterface({ input: sandbox.stdout }).once("line", resolve))
)
const env = { ...base, DESIGN_BASE_URL: seed.base_url, DESIGN_ACCESS_TOKEN: seed.tokens.personal }

const post = async (path, body) => {
  const r = await fetch(`${seed.base_url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`)
  return r.json()
}

/** Peak RSS in bytes of `node args` with stdout to /dev/null, and its wall time. */
const peak = (args) =>
  new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const timed = existsSync(TIME)
    const child = timed
      ? spawn(TIME, ["-v", node, ...args], { env, stdio: ["ignore", "ignore", "pipe"] })
      : spawn(node, args, { env, stdio: ["ignore", "ignore", "pipe"] })
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
    child.once("error", reject)
    child.once("close", (code) => {
      clearInterval(poll)
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)
      if (code !== 0) return reject(new Error(`exit ${code}: ${stderr.slice(-2000)}`))
      resolve({ rss: m ? Number(m[1]) * 1024 : polled, ms, source: m ? "time -v" : "VmHWM" })
    })
  })

try {
  // ---- 1. file get --json ----------------------------------------------------
  const { file_key } = await post("/_sandbox/files", { approx_bytes: sizeMb * 1024 * 1024 })
  const probe = await fetch(`${seed.base_url}/v1/files/${file_key}`, {
    headers: { "x-design-token": seed.tokens.personal }
  })
  let docBytes = 0
  for await (const chunk of probe.body) docBytes += chunk.length
  const baseline = await peak(["-e", "0"])
  const run = await peak(["dist/design.js", "file", "get", file_key, "--json"])
  const summary = await peak(["dist/design.js", "file", "get", file_key])
  console.log(`file get --json, document ${mb(docBytes)} MB (peak RSS by ${run.source})`)
  console.log(`  node -e 0                      ${mb(baseline.rss).padStart(7)} MB`)
  console.log(
    `  design file get --json         ${mb(run.rss).padStart(7)} MB  ${
      (run.rss / docBytes).toFixed(3)
    }x the document, ${(run.ms / 1000).toFixed(1)} s, ${(docBytes / 1024 / 1024 / (run.ms / 1000)).toFixed(0)} MB/s`
  )
  console.log(`  design file get (text summary) ${mb(summary.rss).padStart(7)} MB  ${(summary.ms / 1000).toFixed(1)} s`)
  console.log(
    `  target: under 150 MB -> ${run.rss < 150 * 1024 * 1024 && summary.rss < 150 * 1024 * 1024 ? "met" : "MISSED"}`
  )

  // ---- 2. file images --out ---------------------------------------------------------
  const nodes = await fetch(`${seed.base_url}/v1/files/${file_key}?depth=3`, {
    headers: { "x-design-token": seed.tokens.personal }
  })
  const ids = []
  const walk = (n) => {
    if (ids.length < imageCount && n.type !== "DOCUMENT" && n.type !== "CANVAS") ids.push(n.id)
    for (const c of n.children ?? []) walk(c)
  }
  walk((await nodes.json()).document)
  const dir = mkdtempSync(join(tmpdir(), "design-bench-images-"))
  const started = process.hrtime.bigint()
  execFileSync(node, ["dist/design.js", "file", "images", file_key, "--ids", ids.join(","), "--out", dir], {
    env,
    stdio: "ignore"
  })
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const files = readdirSync(dir)
  const bytes = files.reduce((n, f) => n + statSync(join(dir, f)).size, 0)
  // Baseline: the same links fetched one after another by a bare script.
  const links = await (await fetch(`${seed.base_url}/v1/images/${file_key}?ids=${ids.join(",")}`, {
    headers: { "x-design-token": seed.tokens.personal }
  })).json()
  const bareStart = process.hrtime.bigint()
  let bareBytes = 0
  for (const url of Object.values(links.images)) {
    if (url !== null) bareBytes += (await (await fetch(url)).arrayBuffer()).byteLength
  }
  const bare = Number(process.hrtime.bigint() - bareStart) / 1e9
  console.log(`\nfile images --out, ${files.length} images, ${(bytes / 1024).toFixed(1)} KB`)
  console.log(
    `  design file images --out (whole command, start-up included) ${(files.length / seconds).toFixed(1)} images/s, ${
      (bytes / 1024 / seconds).toFixed(1)
    } KB/s, ${seconds.toFixed(2)} s`
  )
  console.log(
    `  bare sequential fetch of the links (in-process, no start-up) ${(files.length / bare).toFixed(1)} images/s, ${
      (bareBytes / 1024 / bare).toFixed(1)
    } KB/s, ${bare.toFixed(2)} s`
  )
  rmSync(dir, { recursive: true, force: true })
} finally {
  sandbox.kill("SIGTERM")
}
