import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Fiber, Stream, TestClock } from "effect"
import { api, apiLayer, seed, sent, SIM, sim } from "../harness.js"

const task = seed.task_gid
const project = seed.project_gid

describe("TaskmgrApi: event feed", () => {
  it.effect("no sync token: a fresh token and sync_reset, no events; then the changes made since, each once", () =>
    Effect.gen(function*() {
      const a = yield* api
      const first = yield* a.eventList({ resource_gid: `${SIM}/0/${project}/${task}` })
      expect(first).toMatchObject({ events: [], sync_reset: true, has_more: false })
      expect((yield* sent).at(-1)).toMatchObject({ method: "GET", path: "/api/1.0/events", query: { resource: task } })
      yield* a.taskUpdate({ task_gid: task, name: "Renamed" })
      yield* a.tagTaskAdd({ task_gid: task, tag: seed.tag_gids.later })
      const next = yield* a.eventList({ resource_gid: task, sync: first.sync })
      expect(next.sync_reset).toBe(false)
      expect(next.events.map((e) => [e.action, e.change?.field])).toEqual([["changed", "name"], ["changed", "tags"]])
      const renamed = next.events[0]!
      expect(renamed).toMatchObject({
        resource: { gid: task, resource_type: "task", name: "Renamed" },
        user: { gid: seed.user_gid }
      })
      expect((yield* a.eventList({ resource_gid: task, sync: next.sync })).events).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a project's feed shows its tasks added and changed", () =>
    Effect.gen(function*() {
      const a = yield* api
      const { sync } = yield* a.eventList({ resource_gid: project })
      const made = yield* a.taskCreate({ name: "New one", projects: [project] })
      yield* a.taskUpdate({ task_gid: made.gid, completed: true })
      const feed = yield* a.eventList({ resource_gid: project, sync })
      expect(feed.events.map((e) => [e.action, e.resource?.gid])).toEqual([["added", made.gid], ["changed", made.gid]])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a token older than the service keeps is a reset with a fresh token, not an error", () =>
    Effect.gen(function*() {
      const a = yield* api
      const s = yield* sim
      const { sync } = yield* a.eventList({ resource_gid: task })
      yield* s.advanceClock("25 hours")
      const stale = yield* a.eventList({ resource_gid: task, sync })
      expect(stale).toMatchObject({ events: [], sync_reset: true })
      expect(stale.sync).not.toBe(sync)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("refuses a malformed token or resource before sending", () =>
    Effect.gen(function*() {
      const a = yield* api
      expect((yield* Effect.flip(a.eventList({ resource_gid: task, sync: "has space" })))._tag).toBe(
        "InvalidInputError"
      )
      expect((yield* Effect.flip(a.eventList({ resource_gid: "not-a-gid" })))._tag).toBe("InvalidInputError")
      expect(yield* sent).toEqual([])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("streams.events follows the feed: polls at the interval, carries the token, and goes on after a reset", () =>
    Effect.gen(function*() {
      const a = yield* api
      const s = yield* sim
      const resets: Array<string> = []
      const following = yield* Effect.fork(
        Stream.runCollect(Stream.take(
          a.streams.events(task, {
            interval: "10 seconds",
            onReset: (sync) => Effect.sync(() => void resets.push(sync))
          }),
          3
        ))
      )
      yield* TestClock.adjust("1 second")
      // The first read found no token: a reset of nothing, so nothing to report.
      expect((yield* sent).filter((r) => r.path === "/api/1.0/events")).toHaveLength(1)
      yield* a.taskUpdate({ task_gid: task, notes: "one" })
      yield* TestClock.adjust("10 seconds")
      expect((yield* sent).filter((r) => r.path === "/api/1.0/events")).toHaveLength(2)
      // The token ages past what the service keeps: the next read resets, and the feed goes on from the fresh token.
      yield* s.advanceClock("25 hours")
      yield* TestClock.adjust("10 seconds")
      expect(resets).toHaveLength(1)
      yield* a.taskUpdate({ task_gid: task, name: "two", due_on: "2030-01-02" })
      yield* TestClock.adjust("10 seconds")
      const events = Chunk.toReadonlyArray(yield* Fiber.join(following))
      expect(events.map((e) => e.change?.field)).toEqual(["notes", "name", "due_on"])
      const reads = (yield* sent).filter((r) => r.path === "/api/1.0/events")
      expect(reads.map((r) => r.query.sync === undefined)).toEqual([true, false, false, false])
    }).pipe(Effect.provide(apiLayer())))
})
