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
/** JSON with comments (tsconfig.json, .jsonc): only double-quoted strings. */
const JSONC: CommentSyntax = { line: ["//"], block: [["/*", "*/"]], quotes: "\"" }

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
  jsonc: JSONC,
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
  ".profile": HASH,
  // JSON files that their tools read with comments.
  "tsconfig.json": JSONC,
  "jsconfig.json": JSONC,
  "devcontainer.json": JSONC,
  ".devcontainer.json": JSONC,
  ".eslintrc.json": JSONC,
  ".babelrc": JSONC,
  ".swcrc": JSONC
}))

/** `tsconfig.build.json` and the like extend tsconfig.json and are read the same way. */
const JSONC_FAMILY = /^(?:tsconfig|jsconfig)\.[^/]*\.json$/

/** The comment syntax of a file, by its name; undefined for a kind this scanner does not know. */
export const syntaxOf = (fileName: string): CommentSyntax | undefined => {
  const dot = fileName.lastIndexOf(".")
  // Most names have an extension that decides alone; the few whole names are checked only without a match.
  const extension = dot <= 0 ? undefined : fileName.slice(dot + 1)
  // Extensions are mostly lower case already: no lower-cased copy of each name unless needed.
  const byExtension = extension === undefined
    ? undefined
    : BY_EXTENSION.get(extension) ?? BY_EXTENSION.get(extension.toLowerCase())
  if (byExtension !== undefined) return byExtension
  const lower = fileName.toLowerCase()
  return BY_NAME.get(lower) ?? (JSONC_FAMILY.test(lower) ? JSONC : undefined)
}

/*
 * A syntax's string literals and comments are found by one regular
 * expression, so what is left to script is a step a token, not a character:
 * a scan lexes thousands of files once each, before any of it is optimised.
 *
 * Everything here is linear in the text, whatever a stranger wrote in it:
 * each search starts where the last one stopped (the next marker is looked
 * for once and remembered), a line without a block opener anywhere is lexed
 * on its own, and a comment's words are cut by hand rather than by a regular
 * expression that could backtrack.
 */
const MARKERS = /\b(?:TODO|FIXME)\b/g

/** JavaScript's white space (`\s`), by code unit. */
const isSpace = (c: number) =>
  c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff

/**
 * A comment's first marker and what precedes its words: an optional `(who)`
 * and an optional `:`, `-` or `–`, with the spaces around them. Linear: once
 * the marker matches, the rest always does (only an unclosed `(` is tried
 * and let go, once).
 */
const MARKER_HEAD = /\b(TODO|FIXME)\b\s*(?:\([^)]*\))?\s*[:\-–]?\s*/

/**
 * Whether a comment's text before `at` is only spaces and the marks comments
 * start with (`*` of a block's lines, `/` and `!` of doc comments, `#`, `-`,
 * `;`, `%`, `@`): a marker counts where the comment starts with it, so "scans
 * for TODO or FIXME comments" mid-sentence is prose, not a draft.
 */
const onlyDecorationBefore = (comment: string, at: number) => {
  for (let i = 0; i < at; i++) {
    const c = comment.charCodeAt(i)
    if (!isSpace(c) && !DECORATION.includes(c)) return false
  }
  return true
}
/** `*`, `/`, `!`, `#`, `-`, `;`, `%`, `@`, `<`, `>` by code unit. */
const DECORATION = [42, 47, 33, 35, 45, 59, 37, 64, 60, 62]

/**
 * A comment's first marker and its words, up to trailing spaces and stars (a
 * block's `*`): `TODO(ann): fix it` gives "fix it"; a bare marker names
 * itself. The end is trimmed by hand: a regular expression that finds where
 * the words end backtracks over a long run of spaces.
 */
const wordsAfter = (comment: string): { kind: "TODO" | "FIXME"; text: string } | undefined => {
  const head = MARKER_HEAD.exec(comment)
  if (head === null || !onlyDecorationBefore(comment, head.index)) return undefined
  const kind = head[1] as "TODO" | "FIXME"
  const at = head.index + head[0].length
  let end = comment.length
  while (end > at && isSpace(comment.charCodeAt(end - 1))) end--
  let stars = end
  while (stars > at && comment.charCodeAt(stars - 1) === 42) stars--
  if (stars < end) {
    end = stars
    while (end > at && isSpace(comment.charCodeAt(end - 1))) end--
  }
  return { kind, text: end > at ? comment.slice(at, end) : kind }
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
  /** The block comments' openers, in the syntax's order (plain strings: no destructuring in the hot path). */
  readonly openers: ReadonlyArray<string>
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
      kinds: groups.map(([kind]) => kind),
      openers: syntax.block.map((pair) => pair[0])
    }
    bySyntax.set(syntax, tokens)
  }
  return tokens
}

/** Whether a block comment opener appears in `text` from `from` on. */
const opensBlock = (text: string, syntax: CommentSyntax, from = 0): boolean => {
  const { openers } = tokensOf(syntax)
  for (let i = 0; i < openers.length; i++) if (text.indexOf(openers[i]!, from) >= 0) return true
  return false
}

/** Where a lexer is between two pieces of one file: inside a block comment (its index in the syntax's blocks) or not. */
export interface LexState {
  /** -1 outside any block comment. */
  readonly openBlock: number
}

export interface LexOptions {
  /** Decodes `text[from, to)` for what is reported (see findTodos). */
  readonly decode?: ((from: number, to: number) => string) | undefined
  /** The line number of the text's first line (a later piece of a file). */
  readonly firstLine?: number | undefined
  /** Whether the text starts inside a block comment an earlier piece opened. */
  readonly state?: LexState | undefined
}

/**
 * The TODO and FIXME comments of `text`, a piece of a file made of whole
 * lines, and the state the next piece starts in (a block comment still
 * open). At most one comment a line (the first). A block comment's state
 * carries over lines; a string literal is assumed to end on its line.
 * Without a block opener anywhere no line depends on another, and only the
 * lines holding a marker are lexed.
 *
 * What is reported (a comment's words, its source line) is `decode(from,
 * to)` of `text`'s positions. A file's bytes can so be searched as Latin-1,
 * a byte a character (every token here is ASCII, and no byte of a UTF-8
 * sequence is): only the reported parts are decoded as UTF-8, into strings
 * of their own that do not keep the whole file alive.
 */
export const lexTodos = (
  text: string,
  syntax: CommentSyntax,
  options: LexOptions = {}
): { readonly comments: Array<TodoComment>; readonly state: LexState } => {
  const lexer = new Lexer(text, syntax, tokensOf(syntax), options)
  return { comments: lexer.found, state: { openBlock: lexer.run(options.state?.openBlock ?? -1) } }
}

/**
 * One text's lexing (lexTodos): plain methods over fields rather than
 * closures made afresh for each of a scan's thousands of files, which cost
 * more than the lexing itself before the engine has warmed up.
 */
class Lexer {
  readonly found: Array<TodoComment> = []
  private lineNumber: number
  private counted = 0
  /** The first marker at or after `markerFrom` (the text's length: none), searched once for every position up to it. */
  private markerFrom = 0
  private markerAt = -1
  /** The first token at or after `tokenFrom` (null: none), likewise. */
  private tokenFrom = 0
  private token: RegExpExecArray | null | undefined = undefined
  private hitLine = 0

  constructor(
    private readonly text: string,
    private readonly syntax: CommentSyntax,
    private readonly tokens: Tokens,
    private readonly options: LexOptions
  ) {
    this.lineNumber = options.firstLine ?? 1
  }

  private decode(from: number, to: number) {
    return this.options.decode === undefined ? this.text.slice(from, to) : this.options.decode(from, to)
  }

  /** The line number of `at`, counting on from the last position asked (positions only grow). */
  private lineOf(at: number) {
    const text = this.text
    for (let nl = text.indexOf("\n", this.counted); nl >= 0 && nl < at; nl = text.indexOf("\n", nl + 1)) {
      this.lineNumber++
    }
    this.counted = Math.max(this.counted, at)
    return this.lineNumber
  }

  private nextMarker(from: number) {
    if (this.markerAt >= 0 && from >= this.markerFrom && from <= this.markerAt) return this.markerAt
    MARKERS.lastIndex = from
    const m = MARKERS.exec(this.text)
    this.markerFrom = from
    this.markerAt = m === null ? this.text.length : m.index
    return this.markerAt
  }

  private nextToken(from: number) {
    const token = this.token
    if (token !== undefined && from >= this.tokenFrom && (token === null || from <= token.index)) return token
    const pattern = this.tokens.pattern
    pattern.lastIndex = from
    this.tokenFrom = from
    return this.token = pattern.exec(this.text)
  }

  /** The comment body text[from, to) on one line: a hit when it holds a marker and its line has none yet. */
  private comment(from: number, to: number) {
    if (this.nextMarker(from) >= to) return
    const line = this.lineOf(from)
    if (line === this.hitLine) return
    const hit = wordsAfter(this.decode(from, to))
    if (hit === undefined) return
    this.hitLine = line
    const text = this.text
    const start = text.lastIndexOf("\n", from - 1) + 1
    const newline = text.indexOf("\n", from)
    this.found.push({
      line,
      kind: hit.kind,
      text: hit.text,
      source: this.decode(start, newline < 0 ? text.length : newline).trim()
    })
  }

  /** A block comment's body from `start`: each of its lines a comment of its own. Where it ends, or -1 when unclosed. */
  private blockBody(start: number, closer: string) {
    const text = this.text
    const close = text.indexOf(closer, start)
    const end = close < 0 ? text.length : close
    for (let m = this.nextMarker(start); m < end;) {
      const lineStart = Math.max(start, text.lastIndexOf("\n", m) + 1)
      const newline = text.indexOf("\n", m)
      this.comment(lineStart, Math.min(end, newline < 0 ? text.length : newline))
      if (newline < 0 || newline >= end) break
      m = this.nextMarker(newline)
    }
    return close < 0 ? -1 : close + closer.length
  }

  /** Lexes every token from `from` to the end; the block left open at the end, if any. */
  private lexAll(from: number): number {
    const { kinds, openers, pattern } = this.tokens
    pattern.lastIndex = from
    for (let t = pattern.exec(this.text); t !== null; t = pattern.exec(this.text)) {
      let group = 1
      while (t[group] === undefined) group++
      const kind = kinds[group - 1]
      if (kind === "literal") continue
      const opener = t[group]!
      if (kind === "line") {
        this.comment(t.index + opener.length, t.index + t[0].length)
        continue
      }
      const block = openers.indexOf(opener)
      const after = this.blockBody(t.index + opener.length, this.syntax.block[block]![1])
      if (after < 0) return block
      pattern.lastIndex = after
    }
    return -1
  }

  /** Lexes one line on its own (no block opener anywhere): its first line comment, if it has one. */
  private lexLine(from: number, to: number) {
    const kinds = this.tokens.kinds
    for (let t = this.nextToken(from); t !== null && t.index < to; t = this.nextToken(t.index + t[0].length)) {
      let group = 1
      while (t[group] === undefined) group++
      if (kinds[group - 1] !== "line") continue
      this.comment(t.index + t[group]!.length, t.index + t[0].length)
      return
    }
  }

  /** Lexes the whole text, starting inside block `carried` (-1: outside any); the block open at its end, or -1. */
  run(carried: number): number {
    const text = this.text
    let at = 0
    if (carried >= 0) {
      at = this.blockBody(0, this.syntax.block[carried]![1])
      if (at < 0) return carried
    }
    if (opensBlock(text, this.syntax, at)) return this.lexAll(at)
    for (let m = this.nextMarker(at); m < text.length;) {
      const newline = text.indexOf("\n", m)
      this.lexLine(Math.max(at, text.lastIndexOf("\n", m) + 1), newline < 0 ? text.length : newline)
      if (newline < 0) break
      m = this.nextMarker(newline)
    }
    return -1
  }
}

/** Every TODO or FIXME comment in a whole text (lexTodos from its start). */
export const findTodos = (
  text: string,
  syntax: CommentSyntax,
  decode?: (from: number, to: number) => string
): Array<TodoComment> => lexTodos(text, syntax, { decode }).comments
