/**
 * Attachments: the attachments of a task or project (paged), one
 * attachment, delete, and the service's one multipart request, POST
 * /attachments: a file upload (the `file` part; stored as its size and
 * hash) or an external link (`resource_subtype=external`, `url`, `name`).
 */
import * as Either from "effect/Either"
import { isoTime } from "../core/clock.js"
import type { Parsed } from "../core/rejection.js"
import { route } from "../core/route.js"
import type { ApiRoute, Ctx } from "./context.js"
import { badRequest, emptyOk, notFound, ok } from "./errors.js"
import { checkGid, projectOf, taskOf } from "./input.js"
import type { Attachment } from "./model-files.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import type { RenderContext, Wire } from "./refs.js"
import { projectRef, taskRef } from "./refs.js"

const COMPACT = ["name", "resource_subtype"]

export const fullAttachment = (ctx: RenderContext, a: Attachment): Wire => {
  const parent = a.parent_type === "task" ? taskRef(ctx.state, a.parent) : projectRef(ctx.state, a.parent)
  const upload = a.resource_subtype !== "external"
  return {
    gid: a.gid,
    resource_type: "attachment",
    name: a.name,
    resource_subtype: a.resource_subtype,
    created_at: isoTime(a.created_at),
    // The simulator keeps no bytes to serve: an upload has no download address here.
    download_url: upload ? null : a.url,
    permanent_url: `${ctx.app_url}/app/attachment/${a.gid}`,
    host: a.resource_subtype,
    parent: parent === null ? null : { ...parent, created_by: { gid: a.created_by, resource_type: "user" } },
    ...(a.size === null ? {} : { size: a.size }),
    view_url: upload ? null : a.url,
    connected_to_app: false
  }
}

/** The task or project a gid names, as the caller may see it. */
interface Parent {
  readonly gid: string
  readonly type: "task" | "project"
}

const parentOf = (ctx: Ctx, gid: string): Parsed<Parent> =>
  Either.flatMap(checkGid("parent", gid), (): Parsed<Parent> => {
    if (ctx.state.tasks.has(gid)) return Either.map(taskOf(ctx, gid), (task) => ({ gid: task.gid, type: "task" }))
    if (ctx.state.projects.has(gid)) {
      return Either.map(projectOf(ctx, gid), (project) => ({ gid: project.gid, type: "project" }))
    }
    return notFound(gid)
  })

const attachmentOf = (ctx: Ctx, gid: string): Parsed<Attachment> =>
  Either.gen(function*() {
    const attachment = ctx.state.attachments.get(yield* checkGid("attachment", gid))
    if (attachment === undefined) return yield* notFound(gid)
    yield* parentOf(ctx, attachment.parent)
    return attachment
  })

const create = (ctx: Ctx) =>
  Either.gen(function*() {
    const form = ctx.call.multipart
    if (form === null) {
      return yield* badRequest(
        ctx.call.bodyInvalid
          ? "Could not parse the multipart/form-data body"
          : "file: Missing input (an upload is multipart/form-data)"
      )
    }
    const parentGid = form.fields.parent
    if (parentGid === undefined || parentGid === "") return yield* badRequest("parent: Missing input")
    const parent = yield* parentOf(ctx, parentGid)
    const external = form.fields.resource_subtype === "external"
    const file = form.files.file
    const base = {
      gid: newGid(ctx.state),
      parent: parent.gid,
      parent_type: parent.type,
      created_by: ctx.caller.user.gid,
      created_at: ctx.call.now_ms
    }
    let attachment: Attachment
    if (external) {
      const url = form.fields.url
      const name = form.fields.name
      if (url === undefined || url === "") return yield* badRequest("url: Missing input")
      if (!/^https?:\/\/\S+$/.test(url)) return yield* badRequest(`url: Not a valid URL: ${url}`)
      if (name === undefined || name.trim() === "") return yield* badRequest("name: Missing input")
      if (file !== undefined) return yield* badRequest("file: An external attachment takes a url, not a file")
      attachment = { ...base, name, resource_subtype: "external", size: null, sha256: null, url }
    } else {
      if (file === undefined) return yield* badRequest("file: Missing input")
      if (form.fields.resource_subtype !== undefined) {
        return yield* badRequest(`resource_subtype: Not a valid value: ${form.fields.resource_subtype}`)
      }
      const name = form.fields.name ?? file.filename
      attachment = {
        ...base,
        name: name === "" ? "file" : name,
        resource_subtype: "taskmgr",
        size: file.size,
        sha256: file.sha256,
        url: null
      }
    }
    ctx.state.attachments.set(attachment.gid, attachment)
    return ok(singleRecord(fullAttachment(ctx.render, attachment), ctx.fields, ctx.expand))
  })

export const attachmentRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/attachments", "attachments:read", (ctx) =>
    Either.gen(function*() {
      const raw = ctx.call.search.get("parent")
      if (raw === null || raw === "") return yield* badRequest("parent: Missing input")
      const parent = yield* parentOf(ctx, raw)
      const records = [...ctx.state.attachments.values()].filter((a) => a.parent === parent.gid).map((a) =>
        fullAttachment(ctx.render, a)
      )
      // Without opt_fields a list answers the compact set.
      return yield* page(ctx.fields === null ? { ...ctx, fields: COMPACT } : ctx, records)
    })),
  route("POST", "/attachments", "attachments:write", create),
  route("GET", "/attachments/:attachment_gid", "attachments:read", (ctx) =>
    Either.map(
      attachmentOf(ctx, ctx.params.attachment_gid ?? ""),
      (attachment) => ok(singleRecord(fullAttachment(ctx.render, attachment), ctx.fields, ctx.expand))
    )),
  route(
    "DELETE",
    "/attachments/:attachment_gid",
    "attachments:delete",
    (ctx) =>
      Either.map(attachmentOf(ctx, ctx.params.attachment_gid ?? ""), (attachment) => {
        ctx.state.attachments.delete(attachment.gid)
        return emptyOk()
      })
  )
]
