import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { designSeed } from "../../../src/testing/design/index.js"
import {
  freshBudget,
  INVALID_TOKEN,
  NOT_FOUND_PLAIN,
  notANumber,
  oauthLogin,
  personal,
  plain,
  run,
  scopeRefusal,
  send
} from "./helpers.js"

const { file_key, node_ids, tokens } = designSeed
const fileUrl = (query = "") => `/v1/files/${file_key}${query === "" ? "" : `?${query}`}`

interface WireNode {
  readonly id: string
  readonly name: string
  readonly type: string
  readonly children?: ReadonlyArray<WireNode>
  readonly [key: string]: unknown
}

const walk = (node: WireNode, f: (node: WireNode, depth: number) => void, depth = 0): void => {
  f(node, depth)
  for (const child of node.children ?? []) walk(child, f, depth + 1)
}

const idsOf = (node: WireNode): Array<string> => {
  const ids: Array<string> = []
  walk(node, (n) => ids.push(n.id))
  return ids
}

describe("GET /v1/files/{key}", () => {
  it.effect("returns the whole tree and the file's fields as the service sends them", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", fileUrl(), personal)
      expect(r.status).toBe(200)
      expect(r.headers["content-type"]).toBe("application/json; charset=utf-8")
      expect(Object.keys(r.body)).toEqual([
        "document",
        "components",
        "componentSets",
        "schemaVersion",
        "styles",
        "name",
        "lastModified",
        "thumbnailUrl",
        "version",
        "role",
        "editorType",
        "linkAccess"
      ])
      expect(r.body).toMatchObject({
        name: "Sandbox File",
        lastModified: "2026-01-15T10:30:00Z",
        version: "2100000000000000001",
        role: "owner",
        editorType: "design",
        linkAccess: "inherit",
        schemaVersion: 0
      })
      const document: WireNode = r.body.document
      expect(document).toMatchObject({ id: "0:0", type: "DOCUMENT", name: "Document" })
      expect(document.children?.map((p) => [p.id, p.type, p.name])).toEqual([
        ["0:1", "CANVAS", "Cover"],
        ["0:2", "CANVAS", "Screens"],
        ["0:3", "CANVAS", "Components"]
      ])
      const types = new Set<string>()
      walk(document, (n) => types.add(n.type))
      const expected = [
        "FRAME",
        "GROUP",
        "TEXT",
        "RECTANGLE",
        "ELLIPSE",
        "VECTOR",
        "COMPONENT",
        "COMPONENT_SET",
        "INSTANCE"
      ]
      for (const type of expected) expect(types).toContain(type)
      const cover = document.children?.[0]?.children?.[0]
      expect(cover).toMatchObject({
        id: node_ids.cover_frame,
        type: "FRAME",
        absoluteBoundingBox: { x: 0, y: 0, width: 1440, height: 960 },
        fills: [{ type: "SOLID", color: { r: 1, g: 1, b: 1, a: 1 } }],
        styles: { fill: expect.stringMatching(/^5:\d+$/) }
      })
      const title = cover?.children?.[0]
      expect(title).toMatchObject({ id: node_ids.title, type: "TEXT", characters: "Sandbox Design System" })
      expect(title?.style).toMatchObject({ fontFamily: "Inter", fontSize: 56, fontWeight: 700 })
      // Instances carry their component's children under instance-scoped ids.
      const ids = idsOf(document)
      expect(ids.some((id) => id.startsWith(`I${node_ids.button_instance};`))).toBe(true)
      expect(Object.keys(r.body.components)).toHaveLength(55)
      expect(Object.keys(r.body.componentSets)).toHaveLength(6)
      expect(r.body.componentSets[node_ids.button_set]).toMatchObject({ name: "Button", remote: false })
      expect(Object.values(r.body.styles).map((s: any) => s.styleType).sort()).toContain("TEXT")
      // No pluginData or geometry unless asked for.
      expect(r.text).not.toContain("pluginData")
      expect(r.text).not.toContain("fillGeometry")
    })))

  it.effect("narrows by depth: 1 is pages only, 2 adds their top-level nodes; nodes at the cut-off carry empty children", () =>
    run(Effect.gen(function*() {
      const one = yield* send("GET", fileUrl("depth=1"), personal)
      const pages: ReadonlyArray<WireNode> = one.body.document.children
      expect(pages).toHaveLength(3)
      for (const page of pages) expect(page.children).toEqual([])
      expect(one.body.components).toEqual({})
      const two = yield* send("GET", fileUrl("depth=2"), personal)
      const cover: WireNode = two.body.document.children[0]
      expect(cover.children?.map((n) => n.id)).toEqual([node_ids.cover_frame, node_ids.hidden_frame])
      expect(cover.children?.[0]?.children).toEqual([])
    })))

  it.effect("narrows by ids to the listed nodes, their subtrees and the path from the root", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", fileUrl(`ids=${node_ids.title},${node_ids.button_instance}`), personal)
      const ids = idsOf(r.body.document)
      expect(ids.slice(0, 5)).toEqual(["0:0", "0:1", node_ids.cover_frame, node_ids.title, "0:2"])
      expect(ids).toContain(node_ids.home_frame)
      expect(ids).not.toContain("1:4")
      expect(ids).not.toContain("0:3")
      // The maps describe what was returned: the instance's component and the title's styles.
      expect(Object.keys(r.body.components)).toHaveLength(1)
      expect(Object.keys(r.body.componentSets)).toEqual([node_ids.button_set])
      expect(Object.values(r.body.styles).map((s: any) => s.name)).toContain("Heading/H1")
    })))

  it.effect("adds outlines with geometry=paths and plugin data with plugin_data", () =>
    run(Effect.gen(function*() {
      const geometry = yield* send("GET", fileUrl(`ids=${node_ids.hero_image}&geometry=paths`), personal)
      const cover: WireNode = geometry.body.document.children[0].children[0]
      const hero = cover.children?.find((n) => n.id === node_ids.hero_image)
      expect(hero?.fillGeometry).toEqual([{ path: "M0 0L1200 0L1200 520L0 520L0 0Z", windingRule: "NONZERO" }])
      expect(hero?.strokeGeometry).toEqual([])
      const plugins = yield* send("GET", fileUrl("depth=3&plugin_data=1217080048585520283,shared"), personal)
      const home = plugins.body.document.children[1].children[0]
      expect(home.pluginData).toEqual({
        "1217080048585520283": { status: "ready-for-review", reviewer: "Sandbox Editor" }
      })
      expect(home.sharedPluginData).toEqual({ sandbox_tokens: { theme: "light" } })
      expect(plugins.body.document.children[0].pluginData).toEqual({})
      const sharedOnly = yield* send("GET", fileUrl("depth=3&plugin_data=shared"), personal)
      expect(sharedOnly.body.document.children[1].children[0].pluginData).toBeUndefined()
    })))

  it.effect("reports a past version, lists branches with branch_data, and serves a branch", () =>
    run(Effect.gen(function*() {
      const versions = yield* send("GET", `/v1/files/${file_key}/versions?page_size=3`, personal)
      const old = versions.body.versions[2]
      const past = yield* send("GET", fileUrl(`version=${old.id}&depth=1`), personal)
      expect(past.body).toMatchObject({ version: old.id, lastModified: old.created_at })
      const unknown = yield* send("GET", fileUrl("version=123&depth=1"), personal)
      expect(unknown.status).toBe(400)
      expect(unknown.body).toEqual(plain(400, /'version'/))

      const withBranches = yield* send("GET", fileUrl("depth=1&branch_data=true"), personal)
      expect(withBranches.body.branches).toEqual([{
        key: designSeed.branch_file_key,
        name: "new-buttons",
        thumbnail_url: expect.stringMatching(/^https:\/\//),
        last_modified: expect.any(String),
        link_access: "inherit"
      }])
      expect((yield* send("GET", fileUrl("depth=1"), personal)).body.branches).toBeUndefined()
      yield* freshBudget
      const branch = yield* send("GET", `/v1/files/${designSeed.branch_file_key}?depth=1`, personal)
      expect(branch.status).toBe(200)
      expect(branch.body).toMatchObject({ name: "new-buttons", mainFileKey: file_key })
    })))

  it.effect("rejects non-integer and out-of-range depth, bad ids, geometry and branch_data with {status, err}", () =>
    run(Effect.gen(function*() {
      const cases: Array<[string, RegExp | string]> = [
        ["depth=1.0", notANumber("depth")],
        ["depth=two", notANumber("depth")],
        ["depth=0", /'depth' must be an integer of at least 1/],
        ["ids=1-2", /'ids'/],
        ["geometry=points", /'geometry' must be one of paths/],
        ["branch_data=yes", /'branch_data' must be true or false/],
        ["plugin_data=,", /'plugin_data'/]
      ]
      for (const [query, err] of cases) {
        const r = yield* send("GET", fileUrl(query), { token: tokens.plan })
        expect(r.status).toBe(400)
        expect(r.body).toEqual(plain(400, err))
      }
    })))

  it.effect("answers 404 and 403 in the {status, err} form and honours modes and scopes", () =>
    run(Effect.gen(function*() {
      expect((yield* send("GET", "/v1/files/NoSuchFileKey", personal)).body).toEqual(NOT_FOUND_PLAIN)
      const outsider = yield* send("GET", fileUrl("depth=1"), { token: tokens.starter })
      expect(outsider.status).toBe(403)
      expect(outsider.body).toEqual(plain(403, /do not have access/))
      expect((yield* send("GET", fileUrl("depth=1"))).body).toEqual(INVALID_TOKEN)
      // A plan token reads file content; it acts for no user, so it has no role.
      const plan = yield* send("GET", fileUrl("depth=1"), { token: tokens.plan })
      expect(plan.status).toBe(200)
      expect(plan.body.role).toBeUndefined()
      const viewer = yield* send("GET", fileUrl("depth=1"), { token: tokens.viewer })
      expect(viewer.body.role).toBe("viewer")
      const starter = yield* send("GET", `/v1/files/${designSeed.starter_file_key}`, { token: tokens.starter })
      expect(starter.status).toBe(200)
      expect(starter.body.document.children[0].children[0].name).toBe("Wireframe")
      const narrow = yield* oauthLogin("file_comments:read")
      const refused = yield* send("GET", fileUrl("depth=1"), { bearer: narrow.access_token })
      expect(refused.status).toBe(403)
      expect(refused.body).toEqual(scopeRefusal("file_content:read"))
    })))

  it.effect("counts file reads as tier 1: 10 a minute on Professional, 6 a month in a Starter context", () =>
    run(Effect.gen(function*() {
      for (let i = 0; i < 10; i++) expect((yield* send("GET", fileUrl("depth=1"), personal)).status).toBe(200)
      const limited = yield* send("GET", fileUrl("depth=1"), personal)
      expect(limited.status).toBe(429)
      expect(limited.body).toEqual({ status: 429, err: "Rate limit exceeded" })
      // Nodes and images share the tier 1 budget.
      expect((yield* send("GET", `/v1/files/${file_key}/nodes?ids=1:2`, personal)).status).toBe(429)
      // Tier 2 has its own bucket.
      expect((yield* send("GET", `/v1/files/${file_key}/versions`, personal)).status).toBe(200)

      const starterFile = `/v1/files/${designSeed.starter_file_key}?depth=1`
      for (let i = 0; i < 6; i++) expect((yield* send("GET", starterFile, { token: tokens.starter })).status).toBe(200)
      const monthly = yield* send("GET", starterFile, { token: tokens.starter })
      expect(monthly.status).toBe(429)
      expect(Number(monthly.headers["retry-after"])).toBeGreaterThan(24 * 3600)
      expect(monthly.headers["x-design-plan-tier"]).toBe("starter")
    })))
})

describe("GET /v1/files/{key}/nodes", () => {
  it.effect("returns each requested node with its own maps, and null for an unknown id", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", `/v1/files/${file_key}/nodes?ids=${node_ids.button_instance},9:99`, personal)
      expect(r.status).toBe(200)
      expect(Object.keys(r.body)).toEqual([
        "name",
        "lastModified",
        "thumbnailUrl",
        "version",
        "role",
        "editorType",
        "linkAccess",
        "nodes"
      ])
      expect(r.body.nodes["9:99"]).toBeNull()
      const entry = r.body.nodes[node_ids.button_instance]
      expect(Object.keys(entry)).toEqual(["document", "components", "componentSets", "schemaVersion", "styles"])
      expect(entry.document).toMatchObject({
        id: node_ids.button_instance,
        type: "INSTANCE",
        componentId: expect.any(String)
      })
      expect(Object.keys(entry.components)).toEqual([entry.document.componentId])
      expect(Object.keys(entry.componentSets)).toEqual([node_ids.button_set])
    })))

  it.effect("counts depth from each requested node", () =>
    run(Effect.gen(function*() {
      const r = yield* send("GET", `/v1/files/${file_key}/nodes?ids=${node_ids.cover_page}&depth=1`, personal)
      const page: WireNode = r.body.nodes[node_ids.cover_page].document
      expect(page.children?.map((c) => c.id)).toEqual([node_ids.cover_frame, node_ids.hidden_frame])
      expect(page.children?.[0]?.children).toEqual([])
    })))

  it.effect("needs ids, and rejects a non-integer depth", () =>
    run(Effect.gen(function*() {
      const missing = yield* send("GET", `/v1/files/${file_key}/nodes`, personal)
      expect(missing.status).toBe(400)
      expect(missing.body).toEqual(plain(400, "Missing required parameter 'ids'"))
      const decimal = yield* send("GET", `/v1/files/${file_key}/nodes?ids=1:2&depth=2.5`, personal)
      expect(decimal.body).toEqual(plain(400, notANumber("depth")))
      expect((yield* send("GET", "/v1/files/NoSuchFileKey/nodes?ids=1:2", personal)).body).toEqual(NOT_FOUND_PLAIN)
    })))
})
