/**
 * The task-management simulator's resource routes: envelopes, 201 on
 * creates, `{data: {}}` on deletes, opt_fields, the html check, the
 * system-story 403, and the refusals (401, 403, 404, 400).
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TaskmgrSimulator } from "../../src/testing/index.js"
import { del, FREE, get, messageOf, ORIGIN, post, put, seed, send } from "./taskmgr-sim-helpers.js"

const run = <A, E>(effect: Effect.Effect<A, E, TaskmgrSimulator | import("@effect/platform/HttpClient").HttpClient>) =>
  Effect.provide(effect, TaskmgrSimulator.layer)

describe("taskmgr simulator: users, teams, workspaces", () => {
  it.effect("me, users, teams and workspaces answer in the data envelope with string gids", () =>
    run(Effect.gen(function*() {
      const me = yield* get("/users/me")
      expect(me.status).toBe(200)
      expect(me.body.data).toMatchObject({ gid: seed.user_gid, resource_type: "user", email: seed.user_email })
      expect(me.body.data.workspaces).toEqual([{
        gid: seed.workspace_gid,
        resource_type: "workspace",
        name: "Sandbox Workspace"
      }])

      const users = yield* get(`/users?workspace=${seed.workspace_gid}&limit=10`)
      expect(users.body.data.map((u: { gid: string }) => u.gid)).toEqual([seed.user_gid, seed.other_user_gid])
      expect(users.body.data[0]).toEqual({ gid: seed.user_gid, resource_type: "user", name: seed.user_name })
      expect(users.body.next_page).toBeNull()

      const workspaces = yield* get("/workspaces?limit=5")
      expect(workspaces.body.data).toEqual([{
        gid: seed.workspace_gid,
        resource_type: "workspace",
        name: "Sandbox Workspace"
      }])
      expect((yield* get(`/workspaces/${seed.workspace_gid}`)).body.data.is_organization).toBe(true)

      const teams = yield* get(`/workspaces/${seed.workspace_gid}/teams?limit=5`)
      expect(teams.body.data).toEqual([{ gid: seed.team_gid, resource_type: "team", name: "Engineering" }])
      expect((yield* get(`/teams/${seed.team_gid}`)).body.data.organization.gid).toBe(seed.workspace_gid)
      expect((yield* get(`/users/me/teams?organization=${seed.workspace_gid}&limit=5`)).body.data).toHaveLength(1)
    })))

  it.effect("refuses a missing or expired token with 401, another workspace with 403, an unknown gid with 404", () =>
    run(Effect.gen(function*() {
      const none = yield* get("/users/me", { token: null })
      expect(none.status).toBe(401)
      expect(none.body).toEqual({ errors: [{ message: "Not Authorized", help: expect.stringContaining("errors") }] })
      expect((yield* get("/users/me", { token: seed.tokens.expired })).status).toBe(401)
      expect((yield* get(`/workspaces/${seed.workspace_gid}`, { token: FREE })).status).toBe(403)
      expect((yield* get(`/tasks/${seed.task_gids.free}`)).status).toBe(403)
      const missing = yield* get("/tasks/999999")
      expect(missing.status).toBe(404)
      expect(messageOf(missing)).toBe("Unknown object: 999999")
      const notGid = yield* get("/tasks/abc")
      expect(notGid.status).toBe(400)
      expect(messageOf(notGid)).toBe("task: Not a recognized ID: abc")
      expect((yield* get("/no/such/route")).status).toBe(404)
    })))
})

describe("taskmgr simulator: projects", () => {
  it.effect("create answers 201, update and delete change state, counts need opt_fields", () =>
    run(Effect.gen(function*() {
      const made = yield* post(`/workspaces/${seed.workspace_gid}/projects`, { name: "Roadmap", team: seed.team_gid })
      expect(made.status).toBe(201)
      expect(made.body.data).toMatchObject({ resource_type: "project", name: "Roadmap", archived: false })
      expect(made.body.data.gid).toMatch(/^\d+$/)
      expect(made.body.data.permalink_url).toBe(`${ORIGIN}/0/${made.body.data.gid}/list`)
      const gid: string = made.body.data.gid

      const noTeam = yield* post("/projects", { name: "x", workspace: seed.workspace_gid })
      expect(noTeam.status).toBe(400)

      const updated = yield* put(`/projects/${gid}`, { name: "Roadmap 2", archived: true })
      expect(updated.body.data).toMatchObject({ name: "Roadmap 2", archived: true })
      const archived = yield* get(`/teams/${seed.team_gid}/projects?archived=true&limit=10`)
      expect(archived.body.data.map((p: { gid: string }) => p.gid)).toEqual([gid])

      expect((yield* get(`/projects/${seed.project_gid}/task_counts`)).body).toEqual({ data: {} })
      const counts = yield* get(`/projects/${seed.project_gid}/task_counts?opt_fields=num_tasks,num_completed_tasks`)
      expect(counts.body.data).toEqual({ num_tasks: 4, num_completed_tasks: 1 })

      const deleted = yield* del(`/projects/${gid}`)
      expect(deleted.body).toEqual({ data: {} })
      expect((yield* get(`/projects/${gid}`)).status).toBe(404)
    })))

  it.effect("search finds projects in a premium workspace and is refused with 402 on a free one", () =>
    run(Effect.gen(function*() {
      const found = yield* get(`/workspaces/${seed.workspace_gid}/projects/search?text=launch`)
      expect(found.body).toEqual({ data: [{ gid: seed.project_gid, resource_type: "project", name: "Launch Plan" }] })
      const free = yield* get(`/workspaces/${seed.free_workspace_gid}/projects/search?text=x`, { token: FREE })
      expect(free.status).toBe(402)
    })))
})

describe("taskmgr simulator: tasks", () => {
  it.effect("get answers the full record; opt_fields selects fields, dotted paths expand references", () =>
    run(Effect.gen(function*() {
      const full = yield* get(`/tasks/${seed.task_gid}`)
      expect(full.body.data).toMatchObject({
        gid: seed.task_gid,
        resource_type: "task",
        name: "Write the launch checklist",
        assignee: { gid: seed.user_gid, resource_type: "user", name: seed.user_name },
        due_on: "2024-06-01",
        num_subtasks: 1
      })
      const some = yield* get(`/tasks/${seed.task_gid}?opt_fields=name,assignee.email,memberships.section.name,bogus`)
      expect(some.body.data).toEqual({
        gid: seed.task_gid,
        resource_type: "task",
        name: "Write the launch checklist",
        assignee: { gid: seed.user_gid, resource_type: "user", email: seed.user_email },
        memberships: [{ section: { gid: seed.section_gids.todo, resource_type: "section", name: "To do" } }]
      })
    })))

  it.effect("create (201), update with system stories, setParent, subtasks and delete", () =>
    run(Effect.gen(function*() {
      const made = yield* post("/tasks", {
        name: "Ship it",
        projects: [seed.project_gid],
        html_notes: "<body><strong>now</strong></body>"
      })
      expect(made.status).toBe(201)
      const gid: string = made.body.data.gid
      expect(made.body.data).toMatchObject({ notes: "now", workspace: { gid: seed.workspace_gid } })
      expect(made.body.data.memberships[0].section.gid).toBe(seed.section_gids.todo)
      expect((yield* post("/tasks", { name: "nowhere" })).status).toBe(400)

      const updated = yield* put(`/tasks/${gid}`, { assignee: seed.other_user_gid, due_on: "2024-07-01" })
      expect(updated.body.data.assignee.gid).toBe(seed.other_user_gid)
      const stories = yield* get(`/tasks/${gid}/stories?limit=10&opt_fields=type,resource_subtype`)
      expect(stories.body.data.map((s: { resource_subtype: string }) => s.resource_subtype)).toEqual([
        "assigned",
        "due_date_changed"
      ])

      const reparented = yield* post(`/tasks/${gid}/setParent`, { parent: seed.task_gid })
      expect(reparented.body.data.parent.gid).toBe(seed.task_gid)
      const loop = yield* post(`/tasks/${seed.task_gid}/setParent`, { parent: gid })
      expect(loop.status).toBe(400)
      const subtasks = yield* get(`/tasks/${seed.task_gid}/subtasks?limit=10`)
      expect(subtasks.body.data.map((t: { gid: string }) => t.gid)).toEqual([seed.task_gids.subtask, gid])

      const sub = yield* post(`/tasks/${gid}/subtasks`, { name: "Step 1" })
      expect(sub.status).toBe(201)
      expect(sub.body.data.parent.gid).toBe(gid)
      expect((yield* del(`/tasks/${gid}`)).body).toEqual({ data: {} })
      expect((yield* get(`/tasks/${sub.body.data.gid}`)).status).toBe(404)
    })))

  it.effect("lists by project, section, tag and assignee + workspace, and My Tasks through the user task list", () =>
    run(Effect.gen(function*() {
      const gids = (answer: { body: { data: Array<{ gid: string }> } }) => answer.body.data.map((t) => t.gid)
      const t = seed.task_gids
      expect(gids(yield* get(`/projects/${seed.project_gid}/tasks?limit=10`))).toEqual([
        t.checklist,
        t.review,
        t.others,
        t.completed
      ])
      expect(gids(yield* get(`/tasks?project=${seed.project_gid}&completed_since=now&limit=10`))).toEqual([
        t.checklist,
        t.review,
        t.others
      ])
      expect(gids(yield* get(`/sections/${seed.section_gids.doing}/tasks?limit=10`))).toEqual([t.others])
      expect(gids(yield* get(`/tags/${seed.tag_gids.urgent}/tasks?limit=10`))).toEqual([t.checklist])
      expect(gids(yield* get(`/tasks?assignee=me&workspace=${seed.workspace_gid}&limit=10`))).toEqual([
        t.checklist,
        t.review,
        t.subtask,
        t.completed
      ])
      expect((yield* get("/tasks?limit=10")).status).toBe(400)

      const list = yield* get(`/users/me/user_task_list?workspace=${seed.workspace_gid}`)
      expect(list.body.data).toMatchObject({ gid: seed.user_task_list_gid, resource_type: "user_task_list" })
      expect(gids(yield* get(`/user_task_lists/${seed.user_task_list_gid}/tasks?limit=10&completed_since=now`)))
        .toEqual([
          t.checklist,
          t.review,
          t.subtask
        ])
    })))

  it.effect("projects, followers, dependencies and dependents are added, listed and removed", () =>
    run(Effect.gen(function*() {
      const t = seed.task_gids
      expect((yield* post(`/tasks/${t.others}/addProject`, { project: seed.big_project_gid })).body).toEqual({
        data: {}
      })
      expect((yield* get(`/tasks/${t.others}/projects?limit=5`)).body.data).toHaveLength(2)
      yield* post(`/tasks/${t.others}/removeProject`, { project: seed.big_project_gid })
      expect((yield* get(`/tasks/${t.others}/projects?limit=5`)).body.data).toHaveLength(1)

      const followed = yield* post(`/tasks/${t.others}/addFollowers`, { followers: ["me"] })
      expect(followed.body.data.followers.map((u: { gid: string }) => u.gid)).toContain(seed.user_gid)
      const unfollowed = yield* post(`/tasks/${t.others}/removeFollowers`, { followers: [seed.user_gid] })
      expect(unfollowed.body.data.followers.map((u: { gid: string }) => u.gid)).not.toContain(seed.user_gid)

      expect((yield* get(`/tasks/${t.checklist}/dependents?limit=5`)).body.data.map((x: { gid: string }) => x.gid))
        .toEqual([t.review])
      yield* post(`/tasks/${t.others}/addDependencies`, { dependencies: [t.checklist] })
      yield* post(`/tasks/${t.checklist}/addDependents`, { dependents: [t.completed] })
      expect((yield* get(`/tasks/${t.checklist}/dependents?limit=5`)).body.data).toHaveLength(3)
      const circular = yield* post(`/tasks/${t.checklist}/addDependencies`, { dependencies: [t.review] })
      expect(circular.status).toBe(400)
      yield* post(`/tasks/${t.checklist}/removeDependents`, { dependents: [t.completed, t.others] })
      yield* post(`/tasks/${t.review}/removeDependencies`, { dependencies: [t.checklist] })
      expect((yield* get(`/tasks/${t.checklist}/dependents?limit=5`)).body.data).toEqual([])
      expect((yield* post(`/tasks/${t.checklist}/addFollowers`, {})).status).toBe(400)
    })))

  it.effect("html_notes outside <body> or with a rejected tag is 400 XML is invalid, and nothing changes", () =>
    run(Effect.gen(function*() {
      for (
        const html of ["<strong>x</strong>", "<body><p>x</p></body>", "<body><h4>x</h4></body>", "<body><em>x</body>"]
      ) {
        const answer = yield* put(`/tasks/${seed.task_gid}`, { html_notes: html })
        expect(answer.status).toBe(400)
        expect(messageOf(answer)).toBe("XML is invalid")
      }
      expect((yield* get(`/tasks/${seed.task_gid}?opt_fields=notes`)).body.data.notes).toBe(
        "List every step of the launch."
      )
      const good = yield* put(`/tasks/${seed.task_gid}`, {
        html_notes: "<body><ul><li>a &amp; b</li></ul><hr/></body>"
      })
      expect(good.body.data.notes).toBe("a & b")
    })))
})

describe("taskmgr simulator: sections and tags", () => {
  it.effect("sections are created (201), renamed, moved, given tasks and deleted only when empty", () =>
    run(Effect.gen(function*() {
      const s = seed.section_gids
      const made = yield* post(`/projects/${seed.project_gid}/sections`, { name: "Later", insert_before: s.doing })
      expect(made.status).toBe(201)
      const gid: string = made.body.data.gid
      const names = () =>
        Effect.map(
          get(`/projects/${seed.project_gid}/sections?limit=10`),
          (a) => a.body.data.map((x: { name: string }) => x.name)
        )
      expect(yield* names()).toEqual(["To do", "Later", "Doing", "Done"])
      expect(
        (yield* post(`/projects/${seed.project_gid}/sections/insert`, { section: gid, after_section: s.done })).body
      ).toEqual({ data: {} })
      expect(yield* names()).toEqual(["To do", "Doing", "Done", "Later"])
      expect((yield* put(`/sections/${gid}`, { name: "Someday" })).body.data.name).toBe("Someday")

      yield* post(`/sections/${gid}/addTask`, { task: seed.task_gid })
      expect((yield* get(`/sections/${gid}/tasks?limit=5`)).body.data.map((t: { gid: string }) => t.gid)).toEqual([
        seed.task_gid
      ])
      expect((yield* del(`/sections/${gid}`)).status).toBe(400)
      yield* post(`/sections/${s.todo}/addTask`, { task: seed.task_gid })
      expect((yield* del(`/sections/${gid}`)).body).toEqual({ data: {} })
      expect((yield* get(`/sections/${gid}`)).status).toBe(404)
    })))

  it.effect("tags are created (201), read, updated, put on tasks and deleted", () =>
    run(Effect.gen(function*() {
      const made = yield* post("/tags", { name: "blocked", workspace: seed.workspace_gid, color: "dark-red" })
      expect(made.status).toBe(201)
      const gid: string = made.body.data.gid
      expect((yield* post(`/workspaces/${seed.workspace_gid}/tags`, { name: "two" })).status).toBe(201)
      expect((yield* get(`/workspaces/${seed.workspace_gid}/tags?limit=10`)).body.data).toHaveLength(4)
      expect((yield* put(`/tags/${gid}`, { name: "blocker" })).body.data.name).toBe("blocker")
      expect((yield* post(`/tasks/${seed.task_gid}/addTag`, { tag: gid })).body).toEqual({ data: {} })
      expect((yield* get(`/tasks/${seed.task_gid}/tags?limit=5`)).body.data.map((t: { name: string }) => t.name))
        .toEqual([
          "urgent",
          "blocker"
        ])
      expect((yield* get(`/tags/${gid}/tasks?limit=5`)).body.data).toHaveLength(1)
      yield* post(`/tasks/${seed.task_gid}/removeTag`, { tag: gid })
      expect((yield* get(`/tags/${gid}/tasks?limit=5`)).body.data).toEqual([])
      expect((yield* del(`/tags/${gid}`)).body).toEqual({ data: {} })
      expect((yield* get(`/tags/${gid}`)).status).toBe(404)
      expect((yield* post(`/tasks/${seed.task_gid}/addTag`, { tag: seed.tag_gids.free })).status).toBe(403)
    })))
})

describe("taskmgr simulator: stories", () => {
  it.effect("comments are created (201) from text or html_text, and only the caller's own may change", () =>
    run(Effect.gen(function*() {
      const made = yield* post(`/tasks/${seed.task_gid}/stories`, { html_text: "<body>Done <em>today</em></body>" })
      expect(made.status).toBe(201)
      expect(made.body.data).toMatchObject({
        type: "comment",
        resource_subtype: "comment_added",
        text: "Done today",
        is_editable: true
      })
      expect((yield* post(`/tasks/${seed.task_gid}/stories`, { html_text: "<body><p>x</p></body>" })).status).toBe(400)
      expect((yield* post(`/tasks/${seed.task_gid}/stories`, {})).status).toBe(400)

      const edited = yield* put(`/stories/${seed.story_gids.my_comment}`, { text: "Second draft" })
      expect(edited.body.data).toMatchObject({ text: "Second draft", is_edited: true })

      for (const gid of [seed.story_gids.system_assigned, seed.story_gids.system_due_date]) {
        const answer = yield* put(`/stories/${gid}`, { text: "rewrite history" })
        expect(answer.status).toBe(403)
        expect(messageOf(answer)).toMatch(/system story/)
        expect((yield* del(`/stories/${gid}`)).status).toBe(403)
      }
      expect((yield* put(`/stories/${seed.story_gids.other_comment}`, { text: "mine now" })).status).toBe(403)
      expect((yield* get(`/stories/${seed.story_gids.other_comment}`)).body.data.text).toBe(
        "Looks good, add the venue."
      )

      expect((yield* del(`/stories/${made.body.data.gid}`)).body).toEqual({ data: {} })
      const list = yield* get(`/tasks/${seed.task_gid}/stories?limit=20`)
      expect(list.body.data.map((s: { gid: string }) => s.gid)).toEqual([
        seed.story_gids.system_assigned,
        seed.story_gids.system_due_date,
        seed.story_gids.my_comment,
        seed.story_gids.other_comment
      ])
      expect(list.body.data[0]).toEqual({
        gid: seed.story_gids.system_assigned,
        resource_type: "story",
        created_at: "2024-05-01T10:00:00.000Z",
        created_by: { gid: seed.user_gid, resource_type: "user", name: seed.user_name },
        resource_subtype: "assigned",
        text: "Sandbox User assigned to you",
        type: "system"
      })
    })))

  it.effect("the unknown query parameters are ignored, a body that is not JSON is a 400", () =>
    run(Effect.gen(function*() {
      expect((yield* get(`/tasks/${seed.task_gid}?pretty=true&whatever=1`)).status).toBe(200)
      const broken = yield* send("PUT", `/tasks/${seed.task_gid}`, { json: "not an envelope" })
      expect(broken.status).toBe(400)
    })))
})

describe("taskmgr simulator: reset", () => {
  it.effect("reset brings back the seed and forgets issued state", () =>
    run(Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      expect((yield* del(`/tasks/${seed.task_gid}`)).status).toBe(200)
      expect((yield* get(`/tasks/${seed.task_gid}`)).status).toBe(404)
      yield* sim.reset
      expect((yield* get(`/tasks/${seed.task_gid}`)).status).toBe(200)
      expect(yield* sim.requests).toHaveLength(1)
    })))
})
