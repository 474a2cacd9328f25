/**
 * Dev resources (tier 2; spec section 4, design-wire section 5): links on a
 * node of a file. Create and update are bulk on the wire: one item from flags
 * or many from a body. The service answers 200 even when some items fail, so
 * the result always carries `errors` (empty when every item applied).
 */
import * as Schema from "effect/Schema"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { FileKey, idLike, json, NodeId, NumericId, WireId } from "../params.js"
import { fileKeyOf } from "../refs.js"

const GROUP = "dev_resources"
const TIER = 2 as const

const DevResourceStruct = Schema.Struct({
  id: WireId,
  name: Schema.String,
  url: Schema.String,
  file_key: Schema.String,
  node_id: Schema.String
})
/** A link from a node of a file to a resource for developers. */
export interface DevResource extends Schema.Schema.Type<typeof DevResourceStruct> {}
export const DevResource: Schema.Schema<DevResource, typeof DevResourceStruct.Encoded> = DevResourceStruct

const Url = idLike(/^https?:\/\/\S+$/, "must be an http(s) URL")
const Name = idLike(/\S/, "must not be empty")
const ResourceId = NumericId

const NewResource = Schema.Struct({ file_key: FileKey, node_id: NodeId, name: Name, url: Url })
const ResourceChange = Schema.Struct({ id: ResourceId, name: Schema.optional(Name), url: Schema.optional(Url) })

const Created = Schema.Struct({
  links_created: Schema.Array(DevResource),
  errors: Schema.optionalWith(
    Schema.Array(
      Schema.Struct({
        file_key: Schema.NullOr(Schema.String),
        node_id: Schema.NullOr(Schema.String),
        error: Schema.String
      })
    ),
    { default: () => [] }
  )
})

const Updated = Schema.Struct({
  links_updated: Schema.Array(DevResource),
  errors: Schema.optionalWith(Schema.Array(Schema.Struct({ id: WireId, error: Schema.String })), { default: () => [] })
})

/** Exactly one of the two forms: the single item's fields, or the list. */
const oneForm =
  <K extends string>(single: ReadonlyArray<K>, required: ReadonlyArray<K>) =>
  (input: Partial<Record<K | "dev_resources", unknown>>) => {
    const given = single.filter((k) => input[k] !== undefined)
    if (input.dev_resources !== undefined) {
      return given.length === 0 || { path: [given[0]!], message: "give one item's fields or dev_resources, not both" }
    }
    const missing = required.find((k) => input[k] === undefined)
    return missing === undefined || { path: [missing], message: "is required (or give dev_resources)" }
  }

// ---- operations -----------------------------------------------------------------

export const devResourceList = designOperation({
  name: "devResourceList",
  group: GROUP,
  summary: "Dev resources (links) of a file's nodes.",
  input: Schema.Struct({
    file_key: FileKey,
    node_ids: Schema.optional(Schema.Array(NodeId).annotations({ description: "Only the resources of these nodes" }))
  }),
  impact: "read",
  idempotent: true,
  tier: TIER,
  subject: (i) => `the dev resources of file ${fileKeyOf(i.file_key)}`,
  request: (i) => ({
    method: "GET",
    path: `/v1/files/${pathOf(fileKeyOf(i.file_key))}/dev_resources`,
    query: { node_ids: i.node_ids === undefined || i.node_ids.length === 0 ? undefined : i.node_ids }
  }),
  response: Schema.Struct({ dev_resources: Schema.Array(DevResource) })
})

export const devResourceCreate = designOperation({
  name: "devResourceCreate",
  group: GROUP,
  summary: "Attach links to nodes: one, or a list.",
  input: Schema.Struct({
    file_key: Schema.optional(FileKey),
    node_id: Schema.optional(NodeId.annotations({ description: "The node the resource is attached to" })),
    name: Schema.optional(Name.annotations({ description: "Display name" })),
    url: Schema.optional(Url.annotations({ description: "Link, http or https" })),
    dev_resources: Schema.optional(
      Schema.Array(NewResource).pipe(Schema.minItems(1)).annotations({
        description: "Several at once, instead of the fields"
      })
    )
  }).pipe(Schema.filter(oneForm(["file_key", "node_id", "name", "url"], ["file_key", "node_id", "name", "url"]))),
  impact: "write",
  idempotent: false,
  tier: TIER,
  subject: (
    i
  ) => (i.dev_resources === undefined
    ? `a dev resource on node ${i.node_id ?? ""} of file ${i.file_key ?? ""}`
    : `${i.dev_resources.length} dev resources`),
  request: (i) => ({
    method: "POST",
    path: "/v1/dev_resources",
    body: json({
      dev_resources: (i.dev_resources ?? [{ file_key: i.file_key!, node_id: i.node_id, name: i.name, url: i.url }])
        .map((r) => ({ ...r, file_key: fileKeyOf(r.file_key) }))
    })
  }),
  response: Created
})

export const devResourceUpdate = designOperation({
  name: "devResourceUpdate",
  group: GROUP,
  summary: "Change links' names or URLs: one, or a list.",
  input: Schema.Struct({
    id: Schema.optional(ResourceId.annotations({ description: "The dev resource's id" })),
    name: Schema.optional(Name.annotations({ description: "Display name" })),
    url: Schema.optional(Url.annotations({ description: "Link, http or https" })),
    dev_resources: Schema.optional(
      Schema.Array(ResourceChange).pipe(Schema.minItems(1)).annotations({
        description: "Several at once, instead of the fields"
      })
    )
  }).pipe(
    Schema.filter(oneForm(["id", "name", "url"], ["id"])),
    Schema.filter((i) =>
      i.dev_resources !== undefined || i.name !== undefined || i.url !== undefined ||
      { path: ["name"], message: "give name or url to change" }
    )
  ),
  // It replaces the name or the link; the same input twice leaves the same state.
  impact: "write",
  idempotent: true,
  tier: TIER,
  subject: (
    i
  ) => (i.dev_resources === undefined ? `dev resource ${i.id ?? ""}` : `${i.dev_resources.length} dev resources`),
  request: (i) => ({
    method: "PUT",
    path: "/v1/dev_resources",
    body: json({ dev_resources: i.dev_resources ?? [{ id: i.id, name: i.name, url: i.url }] })
  }),
  response: Updated
})

export const devResourceDelete = absentIsDone(
  designOperation({
    name: "devResourceDelete",
    group: GROUP,
    summary: "Delete a dev resource.",
    input: Schema.Struct({
      file_key: FileKey,
      dev_resource_id: ResourceId.annotations({ description: "The dev resource's id" })
    }),
    impact: "destroy",
    idempotent: true,
    tier: TIER,
    subject: (i) => `dev resource ${i.dev_resource_id} of file ${fileKeyOf(i.file_key)}`,
    request: (i) => ({
      method: "DELETE",
      path: `/v1/files/${pathOf(fileKeyOf(i.file_key), "dev_resources", i.dev_resource_id)}`
    }),
    response: Schema.Unknown
  }),
  (i) => ({ dev_resource_id: i.dev_resource_id })
)

// ---- views ----------------------------------------------------------------------------

const COLUMNS = ["id", "node_id", "name", "url"]

/** A refused item carries only the service's sentence, no status: all refused is a partial result too (exit 9). */
const refusedItems = <O>(applied: (o: O) => number, refused: (o: O) => number) => (o: O) => ({
  total: applied(o) + refused(o),
  failed: Array.from({ length: refused(o) }, () => undefined)
})

export const views = [
  view(devResourceList, {
    command: ["dev-resource", "list"],
    positional: ["file_key"],
    valueNames: { node_ids: "1:2,..." },
    text: { kind: "table", rows: (o) => o.dev_resources, columns: COLUMNS, noun: "dev resources" },
    examples: ["design dev-resource list SbxF1leKey0000Enterpr03 --node-ids 1:2,1:3"]
  }),
  view(devResourceCreate, {
    command: ["dev-resource", "create"],
    valueNames: { file_key: "KEY", node_id: "1:2", url: "URL" },
    bodyFile: ["dev_resources"],
    help:
      "Attach a link (name and URL) to a node: one from --file-key, --node-id, --name and --url, or many from --body-file {\"dev_resources\": [{file_key, node_id, name, url}]}. Items the service refuses (a node already has 10 links, a duplicate URL) are listed after the others.",
    text: {
      kind: "table",
      rows: (o) => o.links_created,
      columns: COLUMNS,
      footer: (o) => o.errors.map((e) => `Failed: node ${e.node_id ?? "?"} of ${e.file_key ?? "?"}: ${e.error}`),
      noun: "dev resources created"
    },
    items: refusedItems((o) => o.links_created.length, (o) => o.errors.length),
    examples: [
      "design dev-resource create --file-key SbxF1leKey0000Enterpr03 --node-id 1:2 --name Storybook --url https://storybook.example.com/button",
      "design dev-resource create --body-file links.json"
    ]
  }),
  view(devResourceUpdate, {
    command: ["dev-resource", "update"],
    valueNames: { id: "ID", url: "URL" },
    bodyFile: ["dev_resources"],
    help:
      "Change a link's name or URL: one from --id with --name and/or --url, or many from --body-file {\"dev_resources\": [{id, name?, url?}]}. Items the service refuses are listed after the others.",
    text: {
      kind: "table",
      rows: (o) => o.links_updated,
      columns: COLUMNS,
      footer: (o) => o.errors.map((e) => `Failed: ${e.id}: ${e.error}`),
      noun: "dev resources updated"
    },
    items: refusedItems((o) => o.links_updated.length, (o) => o.errors.length),
    examples: [
      "design dev-resource update --id 3100000000000000001 --name \"Storybook: Button\"",
      "design dev-resource update --body-file changes.json"
    ]
  }),
  view(devResourceDelete, {
    command: ["dev-resource", "delete"],
    positional: ["file_key", "dev_resource_id"],
    text: { kind: "record" },
    examples: ["design dev-resource delete SbxF1leKey0000Enterpr03 3100000000000000001"]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  "dev-resource": "Dev resources: links on nodes; list, create, update, delete"
}
