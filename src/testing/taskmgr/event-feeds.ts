/**
 * Event feeds: every successful write through the simulator's API adds
 * events to the feeds of what it touched (the record, what it was added to,
 * and for a task or what hangs off one, the task's projects). The router
 * calls `watchChange` around each handler; routes-events.ts reads the feeds.
 */
import * as Either from "effect/Either"
import { isoTime } from "../core/clock.js"
import type { Method } from "../core/route.js"
import type { Ctx } from "./context.js"
import type { Reply } from "./errors.js"
import { input } from "./input.js"
import type { TaskmgrState } from "./model.js"
import type { Wire } from "./refs.js"
import { userRef } from "./refs.js"

/** A feed keeps its latest events only. */
const FEED_KEEP = 1_000

interface Ref {
  readonly gid: string
  readonly resource_type: string
  readonly name: string
}

/** The record a gid names, by the path parameter it came in. */
const TYPES: ReadonlyArray<readonly [param: string, type: string]> = [
  ["attachment_gid", "attachment"],
  ["story_gid", "story"],
  ["section_gid", "section"],
  ["task_gid", "task"],
  ["project_gid", "project"],
  ["tag_gid", "tag"]
]

const refOf = (state: TaskmgrState, type: string, gid: string): Ref | undefined => {
  const named = (record: { readonly name?: string; readonly text?: string } | undefined) =>
    record === undefined ? undefined : { gid, resource_type: type, name: record.name ?? record.text ?? "" }
  switch (type) {
    case "task":
      return named(state.tasks.get(gid))
    case "project":
      return named(state.projects.get(gid))
    case "section":
      return named(state.sections.get(gid))
    case "tag":
      return named(state.tags.get(gid))
    case "story":
      return named(state.stories.get(gid))
    case "attachment":
      return named(state.attachments.get(gid))
    default:
      return undefined
  }
}

/** What a record hangs off: a story's or attachment's task, a section's project, a subtask's parent. */
const parentOf = (state: TaskmgrState, ref: Ref): Ref | undefined => {
  switch (ref.resource_type) {
    case "story": {
      const story = state.stories.get(ref.gid)
      return story === undefined ? undefined : refOf(state, "task", story.task)
    }
    case "attachment": {
      const attachment = state.attachments.get(ref.gid)
      return attachment === undefined ? undefined : refOf(state, attachment.parent_type, attachment.parent)
    }
    case "section": {
      const section = state.sections.get(ref.gid)
      return section === undefined ? undefined : refOf(state, "project", section.project)
    }
    case "task": {
      const parent = state.tasks.get(ref.gid)?.parent
      return parent === undefined || parent === null ? undefined : refOf(state, "task", parent)
    }
    default:
      return undefined
  }
}

/** The feeds a change to `ref` shows in: its own, its parent's, and the projects of the task it is or hangs off. */
const feedsOf = (state: TaskmgrState, ref: Ref | undefined): Array<string> => {
  if (ref === undefined) return []
  const parent = parentOf(state, ref)
  const task = ref.resource_type === "task" ? ref : parent?.resource_type === "task" ? parent : undefined
  const projects = task === undefined ? [] : (state.tasks.get(task.gid)?.memberships ?? []).map((m) => m.project)
  return [ref.gid, ...(parent === undefined ? [] : [parent.gid]), ...projects]
}

const record = (state: TaskmgrState, feeds: ReadonlyArray<string>, event: Wire): void => {
  const seq = state.eventFeeds.nextSeq()
  for (const gid of new Set(feeds)) {
    const feed = state.eventFeeds.get(gid) ?? []
    feed.push({ seq, event })
    if (feed.length > FEED_KEEP) feed.splice(0, feed.length - FEED_KEEP)
    state.eventFeeds.set(gid, feed)
  }
}

/** addTag → tags, removeFollowers → followers: the field a link route changes, and how. */
const linkChange = (verb: string): { readonly field: string; readonly action: "added" | "removed" } | undefined => {
  const m = /^(add|remove)([A-Z]\w*)$/.exec(verb)
  if (m === null) return undefined
  const noun = m[2]!.charAt(0).toLowerCase() + m[2]!.slice(1)
  return { field: noun.endsWith("s") ? noun : `${noun}s`, action: m[1] === "add" ? "added" : "removed" }
}

/**
 * Called before a write's handler runs (what it targets may be gone after a
 * delete); the function it returns records the events once the answer is known.
 */
export const watchChange = (ctx: Ctx, method: Method): (reply: Reply) => void => {
  if (method === "GET" || ctx.path === "/batch") return () => {}
  const param = TYPES.find(([name]) => ctx.params[name] !== undefined)
  const target = param === undefined ? undefined : refOf(ctx.state, param[1], ctx.params[param[0]]!)
  const before = feedsOf(ctx.state, target)
  const base = (resource: Ref, action: string) => ({
    user: userRef(ctx.state, ctx.caller.user.gid),
    resource,
    type: resource.resource_type,
    action,
    created_at: isoTime(ctx.call.now_ms)
  })
  return (reply) => {
    if (reply.status < 200 || reply.status >= 300) return
    const data = (reply.body as { readonly data?: Wire } | null)?.data
    const made = method === "POST" && typeof data?.gid === "string" && typeof data.resource_type === "string" &&
        data.gid !== target?.gid
      ? refOf(ctx.state, data.resource_type, data.gid)
      : undefined
    if (made !== undefined) {
      const parent = target ?? parentOf(ctx.state, made)
      return record(ctx.state, [...feedsOf(ctx.state, made), ...before], {
        ...base(made, "added"),
        ...(parent === undefined ? {} : { parent })
      })
    }
    if (target === undefined) return
    if (method === "DELETE") return record(ctx.state, before, base(target, "deleted"))
    const now = refOf(ctx.state, target.resource_type, target.gid) ?? target
    const feeds = [...before, ...feedsOf(ctx.state, now)]
    const link = method === "POST" ? linkChange(ctx.path.split("/").at(-1) ?? "") : undefined
    if (link !== undefined) {
      return record(ctx.state, feeds, { ...base(now, "changed"), change: { field: link.field, action: link.action } })
    }
    // A PUT that succeeded had a readable body.
    const fields = method === "PUT" ? Object.keys(Either.getOrElse(input(ctx), () => ({}))) : []
    for (const field of fields.length === 0 ? ["modified_at"] : fields) {
      record(ctx.state, feeds, { ...base(now, "changed"), change: { field, action: "changed" } })
    }
  }
}
