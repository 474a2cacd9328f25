/**
 * Templates, jobs, rule triggers, typeahead and url parse on the `taskmgr`
 * command line against `taskmgr sandbox` (the built binary): instantiation
 * waits for the job and prints what it made, says the wait on a terminal,
 * exits 10 for a failed job and 11 for a wait that ran out (naming the job
 * and `taskmgr job get`), and `--no-wait` prints the job at once. Bad input
 * exits 2 with nothing sent.
 */
import { describe, expect, it } from "vitest"
import { control, describeRun, runInProcess, type RunResult, TASKMGR_BIN, usageErrorOf } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sandbox = useTaskmgrSandbox()

const TASK_TEMPLATE = "1200000000030001"
const FAILING_TASK_TEMPLATE = "1200000000030002"
const PROJECT_TEMPLATE = "1200000000030101"
const LAUNCH_DATE = "1200000000030111"
const LAUNCH_LEAD = "1200000000030121"
const RULE = "1200000000030201"
const FREE_RULE = "1200000000030202"
const TASK = "1200000000000601"

const taskmgr = (
  args: ReadonlyArray<string>,
  options: { readonly tty?: boolean; readonly env?: Record<string, string> } = {}
) =>
  runInProcess(args, {
    bin: TASKMGR_BIN,
    env: options.env ?? sandbox.env(),
    ...(options.tty === true ? { tty: { columns: 100 } } : {})
  })

const json = (r: RunResult) => {
  expect(r.code, describeRun(r)).toBe(0)
  return JSON.parse(r.stdout) as Record<string, any>
}

const apiRequests = async () => (await sandbox.requests()).filter((r) => r.path.startsWith("/api/"))

describe("taskmgr task-template and job", () => {
  it("lists and reads templates", async () => {
    const list = await taskmgr([
      "task-template",
      "list",
      "--project",
      `${sandbox.info.app_url}/0/${sandbox.info.project_gid}/list`
    ])
    expect(list.code, describeRun(list)).toBe(0)
    expect(list.stdout.split("\n")[0]).toBe(`${TASK_TEMPLATE}\tWeekly report\tLaunch Plan\t2024-05-01T09:00:00.000Z`)
    expect(json(await taskmgr(["task-template", "get", TASK_TEMPLATE, "--json"]))).toMatchObject({
      gid: TASK_TEMPLATE,
      template: { name: "Weekly report" }
    })
  })

  it("instantiate waits for the job, saying so on a terminal, and prints it with the new task", async () => {
    const r = await taskmgr(["task-template", "instantiate", TASK_TEMPLATE, "--name", "Report, week 19", "--json"], {
      tty: true
    })
    const job = json(r)
    expect(job).toMatchObject({ resource_type: "job", status: "succeeded", new_task: { name: "Report, week 19" } })
    expect(r.stderr).toMatch(
      new RegExp(
        `Waiting for job ${job.gid} \\(a task from task template ${TASK_TEMPLATE}, in progress, 0s of 60s\\): looking again in 1s`
      )
    )
    const sent = await apiRequests()
    expect(sent[0]).toMatchObject({ method: "POST", path: `/api/1.0/task_templates/${TASK_TEMPLATE}/instantiateTask` })
    expect(sent.slice(1).every((x) => x.method === "GET" && x.path === `/api/1.0/jobs/${job.gid}`)).toBe(true)
    expect(json(await taskmgr(["task", "get", job.new_task.gid, "--json"]))).toMatchObject({ name: "Report, week 19" })
  })

  it("says nothing of the wait when stderr is not a terminal; the text view names what was made", async () => {
    const r = await taskmgr(["task-template", "instantiate", TASK_TEMPLATE])
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stderr).toBe("")
    expect(r.stdout).toMatch(
      /^job: +\d+\nstatus: +succeeded\nkind: +instantiate_task\nmade: +\d+\nresource_type: +task\nname: +Weekly report\n$/
    )
  })

  it("--no-wait prints the job at once; job get reads it once the service has finished it", async () => {
    const job = json(await taskmgr(["task-template", "instantiate", TASK_TEMPLATE, "--no-wait", "--json"]))
    expect(job).toMatchObject({ status: "in_progress", new_task: null })
    expect((await apiRequests()).length).toBe(1)
    await control(sandbox.info.app_url, "POST", "/_sandbox/clock", { advance_ms: 5_000 })
    expect(json(await taskmgr(["job", "get", job.gid, "--json"]))).toMatchObject({
      status: "succeeded",
      new_task: { name: "Weekly report" }
    })
  })

  it("a failed job exits 10 and a wait that runs out exits 11, each naming the job and 'taskmgr job get' (the built binary)", async () => {
    const failed = await sandbox.run(["task-template", "instantiate", FAILING_TASK_TEMPLATE])
    expect(failed.code, describeRun(failed)).toBe(10)
    expect(failed.stdout).toBe("")
    expect(failed.stderr).toMatch(
      /^Error: The job (\d+) making a task from task template \d+ failed\.\n→ .*'taskmgr job get' for job \1/m
    )
    const late = await sandbox.run(["task-template", "instantiate", TASK_TEMPLATE, "--timeout", "1"])
    expect(late.code, describeRun(late)).toBe(11)
    expect(late.stderr).toMatch(
      /^Error: The job (\d+) making .* was still in progress after 1 s of waiting\.\n→ The job goes on at the service: check on it later with 'taskmgr job get' for job \1, or wait longer with --timeout\.$/m
    )
  })
})

describe("taskmgr project-template", () => {
  it("lists a team's templates and instantiates one with its date and role, printing the new project", async () => {
    const list = await taskmgr(["project-template", "list", "--team", "1200000000000201", "--json"])
    expect(json(list).project_templates.map((t: { name: string }) => t.name)).toEqual([
      "Product launch",
      "Onboarding",
      "Broken import"
    ])
    const r = await taskmgr([
      "project-template",
      "instantiate",
      PROJECT_TEMPLATE,
      "--name",
      "Q3 launch",
      "--requested-dates",
      JSON.stringify({ [LAUNCH_DATE]: "2024-09-02" }),
      "--requested-roles",
      JSON.stringify({ [LAUNCH_LEAD]: "1200000000000002" }),
      "--json"
    ])
    const job = json(r)
    expect(job).toMatchObject({ status: "succeeded", new_project: { name: "Q3 launch" } })
    const sections = json(await taskmgr(["section", "list", job.new_project.gid, "--json"]))
    expect(sections.sections.map((s: { name: string }) => s.name)).toEqual(["Plan", "Ship"])
  })

  it("a template's missing date is the service's 400 (exit 2) naming it", async () => {
    const r = await taskmgr(["project-template", "instantiate", PROJECT_TEMPLATE, "--name", "No date"])
    expect(usageErrorOf(r)).toContain(LAUNCH_DATE)
  })
})

describe("taskmgr rule, search objects, url parse", () => {
  it("rule trigger runs the rule; on a workspace whose plan lacks rules it exits 7, sent once", async () => {
    expect(
      json(
        await taskmgr([
          "rule",
          "trigger",
          RULE,
          "--resource",
          TASK,
          "--action-data",
          "{\"reason\":\"blocked\"}",
          "--json"
        ])
      ).message
    ).toContain(TASK)
    await control(sandbox.info.app_url, "POST", "/_sandbox/reset")
    const env = sandbox.env({ TASKMGR_TOKEN: sandbox.info.tokens.free, TASKMGR_WORKSPACE: "1200000000000102" })
    const r = await taskmgr(["rule", "trigger", FREE_RULE, "--resource", "1200000000000606"], { env })
    expect(r.code, describeRun(r)).toBe(7)
    expect(r.stderr).toMatch(/^Error: rule trigger \d+ needs a paid \(premium\) workspace/m)
    expect((await apiRequests()).length).toBe(1)
  })

  it("search objects finds by name, capped at --count", async () => {
    const found = json(await taskmgr(["search", "objects", "task", "backlog", "--count", "3", "--json"]))
    expect(found).toHaveLength(3)
    const text = await taskmgr(["search", "objects", "project", "launch"])
    expect(text.stdout).toBe(`${sandbox.info.project_gid}\tLaunch Plan\tproject\n`)
  })

  it("url parse says what a URL names, sending nothing", async () => {
    const url = `${sandbox.info.app_url}/0/${sandbox.info.project_gid}/${TASK}`
    expect(json(await taskmgr(["url", "parse", url, "--json"]))).toEqual({
      kind: "task",
      gid: TASK,
      task_gid: TASK,
      project_gid: sandbox.info.project_gid
    })
    expect(await apiRequests()).toEqual([])
  })

  it("refuses bad input with exit 2, naming the flag, and sends nothing", async () => {
    const cases: ReadonlyArray<[ReadonlyArray<string>, RegExp]> = [
      [["task-template", "instantiate", TASK_TEMPLATE, "--timeout", "0"], /--timeout/],
      [["task-template", "instantiate", TASK_TEMPLATE, "--timeout", "1.5"], /--timeout/],
      [
        ["task-template", "instantiate", TASK_TEMPLATE, "--no-wait", "--timeout", "5"],
        /--timeout: only applies while waiting/
      ],
      [["task-template", "get", "abc"], /<task-template-gid>/],
      [["job", "get", "job-1"], /<job-gid>/],
      [["project-template", "list", "--workspace-gid", "1200000000000101", "--team", "1200000000000201"], /--team/],
      [[
        "project-template",
        "instantiate",
        PROJECT_TEMPLATE,
        "--name",
        "X",
        "--requested-dates",
        `{"${LAUNCH_DATE}": "2024-02-30"}`
      ], /--requested-dates/],
      [["project-template", "instantiate", PROJECT_TEMPLATE], /--name/],
      [["rule", "trigger", RULE, "--resource", TASK, "--action-data", "[1]"], /--action-data/],
      [["search", "objects", "story"], /story/],
      [["search", "objects", "task", "--count", "101"], /--count/],
      [["url", "parse", `https://elsewhere.example.com/0/1/2`], /elsewhere\.example\.com/]
    ]
    for (const [args, named] of cases) {
      const r = await taskmgr(args)
      expect(usageErrorOf(r), args.join(" ")).toMatch(named)
    }
    expect(await apiRequests()).toEqual([])
  })
})
