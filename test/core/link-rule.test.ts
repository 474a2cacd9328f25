/**
 * The one rule of every link and unlink of both registries (core/operation.ts `linking`, `linkResult`): one
 * result shape, `{linked: true, <ids>}` or `{unlinked: true, <ids>}`, the linked records named by id under their
 * input names (a task given as a URL answers its gid), placements echoed when given. Run against the simulators.
 * An operation named ...Add, ...Remove or ...Move that is not a delete must be a link and be listed in LINKS.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { AnyOperation } from "../../src/core/operation.js"
import { designOperations } from "../../src/design/operations.js"
import { taskmgrOperations } from "../../src/taskmgr/operations.js"
import * as design from "../design/harness.js"
import * as taskmgr from "../taskmgr/harness.js"

const t = taskmgr.seed
const taskUrl = `${taskmgr.SIM}/0/${t.project_gid}/${t.task_gids.review}`

/** Each link: an input against the seed and the result it must answer. */
const LINKS: Record<string, { readonly input: Record<string, unknown>; readonly result: Record<string, unknown> }> = {
  "taskmgr.taskProjectAdd": {
    input: { task_gid: taskUrl, project: t.big_project_gid },
    result: { linked: true, task_gid: t.task_gids.review, project: t.big_project_gid }
  },
  "taskmgr.taskProjectRemove": {
    input: { task_gid: t.task_gids.review, project: t.big_project_gid },
    result: { unlinked: true, task_gid: t.task_gids.review, project: t.big_project_gid }
  },
  "taskmgr.taskFollowerAdd": {
    input: { task_gid: t.task_gids.review, followers: [t.other_user_gid] },
    result: { linked: true, task_gid: t.task_gids.review, followers: [t.other_user_gid] }
  },
  "taskmgr.taskFollowerRemove": {
    input: { task_gid: t.task_gids.review, followers: [t.other_user_gid] },
    result: { unlinked: true, task_gid: t.task_gids.review, followers: [t.other_user_gid] }
  },
  "taskmgr.taskDependencyAdd": {
    input: { task_gid: t.task_gids.completed, dependencies: [taskUrl] },
    result: { linked: true, task_gid: t.task_gids.completed, dependencies: [t.task_gids.review] }
  },
  "taskmgr.taskDependencyRemove": {
    input: { task_gid: t.task_gids.completed, dependencies: [t.task_gids.review] },
    result: { unlinked: true, task_gid: t.task_gids.completed, dependencies: [t.task_gids.review] }
  },
  "taskmgr.taskDependentAdd": {
    input: { task_gid: t.task_gids.others, dependents: [t.task_gids.completed] },
    result: { linked: true, task_gid: t.task_gids.others, dependents: [t.task_gids.completed] }
  },
  "taskmgr.taskDependentRemove": {
    input: { task_gid: t.task_gids.others, dependents: [t.task_gids.completed] },
    result: { unlinked: true, task_gid: t.task_gids.others, dependents: [t.task_gids.completed] }
  },
  "taskmgr.tagTaskAdd": {
    input: { task_gid: taskUrl, tag: t.tag_gids.urgent },
    result: { linked: true, task_gid: t.task_gids.review, tag: t.tag_gids.urgent }
  },
  "taskmgr.tagTaskRemove": {
    input: { task_gid: t.task_gids.review, tag: t.tag_gids.urgent },
    result: { unlinked: true, task_gid: t.task_gids.review, tag: t.tag_gids.urgent }
  },
  "taskmgr.sectionTaskAdd": {
    input: { section_gid: t.section_gids.done, task: taskUrl, insert_before: t.task_gids.completed },
    result: {
      linked: true,
      section_gid: t.section_gids.done,
      task: t.task_gids.review,
      insert_before: t.task_gids.completed
    }
  },
  "taskmgr.sectionMove": {
    input: { project_gid: t.project_gid, section: t.section_gids.done, before_section: t.section_gids.todo },
    result: {
      linked: true,
      project_gid: t.project_gid,
      section: t.section_gids.done,
      before_section: t.section_gids.todo
    }
  },
  "design.commentReactionAdd": {
    input: { file_key: design.seed.file_key, comment_id: design.seed.comment_ids.root, emoji: ":tada:" },
    result: {
      linked: true,
      file_key: design.seed.file_key,
      comment_id: design.seed.comment_ids.root,
      emoji: ":tada:"
    }
  }
}

const registries = {
  design: Object.values(designOperations) as ReadonlyArray<AnyOperation<never>>,
  taskmgr: Object.values(taskmgrOperations) as ReadonlyArray<AnyOperation<never>>
}

type Api = Record<string, (input: Record<string, unknown>) => Effect.Effect<unknown, unknown>>

describe.each(Object.entries(registries))("every link and unlink of the %s registry", (service, operations) => {
  it("is declared to the one rule and covered here", () => {
    const named = operations.filter((op) => /(Add|Remove|Move)$/.test(op.name) && op.deletes !== true)
    expect(named.filter((op) => op.links === undefined).map((op) => op.name)).toEqual([])
    expect(operations.filter((op) => op.links !== undefined).map((op) => `${service}.${op.name}`).sort()).toEqual(
      Object.keys(LINKS).filter((k) => k.startsWith(`${service}.`)).sort()
    )
    for (const op of operations.filter((o) => o.links !== undefined)) {
      const { result } = LINKS[`${service}.${op.name}`]!
      expect(op.links === "link" ? result.linked : result.unlinked, op.name).toBe(true)
    }
  })
})

const answers = (service: "design" | "taskmgr", api: Api) =>
  Effect.forEach(
    registries[service].filter((op) => op.links !== undefined),
    (op) =>
      Effect.map(api[op.name]!(LINKS[`${service}.${op.name}`]!.input), (result) => {
        expect(result, op.name).toEqual(LINKS[`${service}.${op.name}`]!.result)
      })
  )

describe("links answer the one shape, against the simulators", () => {
  it.effect("taskmgr", () =>
    Effect.gen(function*() {
      yield* answers("taskmgr", (yield* taskmgr.api) as unknown as Api)
    }).pipe(Effect.provide(taskmgr.apiLayer())))

  it.effect("design", () =>
    Effect.gen(function*() {
      yield* answers("design", (yield* design.api) as unknown as Api)
    }).pipe(Effect.provide(design.apiLayer())))
})
