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
      "js",
      "mjs",
      "cjs",
      "jsx",
      "ts",
      "mts",
      "cts",
      "tsx",
      "c",
      "h",
      "cc",
      "cpp",
      "cxx",
      "hpp",
      "hh",
      "cs",
      "java",
      "go",
      "rs",
      "swift",
      "kt",
      "kts",
      "scala",
      "dart",
      "groovy",
      "gradle",
      "m",
      "mm",
      "zig",
      "proto",
      "jsonc",
      "json5",
      "sol",
      "v"
    ].map((e) => [e, C_LIKE])
  ),
  ...Object.fromEntries(
    [
      "py",
      "rb",
      "sh",
      "bash",
      "zsh",
      "fish",
      "ps1",
      "pl",
      "pm",
      "r",
      "yaml",
      "yml",
      "toml",
      "cmake",
      "mk",
      "tf",
      "hcl",
      "nix",
      "ex",
      "exs",
      "jl",
      "cr",
      "coffee",
      "conf",
      "properties",
      "dockerfile",
      "gitignore",
      "env"
    ]
      .map((e) => [e, HASH])
  ),
  ...Object.fromEntries(["html", "htm", "xml", "svg", "md", "markdown", "xhtml", "vm"].map((e) => [e, MARKUP])),
  ...Object.fromEntries(["vue", "svelte"].map((e) => [e, VUE])),
  ...Object.fromEntries(
    ["lisp", "lsp", "clj", "cljs", "cljc", "edn", "el", "scm", "rkt", "asm", "s"].map((e) => [e, LISP])
  ),
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
  const extension = dot <= 0 ? undefined : fileName.slice(dot + 1)
  // Extensions are mostly lower case already: no lower-cased copy of each name unless needed.
  const byExtension = extension === undefined
    ? undefined
    : BY_EXTENSION.get(extension) ?? BY_EXTENSION.get(extension.toLowerCase())
  return byExtension ?? BY_NAME.get(fileName.toLowerCase())
}

/*
 * A syntax's string literals and comments are found by one regular
 * expression, so what is left to script is a step a token, not a character:
 * a scan lexes thousands of files once each, before any of it is optimised.
 */
const MARKERS = /\b(?:TODO|FIXME)\b/g
/** The same without `g`: a test that keeps no position between calls. */
const MARKED_ANYWHERE = /\b(?:TODO|FIXME)\b/
/**
 * A comment's first marker and its words: after an optional `(who)` and an
 * optional `:`, `-` or `–`, up to trailing spaces and stars (a block's `*`).
 */
const MARKED = /\b(TODO|FIXME)\b\s*(?:\([^)]*\))?\s*[:\-–]?\s*([\s\S]*?)\s*(?:\*+\s*)?$/

/** The comment's words after the marker (its closer already cut off): `TODO(ann): fix it` gives "fix it". */
const wordsAfter = (comment: string) => {
  const found = MARKED.exec(comment)
  if (found === null) return undefined
  return { kind: found[1] as "TODO" | "FIXME", text: found[2] === "" ? found[1]! : found[2]! }
}

const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")

/**
 * A syntax's tokens, in their precedence where several start at one place:
 * a string literal (a backslash escapes the next character, and an unclosed
 * one ends with its line), a line comment, a block comment's opener (it may
 * stay unclosed to the end). `kinds` names each capturing group in order.
 */
interface Tokens {
  readonly pattern: RegExp
  readonly kinds: ReadonlyArray<"literal" | "line" | "block">
}
const bySyntax = new Map<CommentSyntax, Tokens>()
const tokensOf = (syntax: CommentSyntax): Tokens => {
  let tokens = bySyntax.get(syntax)
  if (tokens === undefined) {
    const groups: Array<readonly ["literal" | "line" | "block", string]> = [
      ...[...syntax.quotes].map((q) =>
        ["literal", `(${escape(q)})(?:[^${escape(q)}\\\\\\n]|\\\\[^\\n]?)*${escape(q)}?`] as const
      ),
      ...syntax.line.map((open) => ["line", `(${escape(open)})[^\\n]*`] as const),
      ...syntax.block.map(([open]) => ["block", `(${escape(open)})`] as const)
    ]
    tokens = {
      pattern: new RegExp(groups.map(([, source]) => source).join("|"), "g"),
      kinds: groups.map(([kind]) => kind)
    }
    bySyntax.set(syntax, tokens)
  }
  return tokens
}

/**
 * Every TODO or FIXME comment in `text`, at most one a line (the first). A
 * block comment's state carries over lines; a string literal is assumed to
 * end on its line. Without a block opener anywhere no line depends on
 * another, and only the lines holding a marker are lexed.
 *
 * What is reported (a comment's words, its source line) is `decode(from,
 * to)` of `text`'s positions. A file's bytes can so be searched as Latin-1,
 * a byte a character (every token here is ASCII, and no byte of a UTF-8
 * sequence is): only the reported parts are decoded as UTF-8, into strings
 * of their own that do not keep the whole file alive.
 */
export const findTodos = (
  text: string,
  syntax: CommentSyntax,
  decode: (from: number, to: number) => string = (from, to) => text.slice(from, to)
): Array<TodoComment> => {
  const found: Array<TodoComment> = []
  const { pattern: tokens, kinds } = tokensOf(syntax)
  let lineNumber = 1
  let counted = 0
  /** The line number of `at`, counting on from the last position asked (positions only grow). */
  const lineOf = (at: number) => {
    for (let nl = text.indexOf("\n", counted); nl >= 0 && nl < at; nl = text.indexOf("\n", nl + 1)) lineNumber++
    counted = Math.max(counted, at)
    return lineNumber
  }
  let hitLine = 0
  /** The comment body text[from, to) on one line: a hit when it holds a marker and its line has none yet. */
  const comment = (from: number, to: number) => {
    const line = lineOf(from)
    if (line === hitLine) return
    const hit = wordsAfter(decode(from, to))
    if (hit === undefined) return
    hitLine = line
    const start = text.lastIndexOf("\n", from - 1) + 1
    const newline = text.indexOf("\n", from)
    found.push({
      line,
      kind: hit.kind,
      text: hit.text,
      source: decode(start, newline < 0 ? text.length : newline).trim()
    })
  }
  /** Lexes tokens from `from` on, up to the first that starts at or after `until`. */
  const lex = (from: number, until: number) => {
    tokens.lastIndex = from
    for (let t = tokens.exec(text); t !== null && t.index < until; t = tokens.exec(text)) {
      let group = 1
      while (t[group] === undefined) group++
      const kind = kinds[group - 1]
      if (kind === "literal") continue
      const opener = t[group]!
      if (kind === "line") {
        // Most line comments hold no marker: only those that do are decoded and read.
        if (MARKED_ANYWHERE.test(t[0])) comment(t.index + opener.length, t.index + t[0].length)
        continue
      }
      // A block comment: each of its lines is a comment of its own, cut at the closer.
      const start = t.index + opener.length
      const closer = syntax.block.find(([open]) => open === opener)![1]
      const close = text.indexOf(closer, start)
      const end = close < 0 ? text.length : close
      MARKERS.lastIndex = start
      for (let m = MARKERS.exec(text); m !== null && m.index < end; m = MARKERS.exec(text)) {
        const lineStart = Math.max(start, text.lastIndexOf("\n", m.index) + 1)
        const newline = text.indexOf("\n", m.index)
        comment(lineStart, Math.min(end, newline < 0 ? text.length : newline))
        if (newline < 0) break
        MARKERS.lastIndex = newline
      }
      tokens.lastIndex = close < 0 ? text.length : close + closer.length
    }
  }
  if (syntax.block.some(([open]) => text.includes(open))) {
    lex(0, text.length)
    return found
  }
  MARKERS.lastIndex = 0
  for (let m = MARKERS.exec(text); m !== null; m = MARKERS.exec(text)) {
    const newline = text.indexOf("\n", m.index)
    const lineEnd = newline < 0 ? text.length : newline
    lex(text.lastIndexOf("\n", m.index) + 1, lineEnd)
    if (newline < 0) break
    MARKERS.lastIndex = newline
  }
  return found
}
