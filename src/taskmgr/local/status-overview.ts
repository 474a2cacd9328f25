/**
 * `status overview`: the wrapper's roll-up of a project, goal or portfolio.
 * Each reads as its latest status update (the service's own
 * `current_status_update`, read with the record in one request) and task
 * counts: total, completed, incomplete and overdue (incomplete and due before
 * now: `due_at` before the Clock's instant, or `due_on` before today in the
 * machine's time zone).
 *
 * - a project: its own tasks (every page: counts are never partial);
 * - a portfolio: each item (project) as above, and their sums;
 * - a goal: its supporting projects as above, and their sums. The reference
 *   has no read of what supports a goal, only the goals a project supports
 *   (`GET /goals?project=`), so the candidates are the projects of the goal's
 *   team (or workspace) and each is asked. Tasks that support a goal directly
 *   are not counted.
 *
 * Which kind a gid is: `kind` when given; otherwise a project, a portfolio,
 * then a goal is read until one exists (gids are unique across kinds).
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { NotFoundError } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import type { Operation } from "../../core/operation.js"
import { offsetCursor, pages } from "../../core/paginate.js"
import { type TaskmgrError, taskmgrOperation } from "../define.js"
import { goalList } from "../groups/goals.js"
import { portfolioItemList, portfolioList } from "../groups/portfolios.js"
import { projectList } from "../groups/projects.js"
import { taskList } from "../groups/tasks.js"
import { Gid } from "../records/records.js"
import { StatusUpdate } from "../records/typed-records.js"
import { gidOf, Ref, targetOfPath } from "../refs.js"
import type { TaskmgrClient } from "../service.js"

export type OverviewKind = "project" | "portfolio" | "goal"

export interface TaskTally {
  readonly total: number
  readonly completed: number
  readonly incomplete: number
  readonly overdue: number
}

export interface LatestStatus {
  readonly type: string | null
  readonly title: string | null
  readonly author: string | null
  /** When it was posted (ISO date-time). */
  readonly date: string | null
}

export interface Rollup {
  readonly kind: OverviewKind
  readonly gid: string
  readonly name: string | null
  readonly status: LatestStatus | null
  readonly tasks: TaskTally
}

/** The target's roll-up; a portfolio's items or a goal's supporting projects under `items`. */
export interface Overview extends Rollup {
  readonly items: ReadonlyArray<Rollup>
}

const STATUS_FIELDS = ["title", "status_type", "author.name", "created_at"].map((f) => `current_status_update.${f}`)
const HEAD_FIELDS = ["name", ...STATUS_FIELDS]

/** A record's name and latest status, as `opt_fields` asks for them. */
const Head = Schema.Struct({
  gid: Schema.String,
  name: Schema.optional(Schema.String),
  current_status_update: Schema.optional(Schema.NullOr(StatusUpdate)),
  // The parent's own fields, for a goal: where its candidate projects are.
  team: Schema.optional(Schema.NullOr(Schema.Struct({ gid: Schema.String }))),
  workspace: Schema.optional(Schema.Struct({ gid: Schema.String }))
})
type Head = typeof Head.Type

const PATHS: Readonly<Record<OverviewKind, string>> = { project: "projects", portfolio: "portfolios", goal: "goals" }

const readHead = (kind: OverviewKind) =>
  taskmgrOperation({
    name: `${kind}Head`,
    group: "status_updates",
    summary: `A ${kind}'s name and latest status.`,
    input: Schema.Struct({ gid: Gid }),
    impact: "read",
    idempotent: true,
    subject: (i) => `${kind} ${i.gid}`,
    request: (i) => ({
      method: "GET",
      path: `/${PATHS[kind]}/${pathOf(i.gid)}`,
      query: { opt_fields: kind === "goal" ? [...HEAD_FIELDS, "team", "workspace"] : HEAD_FIELDS }
    }),
    data: Head
  })
const heads = { project: readHead("project"), portfolio: readHead("portfolio"), goal: readHead("goal") }

/** What a roll-up reads of a record: a project of a list answers it too (with the same opt_fields). */
interface Headed {
  readonly gid: string
  readonly name?: string | undefined
  readonly current_status_update?: unknown
}

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null ? (value as Readonly<Record<string, unknown>>)[key] : undefined
const textOf = (value: unknown): string | null => (typeof value === "string" ? value : null)

const statusOf = (head: Headed): LatestStatus | null => {
  const s = head.current_status_update
  return s === null || s === undefined
    ? null
    : {
      type: textOf(field(s, "status_type")),
      title: textOf(field(s, "title")),
      author: textOf(field(field(s, "author"), "name")),
      date: textOf(field(s, "created_at"))
    }
}

/** Every item of a list operation, following every page. */
const every = <I, IE, A, E>(
  op: Operation<I, IE, { readonly data: ReadonlyArray<A> }, E, TaskmgrClient, A>,
  client: TaskmgrClient,
  input: I
) =>
  Stream.runCollect(pages(offsetCursor, (cursor) => op.run(client, input, cursor))).pipe(
    Effect.map((chunk) => [...chunk].flatMap((page) => page.body.data))
  )

/** Today as YYYY-MM-DD in the machine's time zone, from the Clock's instant. */
const localDay = (ms: number): string => {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, "0")
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

const countTasks = (client: TaskmgrClient, project: string) =>
  Effect.gen(function*() {
    const tasks = yield* every(taskList, client, { project, limit: 100, fields: ["completed", "due_on", "due_at"] })
    const now = yield* Clock.currentTimeMillis
    const today = localDay(now)
    const late = (t: (typeof tasks)[number]) =>
      typeof t.due_at === "string" ? Date.parse(t.due_at) < now : typeof t.due_on === "string" && t.due_on < today
    const completed = tasks.filter((t) => t.completed === true).length
    return {
      total: tasks.length,
      completed,
      incomplete: tasks.length - completed,
      overdue: tasks.filter((t) => t.completed !== true && late(t)).length
    } satisfies TaskTally
  })

const sum = (items: ReadonlyArray<Rollup>): TaskTally =>
  items.reduce(
    (a, { tasks: b }) => ({
      total: a.total + b.total,
      completed: a.completed + b.completed,
      incomplete: a.incomplete + b.incomplete,
      overdue: a.overdue + b.overdue
    }),
    { total: 0, completed: 0, incomplete: 0, overdue: 0 }
  )

const projectRollup = (client: TaskmgrClient, head: Headed) =>
  Effect.map(
    countTasks(client, head.gid),
    (tasks): Rollup => ({ kind: "project", gid: head.gid, name: head.name ?? null, status: statusOf(head), tasks })
  )

/** The projects that support the goal: those of its team (or workspace) that say so, and the items of portfolios that say so. */
const supportingProjects = (client: TaskmgrClient, goal: Head) =>
  Effect.gen(function*() {
    const team = goal.team?.gid
    const candidates = yield* every(projectList, client, {
      ...(team !== undefined ? { team } : { workspace_gid: goal.workspace?.gid }),
      limit: 100,
      fields: HEAD_FIELDS
    })
    const supports = yield* Effect.forEach(candidates, (project) =>
      Effect.map(every(goalList, client, { project: project.gid, limit: 100, fields: ["name"] }), (goals) =>
        goals.some((g) =>
          g.gid === goal.gid
        )), { concurrency: 4 })
    const projects = candidates.filter((_, i) =>
      supports[i]
    )
    // A portfolio that supports the goal brings its projects: the portfolios of the goal's workspace one can
    // list (one's own) that say they support it.
    const portfolios = yield* every(portfolioList, client, { workspace_gid: goal.workspace?.gid, limit: 100 })
    const backing = yield* Effect.forEach(portfolios, (portfolio) =>
      Effect.map(
        every(goalList, client, { portfolio: portfolio.gid, limit: 100, fields: ["name"] }),
        (goals) => goals.some((g) => g.gid === goal.gid)
      ), { concurrency: 4 })
    const items = yield* Effect.forEach(
      portfolios.filter((_, i) => backing[i]),
      (portfolio) =>
        every(portfolioItemList, client, { portfolio_gid: portfolio.gid, limit: 100, fields: HEAD_FIELDS }),
      { concurrency: 4 }
    )
    const seen = new Set(projects.map((p) => p.gid))
    return [...projects, ...items.flat().filter((p) => !seen.has(p.gid) && seen.add(p.gid))]
  })

/** The kind a portfolio's or goal's URL names (a project's page is also a task's: those are read). */
const urlKind = (value: string): OverviewKind | undefined => {
  if (!/^https?:\/\//i.test(value.trim())) return undefined
  try {
    const kind = targetOfPath(new URL(value.trim()).pathname.split("/").filter((s) => s !== ""))?.kind
    return kind === "portfolio" || kind === "goal" ? kind : undefined
  } catch {
    return undefined
  }
}

/** Which kind the gid is: the first of project, portfolio, goal that the service has. */
const identify = (client: TaskmgrClient, gid: string, kind: OverviewKind | undefined) =>
  Effect.gen(function*() {
    if (kind !== undefined) return { kind, head: yield* heads[kind].run(client, { gid }, undefined) }
    for (const candidate of ["project", "portfolio", "goal"] as const) {
      const found = yield* Effect.catchIf(
        Effect.map(heads[candidate].run(client, { gid }, undefined), (head) => ({ kind: candidate, head })),
        (e) => e instanceof NotFoundError,
        () => Effect.succeed(undefined)
      )
      if (found !== undefined) return found
    }
    return yield* Effect.fail(new NotFoundError({ message: `No project, portfolio or goal has the gid ${gid}.` }))
  })

export const statusOverview: Operation<
  { readonly gid: string; readonly kind?: OverviewKind | undefined },
  { readonly gid: string; readonly kind?: OverviewKind | undefined },
  Overview,
  TaskmgrError,
  TaskmgrClient
> = {
  name: "statusOverview",
  group: "status_updates",
  summary: "Latest status and task counts of a project, goal or portfolio.",
  input: Schema.Struct({
    gid: Ref("any", "Project, portfolio or goal (gid or URL)"),
    kind: Schema.optional(
      Schema.Literal("project", "portfolio", "goal").annotations({
        description: "What gid is (default: found by reading)"
      })
    )
  }),
  impact: "read",
  idempotent: true,
  // A registered project's name stands for its gid here too (cli/program.ts).
  gids: { gid: "any" },
  run: (client, input) =>
    Effect.gen(function*() {
      const gid = yield* gidOf(input.gid, "any", "gid", client.settings.appUrl)
      // A portfolio's or goal's URL says which it is; a project's, a task's or a bare gid is found by reading.
      const named = urlKind(input.gid)
      const { kind, head } = yield* identify(client, gid, input.kind ?? named)
      if (kind === "project") return { ...(yield* projectRollup(client, head)), items: [] }
      const members = kind === "portfolio"
        ? yield* every(portfolioItemList, client, { portfolio_gid: gid, limit: 100, fields: HEAD_FIELDS })
        : yield* supportingProjects(client, head)
      const items = yield* Effect.forEach(members, (project) => projectRollup(client, project), { concurrency: 4 })
      return { kind, gid, name: head.name ?? null, status: statusOf(head), tasks: sum(items), items }
    })
}

/** The text table: the target, then its items. */
export const overviewRows = (o: Overview): ReadonlyArray<Readonly<Record<string, unknown>>> =>
  [o, ...o.items].map((r) => ({
    kind: r.kind,
    gid: r.gid,
    name: r.name,
    status: r.status?.type ?? null,
    title: r.status?.title ?? null,
    author: r.status?.author ?? null,
    date: r.status?.date ?? null,
    ...r.tasks
  }))
