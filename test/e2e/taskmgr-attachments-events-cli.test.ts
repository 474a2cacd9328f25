/**
 * Attachments and the event feed over the built `taskmgr` binary against
 * `taskmgr sandbox --port 0`: list, get, upload (a large file streamed, not
 * held: the process's peak memory grows by a fraction of the file's size), link,
 * delete; a feed read without a token (`--follow`: event-follow-cli.test.ts);
 * and bad input refused with exit 2 and nothing sent.
 */
import { spawn } from "node:child_process"
import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { baseEnv, describeRun, ROOT, runInProcess, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const taskmgr = (...args: ReadonlyArray<string>) => runInProcess(args, { bin: TASKMGR_BIN, env: sandbox.env() })
const apiRequests = async () => (await sandbox.requests()).filter((r) => r.path.startsWith("/api/"))

const dir = mkdtempSync(join(tmpdir(), "attachments-cli-"))
const small = join(dir, "notes.txt")
writeFileSync(small, "hello, attachments\n")
mkdirSync(join(dir, "folder"))

/** A sparse file of `size` bytes: it costs no disk, and reads as zeros. */
const sparseFile = (name: string, size: number) => {
  const path = join(dir, name)
  const fd = openSync(path, "w")
  ftruncateSync(fd, size)
  closeSync(fd)
  return path
}

/** The binary as a child with the sandbox's environment; a preload reports its peak memory (maxRSS) on exit. */
const spawnTaskmgr = (args: ReadonlyArray<string>) => {
  const preload = join(dir, "report-rss.cjs")
  writeFileSync(
    preload,
    `process.on("exit", () => process.stderr.write("maxrss_kb=" + process.resourceUsage().maxRSS + "\\n"))\n`
  )
  const child = spawn(process.execPath, [TASKMGR_BIN, ...args], {
    cwd: ROOT,
    env: { ...baseEnv(), ...sandbox.env(), NODE_OPTIONS: `--require ${preload}` },
    stdio: ["ignore", "pipe", "pipe"]
  })
  let stdout = ""
  let stderr = ""
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (stdout += chunk))
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk))
  const done = new Promise<{ code: number | null; stdout: string; stderr: string; ms: number }>((resolve) =>
    child.once("close", (code) => resolve({ code, stdout, stderr, ms: 0 }))
  )
  return { child, done, stdout: () => stdout }
}

describe("taskmgr attachment", () => {
  it("lists, reads, uploads, links and deletes", async () => {
    const task = sandbox.info.task_gid
    const list = await taskmgr("attachment", "list", task, "--json")
    expect(list.code, describeRun(list)).toBe(0)
    expect(JSON.parse(list.stdout).attachments.map((a: { name: string }) => a.name).sort()).toEqual([
      "Launch brief",
      "checklist.txt"
    ])

    const uploaded = await taskmgr(
      "attachment",
      "create",
      `${sandbox.info.app_url}/0/${sandbox.info.project_gid}/${task}`,
      "--file",
      small,
      "--json"
    )
    expect(uploaded.code, describeRun(uploaded)).toBe(0)
    const made = JSON.parse(uploaded.stdout)
    expect(made).toMatchObject({ name: "notes.txt", size: 19, parent: { gid: task } })

    const linked = await taskmgr(
      "attachment",
      "create",
      task,
      "--url",
      "https://example.com/spec",
      "--name",
      "Spec",
      "--json"
    )
    expect(linked.code, describeRun(linked)).toBe(0)
    expect(JSON.parse(linked.stdout)).toMatchObject({ name: "Spec", resource_subtype: "external" })

    const got = await taskmgr("attachment", "get", made.gid)
    expect(got.code, describeRun(got)).toBe(0)
    expect(got.stdout).toMatch(/size:\s+19/)

    const deleted = await taskmgr("attachment", "delete", made.gid, "--json")
    expect(JSON.parse(deleted.stdout)).toEqual({ deleted: true, already_absent: false, attachment_gid: made.gid })
  })

  it(
    "uploads a large file streamed: every byte stored, and memory beyond a plain command's a fraction of the file",
    async () => {
      const size = 320 * 1024 * 1024
      const big = sparseFile("big.bin", size)
      const peakOf = (stderr: string) => Number(/maxrss_kb=(\d+)/.exec(stderr)?.[1]) * 1024
      // The same binary's peak for a command that sends no body: what the upload is measured against.
      const plain = await spawnTaskmgr(["attachment", "list", sandbox.info.task_gid, "--json"]).done
      expect(plain.code, describeRun(plain)).toBe(0)
      const upload = await spawnTaskmgr(["attachment", "create", sandbox.info.task_gid, "--file", big, "--json"]).done
      expect(upload.code, describeRun(upload)).toBe(0)
      expect(JSON.parse(upload.stdout)).toMatchObject({ name: "big.bin", size })
      expect(peakOf(plain.stderr)).toBeGreaterThan(0)
      // Held whole (or queued faster than the socket drains), the file would add about its own size.
      expect(peakOf(upload.stderr) - peakOf(plain.stderr)).toBeLessThan(size / 4)
    },
    180_000
  )

  const refusals: ReadonlyArray<readonly [string, ReadonlyArray<string>, RegExp]> = [
    ["a missing file", ["--file", join(dir, "nope.txt")], /--file: .*nope\.txt does not exist\./],
    [
      "a directory",
      ["--file", join(dir, "folder")],
      /--file: .*folder is a directory; uploads take regular files only\./
    ],
    ["a URL without a name", ["--url", "https://example.com/x"], /--url: an external link also needs --name\./],
    [
      "a file and a URL",
      ["--file", small, "--url", "https://example.com/x", "--name", "x"],
      /Give --file or --url, not both\./
    ],
    ["neither", [], /Give --file \(a path to upload\) or --url \(with --name\)\./]
  ]
  for (const [what, args, message] of refusals) {
    it(`refuses ${what}: exit 2, nothing sent`, async () => {
      const r = await taskmgr("attachment", "create", sandbox.info.task_gid, ...args)
      expect(r.code, describeRun(r)).toBe(2)
      expect(r.stderr).toMatch(message)
      expect(await apiRequests()).toEqual([])
    })
  }
})

describe("taskmgr event list", () => {
  it("without a token answers a fresh one with sync_reset (exit 0); with it, the changes since", async () => {
    const task = sandbox.info.task_gid
    const first = await taskmgr("event", "list", task, "--json")
    expect(first.code, describeRun(first)).toBe(0)
    const reset = JSON.parse(first.stdout)
    expect(reset).toMatchObject({ events: [], sync_reset: true })
    const text = await taskmgr("event", "list", task)
    expect(text.stderr).toContain(`--sync `)
    await taskmgr("task", "update", task, "--name", "Renamed")
    const next = await taskmgr("event", "list", task, "--sync", reset.sync, "--json")
    expect(JSON.parse(next.stdout).events).toMatchObject([{
      action: "changed",
      change: { field: "name" },
      resource: { gid: task, name: "Renamed" }
    }])
  })

  it("refuses --interval without --follow, and one out of range: exit 2, nothing sent", async () => {
    const alone = await taskmgr("event", "list", sandbox.info.task_gid, "--interval", "5")
    expect(alone.code, describeRun(alone)).toBe(2)
    expect(alone.stderr).toMatch(/--interval only applies with --follow\./)
    const zero = await taskmgr("event", "list", sandbox.info.task_gid, "--follow", "--interval", "0")
    expect(zero.code, describeRun(zero)).toBe(2)
    expect(zero.stderr).toMatch(/--interval: must be a number of seconds from 1 to 3600 \(got 0\)\./)
    const token = await taskmgr("event", "list", sandbox.info.task_gid, "--sync", "has space")
    expect(token.code, describeRun(token)).toBe(2)
    expect(token.stderr).toMatch(/--sync/)
    expect(await apiRequests()).toEqual([])
  })
})
