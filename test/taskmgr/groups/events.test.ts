import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Fiber, Option, Schedule, Stream, TestClock } from "effect"
import { api, apiLayer, seed, sent, SIM, sim } from "../harness.js"

const task = seed.task_gid
const project = seed.project_gid

const eventReads = Effect.map(sent, (log) => log.filter((r) => r.path === "/api/1.0/events"))

/** Lets TestClock run a second at a time until the fiber is done; not done within `seconds` fails the test. */
const finish = <A, E>(fiber: Fiber.RuntimeFiber<A, E>, seconds = 120) =>
  Effect.gen(function*() {
    for (let i = 0; i < seconds && Option.isNone(yield* Fiber.poll(fiber)); i++) yield* TestClock.adjust("1 second")
    if (Option.isNone(yield* Fiber.poll(fiber))) {
      yield* Fiber.interrupt(fiber)
      return yield* Effect.dieMessage(`still running after ${seconds} s`)
    }
    return yield* Fiber.join(fiber)
  })

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

  it.effect("streams.eventFeed gives each read's new events with the token after them, to start from later", () =>
    Effect.gen(function*() {
      const a = yield* api
      const reads = yield* Effect.fork(
        Stream.runCollect(Stream.take(a.streams.eventFeed(task, { interval: "10 seconds" }), 3))
      )
      yield* TestClock.adjust("1 second")
      yield* a.taskUpdate({ task_gid: task, notes: "one" })
      yield* TestClock.adjust("10 seconds")
      const [fresh, second, third] = Chunk.toReadonlyArray(yield* finish(reads))
      expect(fresh).toMatchObject({ events: [], sync_reset: true })
      expect(second!.events.map((e) => e.change?.field)).toEqual(["notes"])
      expect(third!.events).toEqual([])
      // A later stream from a read's token goes on from there.
      yield* a.taskUpdate({ task_gid: task, name: "two" })
      const later = yield* Stream.runCollect(Stream.take(a.streams.eventFeed(task, { sync: second!.sync }), 1))
      expect(Chunk.unsafeHead(later).events.map((e) => e.change?.field)).toEqual(["name"])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("streams.events under Stream.retry rides out an outage: every event once and in order, none lost", () =>
    Effect.gen(function*() {
      const a = yield* api
      const s = yield* sim
      const following = yield* Effect.fork(
        Stream.runCollect(
          Stream.take(Stream.retry(a.streams.events(task, { interval: "2 seconds" }), Schedule.spaced("1 second")), 4)
        )
      )
      yield* TestClock.adjust("1 second")
      yield* a.taskUpdate({ task_gid: task, notes: "before" })
      yield* TestClock.adjust("2 seconds")
      // The feed fails for a while: each read gives up after its retries, and the stream fails.
      yield* s.injectFault({ method: "GET", path: "/api/1.0/events", status: 503, times: 12 })
      yield* a.taskUpdate({ task_gid: task, name: "during", due_on: "2030-01-02" })
      for (let i = 0; i < 30; i++) yield* TestClock.adjust("1 second")
      yield* a.taskUpdate({ task_gid: task, notes: "after" })
      const events = Chunk.toReadonlyArray(yield* finish(following))
      expect(events.map((e) => e.change?.field)).toEqual(["notes", "name", "due_on", "notes"])
      expect((yield* eventReads).filter((r) => r.query.sync === undefined)).toHaveLength(1)
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a run cut short and run again goes on after the last event it gave, even inside one read", () =>
    Effect.gen(function*() {
      const a = yield* api
      const { sync } = yield* a.eventList({ resource_gid: task })
      yield* a.taskUpdate({ task_gid: task, name: "one", notes: "two", due_on: "2030-01-03" })
      yield* a.taskUpdate({ task_gid: task, completed: true })
      const all = (yield* a.eventList({ resource_gid: task, sync })).events.map((e) => e.change?.field)
      expect(all).toHaveLength(4)
      const events = a.streams.events(task, { sync })
      const fields = (chunk: Chunk.Chunk<{ readonly change?: { readonly field?: string | undefined } | undefined }>) =>
        Chunk.toReadonlyArray(chunk).map((e) => e.change?.field)
      expect(fields(yield* Stream.runCollect(Stream.take(events, 2)))).toEqual(all.slice(0, 2))
      expect(fields(yield* Stream.runCollect(Stream.take(events, 1)))).toEqual(all.slice(2, 3))
      expect(fields(yield* Stream.runCollect(Stream.take(events, 1)))).toEqual(all.slice(3))
      // Every read was from the one token: the events of it already given were dropped.
      expect((yield* eventReads).slice(1).map((r) => r.query.sync)).toEqual([sync, sync, sync, sync])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("a stream run again after its token aged past what the service keeps calls onReset (the 412)", () =>
    Effect.gen(function*() {
      const a = yield* api
      const s = yield* sim
      const resets: Array<string> = []
      const feed = a.streams.eventFeed(task, { onReset: (sync) => Effect.sync(() => void resets.push(sync)) })
      yield* Stream.runDrain(Stream.take(feed, 1))
      expect(resets).toEqual([])
      yield* s.advanceClock("25 hours")
      const [again] = Chunk.toReadonlyArray(yield* Stream.runCollect(Stream.take(feed, 1)))
      expect(again).toMatchObject({ sync_reset: true })
      expect(resets).toEqual([again!.sync])
    }).pipe(Effect.provide(apiLayer())))

  it.effect("an answer that always says has_more but brings nothing is read once a second at most, not at once", () =>
    Effect.gen(function*() {
      const a = yield* api
      const s = yield* sim
      const endless = { data: [], sync: "same-token", has_more: true }
      yield* s.injectFault({ method: "GET", path: "/api/1.0/events", status: 200, body: endless, times: 10_000 })
      const following = yield* Effect.fork(Stream.runDrain(a.streams.events(task, { interval: "1 millis" })))
      yield* TestClock.adjust("10 seconds")
      // At 0 s, then a pause of at least a second after each empty read.
      expect((yield* eventReads).length).toBeLessThanOrEqual(11)
      yield* Fiber.interrupt(following)
      const slow = yield* Effect.fork(Stream.runDrain(a.streams.events(task, { sync: "same-token" })))
      const before = (yield* eventReads).length
      yield* TestClock.adjust("10 seconds")
      // The default interval, 5 s: at 0, 5 and 10 s.
      expect((yield* eventReads).length - before).toBe(3)
      yield* Fiber.interrupt(slow)
    }).pipe(Effect.provide(apiLayer())))
})
