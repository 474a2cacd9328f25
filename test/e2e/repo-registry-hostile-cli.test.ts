/**
 * The repository registry (.taskmgr.json) as a cloned repository or a shared
 * directory can leave it, over the built binary against `taskmgr sandbox`:
 * a FIFO or a link to a device refused at once (by the command line and by
 * the tool server's start), nesting and size bounded, JSON faults named by
 * position, another user's repository ignored, and eight concurrent
 * `repo add` all kept. Each refusal: exit 2 and nothing sent.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { execFileSync } from "node:child_process"
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { baseEnv, describeRun, run, type RunResult, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const TEAM = "1200000000000201"

const taskmgr = (args: ReadonlyArray<string>, cwd: string) =>
  run(args, { bin: TASKMGR_BIN, env: sandbox.env(), cwd, timeoutMs: 20_000 })

const gitRepo = () => {
  const root = mkdtempSync(join(tmpdir(), "registry-hostile-"))
  mkdirSync(join(root, ".git"))
  return root
}

const sentNothing = async () =>
  expect((await sandbox.requests()).filter((q) => !q.path.startsWith("/_sandbox"))).toEqual([])

/** Refused at once with exit 2 naming the file, nothing sent. */
const refused = async (r: RunResult, root: string, words: string | RegExp) => {
  expect(r.code, describeRun(r)).toBe(2)
  expect(r.stderr).toContain(join(root, ".taskmgr.json"))
  expect(r.stderr).toMatch(words)
  await sentNothing()
}

describe(".taskmgr.json a stranger wrote", () => {
  it("refuses a FIFO and a link to /dev/zero at once, where commands hung", async () => {
    const fifo = gitRepo()
    execFileSync("mkfifo", [join(fifo, ".taskmgr.json")])
    await refused(await taskmgr(["tag", "list"], fifo), fifo, "is a FIFO (named pipe)")
    const zero = gitRepo()
    symlinkSync("/dev/zero", join(zero, ".taskmgr.json"))
    await refused(await taskmgr(["tag", "list"], zero), zero, "is a symbolic link")
  })

  it("starts the tool server beside a FIFO registry, where its initialize hung", async () => {
    const fifo = gitRepo()
    execFileSync("mkfifo", [join(fifo, ".taskmgr.json")])
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [TASKMGR_BIN, "mcp", "--toolsets", "all"],
      env: { ...baseEnv(), ...sandbox.env() },
      cwd: fifo,
      stderr: "pipe"
    })
    const client = new Client({ name: "registry-hostile", version: "0.0.0" })
    try {
      await client.connect(transport, { timeout: 15_000 })
      const r = await client.callTool({ name: "taskmgr_tag_list", arguments: {} }, undefined, { timeout: 15_000 })
      expect(JSON.stringify(r)).toContain("is a FIFO")
    } finally {
      await client.close()
    }
  }, 40_000)

  it("refuses 100,000-deep JSON (a stack overflow, exit 1) and a file past 10 MB (400,000 projects took minutes)", async () => {
    const deep = gitRepo()
    writeFileSync(join(deep, ".taskmgr.json"), `{"projects": ${"[".repeat(100_000)}${"]".repeat(100_000)}}`)
    await refused(await taskmgr(["tag", "list"], deep), deep, "is nested more than 64 levels deep")
    const large = gitRepo()
    const projects = Array.from(
      { length: 400_000 },
      (_, i) => ({ gid: String(1_200_000_000_000_000 + i), name: `p${i}` })
    )
    writeFileSync(join(large, ".taskmgr.json"), JSON.stringify({ projects }))
    await refused(await taskmgr(["tag", "list"], large), large, "is larger than 10 MB")
  })

  it("names a JSON fault by line and column, never quoting the file", async () => {
    const root = gitRepo()
    writeFileSync(join(root, ".taskmgr.json"), "{\"workspace_gid\": \"Sup3rSecretValue\",\n  oops}")
    const r = await taskmgr(["tag", "list"], root)
    await refused(r, root, "is not valid JSON at line 2, column 3 (expected a key in quotes)")
    expect(r.stderr).not.toContain("Sup3rSecret")
    expect(r.stderr).not.toContain("oops")
  })
})

describe("a repository that belongs to another user", () => {
  it.runIf(process.getuid?.() === 0)(
    "is not used: a project name registered there is not a project here (git refuses it too)",
    async () => {
      const parent = mkdtempSync(join(tmpdir(), "shared-parent-"))
      chmodSync(parent, 0o755)
      mkdirSync(join(parent, ".git"))
      writeFileSync(
        join(parent, ".taskmgr.json"),
        JSON.stringify({ projects: [{ gid: "1200000000000302", name: "backlog" }] })
      )
      for (const path of [parent, join(parent, ".git"), join(parent, ".taskmgr.json")]) chownSync(path, 65534, 65534)
      const mine = join(parent, "mine")
      mkdirSync(mine)
      const r = await taskmgr(["task", "create", "planted?", "--projects", "backlog"], mine)
      expect(r.code, describeRun(r)).toBe(2)
      expect(r.stderr).toMatch(/Note: ignored the git repository at .*belongs to another user \(uid 65534\)/)
      await sentNothing()
    }
  )
})

describe("repo add run at once", () => {
  it("keeps every one of eight", async () => {
    const made: Array<string> = []
    for (let i = 0; i < 6; i++) {
      const r = await taskmgr(["project", "create", `Concurrent ${i}`, "--team", TEAM, "--json"], tmpdir())
      expect(r.code, describeRun(r)).toBe(0)
      made.push((JSON.parse(r.stdout) as { gid: string }).gid)
    }
    const gids = ["1200000000000301", "1200000000000302", ...made]
    const root = gitRepo()
    const results = await Promise.all(gids.map((gid) => taskmgr(["repo", "add", gid], root)))
    for (const r of results) expect(r.code, describeRun(r)).toBe(0)
    const file = JSON.parse(readFileSync(join(root, ".taskmgr.json"), "utf8")) as { projects: Array<{ gid: string }> }
    expect(file.projects.map((p) => p.gid).sort()).toEqual([...gids].sort())
  }, 60_000)
})
