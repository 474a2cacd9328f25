/**
 * The rich-text check of `html_notes` and `html_text`: the whole value is one
 * `<body>` element, every tag is an accepted one, and tags nest properly. The
 * service says only `XML is invalid`; the reason is kept for the simulator's
 * own tests and never sent.
 */
const ACCEPTED: ReadonlySet<string> = new Set([
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
  "hr",
  "img"
])

const VOID: ReadonlySet<string> = new Set(["hr", "img"])

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^<>]*?)?)(\/?)>/g

/** null when accepted, else why not. */
export const htmlProblem = (html: string): string | null => {
  const trimmed = html.trim()
  if (!trimmed.startsWith("<body>") || !trimmed.endsWith("</body>")) return "not wrapped in <body>"
  const stack: Array<string> = []
  let last = 0
  for (const match of trimmed.matchAll(TAG)) {
    const between = trimmed.slice(last, match.index)
    if (between.includes("<") || between.includes(">")) return "stray angle bracket"
    last = match.index + match[0].length
    const [, closing, rawName, , selfClosing] = match
    const name = rawName!.toLowerCase()
    if (!ACCEPTED.has(name)) return `<${name}> is not accepted`
    if (VOID.has(name) || selfClosing === "/") continue
    if (closing === "/") {
      if (stack.pop() !== name) return `</${name}> closes nothing open`
    } else {
      if (name === "body" && stack.length > 0) return "<body> inside <body>"
      stack.push(name)
    }
  }
  const rest = trimmed.slice(last)
  if (rest.includes("<") || rest.includes(">")) return "stray angle bracket"
  return stack.length === 0 ? null : `<${stack[stack.length - 1]}> is not closed`
}

export const INVALID_XML = "XML is invalid"

/** Elements that stand on lines of their own: their boundaries become line breaks in the plain text. */
const BLOCK = /<\/?(?:body|h1|h2|h3|ul|ol|li|blockquote|pre|hr)\b[^>]*>/gi

/** Marks a block boundary until runs of them are folded into one line break (text never holds U+0000 here). */
const BREAK = "\u0000"

/**
 * The plain text of accepted rich text, as the service derives `notes` from
 * `html_notes`: each block (heading, list item, quote, rule) on a line of its
 * own, inline tags dropped, the five entities decoded.
 */
export const plainText = (html: string): string =>
  html
    .replace(BLOCK, BREAK)
    .replace(/<[^>]*>/g, "")
    .replace(/\u0000+/g, BREAK)
    .replace(/^\u0000|\u0000$/g, "")
    .replace(/\u0000/g, "\n")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, "\"")
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")

/** Plain text as rich text. */
export const richText = (text: string): string =>
  `<body>${text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</body>`
