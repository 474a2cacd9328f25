/**
 * Issue 7, comments and library rows: one command per operation through the
 * built `design` binary against `design sandbox`, --all paging on both cursor
 * models, and the bad inputs the issue names (exit 2, nothing sent).
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, type designIn, requestLog, type RunResult, usageErrorOf, useSandbox } from "./helpers.js"

const ctx = useSandbox({ inProcess: true })
const design: ReturnType<typeof designIn> = (...args) => ctx.design(...args)

const ROOT = "100000001"
const REPLY = "100000002"
const REACTED = "100000004"

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}

const json = (r: RunResult): any => {
  ok(r)
  try {
    return JSON.parse(r.stdout)
  } catch {
    throw new Error(`stdout is not JSON:\n${describeRun(r)}`)
  }
}

const file = () => ctx.sb.info.file_key

/** A usage error whose stderr matches every pattern, and nothing sent. */
const expectUsage = async (r: RunResult, ...patterns: Array<RegExp>) => {
  const stderr = usageErrorOf(r)
  for (const p of patterns) expect(stderr, describeRun(r)).toMatch(p)
  expect(await requestLog(ctx.sb)).toEqual([])
}

describe("design comment", () => {
  it("comment list: text rows by default, --as-md --json from a file URL", async () => {
    const text = ok(await design(["comment", "list", file()]))
    expect(text.stdout).toContain(ROOT)
    expect(text.stdout).toContain("Can we bump the title size")
    const url = `https://www.design.example/design/${file()}/Sandbox-File?node-id=1-2`
    const data = json(await design(["comment", "list", url, "--as-md", "--json"]))
    expect(data.comments).toHaveLength(4)
    expect(data.comments[2].message).toContain("**Heads up:**")
    const log = await requestLog(ctx.sb)
    expect(log.at(-1)).toMatchObject({ method: "GET", path: `/v1/files/${file()}/comments`, query: { as_md: "true" } })
  })

  it("a comment's text record shows its client_meta as path fields, as every nested value of a record", async () => {
    const meta = JSON.stringify({ node_id: "1:2", node_offset: { x: 4, y: 8 } })
    const r = await design(["comment", "create", file(), "--message", "Pinned", "--client-meta", meta])
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stdout).toMatch(/^client_meta\.node_id:\s+1:2$/m)
    expect(r.stdout).toMatch(/^client_meta\.node_offset\.x:\s+4$/m)
    expect(r.stdout).not.toContain("{")
  })

  it("comment create: a root pinned by --client-meta (JSON and @file), then a reply with --reply-to", async () => {
    const meta = JSON.stringify({ node_id: "1:2", node_offset: { x: 4, y: 8 } })
    const root = json(
      await design(["comment", "create", file(), "--message", "Looks good", "--client-meta", meta, "--json"])
    )
    expect(root).toMatchObject({
      message: "Looks good",
      parent_id: null,
      client_meta: { node_id: "1:2", node_offset: { x: 4, y: 8 } }
    })
    const dir = mkdtempSync(join(tmpdir(), "design-comment-"))
    writeFileSync(join(dir, "meta.json"), JSON.stringify({ x: 10, y: 20 }))
    const fromFile = json(
      await design([
        "comment",
        "create",
        file(),
        "--message",
        "Here",
        "--client-meta",
        `@${join(dir, "meta.json")}`,
        "--json"
      ])
    )
    expect(fromFile.client_meta).toEqual({ x: 10, y: 20 })
    const reply = json(
      await design(["comment", "create", file(), "--message", "Agreed", "--reply-to", root.id, "--json"])
    )
    expect(reply.parent_id).toBe(root.id)
    const posts = (await requestLog(ctx.sb)).filter((q) => q.method === "POST")
    expect(posts.map((q) => q.body)).toEqual([
      { message: "Looks good", client_meta: { node_id: "1:2", node_offset: { x: 4, y: 8 } } },
      { message: "Here", client_meta: { x: 10, y: 20 } },
      { message: "Agreed", comment_id: root.id }
    ])
  })

  it("a reply to a reply is the service's refusal: exit 2 with its message", async () => {
    const r = await design(["comment", "create", file(), "--message", "nested", "--reply-to", REPLY])
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.stderr).toMatch(/a reply must target a root comment/)
    expect((await requestLog(ctx.sb)).length).toBe(1)
  })

  it("comment delete: the author deletes, twice is already absent; someone else's comment is refused", async () => {
    const mine = json(await design(["comment", "create", file(), "--message", "to delete", "--json"]))
    expect(json(await design(["comment", "delete", file(), mine.id, "--json"]))).toEqual({
      deleted: true,
      comment_id: mine.id,
      already_absent: false
    })
    expect(json(await design(["comment", "delete", file(), mine.id, "--json"]))).toEqual({
      deleted: true,
      comment_id: mine.id,
      already_absent: true
    })
    const theirs = await design(["comment", "delete", file(), ROOT])
    expect(theirs.code, describeRun(theirs)).not.toBe(0)
    expect(theirs.stderr).toMatch(/Only the author/)
  })

  it("comment reaction list: one page with a resume cursor, then --all through three pages", async () => {
    const one = ok(await design(["comment", "reaction", "list", file(), REACTED]))
    expect(one.stderr).toMatch(/--cursor \S+/)
    const all = json(await design(["comment", "reaction", "list", file(), REACTED, "--all", "--json"]))
    expect(all).toMatchObject({ complete: true, pages: 3, next_cursor: null })
    expect(all.reactions).toHaveLength(24)
    const cursor = /--cursor (\S+)/.exec(one.stderr)![1]!
    const resumed = json(await design(["comment", "reaction", "list", file(), REACTED, "--cursor", cursor, "--json"]))
    expect(resumed.reactions[0]).toEqual(all.reactions[10])
  })

  it("comment reaction add and delete", async () => {
    expect(json(await design(["comment", "reaction", "add", file(), ROOT, "--emoji", ":tada:", "--json"]))).toEqual({
      linked: true,
      file_key: file(),
      comment_id: ROOT,
      emoji: ":tada:"
    })
    const removed = json(await design(["comment", "reaction", "delete", file(), ROOT, "--emoji", ":tada:", "--json"]))
    expect(removed).toMatchObject({ deleted: true, already_absent: false })
    const log = await requestLog(ctx.sb)
    expect(log.map((q) => [q.method, q.body ?? q.query])).toEqual([
      ["POST", { emoji: ":tada:" }],
      ["DELETE", { emoji: ":tada:" }]
    ])
  })

  it("a plan token cannot write comments or reactions: exit 2 before sending", async () => {
    const plan = { DESIGN_ACCESS_TOKEN: ctx.sb.info.tokens.plan, DESIGN_AUTH_MODE: "plan" }
    for (
      const args of [
        ["comment", "create", file(), "--message", "from the plan"],
        ["comment", "reaction", "add", file(), ROOT, "--emoji", ":heart:"]
      ]
    ) {
      const r = await design(args, plan)
      expect(r.code, describeRun(r)).toBe(2)
      expect(r.stderr).toMatch(/^→ /m)
    }
    expect(await requestLog(ctx.sb)).toEqual([])
  })
})

describe("bad inputs: exit 2, nothing sent", () => {
  it("an emoji character instead of a shortcode", async () => {
    await expectUsage(await design(["comment", "reaction", "add", file(), ROOT, "--emoji", "❤️"]), /--emoji/, /:heart:/)
  })

  it("--client-meta that is not JSON", async () => {
    await expectUsage(
      await design(["comment", "create", file(), "--message", "hi", "--client-meta", "{x:1}"]),
      /--client-meta/,
      /JSON/
    )
  })

  it("--client-meta that is JSON of the wrong shape, and with --reply-to", async () => {
    await expectUsage(
      await design(["comment", "create", file(), "--message", "hi", "--client-meta", "{\"x\":1}"]),
      /--client-meta/
    )
    await expectUsage(
      await design([
        "comment",
        "create",
        file(),
        "--message",
        "hi",
        "--reply-to",
        ROOT,
        "--client-meta",
        "{\"x\":1,\"y\":2}"
      ]),
      /--client-meta/
    )
  })

  it("--page-size 1.5, 0 and 1001", async () => {
    await expectUsage(
      await design(["component", "team-list", "--page-size", "1.5"]),
      /--page-size: must be a whole number/
    )
    for (const size of ["0", "1001"]) {
      await expectUsage(await design(["component", "team-list", "--page-size", size]), /--page-size/, /1 to 1000/)
    }
  })

  it("a URL that names no file", async () => {
    await expectUsage(await design(["style", "file-list", "https://www.design.example/files/team/1/x"]), /<file-key>/)
  })
})

describe("design component, component-set, style", () => {
  it("component team-list --all walks the id cursor to the end", async () => {
    const all = json(await design(["component", "team-list", "--all", "--json"]))
    expect(all).toMatchObject({ complete: true, pages: 2, next_cursor: null })
    expect(all.components).toHaveLength(55)
    const log = await requestLog(ctx.sb)
    expect(log.map((q) => q.query.after ?? null)).toEqual([null, "30"])
  })

  it("component-set team-list from a team URL, a page at a time with --max-pages", async () => {
    const url = `https://www.design.example/files/team/${ctx.sb.info.team_id}/Sandbox-Studio`
    const two = json(
      await design(["component-set", "team-list", url, "--page-size", "2", "--all", "--max-pages", "2", "--json"])
    )
    expect(two).toMatchObject({ complete: false, pages: 2, next_cursor: expect.stringMatching(/^[0-9a-f]{8}:4$/) })
    expect(two.component_sets.map((s: { name: string }) => s.name)).toEqual(["Button", "Input", "Toggle", "Badge"])
  })

  it("style team-list prints rows with the style type", async () => {
    const r = ok(await design(["style", "team-list", "--page-size", "3"]))
    expect(r.stdout).toMatch(/Color\/Primary\/100\s+FILL/)
    expect(r.stderr).toMatch(/--cursor [0-9a-f]{8}:3\b/)
  })

  it("file-list for each kind, and a branch key is the service's refusal naming the main file", async () => {
    expect(json(await design(["component", "file-list", file(), "--json"])).components).toHaveLength(55)
    expect(json(await design(["component-set", "file-list", file(), "--json"])).component_sets).toHaveLength(6)
    expect(json(await design(["style", "file-list", file(), "--json"])).styles).toHaveLength(32)
    const branch = await design([
      "component",
      "file-list",
      String(ctx.sb.info.branch_file_key ?? "SbxBr4nchKey0000Sandbox01")
    ])
    expect(branch.code, describeRun(branch)).toBe(2)
    expect(branch.stderr).toContain(file())
  })

  it("get by key for each kind", async () => {
    const component = json(await design(["component", "team-list", "--page-size", "1", "--json"])).components[0]
    expect(json(await design(["component", "get", component.key, "--json"])).key).toBe(component.key)
    const set = json(await design(["component-set", "team-list", "--page-size", "1", "--json"])).component_sets[0]
    expect(ok(await design(["component-set", "get", set.key])).stdout).toContain("Button")
    const style = json(await design(["style", "team-list", "--page-size", "1", "--json"])).styles[0]
    expect(json(await design(["style", "get", style.key, "--json"])).style_type).toBe("FILL")
    const missing = await design(["style", "get", component.key])
    expect(missing.code, describeRun(missing)).not.toBe(0)
  })
})
