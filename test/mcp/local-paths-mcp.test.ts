/**
 * Local files only where the user allows, through the official MCP client
 * against `taskmgr mcp` in-process and `taskmgr sandbox`: a client that
 * declares roots has its tools read inside them (a relative path from the
 * first, the scan's default directory its first root, again after it says
 * they changed); a client that declares none has the server's working
 * directory; `--allow-path` adds a directory either way. Never the program's
 * config directory, never a link that leads out. A refusal names the path,
 * the rule and how to widen it, and nothing is sent.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { ListRootsRequestSchema } from "@modelcontextprotocol/sdk/types.js"
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { basename, join } from "node:path"
import { pathToFileURL } from "node:url"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { baseEnv, control, type LoggedRequest, ROOT, runInProcess, TASKMGR_BIN } from "../e2e/helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { inProcessServer } from "./in-process-transport.js"

interface Result {
  readonly isError?: boolean
  readonly content: Array<{ type: string; text?: string }>
  readonly structuredContent?: { readonly error: Record<string, unknown> }
}

const temp = (prefix: string) => realpathSync(mkdtempSync(join(tmpdir(), prefix)))

// A project the client offers as its root, and a directory it does not.
const root = temp("roots-project-")
const elsewhere = temp("roots-elsewhere-")
writeFileSync(join(root, "notes.md"), "# Notes\n")
writeFileSync(join(root, "todo.py"), "# TODO: ship the notes\n")
writeFileSync(join(elsewhere, "secret.txt"), "not for agents\n")
// A link inside the root that leads out of it.
symlinkSync(join(elsewhere, "secret.txt"), join(root, "innocent.md"))
// The program's config directory, inside the root: its credentials are never a tool's, whatever the root.
const configDir = join(root, "config")
mkdirSync(configDir)
writeFileSync(join(configDir, "credentials.json"), `{"access_token":"stored-secret"}`, { mode: 0o600 })

let sandbox: { info: TaskmgrSandboxInfo; stop: () => Promise<void> }
const clients: Array<Client> = []

beforeAll(async () => {
  sandbox = await startTaskmgrSandbox()
}, 60_000)
afterAll(async () => {
  await sandbox?.stop()
})
beforeEach(async () => {
  await control(sandbox.info.app_url, "POST", "/_sandbox/reset")
})
afterEach(async () => {
  for (const client of clients.splice(0)) await client.close()
})

const uploads = async () =>
  ((await control(sandbox.info.app_url, "GET", "/_sandbox/requests")) as Array<LoggedRequest>).filter((r) =>
    r.method === "POST" && r.path.endsWith("/attachments")
  )

/** `taskmgr mcp` for a client that offers `roots` (or none: undefined). */
const connect = async (roots: { paths: Array<string> } | undefined, args: ReadonlyArray<string> = []) => {
  const client = new Client(
    { name: "local-paths", version: "0.0.0" },
    roots === undefined ? {} : { capabilities: { roots: { listChanged: true } } }
  )
  let asked = 0
  if (roots !== undefined) {
    client.setRequestHandler(ListRootsRequestSchema, () => {
      asked++
      return { roots: roots.paths.map((p) => ({ uri: pathToFileURL(p).href, name: "project" })) }
    })
  }
  const server = inProcessServer("taskmgr", ["--toolsets", "attachments,tasks", ...args], {
    ...baseEnv(),
    TASKMGR_BASE_URL: sandbox.info.base_url,
    TASKMGR_APP_URL: sandbox.info.app_url,
    TASKMGR_TOKEN: sandbox.info.tokens.personal,
    TASKMGR_WORKSPACE: sandbox.info.workspace_gid,
    TASKMGR_CONFIG_DIR: configDir
  })
  await client.connect(server.transport)
  clients.push(client)
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as unknown as Result
  const upload = (file: string) => call("taskmgr_attachment_create", { parent: sandbox.info.task_gid, file })
  return { client, call, upload, asked: () => asked }
}

const refusal = (result: Result) => {
  expect(result.isError, result.content[0]?.text).toBe(true)
  return result.structuredContent!.error as {
    type: string
    exit_code: number
    message: string
    remedy: string
    field: string
    path: string
    rule: string
  }
}

describe("a client that declares roots", () => {
  it("uploads a file inside its root, by absolute path or relative to the first root, asking for roots once", async () => {
    const { asked, upload } = await connect({ paths: [root] })
    expect((await upload(join(root, "notes.md"))).isError ?? false).toBe(false)
    expect((await upload("notes.md")).isError ?? false).toBe(false)
    expect(await uploads()).toHaveLength(2)
    expect(asked()).toBe(1)
  })

  it("refuses a file outside its roots, naming the path, the rule and how to widen it; nothing is sent", async () => {
    const { upload } = await connect({ paths: [root] })
    for (const path of [join(elsewhere, "secret.txt"), "/etc/hostname", `../${basename(elsewhere)}/secret.txt`]) {
      const error = refusal(await upload(path))
      expect(error).toMatchObject({ type: "PathNotAllowed", exit_code: 2, field: "file", rule: "outside_roots" })
      expect(error.message).toContain(`the client's roots: ${root}`)
      expect(error.remedy).toMatch(/add a root in the client.*TASKMGR_ALLOW_PATHS/)
      expect(error.remedy).not.toMatch(/--/)
    }
    expect(await uploads()).toEqual([])
  })

  it("refuses a link inside a root that leads out of it, saying where it leads", async () => {
    const { upload } = await connect({ paths: [root] })
    const error = refusal(await upload(join(root, "innocent.md")))
    expect(error.message).toContain(`(it leads to ${join(elsewhere, "secret.txt")})`)
    expect(await uploads()).toEqual([])
  })

  it("never reads the program's config directory, even inside a root or an allowed path", async () => {
    const { upload } = await connect({ paths: [root] }, ["--allow-path", configDir])
    for (const path of [join(configDir, "credentials.json"), "config/credentials.json", configDir]) {
      const error = refusal(await upload(path))
      expect(error).toMatchObject({ type: "PathNotAllowed", rule: "protected" })
      expect(error.message).toContain(`taskmgr's configuration directory (${configDir})`)
    }
    expect(await uploads()).toEqual([])
  })

  it("follows the client's roots when it says they changed", async () => {
    const roots = { paths: [root] }
    const { asked, client, upload } = await connect(roots)
    expect((await upload(join(root, "notes.md"))).isError ?? false).toBe(false)
    roots.paths = [elsewhere]
    await client.sendRootsListChanged()
    await expect.poll(async () => (await upload(join(elsewhere, "secret.txt"))).isError ?? false).toBe(false)
    expect(refusal(await upload(join(root, "notes.md"))).rule).toBe("outside_roots")
    expect(asked()).toBe(2)
  })

  it("scans its first root when the scan names no directory, and no directory outside the roots", async () => {
    const { call } = await connect({ paths: [root] })
    const scan = await call("taskmgr_task_scan_todos", {})
    expect(scan.isError ?? false).toBe(false)
    const found = JSON.parse(scan.content[0]!.text!) as { directory: string; drafts: Array<{ path: string }> }
    expect(found.directory).toBe(root)
    expect(found.drafts.map((d) => d.path)).toContain("todo.py")
    expect(refusal(await call("taskmgr_task_scan_todos", { dir: "/usr" }))).toMatchObject({ field: "dir" })
  })
})

describe("a client that declares no roots", () => {
  it("has the server's working directory, and what --allow-path adds", async () => {
    const { upload } = await connect(undefined)
    expect((await upload(join(ROOT, "package.json"))).isError ?? false).toBe(false)
    expect((await upload("package.json")).isError ?? false).toBe(false)
    const error = refusal(await upload(join(elsewhere, "secret.txt")))
    expect(error.message).toContain(`the server's working directory, ${process.cwd()} (the client offers no roots)`)
    expect(error.remedy).toMatch(/start the server in a directory that holds it.*TASKMGR_ALLOW_PATHS/)
    expect(await uploads()).toHaveLength(2)
    const allowed = await connect(undefined, ["--allow-path", elsewhere])
    expect((await allowed.upload(join(elsewhere, "secret.txt"))).isError ?? false).toBe(false)
  })

  it("takes TASKMGR_ALLOW_PATHS too, and refuses to start on one that is not a directory", async () => {
    const bad = await runInProcess(["mcp"], {
      bin: TASKMGR_BIN,
      env: { TASKMGR_ALLOW_PATHS: join(elsewhere, "missing") }
    })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain(`${join(elsewhere, "missing")} is not an existing directory`)
  })
})
