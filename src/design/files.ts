/** Files (spec: Files and images). For now the metadata read, which also proves a plan token works. */
import * as Schema from "effect/Schema"
import { pathOf } from "../core/http.js"
import { view } from "../core/view.js"
import { designOperation } from "./define.js"

const FileKey = Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]+$/, { message: () => "must be a file key" }))
  .annotations({ description: "File key" })

const UserRef = Schema.Struct({ id: Schema.String, handle: Schema.String, img_url: Schema.optional(Schema.String) })

export const FileMeta = Schema.Struct({
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

export const fileMeta = designOperation({
  name: "fileMeta",
  group: "files",
  summary: "A file's metadata.",
  input: Schema.Struct({ file_key: FileKey }),
  impact: "read",
  idempotent: true,
  tier: 3,
  subject: (i) => `file ${i.file_key}`,
  request: (i) => ({ method: "GET", path: `/v1/files/${pathOf(i.file_key)}/meta` }),
  response: FileMeta
})

export const fileViews = [
  view(fileMeta, {
    command: ["file", "meta"],
    tool: "design_file_meta",
    positional: ["file_key"],
    text: { kind: "record", record: (o) => ({ ...o.file, creator: o.file.creator?.handle, last_touched_by: o.file.last_touched_by?.handle }) },
    examples: ["design file meta SbxF1leKey0000Sandbox01"]
  })
] as const

export type FileMetadata = typeof FileMeta.Type
