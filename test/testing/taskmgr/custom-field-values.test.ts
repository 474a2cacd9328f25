/**
 * Custom-field values on tasks: stored, returned and checked as the service does (an option's gid for an enum,
 * a number for a number field, only fields the task's projects carry), and a refused value changes nothing.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { get, messageOf, post, put, run, seed } from "./helpers.js"

const { estimate, link, priority } = seed.custom_field_gids
const { high, low } = seed.enum_option_gids

const valueOf = (task: { custom_fields: Array<{ gid: string }> }, gid: string) =>
  task.custom_fields.find((f) => f.gid === gid) as Record<string, unknown> | undefined

describe("taskmgr simulator: custom-field values on tasks", () => {
  it.effect("stores the values of a create and answers them on every read", () =>
    run(Effect.gen(function*() {
      const made = yield* post("/tasks", {
        name: "Valued",
        projects: [seed.project_gid],
        custom_fields: { [priority]: high, [estimate]: 2.5 }
      })
      expect(made.status).toBe(201)
      const read = (yield* get(`/tasks/${made.body.data.gid}`)).body.data
      expect(valueOf(read, priority)).toMatchObject({
        enum_value: { gid: high, resource_type: "enum_option", name: "High" },
        display_value: "High"
      })
      expect(valueOf(read, estimate)).toMatchObject({ number_value: 2.5, display_value: "2.5" })
      const cleared = yield* put(`/tasks/${made.body.data.gid}`, { custom_fields: { [priority]: null } })
      expect(cleared.status).toBe(200)
      expect(valueOf(cleared.body.data, priority)).toMatchObject({ enum_value: null, display_value: null })
      expect(valueOf(cleared.body.data, estimate)).toMatchObject({ number_value: 2.5 })
    })))

  it.effect("refuses an option's name in place of its gid, text for a number and a field not on the task's projects", () =>
    run(Effect.gen(function*() {
      const before = (yield* get(`/tasks?project=${seed.project_gid}&limit=100`)).body.data.length
      for (
        const [custom_fields, said] of [
          [{ [priority]: "High" }, /"High" is not an enum option gid/],
          [{ [estimate]: "three" }, /takes a number/],
          [{ [link]: "https://example.com" }, /is not on given object/]
        ] as const
      ) {
        const refused = yield* post("/tasks", { name: "Refused", projects: [seed.project_gid], custom_fields })
        expect(refused.status).toBe(400)
        expect(messageOf(refused)).toMatch(said)
      }
      expect((yield* get(`/tasks?project=${seed.project_gid}&limit=100`)).body.data).toHaveLength(before)
      const task = (yield* post("/tasks", {
        name: "Kept",
        projects: [seed.project_gid],
        custom_fields: { [priority]: low }
      })).body.data
      const refused = yield* put(`/tasks/${task.gid}`, { name: "Renamed", custom_fields: { [priority]: "Low" } })
      expect(refused.status).toBe(400)
      const after = (yield* get(`/tasks/${task.gid}`)).body.data
      expect(after.name).toBe("Kept")
      expect(valueOf(after, priority)).toMatchObject({ enum_value: { gid: low } })
    })))
})
