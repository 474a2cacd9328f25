/**
 * Comment templates (wrapper-only): `{task.name}`, `{task.assignee}`,
 * `{task.due_on}` and `{task.notes}` filled from the task commented on. A
 * placeholder is a name in braces (`{word.word}`); `{{` and `}}` write a brace.
 * Any other placeholder is refused by name before anything is sent, so a typo
 * never reaches a task's feed.
 */
import * as Effect from "effect/Effect"
import { invalidInput, type InvalidInputError } from "../../core/errors.js"

export const TEMPLATE_PLACEHOLDERS = ["task.name", "task.assignee", "task.due_on", "task.notes"] as const
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number]
export type TemplateValues = Readonly<Record<TemplatePlaceholder, string>>

const TOKEN = /\{\{|\}\}|\{([A-Za-z_][\w.]*)\}/g

const isKnown = (name: string): name is TemplatePlaceholder =>
  (TEMPLATE_PLACEHOLDERS as ReadonlyArray<string>).includes(name)

/** The placeholders a template uses that are not known, each once, in order. */
export const unknownPlaceholders = (template: string): Array<string> => {
  const unknown: Array<string> = []
  for (const m of template.matchAll(TOKEN)) {
    const name = m[1]
    if (name !== undefined && !isKnown(name) && !unknown.includes(name)) unknown.push(name)
  }
  return unknown
}

/** Refuses a template with an unknown placeholder, naming it and the field it is in. */
export const checkTemplate = (template: string | undefined, field: string): Effect.Effect<void, InvalidInputError> => {
  if (template === undefined) return Effect.void
  const unknown = unknownPlaceholders(template)
  if (unknown.length === 0) return Effect.void
  const names = unknown.map((n) => `{${n}}`).join(", ")
  return Effect.fail(invalidInput(
    `${field}: unknown placeholder${unknown.length === 1 ? "" : "s"} ${names}; a template may use ${
      TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")
    } (write {{ and }} for braces).`,
    field
  ))
}

/** The template with each placeholder replaced by `escape(value)`; `{{` and `}}` become single braces. */
export const fillTemplate = (
  template: string,
  values: TemplateValues,
  escape: (value: string) => string = (v) => v
): string =>
  template.replace(
    TOKEN,
    (whole, name: string | undefined) =>
      whole === "{{" ? "{" : whole === "}}" ? "}" : name !== undefined && isKnown(name) ? escape(values[name]) : whole
  )

/** For html_text: a value is text, never markup. */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")
