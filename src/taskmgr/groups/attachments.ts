/**
 * Attachments of a task (or project): list, get, create, delete. A create
 * is the service's one multipart request: either a local file, checked
 * before anything is sent and streamed from disk as it is uploaded (never
 * read whole), or an external URL with the name it shows under
 * (resource_subtype external).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { invalidInput } from "../../core/errors.js"
import { localPath } from "../../core/fields.js"
import { pathOf } from "../../core/http/pipeline.js"
import { checkUploadFile } from "../../core/local-files.js"
import { absentIsDone } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { AttachmentCompact } from "../records/record-schemas.js"
import { columnsOf, Gid, GidOrUrl, NonBlank } from "../records/records.js"
import { Attachment } from "../records/typed-records.js"

const AttachmentGid = Gid.annotations({ description: "The attachment's gid" })
const Parent = GidOrUrl.annotations({ description: "Task (or project): gid or URL" })
const WebUrl = Schema.String.pipe(Schema.pattern(/^https?:\/\/\S+$/, { message: () => "must be an http(s) URL" }))
  .annotations({ jsonSchema: {}, description: "External link (needs name)" })

/** What the service is told a file is: the uploader need not know; the service sniffs it anyway. */
const OCTET_STREAM = "application/octet-stream"

/** The last part of a file path, on any platform (no node:path: the library runs in browsers too). */
const fileName = (path: string) => path.split(/[\\/]/).filter((part) => part !== "").pop() ?? path

export const attachmentList = taskmgrList({
  name: "attachmentList",
  group: "attachments",
  summary: "Attachments of a task or project.",
  input: Schema.Struct({ parent: Parent, ...listFields }),
  gids: { parent: "any" },
  subject: (i) => `attachments of ${i.parent}`,
  request: (i) => ({ method: "GET", path: "/attachments", query: { parent: i.parent } }),
  item: AttachmentCompact,
  defaultFields: ["name", "resource_subtype", "size"],
  itemsKey: "attachments"
})

export const attachmentGet = taskmgrOperation({
  name: "attachmentGet",
  group: "attachments",
  summary: "One attachment.",
  input: Schema.Struct({ attachment_gid: AttachmentGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `attachment ${i.attachment_gid}`,
  request: (i) => ({ method: "GET", path: `/attachments/${pathOf(i.attachment_gid)}` }),
  data: Attachment
})

export const attachmentCreate = taskmgrOperation({
  name: "attachmentCreate",
  group: "attachments",
  summary: "Attach a local file (uploaded) or an external URL to a task.",
  input: Schema.Struct({
    parent: Parent,
    file: Schema.optional(
      NonBlank.annotations({
        ...localPath({ access: "read", kind: "file", sent: true }),
        description: "Local file path to upload"
      })
    ),
    url: Schema.optional(WebUrl),
    name: Schema.optional(NonBlank.annotations({ description: "Name shown (default: file name)" }))
  }),
  impact: "write",
  idempotent: false,
  gids: { parent: "any" },
  subject: (i) => `attachment on ${i.parent}`,
  request: (i) =>
    Effect.gen(function*() {
      if (i.file !== undefined && i.url !== undefined) {
        return yield* Effect.fail(invalidInput("Give file or url, not both.", "file", "url"))
      }
      if (i.url !== undefined) {
        if (i.name === undefined) {
          return yield* Effect.fail(invalidInput("url: an external link also needs name.", "name"))
        }
        return {
          method: "POST" as const,
          path: "/attachments",
          body: {
            _tag: "multipart" as const,
            fields: { parent: i.parent, resource_subtype: "external", url: i.url, name: i.name }
          }
        }
      }
      if (i.file === undefined) {
        return yield* Effect.fail(invalidInput("Give file (a path to upload) or url (with name).", "file", "url"))
      }
      const file = yield* checkUploadFile(i.file, { label: "file", field: "file" })
      const name = i.name ?? fileName(file.path)
      return {
        method: "POST" as const,
        path: "/attachments",
        body: {
          _tag: "multipart" as const,
          fields: { parent: i.parent, name },
          file: { field: "file", path: file.path, name, size: file.size, contentType: OCTET_STREAM }
        }
      }
    }),
  data: Attachment
})

export const attachmentDelete = absentIsDone(
  taskmgrOperation({
    name: "attachmentDelete",
    group: "attachments",
    summary: "Delete an attachment.",
    input: Schema.Struct({ attachment_gid: AttachmentGid }),
    impact: "destroy",
    idempotent: true,
    subject: (i) => `attachment ${i.attachment_gid}`,
    request: (i) => ({ method: "DELETE", path: `/attachments/${pathOf(i.attachment_gid)}` }),
    data: Schema.Struct({})
  }),
  (i) => ({ attachment_gid: i.attachment_gid })
)

const COLUMNS = ["gid", "name", "resource_subtype", "size"] as const

export const views = [
  view(attachmentList, {
    command: ["attachment", "list"],
    positional: ["parent"],
    valueNames: { parent: "GID|URL" },
    text: {
      kind: "table",
      rows: (o) => o.items.map((a) => columnsOf(a, COLUMNS)),
      columns: COLUMNS,
      noun: "attachments"
    },
    examples: ["taskmgr attachment list 1200000000000601"]
  }),
  view(attachmentGet, {
    command: ["attachment", "get"],
    positional: ["attachment_gid"],
    text: { kind: "record" },
    examples: ["taskmgr attachment get 1200000000000901"]
  }),
  view(attachmentCreate, {
    command: ["attachment", "create"],
    positional: ["parent"],
    valueNames: { parent: "GID|URL", file: "PATH", url: "URL" },
    text: { kind: "record" },
    examples: [
      "taskmgr attachment create 1200000000000601 --file ./report.pdf",
      "taskmgr attachment create 1200000000000601 --url https://example.com/spec --name 'The spec'"
    ]
  }),
  view(attachmentDelete, {
    command: ["attachment", "delete"],
    positional: ["attachment_gid"],
    text: { kind: "record" },
    examples: ["taskmgr attachment delete 1200000000000901"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  attachment: "Files and links attached to tasks: list, get, upload or link, delete"
}
