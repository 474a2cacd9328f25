/**
 * Files and images (spec: "Files and images"; wire: design-wire.md rows 1-5
 * and 9). Every file argument is a key or a file URL (refs.ts); where an
 * operation takes node ids, a URL's node-id stands in for them when none are
 * given.
 *
 * A file can be hundreds of megabytes. `fileGet` decodes it (the top-level
 * fields typed, the tree as JSON); `fileGetBytes` hands over the service's
 * bytes as a Stream instead, which the command line copies to stdout for
 * `--json` and summarizes for text, holding neither.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import { appLinkFields, checkAppLinks } from "../../core/app-url.js"
import {
  invalidInput,
  type InvalidInputError,
  NotFoundError,
  type PlanRequiredError,
  type RequestError
} from "../../core/errors.js"
import { EXIT_CODES } from "../../core/exit-codes.js"
import { pathOf, type RequestSpec } from "../../core/http/pipeline.js"
import type { Operation } from "../../core/operation.js"
import { urlPage } from "../../core/paginate.js"
import { view } from "../../core/view.js"
import { type DesignError, designOperation } from "../define.js"
import { type DesignContext, designContext } from "../local/design-context.js"
import { summarizeBytes, summarizeDocument, summaryRecord } from "../local/file-summary.js"
import { saveRenders } from "../local/image-download.js"
import { fileKeyOf, FileKeyOrUrl, fileRefOf, NodeId, nodeIdOf, NodeIds } from "../refs.js"
import type { DesignClient } from "../service.js"

const GROUP = "files"
const FILE = FileKeyOrUrl.annotations({ description: "File key or URL" })
const filePath = (key: string, ...rest: Array<string>) => `/v1/files/${pathOf(key, ...rest)}`

// ---- wire shapes -----------------------------------------------------------------

const UserRef = Schema.Struct({ id: Schema.String, handle: Schema.String, img_url: Schema.optional(Schema.String) })
const AnyMap = Schema.Record({ key: Schema.String, value: Schema.Unknown })

/** A node: what every node has, the rest of it (children included) as JSON. */
export const DocumentNode = Schema.Struct(
  { id: Schema.String, name: Schema.String, type: Schema.String },
  Schema.Record({ key: Schema.String, value: Schema.Unknown })
)
export type DocumentNode = typeof DocumentNode.Type

const Branch = Schema.Struct({
  key: Schema.String,
  name: Schema.String,
  thumbnail_url: Schema.optional(Schema.String),
  last_modified: Schema.String,
  link_access: Schema.optional(Schema.String)
})

/** The fields a file and its nodes answer share. */
const fileFields = {
  name: Schema.String,
  lastModified: Schema.String,
  thumbnailUrl: Schema.optional(Schema.String),
  version: Schema.String,
  role: Schema.optional(Schema.String),
  editorType: Schema.String,
  linkAccess: Schema.optional(Schema.String)
}

const FileDocumentStruct = Schema.Struct({
  ...fileFields,
  document: DocumentNode,
  components: AnyMap,
  componentSets: Schema.optional(AnyMap),
  schemaVersion: Schema.optional(Schema.Number),
  styles: AnyMap,
  /** Set when the file is a branch. */
  mainFileKey: Schema.optional(Schema.String),
  /** With branch_data. */
  branches: Schema.optional(Schema.Array(Branch))
})
/** A whole file: its document tree, components and styles. */
export interface FileDocument extends Schema.Schema.Type<typeof FileDocumentStruct> {}
export const FileDocument: Schema.Schema<FileDocument, typeof FileDocumentStruct.Encoded> = FileDocumentStruct

const NodeEntry = Schema.Struct({
  document: DocumentNode,
  components: AnyMap,
  componentSets: Schema.optional(AnyMap),
  schemaVersion: Schema.optional(Schema.Number),
  styles: AnyMap
})

const FileNodesStruct = Schema.Struct({
  ...fileFields,
  /** null for an id the file does not have. */
  nodes: Schema.Record({ key: Schema.String, value: Schema.NullOr(NodeEntry) }),
  err: Schema.optional(Schema.NullOr(Schema.String))
})
/** Nodes of a file by id, each with its subtree (null for an id the file does not have). */
export interface FileNodes extends Schema.Schema.Type<typeof FileNodesStruct> {}
export const FileNodes: Schema.Schema<FileNodes, typeof FileNodesStruct.Encoded> = FileNodesStruct

/** Render links; null means that node failed to render (not an error). */
const RenderedImagesStruct = Schema.Struct({
  err: Schema.NullOr(Schema.String),
  images: Schema.Record({ key: Schema.String, value: Schema.NullOr(Schema.String) })
})
/** Rendered images by node id (null where a node did not render). */
export interface RenderedImages extends Schema.Schema.Type<typeof RenderedImagesStruct> {}
export const RenderedImages: Schema.Schema<RenderedImages, typeof RenderedImagesStruct.Encoded> = RenderedImagesStruct

const ImageFills = Schema.Struct({
  meta: Schema.Struct({ images: Schema.Record({ key: Schema.String, value: Schema.String }) })
})

const FileVersionStruct = Schema.Struct({
  id: Schema.String,
  created_at: Schema.String,
  label: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  user: UserRef,
  thumbnail_url: Schema.optional(Schema.String)
})
/** One saved version of a file. */
export interface FileVersion extends Schema.Schema.Type<typeof FileVersionStruct> {}
export const FileVersion: Schema.Schema<FileVersion, typeof FileVersionStruct.Encoded> = FileVersionStruct

const FileVersions = Schema.Struct({
  versions: Schema.Array(FileVersion),
  pagination: Schema.optional(
    Schema.Struct({ prev_page: Schema.optional(Schema.String), next_page: Schema.optional(Schema.String) })
  )
})

const FileMetadataStruct = Schema.Struct({
  file: Schema.Struct({
    name: Schema.String,
    folder_name: Schema.optional(Schema.String),
    last_touched_at: Schema.optional(Schema.String),
    creator: Schema.optional(UserRef),
    last_touched_by: Schema.optional(UserRef),
    thumbnail_url: Schema.optional(Schema.String),
    editorType: Schema.optional(Schema.String),
    role: Schema.optional(Schema.String),
    link_access: Schema.optional(Schema.String),
    url: Schema.optional(Schema.String),
    version: Schema.optional(Schema.String)
  })
})
/** A file's metadata, without its document. */
export interface FileMetadata extends Schema.Schema.Type<typeof FileMetadataStruct> {}
export const FileMetadata: Schema.Schema<FileMetadata, typeof FileMetadataStruct.Encoded> = FileMetadataStruct

// ---- inputs ------------------------------------------------------------------------

const Version = Schema.String.annotations({ description: "Version id to read (default: the current version)" })
const Depth = Schema.Int.pipe(Schema.greaterThanOrEqualTo(1)).annotations({
  description: "Tree levels (1: pages only; default: all)"
})
const Geometry = Schema.Literal("paths").annotations({ description: "Include vector paths of each node" })
const PluginData = Schema.String.annotations({
  description: "Plugin ids whose data to include (or shared)"
})
const Ids = NodeIds.annotations({
  description: "Node ids such as 1:2 (default: the node-id of a URL given as the file)"
})
/** A whole number written as digits: version ids pass 2^53, so they stay text. */
const VersionCursor = (description: string) =>
  Schema.String.pipe(Schema.filter((s) => /^\d+$/.test(s) || "must be a version id (digits)")).annotations({
    description
  })

/** A yes/no option of the service, with what it does. */
const Switch = (description: string) => Schema.Boolean.annotations({ description })

const FileGetInput = Schema.Struct({
  file_key: FILE,
  version: Schema.optional(Version),
  ids: Schema.optional(Ids),
  depth: Schema.optional(Depth),
  geometry: Schema.optional(Geometry),
  plugin_data: Schema.optional(PluginData),
  branch_data: Schema.optional(Switch("Include the file's branches"))
})
export type FileGetInput = typeof FileGetInput.Type

// ---- requests ------------------------------------------------------------------------

/** The ids to send: those given, else the URL's node-id; required ones must be there. */
const idsFor = (given: ReadonlyArray<string> | undefined, urlNode: string | undefined, required: boolean) =>
  given !== undefined
    ? Effect.succeed<ReadonlyArray<string> | undefined>(given)
    : urlNode !== undefined
    ? Effect.succeed<ReadonlyArray<string> | undefined>([urlNode])
    : required
    ? Effect.fail(invalidInput("ids is required (1:2,...), unless the file URL has a node-id.", "ids"))
    : Effect.succeed<ReadonlyArray<string> | undefined>(undefined)

const fileGetRequest = (input: FileGetInput): Effect.Effect<RequestSpec, InvalidInputError> =>
  Effect.gen(function*() {
    const ref = yield* fileRefOf(input.file_key, "file_key")
    const ids = yield* idsFor(input.ids, ref.nodeId, false)
    return {
      method: "GET" as const,
      path: filePath(ref.key),
      query: {
        version: input.version,
        ids,
        depth: input.depth,
        geometry: input.geometry,
        plugin_data: input.plugin_data,
        branch_data: input.branch_data === true ? true : undefined
      }
    }
  })

const subjectOf = (i: { readonly file_key: string }) => `file ${i.file_key}`

// ---- operations ------------------------------------------------------------------------

export const fileGet = designOperation({
  name: "fileGet",
  group: GROUP,
  summary: "A file's document tree.",
  input: FileGetInput,
  impact: "read",
  idempotent: true,
  tier: 1,
  subject: subjectOf,
  request: fileGetRequest,
  response: FileDocument
})

/**
 * `fileGet`'s answer as the service's bytes, unparsed, fetched as the stream
 * is pulled: for documents too large to decode (DesignApi.fileGetBytes).
 */
export const fileGetBytes = (
  client: DesignClient,
  input: FileGetInput
): Stream.Stream<Uint8Array, RequestError | PlanRequiredError | InvalidInputError> =>
  Stream.unwrap(Effect.gen(function*() {
    // Not an operation's run, so the link check designOperation makes is made here.
    yield* checkAppLinks(input, appLinkFields(FileGetInput), client.settings.appUrl)
    const spec = yield* fileGetRequest(input)
    const route = { tier: 1 as const, subject: subjectOf(input), maxWait: client.settings.maxWait }
    const { body } = yield* client.pipeline.download(spec, route)
    return body
  }))

export const fileNodes = designOperation({
  name: "fileNodes",
  group: GROUP,
  summary: "Nodes of a file by id.",
  input: Schema.Struct({
    file_key: FILE,
    ids: Schema.optional(Ids),
    version: Schema.optional(Version),
    depth: Schema.optional(Depth),
    geometry: Schema.optional(Geometry),
    plugin_data: Schema.optional(PluginData)
  }),
  impact: "read",
  idempotent: true,
  tier: 1,
  subject: subjectOf,
  request: (input) =>
    Effect.gen(function*() {
      const ref = yield* fileRefOf(input.file_key, "file_key")
      const ids = yield* idsFor(input.ids, ref.nodeId, true)
      return {
        method: "GET" as const,
        path: filePath(ref.key, "nodes"),
        query: {
          ids,
          version: input.version,
          depth: input.depth,
          geometry: input.geometry,
          plugin_data: input.plugin_data
        }
      }
    }),
  response: FileNodes
})

const FORMATS = ["jpg", "png", "svg", "pdf"] as const

const ImagesInput = Schema.Struct({
  file_key: FILE,
  ids: Schema.optional(Ids),
  version: Schema.optional(Version),
  scale: Schema.optional(
    Schema.Number.pipe(Schema.between(0.01, 4)).annotations({ description: "Image scale factor" })
  ),
  format: Schema.optional(Schema.Literal(...FORMATS).annotations({ description: "Image format" })),
  svg_outline_text: Schema.optional(Switch("SVG: draw text as outlines")),
  svg_include_id: Schema.optional(Switch("SVG: give each element an id attribute")),
  svg_include_node_id: Schema.optional(Switch("SVG: give each element a data-node-id attribute")),
  svg_simplify_stroke: Schema.optional(Switch("SVG: simplify inside and outside strokes")),
  contents_only: Schema.optional(Switch("Render the node's contents alone, not overlaps")),
  use_absolute_bounds: Schema.optional(Switch("Full dimensions, even if cropped"))
})

/**
 * The links of the nodes asked for, in the order asked, and nothing else: a
 * key the answer adds is dropped (it could be a path, `../../x`, to a caller
 * that names files after keys), and a node the answer leaves out did not render.
 */
const askedFor = (
  images: Readonly<Record<string, string | null>>,
  asked: ReadonlyArray<string> | string | undefined
): Record<string, string | null> => {
  const ids = asked === undefined ? [] : typeof asked === "string" ? [asked] : asked
  return Object.fromEntries(ids.map((id) => [id, Object.hasOwn(images, id) ? images[id] ?? null : null]))
}

export const fileImages = designOperation({
  name: "fileImages",
  group: GROUP,
  summary: "Render nodes; links (null: not rendered).",
  input: ImagesInput,
  impact: "read",
  idempotent: true,
  tier: 1,
  subject: subjectOf,
  request: (input) =>
    Effect.gen(function*() {
      const ref = yield* fileRefOf(input.file_key, "file_key")
      const ids = yield* idsFor(input.ids, ref.nodeId, true)
      const { file_key: _, ids: __, ...options } = input
      return { method: "GET" as const, path: `/v1/images/${pathOf(ref.key)}`, query: { ids, ...options } }
    }),
  response: RenderedImages,
  result: (body, input) => ({ ...body, images: askedFor(body.images, input.ids ?? nodeIdOf(input.file_key)) })
})

export const fileImageFills = designOperation({
  name: "fileImageFills",
  group: GROUP,
  summary: "Links to a file's image fills.",
  input: Schema.Struct({ file_key: FILE }),
  impact: "read",
  idempotent: true,
  tier: 2,
  subject: subjectOf,
  request: (input) =>
    Effect.map(
      fileRefOf(input.file_key, "file_key"),
      (ref) => ({ method: "GET" as const, path: filePath(ref.key, "images") })
    ),
  response: ImageFills,
  result: (body) => ({ images: body.meta.images })
})

export const fileMeta = designOperation({
  name: "fileMeta",
  group: GROUP,
  summary: "A file's metadata.",
  input: Schema.Struct({ file_key: FILE }),
  impact: "read",
  idempotent: true,
  tier: 3,
  subject: subjectOf,
  request: (input) =>
    Effect.map(
      fileRefOf(input.file_key, "file_key"),
      (ref) => ({ method: "GET" as const, path: filePath(ref.key, "meta") })
    ),
  response: FileMetadata
})

export const fileVersions = designOperation({
  name: "fileVersions",
  group: GROUP,
  summary: "A file's versions, newest first.",
  input: Schema.Struct({
    file_key: FILE,
    page_size: Schema.optional(
      Schema.Int.pipe(Schema.between(1, 50)).annotations({ description: "Versions a page (default 30)" })
    ),
    before: Schema.optional(VersionCursor("Versions older than this version id")),
    after: Schema.optional(VersionCursor("Versions newer than this version id"))
  }),
  impact: "read",
  idempotent: true,
  tier: 2,
  subject: (i) => `versions of file ${i.file_key}`,
  request: (input) =>
    Effect.gen(function*() {
      if (input.before !== undefined && input.after !== undefined) {
        return yield* Effect.fail(invalidInput("before and after are mutually exclusive.", "before", "after"))
      }
      const ref = yield* fileRefOf(input.file_key, "file_key")
      return {
        method: "GET" as const,
        path: filePath(ref.key, "versions"),
        query: { page_size: input.page_size, before: input.before, after: input.after }
      }
    }),
  response: FileVersions,
  paging: { model: urlPage, items: (page) => page.versions, itemsKey: "versions", key: (v) => v.id },
  cursorRefused: (
    i
  ) => (i.after !== undefined ? "cursor pages towards older versions; it cannot be combined with after." : undefined)
})

const FileContextInput = Schema.Struct({
  file_key: FILE,
  // Not NodeIds: a JSON Schema keeps the description of minItems, not of NodeIds' own filter.
  node_ids: Schema.optional(
    Schema.Array(NodeId).pipe(Schema.minItems(1, { message: () => "needs at least one node id" })).annotations({
      description: "Nodes to start from (ids 1:2); default: the URL's node-id, else all pages"
    })
  ),
  depth: Schema.optional(
    Schema.Int.pipe(Schema.greaterThanOrEqualTo(1)).annotations({
      description: "Levels below each start (1: pages only); default: all"
    })
  ),
  version: Schema.optional(Version),
  hidden: Schema.optional(Switch("Keep hidden nodes")),
  vectors: Schema.optional(Switch("Keep vector internals (boolean operands, paths)"))
})
type FileContextInput = typeof FileContextInput.Type

/**
 * What the context is read from: by node ids, GET /nodes, where the depth
 * counts from each node and an id the file lacks answers null; otherwise the
 * whole file, where it counts from the document.
 */
const fileContextAnswer = designOperation({
  name: "fileContext",
  group: GROUP,
  summary: "What building a file's design needs: layout, text, styles, components; compact JSON.",
  input: FileContextInput,
  impact: "read",
  idempotent: true,
  tier: 1,
  subject: subjectOf,
  request: (input) =>
    Effect.gen(function*() {
      const ref = yield* fileRefOf(input.file_key, "file_key")
      const ids = yield* idsFor(input.node_ids, ref.nodeId, false)
      const query = {
        version: input.version,
        depth: input.depth,
        geometry: input.vectors === true ? ("paths" as const) : undefined
      }
      return ids === undefined
        ? { method: "GET" as const, path: filePath(ref.key), query }
        : { method: "GET" as const, path: filePath(ref.key, "nodes"), query: { ids: [...new Set(ids)], ...query } }
    }),
  response: Schema.Union(FileNodes, FileDocument)
})

/** A node asked for that the file does not have is an error here, not a gap in the context. */
export const fileContext: Operation<
  FileContextInput,
  typeof FileContextInput.Encoded,
  DesignContext,
  DesignError<undefined, undefined>,
  DesignClient
> = {
  ...fileContextAnswer,
  paging: undefined,
  run: (client, input, cursor) =>
    Effect.flatMap(fileContextAnswer.run(client, input, cursor), (answer) => {
      const options = { hidden: input.hidden, vectors: input.vectors, depth: input.depth }
      if (!("nodes" in answer)) return Effect.succeed(designContext(answer, options))
      const missing = Object.entries(answer.nodes).flatMap(([id, entry]) => (entry === null ? [id] : []))
      return missing.length === 0
        ? Effect.succeed(designContext(answer, options))
        : Effect.fail(
          new NotFoundError({
            message: `file ${fileKeyOf(input.file_key)} has no node ${missing.join(", ")}.`
          })
        )
    })
}

// ---- how the front ends show them ---------------------------------------------------------

const KEY = "SbxF1leKey0000Sandbox01"
const URL_EXAMPLE = `https://www.design.example/design/${KEY}/Sandbox?node-id=1-2`

const nodeRows = (o: FileNodes) =>
  Object.entries(o.nodes).map(([id, entry]) => ({
    node_id: id,
    name: entry === null ? null : entry.document.name,
    type: entry === null ? "(not found)" : entry.document.type,
    children: entry === null ? null : Array.isArray(entry.document.children) ? entry.document.children.length : 0
  }))

export const views = [
  view(fileGet, {
    command: ["file", "get"],
    positional: ["file_key"],
    narrow: [
      "pass depth (1: pages only, 2: pages and their top-level frames)",
      "pass ids to get only those nodes and their subtrees (design_file_nodes gets single nodes)"
    ],
    valueNames: { file_key: "KEY|URL", ids: "ID,...", version: "ID", plugin_data: "IDS" },
    text: { kind: "record", record: (o) => summaryRecord(summarizeDocument(o)) },
    raw: {
      bytes: fileGetBytes,
      text: (bytes) => Effect.map(summarizeBytes(bytes), summaryRecord)
    },
    examples: [
      `design file get ${KEY}`,
      `design file get ${KEY} --json > file.json`,
      `design file get "${URL_EXAMPLE}" --depth 2`
    ]
  }),
  view(fileNodes, {
    command: ["file", "nodes"],
    positional: ["file_key"],
    valueNames: { file_key: "KEY|URL", ids: "ID,...", version: "ID", plugin_data: "IDS" },
    text: {
      kind: "table",
      rows: nodeRows,
      columns: ["node_id", "name", "type", "children"],
      noun: "nodes",
      footer: (o) => {
        const missing = Object.values(o.nodes).filter((entry) => entry === null).length
        return missing === 0 ? [] : [`${missing} of ${Object.keys(o.nodes).length} nodes not found.`]
      }
    },
    // A node the file does not hold comes back null: a partial result (exit 9), or, every one missing, a lookup
    // that found nothing (exit 5, as one missing file), as with file images and task get-many.
    items: (o) => ({
      total: Object.keys(o.nodes).length,
      failed: Object.values(o.nodes).flatMap((entry) => (entry === null ? [EXIT_CODES.NotFoundError] : []))
    }),
    examples: [`design file nodes ${KEY} --ids 1:2,1:3`, `design file nodes "${URL_EXAMPLE}" --json`]
  }),
  view(fileContext, {
    command: ["file", "context"],
    positional: ["file_key"],
    // The issue names the flag --node-id (given once per id, or as a comma list); the tool parameter is node_ids.
    flags: { node_ids: "node-id" },
    valueNames: { file_key: "KEY|URL", node_ids: "ID", version: "ID" },
    // The text form is the tool's answer byte for byte (wc -c is what an agent pays); --json indents it.
    text: { kind: "document", text: (o) => JSON.stringify(o) },
    narrow: ["pass node_ids to read only those nodes (a frame, not the whole file)"],
    examples: [
      `design file context ${KEY} --node-id 2:1`,
      `design file context "${URL_EXAMPLE}" --depth 2`,
      `design file context ${KEY} --json > context.json`
    ],
    help: "The part of a file an agent needs to implement it, in compact JSON: each node's type, id and name; " +
      "its layout (auto-layout, sizes, and position where absolute), text and type style, fills, strokes, " +
      "effects and radii; instances with their component and properties; image fills; the file's styles and " +
      "repeated values written once by name. Hidden nodes and vector internals are left out unless asked for. " +
      "The same document always prints the same bytes."
  }),
  view(fileImages, {
    command: ["file", "images"],
    positional: ["file_key"],
    valueNames: { file_key: "KEY|URL", ids: "ID,...", version: "ID" },
    text: {
      kind: "table",
      rows: (o) => Object.entries(o.images).map(([id, url]) => ({ node_id: id, url: url ?? "(did not render)" })),
      columns: ["node_id", "url"],
      footer: (o) => {
        const failed = Object.values(o.images).filter((u) => u === null).length
        return failed === 0 ? [] : [`${failed} of ${Object.keys(o.images).length} nodes did not render.`]
      },
      noun: "images"
    },
    // A node that did not render has no error of its own: all of them failing is a partial result too (exit 9).
    items: (o) => ({
      total: Object.keys(o.images).length,
      failed: Object.values(o.images).flatMap((u) => (u === null ? [undefined] : []))
    }),
    save: {
      flag: "--out",
      valueName: "DIR",
      description: "Download the images into DIR (named by node id)",
      columns: ["node_id", "file", "bytes"],
      itemsKey: "files",
      run: (shown, input, directory, progress) =>
        saveRenders(shown.images, {
          directory,
          format: input.format ?? "png",
          onProgress: progress === undefined
            ? undefined
            : (done, total) => progress(`\rDownloading images: ${done}/${total}${done === total ? "\n" : ""}`)
        })
    },
    examples: [
      `design file images ${KEY} --ids 1:2,1:3 --format svg`,
      `design file images "${URL_EXAMPLE}" --scale 2 --out renders/`
    ]
  }),
  view(fileImageFills, {
    command: ["file", "image-fills"],
    positional: ["file_key"],
    valueNames: { file_key: "KEY|URL" },
    text: {
      kind: "table",
      rows: (o) => Object.entries(o.images).map(([ref, url]) => ({ image_ref: ref, url })),
      columns: ["image_ref", "url"],
      noun: "image fills"
    },
    examples: [`design file image-fills ${KEY}`]
  }),
  view(fileMeta, {
    command: ["file", "meta"],
    positional: ["file_key"],
    valueNames: { file_key: "KEY|URL" },
    text: {
      kind: "record",
      record: (o) => ({ ...o.file, creator: o.file.creator?.handle, last_touched_by: o.file.last_touched_by?.handle })
    },
    examples: [`design file meta ${KEY}`]
  }),
  view(fileVersions, {
    command: ["file", "versions"],
    positional: ["file_key"],
    valueNames: { file_key: "KEY|URL", before: "ID", after: "ID" },
    text: {
      kind: "table",
      rows: (o) =>
        o.items.map((v) => ({
          id: v.id,
          created_at: v.created_at,
          user: v.user.handle,
          label: v.label,
          description: v.description
        })),
      columns: ["id", "created_at", "user", "label", "description"],
      noun: "versions"
    },
    examples: [`design file versions ${KEY}`, `design file versions ${KEY} --all --json`]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  file: "Files: the document, nodes, rendered images, image fills, metadata, versions"
}
