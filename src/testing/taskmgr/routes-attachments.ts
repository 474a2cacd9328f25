/**
 * Attachments: the attachments of a task or project (paged), one
 * attachment, delete, and the service's one multipart request, POST
 * /attachments: a file upload (the `file` part; stored as its size and
 * hash) or an external link (`resource_subtype=external`, `url`, `name`).
 */
import { isoTime } from "../core/clock.js"
import { badRequest, emptyOk, notFound, ok } from "./errors.js"
import { checkGid, projectOf, taskOf } from "./input.js"
import type { Attachment } from "./model-files.js"
import { newGid } from "./model.js"
import { singleRecord } from "./opt-fields.js"
import { page } from "./paging.js"
import type { RenderContext, Wire } from "./render.js"
import { projectRef, taskRef } from "./render.js"
import type { Ctx, Route } from "./router.js"
import { route } from "./router.js"

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
const parentOf = (ctx: Ctx, gid: string): { readonly gid: string; readonly type: "task" | "project" } => {
  checkGid("parent", gid)
  if (ctx.state.tasks.has(gid)) return { gid: taskOf(ctx, gid).gid, type: "task" }
  if (ctx.state.projects.has(gid)) return { gid: projectOf(ctx, gid).gid, type: "project" }
  return notFound(gid)
}

const attachmentOf = (ctx: Ctx, gid: string): Attachment => {
  const attachment = ctx.state.attachments.get(checkGid("attachment", gid)) ?? notFound(gid)
  parentOf(ctx, attachment.parent)
  return attachment
}

const create = (ctx: Ctx) => {
  const form = ctx.call.multipart
  if (form === null) {
    return badRequest(
      ctx.call.bodyInvalid
        ? "Could not parse the multipart/form-data body"
        : "file: Missing input (an upload is multipart/form-data)"
    )
  }
  const parentGid = form.fields.parent
  if (parentGid === undefined || parentGid === "") return badRequest("parent: Missing input")
  const parent = parentOf(ctx, parentGid)
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
    if (url === undefined || url === "") return badRequest("url: Missing input")
    if (!/^https?:\/\/\S+$/.test(url)) return badRequest(`url: Not a valid URL: ${url}`)
    if (name === undefined || name.trim() === "") return badRequest("name: Missing input")
    if (file !== undefined) return badRequest("file: An external attachment takes a url, not a file")
    attachment = { ...base, name, resource_subtype: "external", size: null, sha256: null, url }
  } else {
    if (file === undefined) return badRequest("file: Missing input")
    if (form.fields.resource_subtype !== undefined) {
      return badRequest(`resource_subtype: Not a valid value: ${form.fields.resource_subtype}`)
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
}

export const attachmentRoutes: ReadonlyArray<Route> = [
  route("GET", "/attachments", "attachments:read", (ctx) => {
    const raw = ctx.call.search.get("parent")
    if (raw === null || raw === "") return badRequest("parent: Missing input")
    const parent = parentOf(ctx, raw)
    const records = [...ctx.state.attachments.values()].filter((a) => a.parent === parent.gid).map((a) =>
      fullAttachment(ctx.render, a)
    )
    // Without opt_fields a list answers the compact set.
    return page(ctx.fields === null ? { ...ctx, fields: COMPACT } : ctx, records)
  }),
  route("POST", "/attachments", "attachments:write", create),
  route(
    "GET",
    "/attachments/:attachment_gid",
    "attachments:read",
    (ctx) =>
      ok(
        singleRecord(
          fullAttachment(ctx.render, attachmentOf(ctx, ctx.params.attachment_gid ?? "")),
          ctx.fields,
          ctx.expand
        )
      )
  ),
  route("DELETE", "/attachments/:attachment_gid", "attachments:delete", (ctx) => {
    const attachment = attachmentOf(ctx, ctx.params.attachment_gid ?? "")
    ctx.state.attachments.delete(attachment.gid)
    return emptyOk()
  })
]
