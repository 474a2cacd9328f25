/**
 * Sections: list a project's, get, create, rename, move (reorder within the
 * project), delete (the service deletes only an empty section, never a
 * project's last), and put a task into a section. Project and task arguments
 * take a gid or a URL; a section has no URL of its own, so it takes a gid.
 */
import * as Schema from "effect/Schema"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone, linking, linkResult } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { notBoth, rules, someOf } from "../input-rules.js"
import { Gid, GidOrUrl, NonBlank } from "../records/records.js"
import { Section } from "../records/typed-records.js"

const ProjectGid = GidOrUrl.annotations({ description: "Gid or URL" })
const SectionGid = Gid.annotations({ description: "The section's gid" })
const TaskGid = GidOrUrl.annotations({ description: "Task gid or URL" })
const Name = NonBlank.annotations({ description: "Section name" })

export const sectionList = taskmgrList({
  name: "sectionList",
  group: "sections",
  summary: "Sections of a project, in order.",
  input: Schema.Struct({ project_gid: ProjectGid, ...listFields }),
  gids: { project_gid: "project" },
  subject: (i) => `sections of project ${i.project_gid}`,
  request: (i) => ({ method: "GET", path: `/projects/${pathOf(i.project_gid)}/sections` }),
  item: Section,
  defaultFields: ["name", "created_at"],
  itemsKey: "sections"
})

export const sectionGet = taskmgrOperation({
  name: "sectionGet",
  group: "sections",
  summary: "One section.",
  input: Schema.Struct({ section_gid: SectionGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `section ${i.section_gid}`,
  request: (i) => ({ method: "GET", path: `/sections/${pathOf(i.section_gid)}` }),
  data: Section
})

export const sectionCreate = taskmgrOperation({
  name: "sectionCreate",
  group: "sections",
  summary: "Add a section to a project (last, or before or after a section).",
  input: Schema.Struct({
    project_gid: ProjectGid,
    name: Name,
    insert_before: Schema.optional(SectionGid.annotations({ description: "Place it before this section" })),
    insert_after: Schema.optional(SectionGid.annotations({ description: "Place it after this section" }))
  }).pipe(Schema.filter(rules(notBoth("insert_before", "insert_after")))),
  impact: "write",
  idempotent: false,
  gids: { project_gid: "project" },
  subject: (i) => `new section "${i.name}" in project ${i.project_gid}`,
  request: (i) => ({
    method: "POST",
    path: `/projects/${pathOf(i.project_gid)}/sections`,
    body: dataBody({ name: i.name, insert_before: i.insert_before, insert_after: i.insert_after })
  }),
  data: Section
})

export const sectionUpdate = taskmgrOperation({
  name: "sectionUpdate",
  group: "sections",
  summary: "Rename a section (or place it before or after another).",
  input: Schema.Struct({
    section_gid: SectionGid,
    name: Schema.optional(Name.annotations({ description: "New name" })),
    insert_before: Schema.optional(SectionGid.annotations({ description: "Place it before this section" })),
    insert_after: Schema.optional(SectionGid.annotations({ description: "Place it after this section" }))
  }).pipe(
    Schema.filter(
      rules(
        someOf(["name", "insert_before", "insert_after"], "nothing to update"),
        notBoth("insert_before", "insert_after")
      )
    )
  ),
  impact: "write",
  idempotent: true,
  subject: (i) => `section ${i.section_gid}`,
  request: (i) => ({
    method: "PUT",
    path: `/sections/${pathOf(i.section_gid)}`,
    body: dataBody({ name: i.name, insert_before: i.insert_before, insert_after: i.insert_after })
  }),
  data: Section
})

export const sectionMove = linking(
  "link",
  taskmgrOperation({
    name: "sectionMove",
    group: "sections",
    summary: "Move a section before or after another section of its project.",
    input: Schema.Struct({
      project_gid: ProjectGid,
      section: SectionGid.annotations({ description: "The section to move" }),
      before_section: Schema.optional(SectionGid.annotations({ description: "Move it before this section" })),
      after_section: Schema.optional(SectionGid.annotations({ description: "Move it after this section" }))
    }).pipe(Schema.filter(rules(
      someOf(["before_section", "after_section"], "where the section goes"),
      notBoth("before_section", "after_section"),
      (input) => {
        const i = input as {
          readonly section: string
          readonly before_section?: string
          readonly after_section?: string
        }
        return i.section === (i.before_section ?? i.after_section)
          ? { path: ["section"], message: "a section cannot be placed next to itself" }
          : undefined
      }
    ))),
    impact: "write",
    idempotent: true,
    gids: { project_gid: "project" },
    subject: (i) => `section ${i.section} of project ${i.project_gid}`,
    request: (i) => ({
      method: "POST",
      path: `/projects/${pathOf(i.project_gid)}/sections/insert`,
      body: dataBody({ section: i.section, before_section: i.before_section, after_section: i.after_section })
    }),
    data: Schema.Struct({}),
    // A section's place in its project is its link to it.
    result: (_, i) =>
      linkResult("link", {
        project_gid: i.project_gid,
        section: i.section,
        before_section: i.before_section,
        after_section: i.after_section
      })
  })
)

export const sectionDelete = absentIsDone(
  taskmgrOperation({
    name: "sectionDelete",
    group: "sections",
    summary: "Delete an empty section.",
    input: Schema.Struct({ section_gid: SectionGid }),
    impact: "destroy",
    idempotent: true,
    subject: (i) => `section ${i.section_gid}`,
    request: (i) => ({ method: "DELETE", path: `/sections/${pathOf(i.section_gid)}` }),
    data: Schema.Struct({})
  }),
  (i) => ({ section_gid: i.section_gid })
)

export const sectionTaskAdd = linking(
  "link",
  taskmgrOperation({
    name: "sectionTaskAdd",
    group: "sections",
    summary: "Put a task into a section (and its project), first or before/after a task.",
    input: Schema.Struct({
      section_gid: SectionGid,
      task: TaskGid,
      insert_before: Schema.optional(TaskGid.annotations({ description: "Place it before this task of the section" })),
      insert_after: Schema.optional(TaskGid.annotations({ description: "Place it after this task of the section" }))
    }).pipe(Schema.filter(rules(notBoth("insert_before", "insert_after")))),
    impact: "write",
    idempotent: true,
    gids: { task: "task", insert_before: "task", insert_after: "task" },
    subject: (i) => `task ${i.task} into section ${i.section_gid}`,
    request: (i) => ({
      method: "POST",
      path: `/sections/${pathOf(i.section_gid)}/addTask`,
      body: dataBody({ task: i.task, insert_before: i.insert_before, insert_after: i.insert_after })
    }),
    data: Schema.Struct({}),
    result: (_, i) =>
      linkResult("link", {
        section_gid: i.section_gid,
        task: i.task,
        insert_before: i.insert_before,
        insert_after: i.insert_after
      })
  })
)

const sectionRows = (items: ReadonlyArray<Section>) => items.map((s) => ({ gid: s.gid, name: s.name }))

export const views = [
  view(sectionList, {
    command: ["section", "list"],
    positional: ["project_gid"],
    text: { kind: "table", rows: (o) => sectionRows(o.items), columns: ["gid", "name"], noun: "sections" },
    examples: [
      "taskmgr section list 1200000000000301",
      "taskmgr section list https://app.example.com/0/1200000000000301/board"
    ]
  }),
  view(sectionGet, {
    command: ["section", "get"],
    positional: ["section_gid"],
    text: { kind: "record" },
    examples: ["taskmgr section get 1200000000000401"]
  }),
  view(sectionCreate, {
    command: ["section", "create"],
    positional: ["project_gid", "name"],
    valueNames: { insert_before: "GID", insert_after: "GID" },
    text: { kind: "record" },
    examples: [
      "taskmgr section create 1200000000000301 Review",
      "taskmgr section create 1200000000000301 Blocked --insert-after 1200000000000402"
    ]
  }),
  view(sectionUpdate, {
    command: ["section", "update"],
    positional: ["section_gid"],
    valueNames: { insert_before: "GID", insert_after: "GID" },
    text: { kind: "record" },
    examples: ["taskmgr section update 1200000000000402 --name 'In progress'"]
  }),
  view(sectionMove, {
    command: ["section", "move"],
    positional: ["project_gid"],
    valueNames: { section: "GID", before_section: "GID", after_section: "GID" },
    text: { kind: "record" },
    examples: ["taskmgr section move 1200000000000301 --section 1200000000000403 --before-section 1200000000000401"]
  }),
  view(sectionDelete, {
    command: ["section", "delete"],
    positional: ["section_gid"],
    text: { kind: "record" },
    examples: ["taskmgr section delete 1200000000000403"]
  }),
  view(sectionTaskAdd, {
    command: ["section", "task", "add"],
    help:
      "Put a task into a section (adding it to the section's project if needed), at the top or before or after a task.",
    positional: ["section_gid", "task"],
    valueNames: { insert_before: "GID|URL", insert_after: "GID|URL" },
    text: { kind: "record" },
    examples: [
      "taskmgr section task add 1200000000000402 1200000000000601",
      "taskmgr section task add 1200000000000402 https://app.example.com/0/1200000000000301/1200000000000601 --insert-before 1200000000000604"
    ]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  section: "Sections of a project, and putting tasks into them",
  "section task": "Tasks in a section"
}
