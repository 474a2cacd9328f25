/**
 * Files and projects through the built `design` binary against `design
 * sandbox`: summaries, the document streamed byte for byte, URL input with
 * node-id, image downloads, version paging, and bad inputs refused with exit
 * 2 before anything is sent.
 */
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import {
  baseEnv,
  control,
  describeRun,
  DESIGN_BIN,
  type designIn,
  requestLog,
  ROOT,
  type RunResult,
  usageErrorOf,
  useSandbox
} from "./helpers.js"

const ctx = useSandbox({ inProcess: true })
const design: ReturnType<typeof designIn> = (...args) => ctx.design(...args)

const ok = (r: RunResult, code = 0) => {
  expect(r.code, describeRun(r)).toBe(code)
  return r
}

const KEY = "SbxF1leKey0000Sandbox01"
const fileUrl = (kind: string, node?: string) =>
  `https://www.design.example/${kind}/${KEY}/Sandbox-File${node === undefined ? "" : `?node-id=${node}`}`
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

/** Runs the binary with stdout kept as bytes. */
const runBytes = (args: ReadonlyArray<string>) =>
  new Promise<{ code: number | null; stdout: Buffer; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [DESIGN_BIN, ...args], {
      cwd: ROOT,
      env: { ...baseEnv(), ...ctx.sb.env },
      stdio: ["ignore", "pipe", "pipe"]
    })
    const out: Array<Buffer> = []
    let stderr = ""
    child.stdout.on("data", (c: Buffer) => out.push(c))
    child.stderr.setEncoding("utf8").on("data", (c: string) => void (stderr += c))
    child.once("error", reject)
    child.once("close", (code) => resolve({ code, stdout: Buffer.concat(out), stderr }))
  })

const serviceBytes = async (path: string) => {
  const r = await fetch(`${ctx.sb.baseUrl}${path}`, { headers: { "x-design-token": ctx.sb.info.tokens.personal } })
  return new Uint8Array(await r.arrayBuffer())
}

describe("design file get", () => {
  it("prints a summary of name, pages and node counts as text", async () => {
    const r = ok(await design(["file", "get", KEY]))
    expect(r.stdout).toMatch(/^name:\s+Sandbox File$/m)
    expect(r.stdout).toMatch(/^pages:\s+Cover \(\d+\), Screens \(\d+\), Components \(\d+\)$/m)
    expect(r.stdout).toMatch(/^nodes:\s+\d+$/m)
    expect(r.stdout).not.toContain("scrollBehavior")
  })

  it("--json streams the service's bytes unchanged for a generated file of a few MB", async () => {
    const { file_key } = (await control(ctx.sb.baseUrl, "POST", "/_sandbox/files", { approx_bytes: 3_000_000 })) as {
      file_key: string
    }
    const r = await runBytes(["file", "get", file_key, "--json"])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout.length).toBeGreaterThan(2_500_000)
    expect(sha(r.stdout)).toBe(sha(await serviceBytes(`/v1/files/${file_key}`)))
  })

  it("takes a URL whose node-id narrows the tree", async () => {
    ok(await design(["file", "get", fileUrl("design", "1-2"), "--depth", "1", "--json"]))
    const [sent] = await requestLog(ctx.sb)
    expect(sent).toMatchObject({ path: `/v1/files/${KEY}`, query: { ids: "1:2", depth: "1" } })
  })
})

describe("design file nodes and images", () => {
  it("file nodes reads the node-id of a /proto/ URL", async () => {
    const r = ok(await design(["file", "nodes", fileUrl("proto", "1-3")]))
    expect(r.stdout).toMatch(/^1:3\s+\S.*TEXT/m)
    expect((await requestLog(ctx.sb))[0]).toMatchObject({ path: `/v1/files/${KEY}/nodes`, query: { ids: "1:3" } })
  })

  it("file nodes marks a node the file does not hold: some missing exit 9, every one missing exit 5", async () => {
    const some = ok(await design(["file", "nodes", KEY, "--ids", "1:2,77:77"]), 9)
    expect(some.stdout).toMatch(/^77:77\s+\(not found\)/m)
    expect(some.stderr).toContain("1 of 2 nodes not found.")
    const none = ok(await design(["file", "nodes", KEY, "--ids", "77:77", "--json"]), 5)
    expect(JSON.parse(none.stdout)).toMatchObject({ nodes: { "77:77": null } })
  })

  it("file images lists links and marks a node that did not render (a partial result: exit 9)", async () => {
    const r = ok(
      await design(["file", "images", fileUrl("board"), "--ids", "1:2,1:9", "--scale", "2", "--format", "svg"]),
      9
    )
    expect(r.stdout).toMatch(/^1:2\s+http:\/\/127\.0\.0\.1:\d+\/_sandbox\/render\/.+\.svg/m)
    expect(r.stdout).toMatch(/^1:9\s+\(did not render\)/m)
    expect((await requestLog(ctx.sb))[0]?.query).toEqual({ ids: "1:2,1:9", scale: "2", format: "svg" })
  })

  it("--out writes each render's bytes into DIR and reports node, file and bytes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "design-e2e-images-"))
    const r = ok(await design(["file", "images", KEY, "--ids", "1:2,1:3,1:9", "--out", dir, "--json"]), 9)
    const { files } = JSON.parse(r.stdout) as {
      files: Array<{ node_id: string; file: string | null; bytes: number | null }>
    }
    expect(files.map((f) => f.node_id)).toEqual(["1:2", "1:3", "1:9"])
    expect(files[2]).toEqual({ node_id: "1:9", file: null, bytes: null })
    expect(readdirSync(dir).sort()).toEqual(["1-2.png", "1-3.png"])
    const links = JSON.parse(ok(await design(["file", "images", KEY, "--ids", "1:2,1:3", "--json"])).stdout) as {
      images: Record<string, string>
    }
    for (const f of files.slice(0, 2)) {
      const expected = new Uint8Array(await (await fetch(links.images[f.node_id]!)).arrayBuffer())
      const written = readFileSync(f.file!)
      expect(written.length).toBe(f.bytes)
      expect(sha(written)).toBe(sha(expected))
    }
    // The render links were fetched without the token (they are not API requests at all).
    expect((await requestLog(ctx.sb)).every((q) => !q.path.startsWith("/_sandbox/render"))).toBe(true)
  })
})

describe("design file versions, image-fills and projects", () => {
  it("file versions --all follows every page", async () => {
    const r = ok(await design(["file", "versions", KEY, "--all", "--json"]))
    const out = JSON.parse(r.stdout) as { versions: Array<{ id: string }>; complete: boolean; pages: number }
    expect(out).toMatchObject({ complete: true, pages: 3 })
    expect(new Set(out.versions.map((v) => v.id)).size).toBe(75)
    const sent = (await requestLog(ctx.sb)).map((q) => q.query.before ?? null)
    expect(sent).toEqual([null, out.versions[29]!.id, out.versions[59]!.id])
  })

  it("file image-fills lists the fills", async () => {
    const r = ok(await design(["file", "image-fills", KEY]))
    expect(r.stdout).toMatch(/^[0-9a-f]{40}\s+http/m)
  })

  it("project list defaults to the configured team; get and files take ids or URLs", async () => {
    const { team_id, project_id } = ctx.sb.info
    const list = ok(await design(["project", "list"]))
    expect(list.stdout).toMatch(new RegExp(`^${project_id}\\s+Sandbox Project$`, "m"))
    ok(await design(["project", "list", `https://www.design.example/files/team/${team_id}/Studio`]))
    const get = ok(
      await design(["project", "get", `https://www.design.example/files/project/${project_id}/P`, "--json"])
    )
    expect(JSON.parse(get.stdout)).toMatchObject({ id: project_id, file_count: 1 })
    const files = ok(await design(["project", "files", project_id, "--branch-data"]))
    expect(files.stdout).toMatch(new RegExp(`^${KEY}\\s+Sandbox File`, "m"))
    expect(files.stdout).toMatch(new RegExp(`\\s${KEY}$`, "m"))
    expect((await requestLog(ctx.sb)).map((q) => q.path)).toEqual([
      `/v1/teams/${team_id}/projects`,
      `/v1/teams/${team_id}/projects`,
      `/v1/projects/${project_id}/meta`,
      `/v1/projects/${project_id}/files`
    ])
  })
})

describe("bad inputs: exit 2 and nothing sent", () => {
  const cases: Array<[string, Array<string>, RegExp]> = [
    ["malformed ids", ["file", "nodes", KEY, "--ids", "1:2,abc"], /--ids.*abc/],
    ["URL form in --ids", ["file", "images", KEY, "--ids", "1-2"], /1:2/],
    ["no ids and no node-id", ["file", "nodes", KEY], /--ids/],
    ["a real depth", ["file", "get", KEY, "--depth", "1.5"], /--depth/],
    ["scale above 4", ["file", "images", KEY, "--ids", "1:2", "--scale", "5"], /--scale/],
    [
      "a team URL as a file",
      ["file", "get", "https://www.design.example/files/team/1300000000000000001/Studio"],
      /file URL/
    ],
    ["a file URL as a project", ["project", "get", fileUrl("design")], /project/],
    ["a real page size", ["file", "versions", KEY, "--page-size", "30.5"], /--page-size/]
  ]
  for (const [name, args, pattern] of cases) {
    it(name, async () => {
      const r = await design(args)
      expect(usageErrorOf(r), describeRun(r)).toMatch(pattern)
      expect(await requestLog(ctx.sb)).toEqual([])
    })
  }
})
