/**
 * GET /v1/files/{key} and /nodes (tier 1) and /versions (tier 2), with the
 * `{status, err}` error form of the file family. A generated file's document
 * is streamed in chunks as it is written.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Either from "effect/Either"
import * as Stream from "effect/Stream"
import type { Access, Caller } from "./access.js"
import type { Call } from "./call.js"
import type { ContentFile } from "./content-files.js"
import { branchesOf, thumbnailUrl, versionsOf } from "./content-files.js"
import { guardedRoute, versionParam, withFile } from "./content-routing.js"
import type { TreeOptions } from "./document.js"
import { fileJson, inChunks, nodesJson } from "./document.js"
import type { EndpointRule } from "./guard.js"
import type { Parsed } from "./query-params.js"
import {
  booleanParam,
  boundedInt,
  enumParam,
  integerParam,
  nodeIdsParam,
  optionalString,
  requiredNodeIds
} from "./query-params.js"
import { json, JSON_CONTENT_TYPE, plainError } from "./responses.js"
import { publicUser, roleOf } from "./routes-files.js"
import type { VersionRecord } from "./seed-content.js"
import type { SimState } from "./state.js"

const content: EndpointRule = { tier: 1, scope: "file_content:read" }
const versions: EndpointRule = { tier: 2, scope: "file_versions:read" }

const badRequest = (err: string) => plainError(400, err)

/** depth, geometry and plugin_data: how much of each node to write. */
const treeOptions = (search: URLSearchParams): Parsed<TreeOptions> =>
  Either.gen(function*() {
    const depth = yield* boundedInt(search, "depth", { min: 1, max: Number.MAX_SAFE_INTEGER })
    const geometry = yield* enumParam(search, "geometry", ["paths"])
    const plugins = optionalString(search, "plugin_data")
    const pluginIds = plugins === undefined ? [] : plugins.split(",").map((p) => p.trim())
    if (pluginIds.some((p) => p === "")) {
      return yield* Either.left(`'plugin_data' must be a comma-separated list of plugin ids or "shared"`)
    }
    return { depth, geometry: geometry === "paths", pluginData: new Set(pluginIds) }
  })

/** The fields of the file itself, in the order the service sends them after the document. */
const fileFields = (caller: Caller, file: ContentFile, access: Access, version: VersionRecord | null) => {
  const role = roleOf(caller, file.record, access)
  return {
    name: file.record.name,
    lastModified: version?.created_at ?? file.record.last_touched_at,
    thumbnailUrl: thumbnailUrl(file.record.key),
    version: version?.id ?? file.record.version,
    ...(role === undefined ? {} : { role }),
    editorType: "design",
    linkAccess: file.record.link_access
  }
}

const branchFields = (file: ContentFile, branchData: boolean) => {
  if (file.branch !== null) return { mainFileKey: file.branch.main_file_key }
  if (!branchData) return {}
  return {
    branches: branchesOf(file.record.key).map((b) => ({
      key: b.key,
      name: b.name,
      thumbnail_url: thumbnailUrl(b.key),
      last_modified: b.last_modified,
      link_access: b.link_access
    }))
  }
}

const getFile = (state: SimState, key: string) => (caller: Caller, call: Call) =>
  withFile(state, key, caller, "view", (file, access) => {
    const parsed = Either.all({
      ids: nodeIdsParam(call.search, "ids"),
      options: treeOptions(call.search),
      branchData: booleanParam(call.search, "branch_data"),
      version: versionParam(call.search, file)
    })
    if (Either.isLeft(parsed)) return badRequest(parsed.left)
    const { branchData, ids, options, version } = parsed.right
    const fields = { ...fileFields(caller, file, access, version), ...branchFields(file, branchData) }
    const wanted = ids === undefined ? null : new Set(ids)
    const parts = () => fileJson(file.source, fields, options, wanted)
    if (!file.generated) return HttpServerResponse.text([...parts()].join(""), { contentType: JSON_CONTENT_TYPE })
    // Written as it is sent: a generated document may be hundreds of megabytes.
    return HttpServerResponse.stream(
      Stream.suspend(() => Stream.fromIteratorSucceed(inChunks(parts()), 1)),
      { contentType: JSON_CONTENT_TYPE }
    )
  })

const getNodes = (state: SimState, key: string) => (caller: Caller, call: Call) =>
  withFile(state, key, caller, "view", (file, access) => {
    const parsed = Either.all({
      ids: requiredNodeIds(call.search, "ids"),
      options: treeOptions(call.search),
      version: versionParam(call.search, file)
    })
    if (Either.isLeft(parsed)) return badRequest(parsed.left)
    const { ids, options, version } = parsed.right
    const body = nodesJson(file.source, fileFields(caller, file, access, version), ids, options)
    return HttpServerResponse.text(body, { contentType: JSON_CONTENT_TYPE })
  })

const DEFAULT_VERSIONS_PAGE = 30
const MAX_VERSIONS_PAGE = 50

const versionsUrl = (call: Call, key: string, pageSize: number, side: "before" | "after", id: string) =>
  `${call.origin}/v1/files/${key}/versions?${new URLSearchParams({ page_size: String(pageSize), [side]: id })}`

/**
 * Newest first. `before=ID` pages towards older versions, `after=ID` towards
 * newer ones; next_page and prev_page carry the ids at the page's ends.
 */
const getVersions = (state: SimState, key: string) => (caller: Caller, call: Call) =>
  withFile(state, key, caller, "view", (file) => {
    const parsed = Either.all({
      pageSize: boundedInt(call.search, "page_size", { min: 1, max: MAX_VERSIONS_PAGE }),
      before: integerParam(call.search, "before"),
      after: integerParam(call.search, "after")
    })
    if (Either.isLeft(parsed)) return badRequest(parsed.left)
    const { after, before } = parsed.right
    const pageSize = parsed.right.pageSize ?? DEFAULT_VERSIONS_PAGE
    if (before !== undefined && after !== undefined) return badRequest(`'before' and 'after' cannot be used together`)
    const all = versionsOf(file)
    const page = before !== undefined
      ? all.filter((v) => BigInt(v.id) < before).slice(0, pageSize)
      : after !== undefined
      ? all.filter((v) => BigInt(v.id) > after).slice(-pageSize)
      : all.slice(0, pageSize)
    const newest = page[0]
    const oldest = page[page.length - 1]
    const pagination: { prev_page?: string; next_page?: string } = {}
    if (newest !== undefined && all.some((v) => BigInt(v.id) > BigInt(newest.id))) {
      pagination.prev_page = versionsUrl(call, key, pageSize, "after", newest.id)
    }
    if (oldest !== undefined && all.some((v) => BigInt(v.id) < BigInt(oldest.id))) {
      pagination.next_page = versionsUrl(call, key, pageSize, "before", oldest.id)
    }
    return json(200, {
      versions: page.map((v) => ({
        id: v.id,
        created_at: v.created_at,
        label: v.label,
        description: v.description,
        user: publicUser(v.user_id),
        thumbnail_url: `https://design.example/thumbnails/versions/${v.id}.png`
      })),
      pagination
    })
  })

const fileKey = (params: Readonly<Record<string, string | undefined>>) => params.file_key ?? ""

export const fileContentRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.get("/v1/files/:file_key", guardedRoute(state, content, (p) => getFile(state, fileKey(p)))),
    HttpRouter.get("/v1/files/:file_key/nodes", guardedRoute(state, content, (p) => getNodes(state, fileKey(p)))),
    HttpRouter.get("/v1/files/:file_key/versions", guardedRoute(state, versions, (p) => getVersions(state, fileKey(p))))
  )
