import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as TestClock from "effect/TestClock"
import { ANALYTICS_PAGE_SIZE, designSeed } from "../../../src/testing/design/index.js"
import type { SendOptions } from "./helpers.js"
import { as, ent, LIMITED, rich, run, send } from "./helpers.js"

/** A Wednesday: the newest complete week starts Monday 2026-02-23. */
const NOW = Date.parse("2026-03-04T12:00:00Z")
const at = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.zipRight(TestClock.setTime(NOW), effect)

const path = (asset: string, kind: string, query: string, fileKey: string = ent.file_key) =>
  `/v1/analytics/libraries/${fileKey}/${asset}/${kind}?${query}`

type Row = Record<string, string | number>

/** Follows cursors to the end, checking each page's envelope. */
const walk = (first: string, options: SendOptions = as.admin) =>
  Effect.gen(function*() {
    const rows: Array<Row> = []
    let url = first
    let pages = 0
    for (;;) {
      const r = yield* send("GET", url, options)
      expect(r.status).toBe(200)
      pages++
      rows.push(...r.body.rows)
      if (!r.body.next_page) {
        expect(r.body).not.toHaveProperty("cursor")
        return { rows, pages }
      }
      expect(r.body.rows).toHaveLength(ANALYTICS_PAGE_SIZE)
      url = `${first}&cursor=${encodeURIComponent(r.body.cursor)}`
    }
  })

describe("library analytics", () => {
  it.effect("pages component actions by component, newest week first, in the date window", () =>
    run(at(Effect.gen(function*() {
      const { pages, rows } = yield* walk(
        path("component", "actions", "group_by=component&start_date=2026-01-01&end_date=2026-02-28")
      )
      // Weeks of Monday 2025-12-29 through Monday 2026-02-23: 9 weeks of 6 components.
      expect(rows).toHaveLength(54)
      expect(pages).toBe(3)
      expect(rows[0]!.week).toBe("2026-02-23")
      expect(rows[53]!.week).toBe("2025-12-29")
      expect(Object.keys(rows[0]!)).toEqual([
        "week",
        "component_key",
        "component_name",
        "component_set_key",
        "component_set_name",
        "detachments",
        "insertions"
      ])
      expect(Object.keys(rows[2]!)).toEqual(["week", "component_key", "component_name", "detachments", "insertions"])
      // Same query, same rows.
      expect(
        (yield* walk(path("component", "actions", "group_by=component&start_date=2026-01-01&end_date=2026-02-28"))).rows
      )
        .toEqual(rows)
    }))))

  it.effect("defaults to a year of weeks ending with the newest complete week", () =>
    run(at(Effect.gen(function*() {
      const r = yield* send("GET", path("style", "actions", "group_by=style"), as.member)
      expect(r.body.next_page).toBe(true)
      expect(r.body.rows[0]).toMatchObject({ week: "2026-02-23", style_name: "Brand/Primary", style_type: "FILL" })
      // A View seat has 10 tier-3 calls a minute: walk with the plan token's budget.
      const { rows } = yield* walk(path("style", "actions", "group_by=style"), as.plan)
      expect(rows).toHaveLength(53 * 4)
      expect(rows[rows.length - 1]!.week).toBe("2025-02-24")
    }))))

  it.effect("keeps rows of unseen teams and files in place under obfuscated names", () =>
    run(at(Effect.gen(function*() {
      const teams =
        (yield* send("GET", path("variable", "actions", "group_by=team&start_date=2026-02-23"), as.plan)).body
      expect(teams.rows.map((row: Row) => row.team_name)).toEqual([
        "Sandbox Enterprise Design System",
        "Checkout Squad",
        "Growth Team",
        "Team not visible",
        "Team not visible"
      ])
      expect(teams.rows[3]).not.toHaveProperty("workspace_name")
      const { rows } = yield* walk(path("component", "usages", "group_by=file"), as.oauth)
      expect(rows).toHaveLength(45)
      expect(rows.filter((row) => row.file_name === "File not visible")).toHaveLength(9)
      expect(rows[4]).toEqual({
        file_name: "File not visible",
        team_name: "Team not visible",
        usages: expect.any(Number)
      })
    }))))

  it.effect("returns usage snapshots by asset with the counts of the wire", () =>
    run(at(Effect.gen(function*() {
      const r = yield* send("GET", path("variable", "usages", "group_by=variable"), as.admin)
      expect(r.body.next_page).toBe(false)
      expect(r.body.rows).toHaveLength(5)
      expect(Object.keys(r.body.rows[0])).toEqual([
        "variable_key",
        "variable_name",
        "variable_type",
        "collection_key",
        "collection_name",
        "usages",
        "teams_using",
        "files_using"
      ])
      // The analytics name a variable by the key its local record carries.
      const local = yield* send("GET", `/v1/files/${ent.file_key}/variables/local`, as.admin)
      const blue = local.body.meta.variables[ent.variables.variables.blue500]
      expect(r.body.rows[0]).toMatchObject({ variable_key: blue.key, variable_name: blue.name, variable_type: "COLOR" })
      const styles = yield* send("GET", path("style", "usages", "group_by=style"), as.admin)
      expect(styles.body.rows.map((row: Row) => row.style_type)).toEqual(["FILL", "TEXT", "EFFECT", "GRID"])
    }))))

  it.effect("rejects a missing or wrong group_by, bad dates and a foreign cursor with 400", () =>
    run(at(Effect.gen(function*() {
      const cases: Array<[string, RegExp]> = [
        [path("component", "actions", ""), /'group_by' is required/],
        [path("component", "actions", "group_by=file"), /'group_by' must be one of component, team/],
        [path("style", "usages", "group_by=team"), /'group_by' must be one of style, file/],
        [
          path("variable", "actions", "group_by=variable&start_date=2026-02-30"),
          /'start_date' must be a date in YYYY-MM-DD/
        ],
        [
          path("variable", "actions", "group_by=variable&start_date=2026-02-01&end_date=2026-01-01"),
          /must not be after/
        ],
        [path("variable", "actions", "group_by=variable&cursor=garbage"), /Invalid 'cursor'/]
      ]
      for (const [url, message] of cases) {
        const r = yield* send("GET", url, as.admin)
        expect(r.status, url).toBe(400)
        expect(r.body).toMatchObject({ error: true, status: 400, i18n: null })
        expect(r.body.message).toMatch(message)
      }
      const first = yield* send("GET", path("component", "actions", "group_by=component"), as.admin)
      const swapped = yield* send(
        "GET",
        path("component", "actions", `group_by=team&cursor=${first.body.cursor}`),
        as.admin
      )
      expect(swapped.body.message).toMatch(/belongs to group_by=component/)
    }))))

  it.effect("gates on the Enterprise plan and the caller's seat in it", () =>
    run(at(Effect.gen(function*() {
      const base = path("component", "actions", "group_by=component", designSeed.file_key)
      expect((yield* send("GET", base, as.basePersonal)).body).toEqual(LIMITED)
      expect((yield* send("GET", path("component", "actions", "group_by=team"), as.basePersonal)).body)
        .toEqual(rich(403, "You do not have access to this file"))
      expect((yield* send("GET", path("component", "usages", "group_by=file", "NoSuchFile"), as.admin)).body)
        .toEqual(rich(404, "Not found"))
      const app = yield* send("GET", path("component", "usages", "group_by=component", ent.app_file_key), as.admin)
      expect(app.body).toEqual({ rows: [], next_page: false })
      const scope = yield* send("GET", path("style", "usages", "group_by=style"), as.oauthOrg)
      expect(scope.body.message).toMatch(/requires the library_analytics:read scope/)
    }))))
})
