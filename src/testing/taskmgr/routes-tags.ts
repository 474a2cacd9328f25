/**
 * Tags: lists (all the caller's, in a workspace, of a task), get, create
 * (two paths, 201), update, delete, and tagging a task (addTag, removeTag).
 * The tasks of a tag are in routes-tasks.ts.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
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

const answer = (ctx: Ctx, tag: Tag) => singleRecord(fullTag(ctx.render, tag), ctx.fields, ctx.expand)
const listed = (ctx: Ctx, tags: ReadonlyArray<Tag>) => page(ctx, tags.map((tag) => fullTag(ctx.render, tag)))
const inWorkspace = (ctx: Ctx, workspace: string) =>
  [...ctx.state.tags.values()].filter((tag) => tag.workspace === workspace)

const applyFields = (tag: Tag, data: Data): Parsed<void> =>
  Either.gen(function*() {
    const name = yield* str(data, "name")
    if (name !== undefined) tag.name = name
    if (has(data, "color")) tag.color = data.color === null ? null : (yield* str(data, "color")) ?? null
    const notes = yield* str(data, "notes")
    if (notes !== undefined) tag.notes = notes
  })

const create = (ctx: Ctx, fixedWorkspace: Parsed<string | undefined>) =>
  Either.gen(function*() {
    const fixed = yield* fixedWorkspace
    const data = yield* input(ctx)
    const workspaceGid = fixed ?? (yield* gidField(ctx, data, "workspace"))
    if (workspaceGid === undefined) return yield* badRequest("workspace: Missing input")
    const workspace = yield* workspaceOf(ctx, workspaceGid)
    // The gid is taken before the followers are read, as the service numbers it.
    const gid = newGid(ctx.state)
    const followers: Array<string> = []
    for (const user of (yield* gidList(ctx, data, "followers", "user")) ?? []) {
      followers.push((yield* userOf(ctx, user)).gid)
    }
    const tag: Tag = {
      gid,
      name: "",
      workspace: workspace.gid,
      color: null,
      notes: "",
      followers,
      created_at: ctx.call.now_ms
    }
    yield* applyFields(tag, data)
    ctx.state.tags.set(tag.gid, tag)
    return created(answer(ctx, tag))
  })

export const tagRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/tags", "tags:read", (ctx) =>
    Either.gen(function*() {
      const workspace = yield* queryGid(ctx, "workspace")
      if (workspace !== undefined) return yield* listed(ctx, inWorkspace(ctx, (yield* workspaceOf(ctx, workspace)).gid))
      return yield* listed(ctx, ctx.caller.user.workspaces.flatMap((gid) => inWorkspace(ctx, gid)))
    })),
  route("POST", "/tags", "tags:write", (ctx) => create(ctx, Either.right(undefined))),
  route("GET", "/workspaces/:workspace_gid/tags", "tags:read", (ctx) =>
    Either.gen(function*() {
      const workspace = yield* workspaceOf(ctx, yield* pathGid(ctx, "workspace_gid"))
      return yield* listed(ctx, inWorkspace(ctx, workspace.gid))
    })),
  route("POST", "/workspaces/:workspace_gid/tags", "tags:write", (ctx) => create(ctx, pathGid(ctx, "workspace_gid"))),
  route(
    "GET",
    "/tags/:tag_gid",
    "tags:read",
    (ctx) =>
      Either.map(Either.flatMap(pathGid(ctx, "tag_gid"), (gid) => tagOf(ctx, gid)), (tag) => ok(answer(ctx, tag)))
  ),
  route("PUT", "/tags/:tag_gid", "tags:write", (ctx) =>
    Either.gen(function*() {
      const tag = yield* tagOf(ctx, yield* pathGid(ctx, "tag_gid"))
      yield* applyFields(tag, yield* input(ctx))
      return ok(answer(ctx, tag))
    })),
  route("DELETE", "/tags/:tag_gid", null, (ctx) =>
    Either.gen(function*() {
      const tag = yield* tagOf(ctx, yield* pathGid(ctx, "tag_gid"))
      ctx.state.tags.delete(tag.gid)
      for (const task of ctx.state.tasks.values()) task.tags = task.tags.filter((gid) => gid !== tag.gid)
      return emptyOk()
    })),
  route("GET", "/tasks/:task_gid/tags", "tags:read", (ctx) =>
    Either.gen(function*() {
      const task = yield* taskOf(ctx, yield* pathGid(ctx, "task_gid"))
      return yield* listed(ctx, task.tags.flatMap((gid) => ctx.state.tags.get(gid) ?? []))
    })),
  route("POST", "/tasks/:task_gid/addTag", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* taskOf(ctx, yield* pathGid(ctx, "task_gid"))
      const tag = yield* tagOf(ctx, yield* requiredGid(ctx, yield* input(ctx), "tag"))
      if (tag.workspace !== task.workspace) return yield* badRequest("tag: The tag is in another workspace")
      if (!task.tags.includes(tag.gid)) task.tags.push(tag.gid)
      task.modified_at = ctx.call.now_ms
      return emptyOk()
    })),
  route("POST", "/tasks/:task_gid/removeTag", "tasks:write", (ctx) =>
    Either.gen(function*() {
      const task = yield* taskOf(ctx, yield* pathGid(ctx, "task_gid"))
      const tag = yield* requiredGid(ctx, yield* input(ctx), "tag")
      task.tags = task.tags.filter((gid) => gid !== tag)
      task.modified_at = ctx.call.now_ms
      return emptyOk()
    }))
]
