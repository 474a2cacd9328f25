/**
 * Tags: the tags of a workspace, one tag, create, update, delete; the tasks
 * of a tag; tagging and untagging a task; and the tags of a task.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { invalidInput } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone, linking, type LinkKind, linkResult } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { columnsOf, Gid, GidOrUrl } from "../records/records.js"
import { Tag, Task } from "../records/typed-records.js"
import { gidNamed, Ref } from "../refs.js"
import { workspaceOf } from "./people.js"
import { COLOR_WORDS } from "./portfolios.js"

const Workspace = Schema.optional(Gid.annotations({ description: "The workspace (default: the configured one)" }))
const TagGid = Ref("tag")
const TaskRef = GidOrUrl.annotations({ description: "Gid or URL" })
const Name = Schema.String.pipe(Schema.filter((s) => s.trim() !== "" || "must not be empty"))
const Color = Schema.String.pipe(
  Schema.pattern(/^[a-z]+(-[a-z]+)*$/, { message: () => "must be a colour name such as dark-red or light-blue" })
)
  .annotations({ description: COLOR_WORDS })

/** What a write answering `{data: {}}` reports instead. */
const Empty = Schema.Struct({})

export const tagList = taskmgrList({
  name: "tagList",
  group: "tags",
  summary: "Tags of a workspace.",
  input: Schema.Struct({ workspace_gid: Workspace, ...listFields }),
  subject: (i) => `tags of workspace ${i.workspace_gid ?? ""}`.trim(),
  request: (i, client) =>
    Effect.map(
      workspaceOf(client, i.workspace_gid),
      (w) => ({ method: "GET" as const, path: `/workspaces/${pathOf(w)}/tags` })
    ),
  item: Tag,
  defaultFields: ["name", "color"],
  itemsKey: "tags"
})

export const tagGet = taskmgrOperation({
  name: "tagGet",
  group: "tags",
  summary: "One tag.",
  input: Schema.Struct({ tag_gid: TagGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `tag ${i.tag_gid}`,
  request: (i) => ({ method: "GET", path: `/tags/${pathOf(i.tag_gid)}` }),
  data: Tag
})

export const tagCreate = taskmgrOperation({
  name: "tagCreate",
  group: "tags",
  summary: "Create a tag in a workspace.",
  input: Schema.Struct({
    name: Name.annotations({ description: "Tag name" }),
    color: Schema.optional(Color),
    notes: Schema.optional(Schema.String.annotations({ description: "Free text about the tag" })),
    workspace_gid: Workspace
  }),
  impact: "write",
  idempotent: false,
  subject: (i) => `tag "${i.name}"`,
  request: (i, client) =>
    Effect.map(workspaceOf(client, i.workspace_gid), (w) => ({
      method: "POST" as const,
      path: `/workspaces/${pathOf(w)}/tags`,
      body: dataBody({ name: i.name, color: i.color, notes: i.notes })
    })),
  data: Tag
})

export const tagUpdate = taskmgrOperation({
  name: "tagUpdate",
  group: "tags",
  summary: "Change a tag's name, colour or notes.",
  input: Schema.Struct({
    tag_gid: TagGid,
    name: Schema.optional(Name.annotations({ description: "New name" })),
    color: Schema.optional(Color),
    notes: Schema.optional(Schema.String.annotations({ description: "New notes" }))
  }),
  impact: "write",
  idempotent: true,
  subject: (i) => `tag ${i.tag_gid}`,
  request: (i) =>
    i.name === undefined && i.color === undefined && i.notes === undefined
      ? Effect.fail(invalidInput("Nothing to change: give a name, color or notes.", "name", "color", "notes"))
      : Effect.succeed({
        method: "PUT" as const,
        path: `/tags/${pathOf(i.tag_gid)}`,
        body: dataBody({ name: i.name, color: i.color, notes: i.notes })
      }),
  data: Tag
})

export const tagDelete = absentIsDone(
  taskmgrOperation({
    name: "tagDelete",
    group: "tags",
    summary: "Delete a tag (it is removed from every task.",
    input: Schema.Struct({ tag_gid: TagGid }),
    impact: "destroy",
    idempotent: true,
    subject: (i) => `tag ${i.tag_gid}`,
    request: (i) => ({ method: "DELETE", path: `/tags/${pathOf(i.tag_gid)}` }),
    data: Empty
  }),
  (i) => ({ tag_gid: gidNamed(i.tag_gid, "tag") })
)

export const tagTaskList = taskmgrList({
  name: "tagTaskList",
  group: "tags",
  summary: "Tasks that carry a tag.",
  input: Schema.Struct({ tag_gid: TagGid, ...listFields }),
  subject: (i) => `tasks of tag ${i.tag_gid}`,
  request: (i) => ({ method: "GET", path: `/tags/${pathOf(i.tag_gid)}/tasks` }),
  item: Task,
  defaultFields: ["name", "completed", "due_on"],
  itemsKey: "tasks"
})

const link = <K extends LinkKind>(name: string, summary: string, kind: K, verb: "addTag" | "removeTag") =>
  linking(
    kind,
    taskmgrOperation({
      name,
      group: "tags",
      summary,
      input: Schema.Struct({ task_gid: TaskRef, tag: TagGid }),
      impact: "write",
      idempotent: true,
      gids: { task_gid: "task" },
      subject: (i) => `task ${i.task_gid}`,
      request: (i) => ({
        method: "POST",
        path: `/tasks/${pathOf(i.task_gid)}/${verb}`,
        body: dataBody({ tag: i.tag })
      }),
      data: Empty,
      // The link names the task by gid, also when it was given as a URL (`result` sees the resolved input).
      result: (_, i) => linkResult(kind, { task_gid: i.task_gid, tag: i.tag })
    })
  )

export const tagTaskAdd = link("tagTaskAdd", "Tag a task.", "link", "addTag")
export const tagTaskRemove = link("tagTaskRemove", "Take a tag off a task.", "unlink", "removeTag")

export const tagTasks = taskmgrList({
  name: "tagTasks",
  group: "tags",
  summary: "The tags of a task.",
  input: Schema.Struct({ task_gid: TaskRef, ...listFields }),
  gids: { task_gid: "task" },
  subject: (i) => `tags of task ${i.task_gid}`,
  request: (i) => ({ method: "GET", path: `/tasks/${pathOf(i.task_gid)}/tags` }),
  item: Tag,
  defaultFields: ["name", "color"],
  itemsKey: "tags"
})

const rows = (columns: ReadonlyArray<string>) => (o: { readonly items: ReadonlyArray<object> }) =>
  o.items.map((item) => columnsOf(item, columns))

const TASK = "GID|URL"

export const views = [
  view(tagList, {
    command: ["tag", "list"],
    text: { kind: "table", rows: rows(["gid", "name", "color"]), columns: ["gid", "name", "color"], noun: "tags" },
    examples: ["taskmgr tag list", "taskmgr tag list --workspace-gid 1200000000000101 --all"]
  }),
  view(tagGet, {
    command: ["tag", "get"],
    positional: ["tag_gid"],
    text: { kind: "record" },
    examples: ["taskmgr tag get 1200000000000501"]
  }),
  view(tagCreate, {
    command: ["tag", "create"],
    positional: ["name"],
    text: { kind: "record" },
    examples: ["taskmgr tag create blocked --color dark-red --notes 'Waiting on someone'"]
  }),
  view(tagUpdate, {
    command: ["tag", "update"],
    positional: ["tag_gid"],
    text: { kind: "record" },
    examples: ["taskmgr tag update 1200000000000501 --name urgent! --color light-red"]
  }),
  view(tagDelete, {
    command: ["tag", "delete"],
    positional: ["tag_gid"],
    text: { kind: "record" },
    examples: ["taskmgr tag delete 1200000000000502"]
  }),
  view(tagTaskList, {
    command: ["tag", "task", "list"],
    positional: ["tag_gid"],
    text: {
      kind: "table",
      rows: rows(["gid", "name", "completed", "due_on"]),
      columns: ["gid", "name", "completed", "due_on"],
      noun: "tasks"
    },
    examples: ["taskmgr tag task list 1200000000000501"]
  }),
  view(tagTaskAdd, {
    command: ["tag", "task", "add"],
    positional: ["task_gid"],
    valueNames: { task_gid: TASK },
    text: { kind: "record" },
    examples: ["taskmgr tag task add 1200000000000601 --tag 1200000000000502"]
  }),
  view(tagTaskRemove, {
    command: ["tag", "task", "remove"],
    positional: ["task_gid"],
    valueNames: { task_gid: TASK },
    text: { kind: "record" },
    examples: [
      "taskmgr tag task remove https://app.example.com/0/1200000000000301/1200000000000601 --tag 1200000000000501"
    ]
  }),
  view(tagTasks, {
    command: ["tag", "tasks"],
    positional: ["task_gid"],
    valueNames: { task_gid: TASK },
    text: { kind: "table", rows: rows(["gid", "name", "color"]), columns: ["gid", "name", "color"], noun: "tags" },
    examples: ["taskmgr tag tasks 1200000000000601"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  tag: "Tags, the tasks they mark, and the tags of a task",
  "tag task": "The tasks of a tag: list, add, remove"
}
