/**
 * GET /v1/files/{key} and /nodes (tier 1) and /versions (tier 2), with the
 * `{status, err}` error form of the file family. A generated file's document
 * is streamed in chunks as it is written.
 */
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Either from "effect/Either"
import * as Stream from "effect/Stream"
import type { Call } from "../core/call.js"
import { integer, integerIn, oneOf } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import { JSON_CONTENT_TYPE } from "../core/responses.js"
import { route } from "../core/route.js"
import type { Access, Caller } from "./access.js"
import { publicUser, roleOf } from "./access.js"
import type { TreeOptions } from "./document.js"
import { fileJson, inChunks, nodesJson } from "./document.js"
import type { ContentFile } from "./files.js"
import { branchesOf, fileFor, thumbnailUrl, versionOf, versionsOf } from "./files.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { AT_LEAST_1, fileFlag, fileQuery, fileWords, nodeIds } from "./params.js"
import { json } from "./responses.js"
import type { VersionRecord } from "./seed-content.js"

const content = endpoint(1, "file_content:read")
const versions = endpoint(2, "file_versions:read")

/** depth, geometry and plugin_data: how much of each node to write. */
const treeOptions = (call: Call): Parsed<TreeOptions> =>
  Either.gen(function*() {
    const depth = yield* fileQuery(call, "depth", integerIn(AT_LEAST_1, fileWords))
    const geometry = yield* fileQuery(call, "geometry", oneOf(["paths"], fileWords))
    const plugins = call.search.get("plugin_data") ?? undefined
    const pluginIds = plugins === undefined ? [] : plugins.split(",").map((p) => p.trim())
    if (pluginIds.some((p) => p === "")) {
      return yield* invalid(`'plugin_data' must be a comma-separated list of plugin ids or "shared"`)
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

const getFile = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const { access, file } = yield* fileFor(state.files, params.file_key ?? "", caller, "view")
    const ids = yield* fileQuery(call, "ids", nodeIds)
    const options = yield* treeOptions(call)
    const withBranches = yield* fileFlag(call, "branch_data")
    const version = (yield* fileQuery(call, "version", versionOf(file))) ?? null
    const fields = { ...fileFields(caller, file, access, version), ...branchFields(file, withBranches) }
    const wanted = ids === undefined ? null : new Set(ids)
    const parts = () => fileJson(file.source, fields, options, wanted)
    if (!file.generated) return HttpServerResponse.text([...parts()].join(""), { contentType: JSON_CONTENT_TYPE })
    // Written as it is sent: a generated document may be hundreds of megabytes.
    return HttpServerResponse.stream(
      Stream.suspend(() => Stream.fromIteratorSucceed(inChunks(parts()), 1)),
      { contentType: JSON_CONTENT_TYPE }
    )
  })

/** `ids`, which GET /nodes and GET /images require. */
export const requiredNodeIds = (call: Call): Parsed<ReadonlyArray<string>> =>
  Either.flatMap(
    fileQuery(call, "ids", nodeIds),
    (ids) => ids === undefined ? invalid(fileWords.missing("ids")) : Either.right(ids)
  )

const getNodes = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const { access, file } = yield* fileFor(state.files, params.file_key ?? "", caller, "view")
    const ids = yield* requiredNodeIds(call)
    const options = yield* treeOptions(call)
    const version = (yield* fileQuery(call, "version", versionOf(file))) ?? null
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
const getVersions = ({ call, caller, params, state }: CallerCtx) =>
  Either.gen(function*() {
    const key = params.file_key ?? ""
    const { file } = yield* fileFor(state.files, key, caller, "view")
    const pageSize = (yield* fileQuery(call, "page_size", integerIn({ min: 1, max: MAX_VERSIONS_PAGE }, fileWords))) ??
      DEFAULT_VERSIONS_PAGE
    const before = yield* fileQuery(call, "before", integer(fileWords))
    const after = yield* fileQuery(call, "after", integer(fileWords))
    if (before !== undefined && after !== undefined) {
      return yield* invalid(`'before' and 'after' cannot be used together`)
    }
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

export const fileContentRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v1/files/:file_key", content, getFile),
  route("GET", "/v1/files/:file_key/nodes", content, getNodes),
  route("GET", "/v1/files/:file_key/versions", versions, getVersions)
]
