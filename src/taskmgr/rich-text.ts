/**
 * `html_notes` and `html_text` are checked before sending: the service
 * answers only "XML is invalid", so the wrapper says which tag is wrong.
 */
import * as Schema from "effect/Schema"

const ACCEPTED = new Set([
  "body",
  "strong",
  "em",
  "u",
  "s",
  "code",
  "ol",
  "ul",
  "li",
  "a",
  "blockquote",
  "pre",
  "h1",
  "h2",
  "h3",
  "hr"
])
const VOID = new Set(["hr"])

/** Why the text would be refused, or undefined when it is acceptable. */
export const richTextProblem = (html: string): string | undefined => {
  const trimmed = html.trim()
  if (!/^<body(\s[^>]*)?>/.test(trimmed) || !trimmed.endsWith("</body>")) return "must be wrapped in <body>…</body>"
  const open: Array<string> = []
  for (const match of trimmed.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*?)(\/?)>/g)) {
    const [, closing, rawName, , selfClosing] = match
    const name = rawName!.toLowerCase()
    if (!ACCEPTED.has(name)) {
      return `<${name}> is not accepted (accepted: ${
        [...ACCEPTED].filter((t) => t !== "body").map((t) => `<${t}>`).join(" ")
      })`
    }
    if (VOID.has(name) || selfClosing === "/") continue
    if (closing === "") open.push(name)
    else if (open.pop() !== name) return `</${name}> does not close the element opened before it`
  }
  return open.length === 0 ? undefined : `<${open[open.length - 1]}> is never closed`
}

export const RichText = Schema.String.pipe(Schema.filter((html) => richTextProblem(html) ?? true))

/** What rich text may hold, in words for help and tool listings (the same set the check above accepts). */
const RICH_TEXT_WORDS = `<body>…</body> with only ${[...ACCEPTED].filter((t) => t !== "body").join(" ")} tags`

/** `html_notes` of tasks, projects and goals: one description, so a tool listing says it once. */
export const HtmlNotes = RichText.annotations({ description: `Rich text: ${RICH_TEXT_WORDS}; not with notes` })

/** `html_text` of comments, stories and status updates. */
export const HtmlText = RichText.annotations({ description: `Rich text: ${RICH_TEXT_WORDS}; not with text` })
