/**
 * The one rule of every delete of both registries (core/operation.ts
 * absentIsDone): one result shape `{deleted: true, already_absent, <target
 * ids>}`, tool hints that say it destroys and is safe to repeat, a target
 * already gone is a success with `already_absent: true` against the
 * simulators, and an id that is not well-formed is still refused before
 * anything is sent. A new delete must be added to ABSENT, or this fails.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Either, Schema } from "effect"
import { InvalidInputError } from "../../src/core/errors.js"
import { hasTool, toolEntry, type ToolView } from "../../src/core/mcp/derive.js"
import type { AnyOperation } from "../../src/core/operation.js"
import { designOperations, designViews } from "../../src/design/operations.js"
import { taskmgrOperations, taskmgrViews } from "../../src/taskmgr/operations.js"
import * as design from "../design/harness.js"
import * as taskmgr from "../taskmgr/harness.js"

const GONE_GID = "1299999999999999"

/** For each delete: an input naming a target that does not exist (in a container that does), and its target ids. */
const ABSENT: Record<
  string,
  { readonly input: Record<string, string>; readonly target: Record<string, string>; readonly id: string }
> = {
  "taskmgr.taskDelete": { input: { task_gid: GONE_GID }, target: { task_gid: GONE_GID }, id: "task_gid" },
  "taskmgr.projectDelete": { input: { project_gid: GONE_GID }, target: { project_gid: GONE_GID }, id: "project_gid" },
  "taskmgr.sectionDelete": { input: { section_gid: GONE_GID }, target: { section_gid: GONE_GID }, id: "section_gid" },
  "taskmgr.tagDelete": { input: { tag_gid: GONE_GID }, target: { tag_gid: GONE_GID }, id: "tag_gid" },
  "taskmgr.attachmentDelete": {
    input: { attachment_gid: GONE_GID },
    target: { attachment_gid: GONE_GID },
    id: "attachment_gid"
  },
  "taskmgr.storyDelete": { input: { story_gid: GONE_GID }, target: { story_gid: GONE_GID }, id: "story_gid" },
  "taskmgr.commentDelete": { input: { story_gid: GONE_GID }, target: { story_gid: GONE_GID }, id: "story_gid" },
  "taskmgr.membershipDelete": {
    input: { membership_gid: GONE_GID },
    target: { membership_gid: GONE_GID },
    id: "membership_gid"
  },
  "taskmgr.oooDelete": { input: { ooo_entry_gid: GONE_GID }, target: { ooo_entry_gid: GONE_GID }, id: "ooo_entry_gid" },
  "taskmgr.goalDelete": { input: { goal_gid: GONE_GID }, target: { goal_gid: GONE_GID }, id: "goal_gid" },
  "taskmgr.portfolioDelete": {
    input: { portfolio_gid: GONE_GID },
    target: { portfolio_gid: GONE_GID },
    id: "portfolio_gid"
  },
  "taskmgr.statusDelete": {
    input: { status_update_gid: GONE_GID },
    target: { status_update_gid: GONE_GID },
    id: "status_update_gid"
  },
  "design.webhookDelete": { input: { webhook_id: "999999" }, target: { webhook_id: "999999" }, id: "webhook_id" },
  "design.devResourceDelete": {
    input: { file_key: design.seed.file_key, dev_resource_id: "999999" },
    target: { dev_resource_id: "999999" },
    id: "dev_resource_id"
  },
  "design.commentDelete": {
    input: { file_key: design.seed.file_key, comment_id: "999999999" },
    target: { comment_id: "999999999" },
    id: "comment_id"
  },
  "design.commentReactionDelete": {
    input: { file_key: design.seed.file_key, comment_id: design.seed.comment_ids.resolved, emoji: ":tada:" },
    target: { comment_id: design.seed.comment_ids.resolved, emoji: ":tada:" },
    id: "comment_id"
  }
}

const registries = {
  design: { operations: Object.values(designOperations) as ReadonlyArray<AnyOperation<never>>, views: designViews },
  taskmgr: { operations: Object.values(taskmgrOperations) as ReadonlyArray<AnyOperation<never>>, views: taskmgrViews }
}

const deletesOf = (operations: ReadonlyArray<AnyOperation<never>>) =>
  operations.filter((op) => op.impact === "destroy" && op.name.endsWith("Delete"))

describe.each(Object.entries(registries))("every delete of the %s registry", (service, { operations, views }) => {
  it("is declared to the one rule and covered here", () => {
    const deletes = deletesOf(operations)
    expect(deletes.length).toBeGreaterThan(0)
    expect(deletes.filter((op) => op.deletes !== true).map((op) => op.name)).toEqual([])
    expect(deletes.map((op) => `${service}.${op.name}`).sort()).toEqual(
      Object.keys(ABSENT).filter((k) => k.startsWith(`${service}.`)).sort()
    )
  })

  it("says in its tool hints that it destroys and is safe to repeat", () => {
    for (const op of deletesOf(operations)) {
      const v = views.find((x) => x.operation === op)
      expect(v !== undefined && hasTool(v), op.name).toBe(true)
      const entry = toolEntry(Effect.die("not called"), v as ToolView, {
        program: service,
        format: "json",
        budget: Duration.seconds(1),
        vocabulary: {} as never
      })
      expect(entry.annotations, op.name).toMatchObject({
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true
      })
    }
  })

  it("refuses an id that is not well-formed", () => {
    for (const op of deletesOf(operations)) {
      const { id, input } = ABSENT[`${service}.${op.name}`]!
      const decoded = Schema.decodeUnknownEither(op.input)({ ...input, [id]: "not an id/.." })
      expect(Either.isLeft(decoded), op.name).toBe(true)
    }
  })
})

type Api = Record<string, (input: Record<string, string>) => Effect.Effect<unknown, unknown>>

const goneIsDone = (service: "design" | "taskmgr", api: Api) =>
  Effect.forEach(deletesOf(registries[service].operations), (op) => {
    const { input } = ABSENT[`${service}.${op.name}`]!
    return Effect.map(Effect.either(api[op.name]!(input)), (result) => ({ name: op.name, result }))
  })

const expectAbsent = (
  service: "design" | "taskmgr",
  outcomes: ReadonlyArray<{ name: string; result: Either.Either<unknown, unknown> }>
) => {
  for (const { name, result } of outcomes) {
    expect(Either.isRight(result) ? result.right : result.left, name).toEqual({
      deleted: true,
      already_absent: true,
      ...ABSENT[`${service}.${name}`]!.target
    })
  }
}

describe("deleting what is already gone, against the simulators", () => {
  it.effect("taskmgr: every delete answers already_absent: true", () =>
    Effect.gen(function*() {
      const a = (yield* taskmgr.api) as unknown as Api
      expectAbsent("taskmgr", yield* goneIsDone("taskmgr", a))
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("design: every delete answers already_absent: true", () =>
    Effect.gen(function*() {
      const a = (yield* design.api) as unknown as Api
      expectAbsent("design", yield* goneIsDone("design", a))
    }).pipe(Effect.provide(design.apiLayer())))

  it.effect("a gid that is not well-formed is refused by name and nothing is sent", () =>
    Effect.gen(function*() {
      const a = (yield* taskmgr.api) as unknown as Api
      const refused = yield* Effect.flip(a.taskDelete!({ task_gid: "12ab" }))
      expect(refused).toBeInstanceOf(InvalidInputError)
      expect(yield* taskmgr.sent).toEqual([])
    }).pipe(Effect.provide(taskmgr.apiLayer())))
})
