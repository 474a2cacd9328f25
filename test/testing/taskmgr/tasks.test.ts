/** Tasks: create, read, update, delete, subtasks and links, the html check, and the refusals (401, 403, 404, 400). */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { del, get, messageOf, post, put, run, seed } from "./helpers.js"

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
