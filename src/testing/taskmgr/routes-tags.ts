/**
 * Tags: lists (all the caller's, in a workspace, of a task), get, create
 * (two paths, 201), update, delete, and tagging a task (addTag, removeTag).
 * The tasks of a tag are in routes-tasks.ts.
 */
import { badRequest, created, emptyOk, ok } from "./errors.js"
import type { Data } from "./input.js"
import {
  gidField,
  gidList,
  has,
  input,
  pathGid,
  queryGid,
  requiredGid,
  str,
  tagOf,
  taskOf,
  userOf,
  workspaceOf
} from "./input.js"
import type { Tag } from "./model.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import { fullTag } from "./render.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"

const answer = (ctx: Ctx, tag: Tag) => singleRecord(fullTag(ctx.render, tag), ctx.fields, ctx.expand)
const listed = (ctx: Ctx, tags: ReadonlyArray<Tag>) => page(ctx, tags.map((tag) => fullTag(ctx.render, tag)))
const inWorkspace = (ctx: Ctx, workspace: string) =>
  [...ctx.state.tags.values()].filter((tag) => tag.workspace === workspace)

const applyFields = (tag: Tag, data: Data): void => {
  const name = str(data, "name")
  if (name !== undefined) tag.name = name
  if (has(data, "color")) tag.color = data.color === null ? null : str(data, "color") ?? null
  const notes = str(data, "notes")
  if (notes !== undefined) tag.notes = notes
}

const create = (ctx: Ctx, fixedWorkspace: string | undefined) => {
  const data = input(ctx)
  const workspaceGid = fixedWorkspace ?? gidField(ctx, data, "workspace")
  if (workspaceGid === undefined) return badRequest("workspace: Missing input")
  const workspace = workspaceOf(ctx, workspaceGid)
  const tag: Tag = {
    gid: newGid(ctx.state),
    name: "",
    workspace: workspace.gid,
    color: null,
    notes: "",
    followers: (gidList(ctx, data, "followers", "user") ?? []).map((gid) => userOf(ctx, gid).gid),
    created_at: ctx.call.now_ms
  }
  applyFields(tag, data)
  ctx.state.tags.set(tag.gid, tag)
  return created(answer(ctx, tag))
}

export const tagRoutes: ReadonlyArray<Route> = [
  route("GET", "/tags", "tags:read", (ctx) => {
    const workspace = queryGid(ctx, "workspace")
    if (workspace !== undefined) return listed(ctx, inWorkspace(ctx, workspaceOf(ctx, workspace).gid))
    return listed(ctx, ctx.caller.user.workspaces.flatMap((gid) => inWorkspace(ctx, gid)))
  }),
  route("POST", "/tags", "tags:write", (ctx) => create(ctx, undefined)),
  route(
    "GET",
    "/workspaces/:workspace_gid/tags",
    "tags:read",
    (ctx) => listed(ctx, inWorkspace(ctx, workspaceOf(ctx, pathGid(ctx, "workspace_gid")).gid))
  ),
  route("POST", "/workspaces/:workspace_gid/tags", "tags:write", (ctx) => create(ctx, pathGid(ctx, "workspace_gid"))),
  route("GET", "/tags/:tag_gid", "tags:read", (ctx) => ok(answer(ctx, tagOf(ctx, pathGid(ctx, "tag_gid"))))),
  route("PUT", "/tags/:tag_gid", "tags:write", (ctx) => {
    const tag = tagOf(ctx, pathGid(ctx, "tag_gid"))
    applyFields(tag, input(ctx))
    return ok(answer(ctx, tag))
  }),
  route("DELETE", "/tags/:tag_gid", null, (ctx) => {
    const tag = tagOf(ctx, pathGid(ctx, "tag_gid"))
    ctx.state.tags.delete(tag.gid)
    for (const task of ctx.state.tasks.values()) task.tags = task.tags.filter((gid) => gid !== tag.gid)
    return emptyOk()
  }),
  route("GET", "/tasks/:task_gid/tags", "tags:read", (ctx) => {
    const task = taskOf(ctx, pathGid(ctx, "task_gid"))
    return listed(ctx, task.tags.flatMap((gid) => ctx.state.tags.get(gid) ?? []))
  }),
  route("POST", "/tasks/:task_gid/addTag", "tasks:write", (ctx) => {
    const task = taskOf(ctx, pathGid(ctx, "task_gid"))
    const tag = tagOf(ctx, requiredGid(ctx, input(ctx), "tag"))
    if (tag.workspace !== task.workspace) badRequest("tag: The tag is in another workspace")
    if (!task.tags.includes(tag.gid)) task.tags.push(tag.gid)
    task.modified_at = ctx.call.now_ms
    return emptyOk()
  }),
  route("POST", "/tasks/:task_gid/removeTag", "tasks:write", (ctx) => {
    const task = taskOf(ctx, pathGid(ctx, "task_gid"))
    const tag = requiredGid(ctx, input(ctx), "tag")
    task.tags = task.tags.filter((gid) => gid !== tag)
    task.modified_at = ctx.call.now_ms
    return emptyOk()
  })
]
