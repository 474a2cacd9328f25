/**
 * Sections: list per project, get, create (201), update (rename), move
 * (`/projects/{gid}/sections/insert`), delete (only an empty section, never
 * a project's last), and addTask (moves a task into the section, adding it
 * to the section's project when needed).
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, created, emptyOk, ok } from "./errors.js"
import type { Data } from "./input.js"
import { gidField, input, pathGid, projectOf, requiredGid, requiredStr, sectionOf, str, taskOf } from "./input.js"
import type { Project } from "./model.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullSection } from "./render.js"
import { addToProject } from "./task-write.js"

const answer = (ctx: Ctx, gid: string) =>
  singleRecord(fullSection(ctx.render, ctx.state.sections.get(gid)!), ctx.fields, ctx.expand)

/** Places `section` before or after a sibling named in `data` (`before`/`after` field names given). */
const place = (
  ctx: Ctx,
  project: Project,
  section: string,
  data: Data,
  beforeName: string,
  afterName: string
): Parsed<void> =>
  Either.gen(function*() {
    const before = yield* gidField(ctx, data, beforeName)
    const after = yield* gidField(ctx, data, afterName)
    if (before !== undefined && after !== undefined) {
      return yield* badRequest(`Specify only one of ${beforeName} or ${afterName}`)
    }
    const anchor = before ?? after
    if (anchor === undefined) return
    const named = before !== undefined ? beforeName : afterName
    if (anchor === section) return yield* badRequest(`${named}: A section cannot be placed next to itself`)
    if (!project.sections.includes(anchor)) {
      return yield* badRequest(`${named}: The section ${anchor} is not in the project`)
    }
    project.sections = project.sections.filter((gid) => gid !== section)
    const index = project.sections.indexOf(anchor)
    project.sections.splice(before !== undefined ? index : index + 1, 0, section)
  })

export const sectionRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/projects/:project_gid/sections", null, (ctx) =>
    Either.gen(function*() {
      const project = yield* projectOf(ctx, yield* pathGid(ctx, "project_gid"))
      return yield* page(ctx, project.sections.map((gid) => fullSection(ctx.render, ctx.state.sections.get(gid)!)))
    })),
  route("POST", "/projects/:project_gid/sections", null, (ctx) =>
    Either.gen(function*() {
      const project = yield* projectOf(ctx, yield* pathGid(ctx, "project_gid"))
      const data = yield* input(ctx)
      const name = yield* requiredStr(data, "name")
      const gid = newGid(ctx.state)
      ctx.state.sections.set(gid, { gid, name, project: project.gid, created_at: ctx.call.now_ms })
      project.sections.push(gid)
      yield* place(ctx, project, gid, data, "insert_before", "insert_after")
      return created(answer(ctx, gid))
    })),
  route("POST", "/projects/:project_gid/sections/insert", null, (ctx) =>
    Either.gen(function*() {
      const project = yield* projectOf(ctx, yield* pathGid(ctx, "project_gid"))
      const data = yield* input(ctx)
      const section = yield* requiredGid(ctx, data, "section")
      if (!project.sections.includes((yield* sectionOf(ctx, section)).gid)) {
        return yield* badRequest("section: The section is not in the project")
      }
      if (data.before_section === undefined && data.after_section === undefined) {
        return yield* badRequest("Specify one of before_section or after_section")
      }
      yield* place(ctx, project, section, data, "before_section", "after_section")
      return emptyOk()
    })),
  route("GET", "/sections/:section_gid", null, (ctx) =>
    Either.gen(function*() {
      const section = yield* sectionOf(ctx, yield* pathGid(ctx, "section_gid"))
      return ok(answer(ctx, section.gid))
    })),
  route("PUT", "/sections/:section_gid", null, (ctx) =>
    Either.gen(function*() {
      const section = yield* sectionOf(ctx, yield* pathGid(ctx, "section_gid"))
      const data = yield* input(ctx)
      const name = yield* str(data, "name")
      if (name !== undefined) {
        if (name === "") return yield* badRequest("name: Missing input")
        section.name = name
      }
      yield* place(ctx, yield* projectOf(ctx, section.project), section.gid, data, "insert_before", "insert_after")
      return ok(answer(ctx, section.gid))
    })),
  route("DELETE", "/sections/:section_gid", null, (ctx) =>
    Either.gen(function*() {
      const section = yield* sectionOf(ctx, yield* pathGid(ctx, "section_gid"))
      const project = yield* projectOf(ctx, section.project)
      if (project.sections.length <= 1) return yield* badRequest("Cannot delete the last section of a project")
      const occupied = [...ctx.state.tasks.values()].some((task) =>
        task.memberships.some((m) => m.section === section.gid)
      )
      if (occupied) return yield* badRequest("Sections must be empty to be deleted. Move or delete its tasks first.")
      project.sections = project.sections.filter((gid) => gid !== section.gid)
      ctx.state.sections.delete(section.gid)
      return emptyOk()
    })),
  route("POST", "/sections/:section_gid/addTask", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const section = yield* sectionOf(ctx, yield* pathGid(ctx, "section_gid"))
      const data = yield* input(ctx)
      const task = yield* taskOf(ctx, yield* requiredGid(ctx, data, "task"))
      for (const name of ["insert_before", "insert_after"]) {
        const other = yield* gidField(ctx, data, name)
        if (other !== undefined && !(yield* taskOf(ctx, other)).memberships.some((m) => m.section === section.gid)) {
          return yield* badRequest(`${name}: The task ${other} is not in the section`)
        }
      }
      yield* addToProject(ctx, task, section.project, section.gid)
      task.modified_at = ctx.call.now_ms
      return emptyOk()
    }))
]
