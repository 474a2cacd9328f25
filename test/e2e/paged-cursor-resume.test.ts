/**
 * Every paged list of both services, in process against their sandboxes:
 * the cursor printed after page 1, passed back, gives page 2 without
 * repeating an item of page 1. Each list runs its own first example with
 * the smallest page it takes.
 */
import { describe, expect, it } from "vitest"
import { fieldsOf } from "../../src/core/fields.js"
import type { AnyView } from "../../src/core/view.js"
import { designViews } from "../../src/design/operations.js"
import { taskmgrViews } from "../../src/taskmgr/operations.js"
import { describeRun, runInProcess, type RunResult, TASKMGR_BIN, useSandbox } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const designSb = useSandbox({ inProcess: true })
const taskmgrSb = useTaskmgrSandbox()

const outcomes = new Map<string, string>()

const paged = (views: ReadonlyArray<AnyView>) => views.filter((v) => v.operation.paging !== undefined)

/** The example's words, without the program name and any paging flag of its own. */
const argvOf = (v: AnyView): Array<string> => {
  const words = v.examples[0]!.split(" ").slice(1)
  const out: Array<string> = []
  for (let i = 0; i < words.length; i++) {
    if (words[i] === "--all") continue
    if (words[i] === "--limit" || words[i] === "--max-pages" || words[i] === "--page-size") {
      i++
      continue
    }
    out.push(words[i]!)
  }
  const limit = fieldsOf(v.operation.input).some((f) => f.name === "limit")
  return [...out, ...(limit ? ["--limit", "1"] : []), "--json"]
}

interface Page {
  readonly next_cursor: string | null
  readonly [items: string]: unknown
}

const keysOf = (v: AnyView, page: Page): Array<string> => {
  const paging = v.operation.paging!
  const items = page[paging.itemsKey] as ReadonlyArray<unknown>
  return items.map((item) => (paging.key === undefined ? JSON.stringify(item) : paging.key(item)))
}

/** The first environment under which the command runs: the sandbox's own, then each Enterprise token. */
const designEnvs = (): Array<Record<string, string>> => {
  const tokens = (designSb.sb.info.enterprise as { tokens: Record<string, string> }).tokens
  return [
    {},
    ...(["plan", "oauth_org", "oauth"] as const).map((t) => ({
      DESIGN_ACCESS_TOKEN: tokens[t]!,
      DESIGN_AUTH_MODE: t === "plan" ? "plan" : "oauth"
    }))
  ]
}

const resumes = async (v: AnyView, run: (args: ReadonlyArray<string>) => Promise<RunResult>) => {
  const first = await run(argvOf(v))
  expect(first.code, `${v.command.join(" ")}\n${describeRun(first)}`).toBe(0)
  const page1 = JSON.parse(first.stdout) as Page
  if (page1.next_cursor === null) return "one page"
  const second = await run([...argvOf(v), "--cursor", page1.next_cursor])
  expect(second.code, `${v.command.join(" ")} --cursor\n${describeRun(second)}`).toBe(0)
  const page2 = JSON.parse(second.stdout) as Page
  const before = new Set(keysOf(v, page1))
  const again = keysOf(v, page2).filter((k) => before.has(k))
  expect(again, `${v.command.join(" ")} repeats page 1`).toEqual([])
  return keysOf(v, page2).length > 0 ? "resumed" : "empty page 2"
}

describe("the cursor printed after page 1 resumes at page 2", () => {
  it.each(paged(designViews).map((v) => [v.command.join(" "), v] as const))("design %s", async (_, v) => {
    let outcome: string | undefined
    for (const env of designEnvs()) {
      const r = await designSb.design(argvOf(v), env)
      if (r.code !== 0) continue
      outcome = await resumes(v, (args) => designSb.design(args, env))
      break
    }
    expect(outcome, `${v.command.join(" ")} ran under no token`).toBeDefined()
    outcomes.set(v.command.join(" "), outcome!)
  }, 60_000)

  it.each(paged(taskmgrViews).map((v) => [v.command.join(" "), v] as const))("taskmgr %s", async (_, v) => {
    const outcome = await resumes(v, (args) => runInProcess(args, { bin: TASKMGR_BIN, env: taskmgrSb.env() }))
    outcomes.set(v.command.join(" "), outcome)
  }, 60_000)

  // The seeds give most lists a second page; these few fit in one (or page 2 holds no item of the kind listed).
  it("covers a second page of every list but a known few", () => {
    const short = [...outcomes].filter(([, o]) => o !== "resumed").map(([c, o]) => `${c}: ${o}`).sort()
    expect(short).toEqual([
      "comment list: empty page 2",
      "component-set team-list: one page",
      "custom-field goal: one page",
      "custom-field portfolio: one page",
      "custom-field team: one page",
      "ooo list: one page",
      "portfolio list: one page",
      // A full search page cannot tell whether more match: its example matches one project, so page 2 is empty.
      "project search: empty page 2",
      "tag task list: one page",
      "tag tasks: one page",
      "task dependency list: one page",
      "task dependent list: one page",
      "task subtask list: one page",
      "team list: one page",
      "webhook list: one page",
      "workspace list: one page"
    ])
  })

  it.each(["asc", "desc"])(
    "design activity-log list --order %s --limit 2: page after page, no refusal, no repeat, no gap",
    async (order) => {
      const tokens = (designSb.sb.info.enterprise as { tokens: Record<string, string> }).tokens
      const env = { DESIGN_ACCESS_TOKEN: tokens.plan!, DESIGN_AUTH_MODE: "plan" }
      const args = ["activity-log", "list", "--order", order, "--limit", "2", "--start-time", "0", "--json"]
      const whole = JSON.parse(
        (await designSb.design([...args.slice(0, 4), "--start-time", "0", "--json"], env)).stdout
      ) as Page
      const ids: Array<string> = []
      let cursor: string | null = null
      for (let n = 0; n < 5; n++) {
        const r = await designSb.design(cursor === null ? args : [...args, "--cursor", cursor], env)
        expect(r.code, describeRun(r)).toBe(0)
        const page = JSON.parse(r.stdout) as Page
        ids.push(...(page.activity_logs as Array<{ id: string }>).map((e) => e.id))
        cursor = page.next_cursor
      }
      expect(ids).toEqual((whole.activity_logs as Array<{ id: string }>).slice(0, 10).map((e) => e.id))
    },
    60_000
  )
})
