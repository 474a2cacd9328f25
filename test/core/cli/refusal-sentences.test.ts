/**
 * The refusals a new user met, each in the one sentence (allowed.ts
 * `refusal`): `NAME: must be WHAT (got VALUE).`, exit 2, one line for the
 * flag, refused before anything is sent (no token, no service: a command that
 * got further would end at "no token" with exit 3).
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Program } from "../../../src/core/cli/runtime.js"
import { runForTool } from "../../../src/core/mcp/derive.js"
import { designProgram } from "../../../src/design/cli/program.js"
import { taskmgrProgram } from "../../../src/taskmgr/cli/program.js"
import { parseRepoFile } from "../../../src/taskmgr/local/repo-file.js"
import { taskmgrViews } from "../../../src/taskmgr/operations.js"
import { runProgramInProcess } from "../../e2e/in-process.js"

const env = { PATH: process.env.PATH ?? "", HOME: "/nonexistent-home", NO_COLOR: "1" }

const refusal = async (program: Program, argv: ReadonlyArray<string>, more: Record<string, string> = {}) => {
  const r = await runProgramInProcess(program, argv, { ...env, ...more })
  expect(r.code, r.stderr).toBe(2)
  expect(r.stdout).toBe("")
  return r.stderr.split("\n").filter((line) => line.startsWith("Error: ")).map((line) => line.slice(7))
}

const taskmgr = (...argv: ReadonlyArray<string>) => refusal(taskmgrProgram, argv)
const design = (...argv: ReadonlyArray<string>) => refusal(designProgram, argv)

describe("one refusal sentence", () => {
  it("says a number flag's range and the value given, one style for every rule that checks one", async () => {
    expect(await taskmgr("task", "list", "--project", "1", "--limit", "101")).toEqual([
      "--limit: must be a whole number from 1 to 100 (got 101)."
    ])
    expect(await taskmgr("task", "list", "--project", "1", "--all", "--max-pages", "0")).toEqual([
      "--max-pages: must be a whole number of at least 1 (got 0)."
    ])
    expect(await design("sandbox", "--port", "99999")).toEqual([
      "--port: must be a whole number from 0 to 65535 (got 99999)."
    ])
    expect(await design("user", "me", "--timeout", "soon")).toEqual([
      `--timeout or DESIGN_TIMEOUT: must be a whole number of seconds (got "soon").`
    ])
  })

  it("says a choice's words, in the same style", async () => {
    expect(await taskmgr("task", "search", "--completed", "maybe")).toEqual([
      `--completed: must be true or false (got "maybe").`
    ])
  })

  it("says a value once, however many members of its type refuse it", async () => {
    expect(await taskmgr("task", "list", "--assignee", "me", "--completed-since", "2026-01-01")).toEqual([
      `--completed-since: must be now or a real date-time with its zone, in the form YYYY-MM-DDTHH:MM:SSZ or with an offset such as +02:00 (got "2026-01-01").`
    ])
  })

  it("names the shape a JSON flag takes, and the kind of value given", async () => {
    expect(await taskmgr("task", "create", "X", "--custom-fields", "[1]")).toContain(
      "--custom-fields: must be a JSON object ({custom field gid: value}: text, a number, an enum option gid or a list of them; null clears) (got an array)."
    )
    expect(await taskmgr("rule", "trigger", "1", "--resource", "2", "--action-data", `"str"`)).toEqual([
      `--action-data: must be a JSON object ({name: value} the rule's actions read) (got "str").`
    ])
    expect(
      await taskmgr("project-template", "instantiate", "1", "--name", "Q3", "--requested-dates", `{"x": "2024-09-02"}`)
    ).toEqual([`--requested-dates: must be a JSON object ({date variable gid: YYYY-MM-DD}) (got the key "x").`])
  })

  it("reads a JSON flag's value from standard input with @-", async () => {
    const r = await runProgramInProcess(
      taskmgrProgram,
      ["rule", "trigger", "1", "--resource", "2", "--action-data", "@-"],
      env,
      {
        stdin: "[1]"
      }
    )
    expect(r.stderr).toContain(
      "--action-data: must be a JSON object ({name: value} the rule's actions read) (got an array)."
    )
  })

  it("blames no field for an update that changes nothing", async () => {
    const lines = await taskmgr("goal", "update", "1200000000001101")
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Nothing to update: give one of --name, --notes, .*, --status\.$/)
  })

  it("quotes a value as typed, its words never taken for flags", async () => {
    // A token, and a service no request could reach: url parse reads the URL itself.
    const configured = { TASKMGR_ACCESS_TOKEN: "t-123", TASKMGR_BASE_URL: "http://127.0.0.1:9/api/1.0" }
    expect(await refusal(taskmgrProgram, ["url", "parse", "my url here"], configured)).toEqual([
      `<url>: must be a URL (got "my url here").`
    ])
  })

  it("refuses a flag left without its value by name, instead of taking the next flag as its value", async () => {
    const r = await runProgramInProcess(taskmgrProgram, ["task", "create", "X", "--projects", "--notes", "hi"], env)
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("Error: Flag '--projects' needs a value, and '--notes' is a flag: --projects PROJECTS")
    expect(r.stderr).toContain("write --projects=VALUE")
  })

  it("words a tool's paging parameters the same way", async () => {
    const list = taskmgrViews.find((v) => v.command.join(" ") === "task list")!
    const refused = await Effect.runPromise(
      Effect.flip(runForTool(Effect.die("no client"), list, { project: "1", fetchAll: true, maxPages: 0 }))
    )
    expect(refused.message).toBe("maxPages: must be a whole number of at least 1 (got 0).")
  })

  it("words a repository file's bad field the same way", async () => {
    const refused = await Effect.runPromise(
      Effect.flip(parseRepoFile("/repo/.taskmgr.json", `{"workspace_gid": 123, "projects": []}`))
    )
    expect(refused.message).toBe("/repo/.taskmgr.json: workspace_gid: must be text (got 123).")
  })
})
