/**
 * TODO and FIXME comments in source text, in the comment syntaxes of common
 * languages, chosen by file name. A marker counts only inside a comment: a
 * line comment (`//`, `#`, `--`, `;`, `%`) outside a string literal, or a
 * block comment (`/* *\/`, `<!-- -->`, `{- -}`, `(* *)`), which may span lines.
 * Marker words are upper case, as `rg 'TODO|FIXME'` finds them.
 */

export interface CommentSyntax {
  readonly line: ReadonlyArray<string>
  readonly block: ReadonlyArray<readonly [string, string]>
  /** Quote characters whose literals can hold comment openers that are not comments. */
  readonly quotes: string
}

export interface TodoComment {
  /** 1-based. */
  readonly line: number
  readonly kind: "TODO" | "FIXME"
  /** The comment's words after the marker, or the marker alone when there are none. */
  readonly text: string
  /** The source line, trimmed. */
  readonly source: string
}

const C_LIKE: CommentSyntax = { line: ["//"], block: [["/*", "*/"]], quotes: "\"'`" }
const HASH: CommentSyntax = { line: ["#"], block: [], quotes: "\"'" }
const SQL: CommentSyntax = { line: ["--"], block: [["/*", "*/"]], quotes: "'\"" }
const LUA: CommentSyntax = { line: ["--"], block: [], quotes: "'\"" }
const HASKELL: CommentSyntax = { line: ["--"], block: [["{-", "-}"]], quotes: "\"" }
const MARKUP: CommentSyntax = { line: [], block: [["<!--", "-->"]], quotes: "" }
const CSS: CommentSyntax = { line: [], block: [["/*", "*/"]], quotes: "\"'" }
const SCSS: CommentSyntax = { line: ["//"], block: [["/*", "*/"]], quotes: "\"'" }
const LISP: CommentSyntax = { line: [";"], block: [], quotes: "\"" }
const TEX: CommentSyntax = { line: ["%"], block: [], quotes: "" }
const ERLANG: CommentSyntax = { line: ["%"], block: [], quotes: "\"" }
const ML: CommentSyntax = { line: [], block: [["(*", "*)"]], quotes: "\"" }
const PHP: CommentSyntax = { line: ["//", "#"], block: [["/*", "*/"]], quotes: "\"'" }
const VUE: CommentSyntax = { line: ["//"], block: [["/*", "*/"], ["<!--", "-->"]], quotes: "\"'`" }
const INI: CommentSyntax = { line: [";", "#"], block: [], quotes: "" }

const BY_EXTENSION: ReadonlyMap<string, CommentSyntax> = new Map(Object.entries({
  ...Object.fromEntries(
    [
      "js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "cs", "java", "go",
      "rs", "swift", "kt", "kts", "scala", "dart", "groovy", "gradle", "m", "mm", "zig", "proto", "jsonc", "json5", "sol", "v"
    ].map((e) => [e, C_LIKE])
  ),
  ...Object.fromEntries(
    ["py", "rb", "sh", "bash", "zsh", "fish", "ps1", "pl", "pm", "r", "yaml", "yml", "toml", "cmake", "mk", "tf", "hcl", "nix", "ex", "exs", "jl", "cr", "coffee", "conf", "properties", "dockerfile", "gitignore", "env"]
      .map((e) => [e, HASH])
  ),
  ...Object.fromEntries(["html", "htm", "xml", "svg", "md", "markdown", "xhtml", "vm"].map((e) => [e, MARKUP])),
  ...Object.fromEntries(["vue", "svelte"].map((e) => [e, VUE])),
  ...Object.fromEntries(["lisp", "lsp", "clj", "cljs", "cljc", "edn", "el", "scm", "rkt", "asm", "s"].map((e) => [e, LISP])),
  ...Object.fromEntries(["ml", "mli", "fs", "fsi", "fsx"].map((e) => [e, ML])),
  ...Object.fromEntries(["erl", "hrl"].map((e) => [e, ERLANG])),
  ...Object.fromEntries(["tex", "sty", "cls", "bib"].map((e) => [e, TEX])),
  ...Object.fromEntries(["ini", "cfg"].map((e) => [e, INI])),
  sql: SQL,
  lua: LUA,
  hs: HASKELL,
  elm: HASKELL,
  css: CSS,
  scss: SCSS,
  less: SCSS,
  php: PHP
}))

const BY_NAME: ReadonlyMap<string, CommentSyntax> = new Map(Object.entries({
  makefile: HASH,
  gnumakefile: HASH,
  dockerfile: HASH,
  rakefile: HASH,
  gemfile: HASH,
  justfile: HASH,
  "cmakelists.txt": HASH,
  ".gitignore": HASH,
  ".dockerignore": HASH,
  ".editorconfig": INI,
  ".bashrc": HASH,
  ".zshrc": HASH,
  ".profile": HASH
}))

/** The comment syntax of a file, by its name; undefined for a kind this scanner does not know. */
export const syntaxOf = (fileName: string): CommentSyntax | undefined => {
  const dot = fileName.lastIndexOf(".")
  // Most names have an extension that decides alone; the few whole names are checked only without a match.
  const byExtension = dot <= 0 ? undefined : BY_EXTENSION.get(fileName.slice(dot + 1).toLowerCase())
  return byExtension ?? BY_NAME.get(fileName.toLowerCase())
}

const MARKER = /\b(TODO|FIXME)\b/

/** The comment's words after the marker (its closer already cut off): `TODO(ann): fix it` gives "fix it". */
const wordsAfter = (comment: string): TodoComment | undefined => {
  const found = MARKER.exec(comment)
  if (found === null) return undefined
  const rest = comment.slice(found.index + found[0].length)
  const text = rest.replace(/^\s*(\([^)]*\))?\s*[:\-–]?\s*/, "").replace(/\s*\*+\s*$/, "").trim()
  return { line: 0, kind: found[1] as "TODO" | "FIXME", text: text === "" ? found[1]! : text, source: "" }
}

/**
 * Every TODO or FIXME comment in `text`, at most one a line (the first). A
 * block comment's state carries over lines; a string literal is assumed to
 * end on its line.
 */
export const findTodos = (text: string, syntax: CommentSyntax): Array<TodoComment> =>
  // Without a block opener anywhere, no line's meaning depends on another: only the lines holding a marker are read.
  syntax.block.some(([open]) => text.includes(open)) ? lexAll(text, syntax) : lexMarkerLines(text, syntax)

const MARKERS = /\b(?:TODO|FIXME)\b/g

const lexMarkerLines = (text: string, syntax: CommentSyntax): Array<TodoComment> => {
  const found: Array<TodoComment> = []
  let lineNumber = 1
  let counted = 0
  let after = 0
  MARKERS.lastIndex = 0
  for (let m = MARKERS.exec(text); m !== null; m = MARKERS.exec(text)) {
    if (m.index < after) continue
    const start = text.lastIndexOf("\n", m.index - 1) + 1
    const newline = text.indexOf("\n", m.index)
    const end = newline < 0 ? text.length : newline
    for (let i = text.indexOf("\n", counted); i >= 0 && i < start; i = text.indexOf("\n", i + 1)) lineNumber++
    counted = start
    found.push(...lexAll(text.slice(start, end), syntax).map((t) => ({ ...t, line: lineNumber })))
    after = end
    MARKERS.lastIndex = end
  }
  return found
}

const lexAll = (text: string, syntax: CommentSyntax): Array<TodoComment> => {
  const found: Array<TodoComment> = []
  const lines = text.split("\n")
  let openBlock: readonly [string, string] | undefined
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!
    let hit: TodoComment | undefined
    let i = 0
    if (openBlock !== undefined) {
      const end = line.indexOf(openBlock[1])
      const body = end < 0 ? line : line.slice(0, end)
      hit = wordsAfter(body)
      if (end < 0) {
        if (hit !== undefined) found.push({ ...hit, line: n + 1, source: line.trim() })
        continue
      }
      i = end + openBlock[1].length
      openBlock = undefined
    }
    // Only a marker or a block opener can change what this line gives: others need no lexing.
    if (hit === undefined && !MARKER.test(line) && !syntax.block.some(([open]) => line.includes(open, i))) continue
    let quote: string | undefined
    for (; i < line.length; i++) {
      const c = line[i]!
      if (quote !== undefined) {
        if (c === "\\") i++
        else if (c === quote) quote = undefined
        continue
      }
      if (syntax.quotes.includes(c)) {
        quote = c
        continue
      }
      const lineOpener = syntax.line.find((o) => line.startsWith(o, i))
      if (lineOpener !== undefined) {
        hit ??= wordsAfter(line.slice(i + lineOpener.length))
        break
      }
      const block = syntax.block.find(([open]) => line.startsWith(open, i))
      if (block !== undefined) {
        const start = i + block[0].length
        const end = line.indexOf(block[1], start)
        hit ??= wordsAfter(line.slice(start, end < 0 ? undefined : end))
        if (end < 0) {
          openBlock = block
          break
        }
        i = end + block[1].length - 1
      }
    }
    if (hit !== undefined) found.push({ ...hit, line: n + 1, source: line.trim() })
  }
  return found
}
