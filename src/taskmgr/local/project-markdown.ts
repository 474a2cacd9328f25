/**
 * A project as one Markdown document: its name, owner, due date and
 * description, then each section in order as a heading with its tasks as a
 * checklist (`- [x]` completed), assignee and due date, notes indented under
 * the task, subtasks nested. Every text comes from the service, so none may
 * change the document's structure: inline text has its line breaks folded and
 * Markdown's punctuation escaped (no heading, emphasis, link, HTML or code
 * span can start inside a name); a notes line is escaped the same way and
 * also loses what would open a block at its start (a list, quote, heading,
 * fence or indented code). Control characters are shown in caret notation
 * (core/visible.ts), as on every terminal output.
 */
import { visible } from "../../core/visible.js"

export interface ExportTask {
  readonly name: string
  readonly completed: boolean
  readonly assignee: string | null
  readonly due_on: string | null
  readonly notes: string
  readonly subtasks: ReadonlyArray<ExportTask>
}

export interface ExportSection {
  readonly name: string
  readonly tasks: ReadonlyArray<ExportTask>
}

export interface ExportProject {
  readonly name: string
  readonly owner: string | null
  readonly due_on: string | null
  readonly notes: string
  readonly sections: ReadonlyArray<ExportSection>
  /** Our own last paragraph (not escaped): why the document is not the whole project, when it is not. */
  readonly note?: string | undefined
}

/** CommonMark lets any ASCII punctuation be escaped; these are the ones that can start structure inline. */
const INLINE_SPECIAL = /[\\`*_{}[\]()<>#!|~&]/g

/** Text for one line of the document: no line breaks, no Markdown syntax. */
export const inlineText = (text: string): string =>
  visible(text.replace(/\s*[\r\n]+\s*/g, " ").trim()).replace(INLINE_SPECIAL, (c) => `\\${c}`)

/** A block starter at the start of a line: a list or thematic break marker, or a setext underline. */
const BLOCK_START = /^[-+=]/
/** An ordered item's marker (`1.`; `1)` is escaped already). */
const ORDERED = /^(\d{1,9})\./

/** One line of notes: leading space dropped (no indented code), escaped, and a block starter defused. */
export const notesLine = (line: string): string => {
  const text = inlineText(line).replace(ORDERED, "$1\\.")
  return BLOCK_START.test(text) ? `\\${text}` : text
}

/** Notes under a list item, `indent` spaces in: paragraphs kept, each line a hard line break. */
const notesBlock = (notes: string, indent: string): Array<string> => {
  const paragraphs = notes.replace(/\r\n?/g, "\n").split(/\n\s*\n/).map((p) =>
    p.split("\n").map(notesLine).filter((l) => l !== "")
  )
    .filter((p) => p.length > 0)
  return paragraphs.flatMap((lines) => ["", ...lines.map((l, i) => `${indent}${l}${i < lines.length - 1 ? "\\" : ""}`)])
}

const taskLines = (task: ExportTask, depth: number): Array<string> => {
  const indent = "  ".repeat(depth)
  const details = [
    task.assignee === null ? undefined : `@${inlineText(task.assignee)}`,
    task.due_on === null ? undefined : `due ${inlineText(task.due_on)}`
  ].filter((d) => d !== undefined)
  const name = inlineText(task.name) || "(untitled)"
  const head = `${indent}- [${task.completed ? "x" : " "}] ${name}${
    details.length === 0 ? "" : ` (${details.join(", ")})`
  }`
  return [
    head,
    ...notesBlock(task.notes, `${indent}  `),
    ...task.subtasks.flatMap((s) => taskLines(s, depth + 1))
  ]
}

export const projectMarkdown = (project: ExportProject): string => {
  const facts = [
    `- Owner: ${project.owner === null ? "none" : inlineText(project.owner)}`,
    `- Due: ${project.due_on === null ? "none" : inlineText(project.due_on)}`
  ]
  const description = notesBlock(project.notes, "")
  const sections = project.sections.flatMap((section) => [
    "",
    `## ${inlineText(section.name) || "(untitled section)"}`,
    "",
    ...(section.tasks.length === 0 ? ["No tasks."] : section.tasks.flatMap((t) => taskLines(t, 0)))
  ])
  const note = project.note === undefined ? [] : ["", "---", "", project.note]
  return [
    `# ${inlineText(project.name) || "(untitled project)"}`,
    "",
    ...facts,
    ...description,
    ...sections,
    ...note,
    ""
  ].join("\n")
}
