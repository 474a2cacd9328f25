/**
 * Comment templates (wrapper-only): `{task.name}`, `{task.assignee}`,
 * `{task.due_on}` and `{task.notes}` filled from the task commented on. A
 * placeholder is a name in braces (`{word.word}`); `{{` and `}}` write a brace.
 * Any other placeholder is refused by name before anything is sent, so a typo
 * never reaches a task's feed.
 *
 * In `html_text` the values are the task's text, written by anyone who can
 * edit the task, so they are escaped for the place they land in: text, or a
 * quoted attribute value (`'` and `"` both escaped). A placeholder anywhere
 * escaping cannot make safe (a tag or attribute name, an unquoted value, an
 * event handler or style, a comment, a script) is refused with the template,
 * before the task is read; and a link or source whose scheme a value decides
 * (`<a href="{task.notes}">`) must come out http(s) or mailto, or nothing is
 * sent.
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

/**
 * Where the first brace stands that is neither part of a placeholder nor a
 * doubled brace (`{task.name` unclosed, `{ task.name }` spaced), as a
 * 1-based column; undefined when there is none.
 */
export const loneBrace = (template: string): { readonly brace: string; readonly column: number } | undefined => {
  let from = 0
  for (const m of template.matchAll(TOKEN)) {
    const lone = firstBrace(template, from, m.index)
    if (lone !== undefined) return lone
    from = m.index + m[0].length
  }
  return firstBrace(template, from, template.length)
}

const firstBrace = (template: string, from: number, to: number) => {
  for (let i = from; i < to; i++) {
    const c = template[i]
    if (c === "{" || c === "}") return { brace: c, column: i + 1 }
  }
  return undefined
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

/** For html_text: a value is text, never markup, in text and in either kind of quoted attribute value. */
export const escapeHtml = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(
    /'/g,
    "&#39;"
  )

// ---- where a placeholder lands in HTML ----------------------------------------------------

type Part = { readonly text: string } | { readonly placeholder: TemplatePlaceholder }

/** The template as literal text and known placeholders (`{{`/`}}` are text; unknown names are refused earlier). */
const partsOf = (template: string): Array<Part> => {
  const parts: Array<Part> = []
  let at = 0
  for (const m of template.matchAll(TOKEN)) {
    if (m.index > at) parts.push({ text: template.slice(at, m.index) })
    const name = m[1]
    parts.push(
      m[0] === "{{" ? { text: "{" } : m[0] === "}}" ? { text: "}" } : isKnown(name!) ? { placeholder: name } : {
        text: m[0]
      }
    )
    at = m.index + m[0].length
  }
  if (at < template.length) parts.push({ text: template.slice(at) })
  return parts
}

type State =
  | "text"
  | "tag-open"
  | "tag-name"
  | "end-tag"
  | "before-attribute"
  | "attribute-name"
  | "after-attribute-name"
  | "before-value"
  | "value-double"
  | "value-single"
  | "value-unquoted"
  | "comment"
  | "raw-text"

/** Elements whose content is not text but code or CSS: no value may land there. */
const RAW_TEXT = new Set(["script", "style"])
/** Attributes whose value is a URL: a value that decides its scheme must make it http(s) or mailto. */
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "srcset",
  "action",
  "formaction",
  "cite",
  "poster",
  "background",
  "data",
  "xlink:href"
])
const SAFE_SCHEME = /^(https?|mailto):/i
const SPACE = /[\t\n\f\r ]/

/** A quoted attribute value being read: its name, its literal start, and what it holds once filled. */
interface OpenValue {
  readonly name: string
  /** The literal text before its first placeholder, if it has one yet. */
  prefix: string
  filled: string
  placeholder: TemplatePlaceholder | undefined
}

/**
 * A small HTML tokenizer over the template's literal text (the states of
 * HTML's own that matter here), told of each placeholder where it lands.
 */
class HtmlReader {
  state: State = "text"
  private tag = ""
  private attribute = ""
  private recent = ""
  /** The first two characters after `<!`: `--` opens a comment that only `-->` ends. */
  private commentHead = ""
  value: OpenValue | undefined

  constructor(private readonly onValueEnd: (value: OpenValue) => void) {}

  /** One literal character of the template. */
  char(c: string): void {
    this.recent = (this.recent + c).slice(-9).toLowerCase()
    if (this.value !== undefined) {
      if (this.value.placeholder === undefined) this.value.prefix += c
      this.value.filled += c
    }
    switch (this.state) {
      case "text":
        if (c === "<") this.state = "tag-open"
        return
      case "tag-open":
        if (c === "!") {
          this.state = "comment"
          this.commentHead = ""
        } else if (c === "/") this.state = "end-tag"
        else if (/[a-z]/i.test(c)) {
          this.state = "tag-name"
          this.tag = c.toLowerCase()
        } else this.state = "text"
        return
      case "tag-name":
        if (SPACE.test(c) || c === "/") this.state = "before-attribute"
        else if (c === ">") this.endTag()
        else this.tag += c.toLowerCase()
        return
      case "end-tag":
        if (c === ">") this.state = "text"
        return
      case "before-attribute":
      case "after-attribute-name":
        if (c === ">") this.endTag()
        else if (c === "=" && this.state === "after-attribute-name") this.state = "before-value"
        else if (!SPACE.test(c) && c !== "/") {
          this.state = "attribute-name"
          this.attribute = c.toLowerCase()
        }
        return
      case "attribute-name":
        if (SPACE.test(c)) this.state = "after-attribute-name"
        else if (c === "=") this.state = "before-value"
        else if (c === ">") this.endTag()
        else if (c === "/") this.state = "before-attribute"
        else this.attribute += c.toLowerCase()
        return
      case "before-value":
        if (c === "\"" || c === "'") {
          this.state = c === "\"" ? "value-double" : "value-single"
          this.value = { name: this.attribute, prefix: "", filled: "", placeholder: undefined }
        } else if (c === ">") this.endTag()
        else if (!SPACE.test(c)) this.state = "value-unquoted"
        return
      case "value-double":
      case "value-single":
        if (c === (this.state === "value-double" ? "\"" : "'")) {
          const value = this.value!
          value.filled = value.filled.slice(0, -1)
          if (value.placeholder === undefined) value.prefix = value.prefix.slice(0, -1)
          this.value = undefined
          this.state = "before-attribute"
          this.onValueEnd(value)
        }
        return
      case "value-unquoted":
        if (SPACE.test(c)) this.state = "before-attribute"
        else if (c === ">") this.endTag()
        return
      case "comment":
        if (this.commentHead.length < 2) this.commentHead += c
        // `<!-- ... -->` ends at `-->` (`<!-->` too, as in HTML); any other `<!...>` at its first `>`.
        if (c === ">" && (this.commentHead !== "--" || this.recent.endsWith("-->"))) this.state = "text"
        return
      case "raw-text":
        if (this.recent.endsWith(`</${this.tag}`)) this.state = "end-tag"
        return
    }
  }

  private endTag() {
    this.state = RAW_TEXT.has(this.tag) ? "raw-text" : "text"
  }

  /** Where a placeholder lands now: undefined when escaping keeps its value text, else why it cannot. */
  refusal(): string | undefined {
    if (this.state === "text") return undefined
    if (this.state === "value-double" || this.state === "value-single") {
      const name = this.value!.name
      if (name.startsWith("on")) return `inside the ${name} attribute, whose value is code`
      if (name === "style") return "inside a style attribute, whose value is CSS"
      return undefined
    }
    return this.state === "value-unquoted" || this.state === "before-value"
      ? "in an unquoted attribute value (quote it)"
      : this.state === "comment"
      ? "inside an HTML comment"
      : this.state === "raw-text"
      ? `inside <${this.tag}>, whose content is not text`
      : "inside a tag, outside a quoted attribute value"
  }
}

/** The first place an html template puts a placeholder that escaping cannot make safe, said for the message. */
const unsafePlacement = (template: string): string | undefined => {
  const reader = new HtmlReader(() => {})
  for (const part of partsOf(template)) {
    if ("text" in part) {
      for (const c of part.text) reader.char(c)
      continue
    }
    const why = reader.refusal()
    if (why !== undefined) return `{${part.placeholder}} is ${why}`
    if (reader.value !== undefined) reader.value.placeholder ??= part.placeholder
  }
  return undefined
}

/**
 * Refuses a template with an unknown placeholder, naming it and the field it
 * is in; an `html` one also where a placeholder lands where escaping cannot
 * keep its value text.
 */
export const checkTemplate = (
  template: string | undefined,
  field: string,
  kind: "text" | "html" = "text"
): Effect.Effect<void, InvalidInputError> => {
  if (template === undefined) return Effect.void
  const unknown = unknownPlaceholders(template)
  if (unknown.length > 0) {
    const names = unknown.map((n) => `{${n}}`).join(", ")
    return Effect.fail(invalidInput(
      `${field}: unknown placeholder${unknown.length === 1 ? "" : "s"} ${names}; a template may use ${
        TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(", ")
      } (write {{ and }} for braces).`,
      field
    ))
  }
  const lone = loneBrace(template)
  if (lone !== undefined) {
    return Effect.fail(invalidInput(
      `${field}: the "${lone.brace}" at column ${lone.column} is neither a placeholder nor a brace; write ` +
        `{{ or }} for a brace, or a placeholder whole, without spaces: {task.name}.`,
      field
    ))
  }
  const unsafe = kind === "html" ? unsafePlacement(template) : undefined
  return unsafe === undefined ? Effect.void : Effect.fail(invalidInput(
    `${field}: ${unsafe}; a placeholder may stand in text or in a quoted attribute value.`,
    field
  ))
}

/**
 * An html template filled: each value escaped for where it lands; a URL
 * attribute whose scheme a value decides must come out http(s) or mailto.
 * The template was checked (checkTemplate with "html").
 */
export const fillHtmlTemplate = (
  template: string,
  values: TemplateValues,
  field: string
): Effect.Effect<string, InvalidInputError> => {
  let refused: string | undefined
  const reader = new HtmlReader((value) => {
    if (refused !== undefined || value.placeholder === undefined || !URL_ATTRIBUTES.has(value.name)) return
    // A scheme ends before any of these: once the template wrote one, no value can choose the scheme.
    if (/[:/?#]/.test(value.prefix)) return
    // Browsers drop spaces and controls around a URL and tabs and line breaks inside it.
    if (!SAFE_SCHEME.test(value.filled.replace(/[\x00-\x20\x7f]/g, ""))) {
      refused =
        `${field}: {${value.placeholder}} makes the ${value.name} of a tag a link that is not http(s) or mailto.`
    }
  })
  let out = ""
  for (const part of partsOf(template)) {
    if ("text" in part) {
      for (const c of part.text) reader.char(c)
      out += part.text
      continue
    }
    const value = values[part.placeholder]
    if (reader.value !== undefined) {
      reader.value.placeholder ??= part.placeholder
      reader.value.filled += value
    }
    out += escapeHtml(value)
  }
  return refused === undefined ? Effect.succeed(out) : Effect.fail(invalidInput(refused, field))
}
