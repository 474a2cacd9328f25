/**
 * Tags, stories and comments over the built `taskmgr` binary against
 * `taskmgr sandbox --port 0`: one command per operation family, the
 * refusals of a system story and another user's comment, and bad input
 * refused with exit 2 and nothing sent.
 */
import { describe, expect, it } from "vitest"
import { describeRun, runInProcess as run, type RunResult, TASKMGR_BIN, usageErrorOf } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()
const requests = () => sandbox.requests()

// The token under the spec's own variable name (the fixture's environment uses TASKMGR_TOKEN).
const taskmgr = (...args: ReadonlyArray<string>) =>
  run(args, {
    bin: TASKMGR_BIN,
    env: {
      TASKMGR_BASE_URL: sandbox.info.base_url,
      TASKMGR_APP_URL: sandbox.info.app_url,
      TASKMGR_ACCESS_TOKEN: sandbox.info.tokens.personal,
      TASKMGR_WORKSPACE: sandbox.info.workspace_gid
    }
  })

const ok = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return r
}
const json = (r: RunResult) => JSON.parse(ok(r).stdout) as Record<string, unknown>

const URGENT = "1200000000000501"
const LATER = "1200000000000502"
const MY_COMMENT = "1200000000000701"
const OTHER_COMMENT = "1200000000000702"
const SYSTEM_STORY = "1200000000000703"

describe("taskmgr tag", () => {
  it("lists, creates (and reads back), updates and deletes tags", async () => {
    expect(ok(await taskmgr("tag", "list")).stdout).toMatch(/^1200000000000501\turgent\tdark-red$/m)
    const made = json(await taskmgr("tag", "create", "blocked", "--color", "dark-blue", "--json"))
    expect(made).toMatchObject({ name: "blocked", color: "dark-blue" })
    const gid = String(made.gid)
    expect(json(await taskmgr("tag", "update", gid, "--notes", "Waiting on others", "--json"))).toMatchObject({
      notes: "Waiting on others"
    })
    expect(json(await taskmgr("tag", "get", gid, "--json"))).toMatchObject({ name: "blocked" })
    expect(json(await taskmgr("tag", "delete", gid, "--json"))).toEqual({
      deleted: true,
      already_absent: false,
      tag_gid: gid
    })
  })

  it("tags a task given by URL, lists a tag's tasks and a task's tags, untags it", async () => {
    const url = `${sandbox.info.app_url}/0/${sandbox.info.project_gid}/${sandbox.info.task_gid}`
    expect(json(await taskmgr("tag", "task", "add", url, "--tag", LATER, "--json"))).toEqual({
      linked: true,
      task_gid: sandbox.info.task_gid,
      tag: LATER
    })
    expect(ok(await taskmgr("tag", "task", "list", LATER)).stdout).toContain(
      `${sandbox.info.task_gid}\tWrite the launch checklist`
    )
    const tags = ok(await taskmgr("tag", "tasks", url)).stdout
    expect(tags).toContain(URGENT)
    expect(tags).toContain(LATER)
    ok(await taskmgr("tag", "task", "remove", sandbox.info.task_gid, "--tag", LATER))
    expect(ok(await taskmgr("tag", "tasks", sandbox.info.task_gid)).stdout).not.toContain(LATER)
  })
})

describe("taskmgr story and comment", () => {
  it("lists the feed and only the comments; creates, updates, reads and deletes a comment", async () => {
    const feed = ok(await taskmgr("story", "list", sandbox.info.task_gid)).stdout
    expect(feed).toContain(SYSTEM_STORY)
    const comments = ok(await taskmgr("comment", "list", sandbox.info.task_gid)).stdout
    expect(comments).toContain(OTHER_COMMENT)
    expect(comments).not.toContain(SYSTEM_STORY)
    const made = json(
      await taskmgr(
        "comment",
        "create",
        sandbox.info.task_gid,
        "--html-text",
        "<body><strong>Ready</strong></body>",
        "--json"
      )
    )
    const gid = String(made.gid)
    expect(json(await taskmgr("comment", "update", gid, "--text", "Ready for review", "--json"))).toMatchObject({
      text: "Ready for review"
    })
    expect(json(await taskmgr("story", "get", gid, "--json"))).toMatchObject({ resource_subtype: "comment_added" })
    expect(json(await taskmgr("comment", "delete", gid, "--json"))).toEqual({
      deleted: true,
      already_absent: false,
      story_gid: gid
    })
    expect(json(await taskmgr("story", "update", MY_COMMENT, "--is-pinned", "true", "--json"))).toMatchObject({
      is_pinned: true
    })
    // Like every other true/false flag, it can say false: a pinned comment is unpinned from the command line.
    expect(json(await taskmgr("comment", "update", MY_COMMENT, "--is-pinned", "false", "--json"))).toMatchObject({
      is_pinned: false
    })
    const bare = await taskmgr("comment", "update", MY_COMMENT, "--is-pinned")
    expect(bare.code, describeRun(bare)).toBe(2)
    expect(bare.stderr).toMatch(/'--is-pinned' needs a value/)
  })

  it("refuses to change a system story or another user's comment (exit 4, the hint, no write sent)", async () => {
    for (const args of [["comment", "update", SYSTEM_STORY, "--text", "x"], ["comment", "delete", OTHER_COMMENT]]) {
      const r = await taskmgr(...args)
      expect(r.code, describeRun(r)).toBe(4)
      expect(r.stderr).toMatch(
        /^Error: .*(the service records it and it cannot be changed|only its author can change it)/m
      )
    }
    expect((await requests()).map((q) => q.method)).toEqual(["GET", "GET"])
    const r = await taskmgr("story", "delete", SYSTEM_STORY)
    expect(r.code, describeRun(r)).toBe(4)
    expect(r.stderr).toContain("Only comments you wrote")
  })
})

describe("bad input: exit 2, nothing sent", () => {
  const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>, RegExp]> = [
    ["a <p> tag", ["story", "create", "1200000000000601", "--html-text", "<body><p>x</p></body>"], /<p>/],
    ["a <br> tag", ["comment", "update", MY_COMMENT, "--html-text", "<body>a<br>b</body>"], /<br>/],
    ["empty text", ["comment", "create", "1200000000000601", "--text", ""], /text/],
    ["a non-digit gid", ["tag", "get", "urgent"], /tag-gid|gid/],
    [
      "another host's URL",
      ["tag", "tasks", "https://elsewhere.example.com/0/1200000000000301/1200000000000601"],
      /elsewhere\.example\.com/
    ]
  ]
  for (const [what, args, pattern] of cases) {
    it(what, async () => {
      const r = await taskmgr(...args)
      expect(usageErrorOf(r)).toMatch(pattern)
      expect(await requests()).toEqual([])
    })
  }
})
