/**
 * The design simulator against the service's published description, where an independent client of the real
 * service found it different: positions on every comment, arcData on ellipses, the activity log's file entity,
 * and discovery's default window.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { designSeed } from "../../../src/testing/design/index.js"
import { as, ent, personal, run, send } from "./helpers.js"

const { comment_ids, file_key } = designSeed
const comments = `/v1/files/${file_key}/comments`
const NOW = Date.parse("2026-03-04T12:00:00Z")

interface WireNode {
  readonly type: string
  readonly children?: ReadonlyArray<WireNode>
  readonly [key: string]: unknown
}

const nodes = (node: WireNode): Array<WireNode> => [node, ...(node.children ?? []).flatMap(nodes)]

describe("the design simulator against the description", () => {
  it.effect("gives every comment a position: an unplaced root at the canvas origin, a reply where its root is", () =>
    run(Effect.gen(function*() {
      const root = yield* send("POST", comments, { ...personal, body: { message: "No pin" } })
      expect(root.status).toBe(200)
      expect(root.body.client_meta).toEqual({ x: 0, y: 0 })
      const pinnedRoot = (yield* send("GET", comments, personal)).body.comments.find((c: { id: string }) =>
        c.id === comment_ids.root
      )
      const reply = yield* send("POST", comments, {
        ...personal,
        body: { message: "A reply", comment_id: comment_ids.root }
      })
      expect(reply.status).toBe(200)
      expect(reply.body.client_meta).toEqual(pinnedRoot.client_meta)
      const replyToUnplaced = yield* send("POST", comments, {
        ...personal,
        body: { message: "Another", comment_id: root.body.id }
      })
      expect(replyToUnplaced.body.client_meta).toEqual({ x: 0, y: 0 })
      const listed: Array<{ client_meta: unknown }> = (yield* send("GET", comments, personal)).body.comments
      expect(listed.length).toBeGreaterThan(4)
      for (const c of listed) expect(c.client_meta).toEqual(expect.any(Object))
    })))

  it.effect("gives every ELLIPSE its arcData, and no other node type", () =>
    run(Effect.gen(function*() {
      const all = nodes((yield* send("GET", `/v1/files/${file_key}`, personal)).body.document)
      const ellipses = all.filter((n) => n.type === "ELLIPSE")
      expect(ellipses.length).toBeGreaterThan(0)
      for (const e of ellipses) {
        expect(e.arcData).toEqual({ startingAngle: 0, endingAngle: expect.closeTo(2 * Math.PI, 5), innerRadius: 0 })
      }
      expect(all.filter((n) => n.type !== "ELLIPSE" && "arcData" in n)).toEqual([])
    })))

  it.effect("describes a file in the activity log by key, name, editor type and both link accesses, and nothing undeclared", () =>
    run(Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const { first_timestamp, last_timestamp } = ent.activity_logs
      const r = yield* send(
        "GET",
        `/v1/activity_logs?start_time=${first_timestamp}&end_time=${last_timestamp}&limit=1000`,
        as.plan
      )
      expect(r.status).toBe(200)
      const files = (r.body.meta.activity_logs as Array<{ entity: Record<string, unknown> }>).map((e) => e.entity)
        .filter((e) => e.type === "file")
      expect(files.length).toBeGreaterThan(0)
      for (const entity of files) {
        expect(Object.keys(entity).sort()).toEqual([
          "editor_type",
          "key",
          "link_access",
          "name",
          "proto_link_access",
          "type"
        ])
        expect(["view", "org_view", "inherit"]).toContain(entity.proto_link_access)
      }
    })))

  it.effect("answers discovery without end_date with the hour from start_date", () =>
    run(Effect.gen(function*() {
      yield* TestClock.setTime(NOW)
      const r = yield* send("GET", "/v1/discovery?start_date=2026-03-04T05:00:00Z", as.oauthOrg)
      expect(r.status).toBe(200)
      expect(Object.keys(r.body.meta.urls)).toEqual(["2026/03/04/05"])
    })))
})
