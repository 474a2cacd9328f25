import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Fiber, Option, Stream, TestClock } from "effect"
import { api, apiLayer, seed, sent, SIM } from "../harness.js"

const T = seed.task_gids
const taskUrl = (task: string, project: string = seed.project_gid) => `${SIM}/0/${project}/${task}`
const projectUrl = (project: string) => `${SIM}/1/${seed.workspace_gid}/project/${project}/list`
const MISSING = "1200000000099999"

/** The API path of a logged request, without the /api/1.0 prefix. */
const pathOf = (p: string) => p.replace(/^\/api\/1\.0/, "")
const requests = Effect.map(sent, (log) => log.map((r) => ({ ...r, path: pathOf(r.path) })))

const refused = <A, E extends { readonly _tag: string }, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.map(Effect.flip(effect), (e) => {
    expect(e._tag).toBe("InvalidInputError")
    return e
  })

describe("TaskmgrApi: tasks", () => {
  it.effect("lists a project's tasks by gid or URL, with limit and the default fields", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.taskList({ project: projectUrl(seed.project_gid) })
      expect(page.data.map((t) => t.gid)).toContain(seed.task_gid)
      const [first] = yield* requests
      expect(first).toMatchObject({ method: "GET", path: "/tasks" })
      expect(first!.query).toMatchObject({
        project: seed.project_gid,
        limit: "50",
        opt_fields: "name,completed,due_on,assignee.name"
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("lists a tag's tasks at their own path, an assignee's in the configured workspace, and follows pages", () =>
    Effect.gen(function*() {
      const a = yield* api
      const tagged = yield* a.taskList({ tag: seed.tag_gids.urgent })
      expect(tagged.data.map((t) => t.gid)).toContain(seed.task_gid)
      const mine = yield* a.taskList({ assignee: "me", completed_since: "now" })
      expect(mine.data.length).toBeGreaterThan(0)
      const all = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.taskList({ project: seed.big_project_gid, limit: 100 }))
      )
      expect(new Set(all.map((t) => t.gid)).size).toBe(seed.big_project_task_count)
      const log = yield* requests
      expect(log[0]!.path).toBe(`/tags/${seed.tag_gids.urgent}/tasks`)
      expect(log[1]!.query).toMatchObject({ assignee: "me", workspace: seed.workspace_gid, completed_since: "now" })
      expect(log.slice(2).map((r) => r.query.offset === undefined)).toEqual([true, false])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a list without exactly one of project, section, tag or assignee, and bad limits, before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      // Untyped callers (JavaScript, decoded JSON) get the same rule at run time; the compiler refuses these.
      yield* refused(a.taskList({} as never))
      yield* refused(a.taskList({ project: seed.project_gid, tag: seed.tag_gids.urgent } as never))
      yield* refused(a.taskList({ project: seed.project_gid, workspace_gid: seed.workspace_gid }))
      yield* refused(a.taskList({ tag: seed.tag_gids.urgent, modified_since: "2025-01-01T00:00:00Z" }))
      yield* refused(a.taskList({ project: seed.project_gid, limit: 0 }))
      yield* refused(a.taskList({ project: seed.project_gid, limit: 101 }))
      yield* refused(a.taskList({ project: seed.project_gid, modified_since: "yesterday" }))
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("gets a task by gid or by either form of task URL", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* a.taskGet({ task_gid: seed.task_gid })).name).toBe("Write the launch checklist")
      expect((yield* a.taskGet({ task_gid: taskUrl(seed.task_gid) })).gid).toBe(seed.task_gid)
      const modern = `${SIM}/1/${seed.workspace_gid}/project/${seed.project_gid}/task/${seed.task_gid}`
      expect((yield* a.taskGet({ task_gid: modern, fields: ["name"] })).gid).toBe(seed.task_gid)
      const log = yield* requests
      expect(log.map((r) => r.path)).toEqual(Array(3).fill(`/tasks/${seed.task_gid}`))
      expect(log[2]!.query.opt_fields).toBe("name")
      expect((yield* Effect.flip(a.taskGet({ task_gid: MISSING })))._tag).toBe("NotFoundError")
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a non-digit gid, a URL of another host and a URL naming no task, before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* refused(a.taskGet({ task_gid: "12ab" }))
      const other = yield* refused(
        a.taskGet({ task_gid: `https://elsewhere.example.com/0/${seed.project_gid}/${seed.task_gid}` })
      )
      expect(other.message).toMatch(/elsewhere\.example\.com/)
      const noTask = yield* refused(a.taskGet({ task_gid: projectUrl(seed.project_gid) }))
      expect(noTask.message).toMatch(/names no task/)
      yield* refused(a.taskDelete({ task_gid: "me" }))
      yield* refused(
        a.taskProjectAdd({
          task_gid: seed.task_gid,
          project: taskUrl(seed.task_gid).replace(/\/\d+$/, "/board").replace(SIM, "https://x.example.com")
        })
      )
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("get-many: 10 actions a batch call, results in the order asked, a missing gid failing alone", () =>
    Effect.gen(function*() {
      const a = yield* api
      const asked = [
        T.completed,
        T.checklist,
        MISSING,
        T.review,
        taskUrl(T.subtask),
        T.others,
        T.checklist,
        T.review,
        T.completed,
        T.others,
        T.subtask,
        T.checklist
      ]
      const many = yield* a.taskGetMany({ gids: asked, fields: ["name"] })
      expect(many.tasks.map((t) => t.gid)).toEqual(asked.map((g) => (g.startsWith("http") ? T.subtask : g)))
      expect(many.failed).toBe(1)
      const missing = many.tasks[2]!
      expect("error" in missing && missing.error).toMatchObject({ type: "NotFoundError", status: 404 })
      for (const [i, t] of many.tasks.entries()) if (i !== 2) expect("task" in t && t.task.gid).toBe(t.gid)
      const batches = (yield* requests).filter((r) => r.path === "/batch")
      expect(batches.map((r) => (r.body as { data: { actions: Array<unknown> } }).data.actions.length)).toEqual([10, 2])
      const action = (batches[0]!.body as { data: { actions: Array<unknown> } }).data.actions[0]
      expect(action).toEqual({ relative_path: `/tasks/${T.completed}`, method: "get", options: { fields: ["name"] } })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("get-many refuses an empty list, more than 100 and a bad gid anywhere, before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* refused(a.taskGetMany({ gids: [] }))
      yield* refused(a.taskGetMany({ gids: Array(101).fill(T.checklist) }))
      yield* refused(a.taskGetMany({ gids: [...Array(15).fill(T.checklist), "https://other.example.com/0/1/2"] }))
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("search on a free workspace is the plan error (402)", () =>
    Effect.gen(function*() {
      const a = yield* api
      const error = yield* Effect.flip(a.taskSearch({ text: "water" }))
      expect(error._tag).toBe("PlanRequiredError")
      expect((yield* requests)[0]!.path).toBe(`/workspaces/${seed.free_workspace_gid}/tasks/search`)
    }).pipe(Effect.provide(apiLayer({ token: seed.tokens.free, workspace: seed.free_workspace_gid }))))

  it.effect("search is paged by hand: sort_by=created_at, then created_at.before the oldest of a full page", () =>
    Effect.gen(function*() {
      const a = yield* api
      const first = yield* a.taskSearch({ text: "backlog item", limit: 40 })
      expect(first.data.length).toBe(40)
      // The cursor is the oldest created_at of the page and the gids shown at it (a tie is never skipped).
      const last = first.data.at(-1)!
      const shownAtLast = first.data.filter((t) => t.created_at === last.created_at).map((t) => t.gid)
      expect(first.next_cursor).toBe([last.created_at, ...shownAtLast].join(","))
      const all = Chunk.toReadonlyArray(
        yield* Stream.runCollect(a.streams.taskSearch({ text: "backlog item", limit: 40 }))
      )
      expect(all.length).toBe(seed.big_project_task_count)
      expect(new Set(all.map((t) => t.gid)).size).toBe(seed.big_project_task_count)
      const searches = (yield* requests).slice(1)
      expect(searches.length).toBe(4)
      expect(searches[0]!.query).toMatchObject({
        sort_by: "created_at",
        sort_ascending: "false",
        limit: "40",
        text: "backlog item"
      })
      expect(searches[0]!.query["created_at.before"]).toBeUndefined()
      // At or before that time: the service's bound is exclusive, so 1 ms later; as many more as were shown there.
      expect(searches[1]!.query["created_at.before"]).toBe(new Date(Date.parse(last.created_at!) + 1).toISOString())
      expect(searches[1]!.query.limit).toBe(String(40 + shownAtLast.length))
      expect(String(searches[0]!.query.opt_fields).split(",")).toContain("created_at")
    }).pipe(Effect.provide(apiLayer())))

  it.effect(
    "search --all lists every task once when tasks share a created_at, whatever the page size (ties of 1 to 10)",
    () =>
      Effect.gen(function*() {
        const a = yield* api
        // On TestClock every task made at one clock time shares its created_at: a tie of each size, a second apart.
        const made: Array<string> = []
        for (let size = 1; size <= 10; size++) {
          for (let i = 0; i < size; i++) made.push((yield* a.taskCreate({ name: `tie sample ${size}.${i}` })).gid)
          yield* TestClock.adjust("1 second")
        }
        for (let limit = 1; limit <= 10; limit++) {
          const walk = yield* Effect.fork(Stream.runCollect(a.streams.taskSearch({ text: "tie sample", limit })))
          // Searches are paced at 60 a minute: let the clock run until the walk is done.
          let done = yield* Fiber.poll(walk)
          while (Option.isNone(done)) {
            yield* TestClock.adjust("1 second")
            done = yield* Fiber.poll(walk)
          }
          const found = Chunk.toReadonlyArray(yield* Fiber.join(walk)).map((t) => t.gid)
          expect(found.length, `limit ${limit}`).toBe(55)
          expect(new Set(found), `limit ${limit}`).toEqual(new Set(made))
          // Newest first: the ties in the reverse order of their making.
          expect(found.slice(0, 10).every((gid) => made.slice(45).includes(gid)), `limit ${limit}`).toBe(true)
        }
      }).pipe(Effect.provide(apiLayer())),
    60_000
  )

  it.effect("My Tasks: the user's task list in the workspace, then its tasks", () =>
    Effect.gen(function*() {
      const a = yield* api
      const page = yield* a.taskMyTasks({})
      expect(page.data.map((t) => t.gid)).toContain(seed.task_gid)
      const log = yield* requests
      expect(log.map((r) => r.path)).toEqual([
        `/users/me/user_task_list`,
        `/user_task_lists/${seed.user_task_list_gid}/tasks`
      ])
      expect(log[0]!.query.workspace).toBe(seed.workspace_gid)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("creates a task in the configured workspace (201), with rich notes checked locally", () =>
    Effect.gen(function*() {
      const a = yield* api
      const task = yield* a.taskCreate({
        name: "Plan the party",
        assignee: "me",
        due_on: "2025-03-01",
        html_notes: "<body><strong>Soon</strong></body>"
      })
      expect(task).toMatchObject({ name: "Plan the party", due_on: "2025-03-01" })
      const inProject = yield* a.taskCreate({
        name: "In a project",
        projects: [projectUrl(seed.project_gid)],
        completed: true
      })
      expect(inProject.completed).toBe(true)
      const [first, second] = yield* requests
      expect(first!.body).toMatchObject({
        data: { name: "Plan the party", workspace: seed.workspace_gid, assignee: "me" }
      })
      expect(second!.body).toEqual({ data: { name: "In a project", projects: [seed.project_gid], completed: true } })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a bad tag in html_notes, notes with html_notes, and due_on with due_at, before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      const bad = yield* refused(a.taskCreate({ name: "x", html_notes: "<body><p>hi</p></body>" }))
      expect(bad.message).toMatch(/<p>/)
      yield* refused(a.taskCreate({ name: "x", notes: "a", html_notes: "<body>a</body>" }))
      yield* refused(a.taskUpdate({ task_gid: seed.task_gid, due_on: "2025-01-01", due_at: "2025-01-01T10:00:00Z" }))
      yield* refused(a.taskUpdate({ task_gid: seed.task_gid }))
      yield* refused(a.taskUpdate({ task_gid: seed.task_gid, insert_after: T.review }))
      yield* refused(a.taskCreate({ name: "  " }))
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("updates fields, reparents with setParent, and moves a subtask to the top level", () =>
    Effect.gen(function*() {
      const a = yield* api
      const moved = yield* a.taskUpdate({ task_gid: T.subtask, name: "Collect every step", parent: taskUrl(T.review) })
      expect(moved.name).toBe("Collect every step")
      expect((moved.parent as { gid: string }).gid).toBe(T.review)
      const top = yield* a.taskUpdate({ task_gid: T.subtask, parent: "none" })
      expect(top.parent).toBeNull()
      const log = yield* requests
      expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([
        `PUT /tasks/${T.subtask}`,
        `POST /tasks/${T.subtask}/setParent`,
        `POST /tasks/${T.subtask}/setParent`
      ])
      expect(log[1]!.body).toEqual({ data: { parent: T.review } })
      expect(log[2]!.body).toEqual({ data: { parent: null } })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("deletes a task; it is then not found", () =>
    Effect.gen(function*() {
      const a = yield* api
      // A URL given is reported as the gid it names.
      expect(yield* a.taskDelete({ task_gid: taskUrl(T.review) })).toEqual({
        deleted: true,
        already_absent: false,
        task_gid: T.review
      })
      expect((yield* Effect.flip(a.taskGet({ task_gid: T.review })))._tag).toBe("NotFoundError")
      expect((yield* requests)[0]).toMatchObject({ method: "DELETE", path: `/tasks/${T.review}` })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("subtasks: create under a task, then list them", () =>
    Effect.gen(function*() {
      const a = yield* api
      const sub = yield* a.taskSubtaskCreate({
        task_gid: taskUrl(seed.task_gid),
        name: "Check the venue",
        due_on: "2025-02-02"
      })
      const subs = yield* a.taskSubtaskList({ task_gid: seed.task_gid })
      expect(subs.data.map((t) => t.gid)).toEqual(expect.arrayContaining([T.subtask, sub.gid]))
      const [create] = yield* requests
      expect(create).toMatchObject({
        method: "POST",
        path: `/tasks/${seed.task_gid}/subtasks`,
        body: { data: { name: "Check the venue", due_on: "2025-02-02" } }
      })
    }).pipe(Effect.provide(apiLayer())))

  it.effect("project, follower, dependency and dependent links: add, list, remove", () =>
    Effect.gen(function*() {
      const a = yield* api
      yield* a.taskProjectAdd({ task_gid: T.review, project: projectUrl(seed.big_project_gid) })
      expect(
        (yield* a.taskList({ project: seed.big_project_gid, limit: 100, fields: ["name"] })).data.map((t) => t.gid)
      ).toContain(T.review)
      yield* a.taskProjectRemove({ task_gid: T.review, project: seed.big_project_gid })

      const followersOf = (gid: string) =>
        Effect.map(a.taskGet({ task_gid: gid }), (t) => (t.followers as Array<{ gid: string }>).map((f) => f.gid))
      const followed = yield* a.taskFollowerAdd({ task_gid: T.review, followers: [seed.other_user_gid] })
      expect(followed).toEqual({ linked: true, task_gid: T.review, followers: [seed.other_user_gid] })
      expect(yield* followersOf(T.review)).toContain(seed.other_user_gid)
      const unfollowed = yield* a.taskFollowerRemove({ task_gid: T.review, followers: [seed.other_user_gid] })
      expect(unfollowed).toEqual({ unlinked: true, task_gid: T.review, followers: [seed.other_user_gid] })
      expect(yield* followersOf(T.review)).not.toContain(seed.other_user_gid)

      yield* a.taskDependencyAdd({ task_gid: T.completed, dependencies: [taskUrl(T.others)] })
      expect((yield* a.taskDependencyList({ task_gid: T.completed })).data.map((t) => t.gid)).toEqual([T.others])
      expect((yield* a.taskDependentList({ task_gid: T.others })).data.map((t) => t.gid)).toContain(T.completed)
      yield* a.taskDependencyRemove({ task_gid: T.completed, dependencies: [T.others] })
      expect((yield* a.taskDependencyList({ task_gid: T.completed })).data).toEqual([])

      yield* a.taskDependentAdd({ task_gid: T.others, dependents: [T.completed] })
      expect((yield* a.taskDependencyList({ task_gid: T.completed })).data.map((t) => t.gid)).toEqual([T.others])
      yield* a.taskDependentRemove({ task_gid: T.others, dependents: [T.completed] })
      expect((yield* a.taskDependentList({ task_gid: T.others })).data.map((t) => t.gid)).not.toContain(T.completed)

      const log = yield* requests
      expect(log[0]).toMatchObject({
        path: `/tasks/${T.review}/addProject`,
        body: { data: { project: seed.big_project_gid } }
      })
      expect(log.find((r) => r.path.endsWith("/addDependencies"))!.body).toEqual({ data: { dependencies: [T.others] } })
      yield* refused(a.taskFollowerAdd({ task_gid: T.review, followers: [] }))
      yield* refused(a.taskDependentAdd({ task_gid: T.review, dependents: ["x1"] }))
      expect((yield* sent).length).toBe(log.length)
    }).pipe(Effect.provide(apiLayer())))
})
