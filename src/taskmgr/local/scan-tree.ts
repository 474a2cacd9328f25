/**
 * The walk behind `task scan-todos`: a directory tree as git and ripgrep see
 * it, and the TODO and FIXME comments (todo-comments.ts) of its files.
 *
 * - Inside a git repository (ours or root's: repo-root.ts) every path and
 *   marker is relative to the repository's root, whatever directory is
 *   scanned, and the rules of `.git/info/exclude` and of every `.gitignore`
 *   from the root down apply; outside one, relative to the scanned directory.
 * - `.git` is skipped, links are not followed, and only files of a known
 *   comment syntax are read. A rule git cannot use is skipped and said; a
 *   `.gitignore` that cannot be read keeps its directory out of the scan
 *   (what it ignores must not become tasks), and says so.
 * - Each file is read in chunks of whole lines (64 KiB first, which most
 *   files fit, then 1 MiB): the first holds the binary probe (a NUL in the
 *   first 8,000 bytes, as git and rg decide), and memory stays bounded
 *   whatever the file's size. A line longer than 8 MiB ends that file's scan
 *   there. A file or directory that cannot be read, or not whole, is named
 *   with the reason in `skipped`: the scan is partial.
 * - The walk runs in slices (half a second of CPU at first, then 10 ms) and
 *   gives the event loop a turn between them, so a tool server answers pings and other
 *   calls, a cancelled or timed-out call stops it, and Ctrl-C stops a
 *   command, while it runs.
 *
 * Speed: a file is searched as Latin-1 (a byte a character, no decoding of
 * the whole file); only a file holding TODO or FIXME is lexed, and only what
 * a draft reports is decoded as UTF-8. Reads are synchronous on this thread:
 * on two cores a reader thread made the scan slower (its start-up and its own
 * compiling cost more than its reading saved), and so did async reads.
 */
import * as Effect from "effect/Effect"
import { closeSync, constants, type Dirent, openSync, readdirSync, readSync } from "node:fs"
import { isAbsolute, join, relative, sep } from "node:path"
import { readCappedBytes } from "../../core/local-files.js"
import { type IgnoreLevel, isIgnored, parseGitignore } from "./gitignore.js"
import { foreignRepoNote, locateRepo, type Trust } from "./repo-root.js"
import { type CommentSyntax, type LexState, lexTodos, syntaxOf } from "./todo-comments.js"

export type DraftStatus = "draft" | "created" | "exists"

export interface TodoDraft {
  /** Relative to the repository's root (else to the scanned directory), `/`-separated, exactly as named. */
  readonly path: string
  readonly line: number
  readonly kind: "TODO" | "FIXME"
  readonly name: string
  /** The marker (markerOf), a newline, and the source line. */
  readonly notes: string
  /** A scan's drafts are "draft"; creating them makes each "created" or "exists". */
  readonly status: DraftStatus
}

/** A file or directory the scan could not read, or not whole. */
export interface SkippedEntry {
  /** As a draft's path; "." for the root itself. */
  readonly path: string
  readonly reason: string
}

export interface ScannedTree {
  /** The directory paths are relative to: the repository's root, or the scanned directory outside one. */
  readonly root: string
  /** Files read whole. */
  readonly files: number
  readonly drafts: ReadonlyArray<TodoDraft>
  readonly skipped: ReadonlyArray<SkippedEntry>
  /** What the caller should hear that is not a failure: ignore rules skipped, a repository not ours. */
  readonly notes: ReadonlyArray<string>
}

const NAME_LIMIT = 200
/** A task's notes hold the source line up to this many characters. */
const SOURCE_LIMIT = 500
/** Git and rg call a file binary when a NUL byte is in its first 8,000 bytes. */
const BINARY_PROBE = 8000
/** The first read of every file: most source files fit. */
const FIRST_READ_BYTES = 64 * 1024
/** The reads of a larger file. */
const LARGE_READ_BYTES = 1024 * 1024
/** The most a read buffer grows to, and so the longest line a file may have: minified bundles run to MiBs a line. */
export const READ_BUFFER_BYTES = 8 * 1024 * 1024
const READ_BUFFER_TEXT = "8 MiB"
/** Past this many comments the scan stops: a tree of generated TODOs must not exhaust memory. */
export const MAX_DRAFTS = 100_000
/**
 * How long the walk runs before the event loop gets a turn: at first until
 * it has used half a second of CPU (a busy machine stretches that in wall
 * time) or two seconds have passed, then 10 ms at a time. A scan shorter
 * than that (most) runs through as before: a turn in its middle lets V8
 * start a major collection such a scan never needs (8-12% more CPU on
 * bench/scan-todos.mjs); a longer scan answers a ping or a cancellation
 * within 10 ms after it.
 */
const FIRST_SLICE_CPU_MS = 500
const FIRST_SLICE_MAX_MS = 2_000
const SLICE_MS = 10

/** The CPU this process has used since `from` (process.cpuUsage), in ms. */
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from)
  return (used.user + used.system) / 1000
}

/**
 * A path as a marker writes it: as it is, unless a line break, a control
 * character, a leading quote or white space at either end could change it
 * in a task's notes (split into lines and trimmed): then JSON-quoted.
 */
const UNSAFE_IN_MARKER = /[\u0000-\u001f\u007f]|^["\s]|\s$/
const markerPath = (path: string) => (UNSAFE_IN_MARKER.test(path) ? JSON.stringify(path) : path)

/** The marker a task's notes carry, by which a later run knows the comment is done: `path:line`. */
export const markerOf = (draft: Pick<TodoDraft, "path" | "line">) => `${markerPath(draft.path)}:${draft.line}`

const capped = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text)

const errnoOf = (e: unknown) =>
  (e as NodeJS.ErrnoException | undefined)?.code ?? (e instanceof Error ? e.message : String(e))

/** A system error in words, as rg says them. */
const unreadable = (e: unknown) => {
  const code = errnoOf(e)
  return code === "EACCES" || code === "EPERM"
    ? `cannot be read: permission denied (${code})`
    : `cannot be read (${code})`
}

/**
 * The prefix a path under `root` is opened by: relative to the working
 * directory when the tree is inside it ("" for the directory itself), so the
 * kernel looks up fewer directories for each of the thousands of opens;
 * else the root itself.
 */
const openPrefix = (root: string) => {
  const fromHere = relative(process.cwd(), root)
  if (fromHere === "") return ""
  return fromHere === ".." || fromHere.startsWith(`..${sep}`) || isAbsolute(fromHere) ? `${root}/` : `${fromHere}/`
}

/** A file being read: where its next chunk starts and the lexer's state there. */
interface FileRead {
  readonly fd: number
  /** The walk's small buffer for the first read, its large one after. */
  buffer: Buffer
  readonly path: string
  readonly syntax: CommentSyntax
  /** Bytes of an unfinished line at the start of the buffer, read with the last chunk. */
  carried: number
  firstLine: number
  state: LexState
  first: boolean
}

/** A directory being walked: its entries and the ignore rules that apply in it. */
interface DirectoryWalk {
  readonly rel: string
  readonly levels: ReadonlyArray<IgnoreLevel>
  readonly entries: ReadonlyArray<Dirent>
  next: number
}

/**
 * What one walk keeps between its slices: its buffers (one set per walk, so
 * two scans at once never share one), where it is, and what it found. The walk
 * is plain code resumed from this state (not a generator: V8 cannot
 * optimise a long loop inside one while it runs, and the scan is one such
 * loop).
 */
interface Walk {
  readonly prefix: string
  /** Each with its decoder of a reported part (made once: one closure a walk, not one a file). */
  readonly small: Reader
  large: Reader | undefined
  readonly drafts: Array<TodoDraft>
  readonly skipped: Array<SkippedEntry>
  readonly notes: Array<string>
  readonly pending: Array<{ readonly rel: string; readonly levels: ReadonlyArray<IgnoreLevel> }>
  directory: DirectoryWalk | undefined
  file: FileRead | undefined
  files: number
  /** When the current slice ends (performance.now()). */
  until: number
  /** Set once MAX_DRAFTS is reached. */
  full: boolean
}

interface Reader {
  readonly buffer: Buffer
  readonly decode: (from: number, to: number) => string
}

const reader = (size: number): Reader => {
  const buffer = Buffer.allocUnsafe(size)
  return { buffer, decode: (from, to) => buffer.toString("utf8", from, to) }
}

// A function, not a constant: the library loads in browsers, where node:fs (and its constants) is absent.
const noFollow = () => constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0)

/** The newlines in buffer[0, to). */
const newlinesIn = (buffer: Buffer, to: number) => {
  const piece = buffer.subarray(0, to)
  let count = 0
  for (let i = piece.indexOf(10); i >= 0; i = piece.indexOf(10, i + 1)) count++
  return count
}

/** Whether a piece must be lexed: it holds a marker, or (when more follows) it may open or close a block comment. */
const needsLexing = (
  piece: { includes(value: string): boolean },
  syntax: CommentSyntax,
  state: LexState,
  more: boolean
) => {
  if (piece.includes("TODO") || piece.includes("FIXME")) return true
  if (!more) return false
  if (state.openBlock >= 0) return piece.includes(syntax.block[state.openBlock]![1])
  for (const [open] of syntax.block) if (piece.includes(open)) return true
  return false
}

/**
 * Reads a file's chunks of whole lines, lexing each that needs it and
 * recording its drafts, until it ends or the slice does. Its outcome:
 * "more" (the slice ended first), undefined when read whole (or binary),
 * else the reason it was not read whole.
 *
 * The first read (of nearly every file, whole) is made a Latin-1 string and
 * searched; later reads of a large file are searched in the buffer, and only
 * a piece to lex becomes a string, so memory stays near the buffer's size.
 * An unfinished line is carried to the large buffer, which doubles (up to
 * READ_BUFFER_BYTES) for a line longer than it.
 */
const readChunks = (walk: Walk, file: FileRead): "more" | string | undefined => {
  const { path, syntax } = file
  for (;;) {
    const buffer = file.buffer
    const wanted = buffer.length - file.carried
    let read: number
    try {
      read = readSync(file.fd, buffer, file.carried, wanted, null)
    } catch (e) {
      return unreadable(e)
    }
    // Only [0, length) is this file's: the rest of the buffer holds an earlier file's bytes.
    const length = file.carried + read
    // A short read of a regular file is its end: no second read to find out (one system call a file).
    const last = read < wanted
    if (length === 0) return undefined
    let end: number
    let piece: string | undefined
    let lex: boolean
    if (file.first) {
      const text = buffer.toString("latin1", 0, length)
      const nul = text.indexOf("\0")
      if (nul >= 0 && nul < BINARY_PROBE) return undefined
      file.first = false
      end = last ? length : text.lastIndexOf("\n") + 1
      piece = end === length ? text : text.slice(0, end)
      lex = end > 0 && needsLexing(piece, syntax, file.state, !last)
    } else {
      end = last ? length : buffer.subarray(0, length).lastIndexOf(10) + 1
      lex = end > 0 && needsLexing(buffer.subarray(0, end), syntax, file.state, !last)
      if (lex) piece = buffer.toString("latin1", 0, end)
    }
    if (lex && piece !== undefined) {
      const lexed = lexTodos(piece, syntax, {
        decode: buffer === walk.small.buffer ? walk.small.decode : walk.large!.decode,
        firstLine: file.firstLine,
        state: file.state
      })
      file.state = lexed.state
      for (const { kind, line, source, text: words } of lexed.comments) {
        if (walk.drafts.length >= MAX_DRAFTS) {
          walk.full = true
          return `the scan stops at ${
            MAX_DRAFTS.toLocaleString("en-US")
          } comments: the rest of this file and of the tree were not read`
        }
        walk.drafts.push({
          path,
          line,
          kind,
          name: capped(words, NAME_LIMIT),
          notes: `${markerOf({ path, line })}\n${capped(source, SOURCE_LIMIT)}`,
          status: "draft"
        })
      }
    }
    if (last) return undefined
    file.firstLine += newlinesIn(buffer, end)
    // The unfinished line moves to the start of the large buffer (a larger one if it fills the buffer), and the next read follows it.
    let large = walk.large ??= reader(LARGE_READ_BYTES)
    if (end === 0 && buffer === large.buffer) {
      if (large.buffer.length >= READ_BUFFER_BYTES) {
        return `line ${file.firstLine} is longer than ${READ_BUFFER_TEXT}; the file was read up to it`
      }
      large = walk.large = reader(large.buffer.length * 2)
    }
    buffer.copy(large.buffer, 0, end, length)
    file.buffer = large.buffer
    file.carried = length - end
    if (performance.now() >= walk.until) return "more"
  }
}

const OUTSIDE: LexState = { openBlock: -1 }

/** Goes on with the file being read: false when the slice ended first. */
const continueFile = (walk: Walk, file: FileRead): boolean => {
  let outcome: "more" | string | undefined
  try {
    outcome = readChunks(walk, file)
  } catch (e) {
    outcome = unreadable(e)
  }
  if (outcome === "more") return false
  closeSync(file.fd)
  walk.file = undefined
  if (outcome === undefined) walk.files++
  else walk.skipped.push({ path: file.path, reason: outcome })
  return true
}

/** A `.gitignore` (or `info/exclude`) as a level, none when missing; the reason when it is there but cannot be read. */
const ignoreLevel = (
  walk: Walk,
  file: string,
  shownAs: string,
  base: string
): IgnoreLevel | undefined | { readonly reason: string } => {
  const read = readCappedBytes(file, { followLinks: false })
  if (read._tag === "Left") {
    if (read.left.code === "ENOENT" || read.left.code === "ENOTDIR") return undefined
    if (read.left.notRegular === true) {
      // A link, a FIFO or a device: git does not read those either, so their rules do not apply.
      walk.notes.push(`${shownAs} is not a regular file: its rules do not apply (git does not read it either).`)
      return undefined
    }
    return { reason: `${shownAs} ${read.left.reason}` }
  }
  const text = read.right.toString("utf8")
  const parsed = parseGitignore(text.startsWith("\uFEFF") ? text.slice(1) : text)
  for (const bad of parsed.skipped) {
    walk.notes.push(`${shownAs}:${bad.line}: \`${bad.text}\` was skipped: ${bad.reason} (git cannot use it either).`)
  }
  for (const odd of parsed.suspect) walk.notes.push(`${shownAs}:${odd.line}: \`${odd.text}\`: ${odd.reason}.`)
  return { base, rules: parsed.rules }
}

const isReason = (value: object): value is { readonly reason: string } => "reason" in value

/** Joins `/`-separated relative paths ("" for the root). */
const under = (dir: string, name: string) => (dir === "" ? name : `${dir}/${name}`)

/** Lists a directory and reads its `.gitignore`: the walk goes into it next, unless it cannot be read. */
const enter = (walk: Walk, rel: string, above: ReadonlyArray<IgnoreLevel>) => {
  const dir = rel === "" ? walk.prefix === "" ? "." : walk.prefix : `${walk.prefix}${rel}`
  let entries: Array<Dirent>
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch (e) {
    walk.skipped.push({ path: rel === "" ? "." : rel, reason: unreadable(e) })
    return
  }
  let levels = above
  if (entries.some((e) => e.name === ".gitignore")) {
    const own = ignoreLevel(walk, join(dir, ".gitignore"), under(rel, ".gitignore"), rel)
    if (own !== undefined && isReason(own)) {
      walk.skipped.push({ path: rel === "" ? "." : rel, reason: `not scanned: its ${own.reason}` })
      return
    }
    if (own !== undefined) levels = [...above, own]
  }
  walk.directory = { rel, levels, entries, next: 0 }
}

/** Starts reading a file, or says why it cannot be opened; a file replaced by a link since it was listed is passed over. */
const open = (walk: Walk, path: string, syntax: CommentSyntax) => {
  let fd: number
  try {
    fd = openSync(`${walk.prefix}${path}`, noFollow())
  } catch (e) {
    if (errnoOf(e) !== "ELOOP") walk.skipped.push({ path, reason: unreadable(e) })
    return
  }
  walk.file = { fd, buffer: walk.small.buffer, path, syntax, carried: 0, firstLine: 1, state: OUTSIDE, first: true }
}

/**
 * Walks on, depth first, until the tree is done (true) or the slice is over
 * (false, to be called again after the event loop's turn).
 */
const walkSlice = (walk: Walk): boolean => {
  for (;;) {
    if (walk.file !== undefined && !continueFile(walk, walk.file)) return false
    if (walk.full) return true
    const directory = walk.directory
    if (directory !== undefined && directory.next < directory.entries.length) {
      const entry = directory.entries[directory.next++]!
      const name = entry.name
      const path = under(directory.rel, name)
      if (entry.isDirectory()) {
        if (name !== ".git" && !isIgnored(directory.levels, path, true, name)) {
          walk.pending.push({ rel: path, levels: directory.levels })
        }
        continue
      }
      if (!entry.isFile() || isIgnored(directory.levels, path, false, name)) continue
      const syntax = syntaxOf(name)
      if (syntax === undefined) continue
      open(walk, path, syntax)
      if (walk.file !== undefined && !continueFile(walk, walk.file)) return false
      if (performance.now() >= walk.until) return walk.full
      continue
    }
    walk.directory = undefined
    const next = walk.pending.pop()
    if (next === undefined) return true
    enter(walk, next.rel, next.levels)
    if (performance.now() >= walk.until) return false
  }
}

/** The levels that apply above the scanned directory: info/exclude, then each `.gitignore` from the root down. */
const levelsAbove = (walk: Walk, root: string, start: string) => {
  const levels: Array<IgnoreLevel> = []
  const exclude = ignoreLevel(walk, join(root, ".git", "info", "exclude"), ".git/info/exclude", "")
  if (exclude !== undefined && isReason(exclude)) return exclude
  if (exclude !== undefined) levels.push(exclude)
  const parts = start === "" ? [] : start.split("/")
  for (let depth = 0; depth < parts.length; depth++) {
    const base = parts.slice(0, depth).join("/")
    const level = ignoreLevel(walk, join(root, base, ".gitignore"), under(base, ".gitignore"), base)
    if (level !== undefined && isReason(level)) return level
    if (level !== undefined) levels.push(level)
  }
  return levels
}

/** The event loop's turn: whatever waits on it (a ping, a cancellation) runs before the walk goes on. */
const nextTurn = Effect.async<void>((resume) => {
  const turn = setImmediate(() => resume(Effect.void))
  return Effect.sync(() => clearImmediate(turn))
})

/**
 * The drafts of a directory tree (an absolute path), in path and line
 * order. Interrupting it (a cancelled tool call) stops the walk at its next
 * turn and closes the file it was reading.
 */
export const scanTree = (directory: string, trust?: Trust): Effect.Effect<ScannedTree> =>
  Effect.suspend(() => {
    const repo = locateRepo(directory, trust)
    const root = repo._tag === "found" ? repo.root : directory
    const walk: Walk = {
      prefix: openPrefix(root),
      small: reader(FIRST_READ_BYTES),
      large: undefined,
      drafts: [],
      skipped: [],
      notes: repo._tag === "foreign" ? [foreignRepoNote(repo.root, repo.owner)] : [],
      pending: [],
      directory: undefined,
      file: undefined,
      files: 0,
      until: 0,
      full: false
    }
    const start = relative(root, directory).split(sep).join("/")
    const above = levelsAbove(walk, root, start)
    if (isReason(above)) walk.skipped.push({ path: start === "" ? "." : start, reason: `not scanned: ${above.reason}` })
    else walk.pending.push({ rel: start, levels: above })
    return Effect.gen(function*() {
      const started = performance.now()
      const cpu = process.cpuUsage()
      walk.until = started + FIRST_SLICE_CPU_MS
      for (let first = true;;) {
        if (walkSlice(walk)) break
        const now = performance.now()
        const spent = first ? cpuMsSince(cpu) : Infinity
        if (spent < FIRST_SLICE_CPU_MS && now - started < FIRST_SLICE_MAX_MS) {
          // Still the first slice: on until its CPU is spent (checked again when this much more time has passed).
          walk.until = now + Math.min(FIRST_SLICE_CPU_MS - spent, started + FIRST_SLICE_MAX_MS - now)
          continue
        }
        first = false
        yield* nextTurn
        walk.until = performance.now() + SLICE_MS
      }
      walk.drafts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
      return { root, files: walk.files, drafts: walk.drafts, skipped: walk.skipped, notes: walk.notes }
    }).pipe(
      // Interrupted between slices (a cancelled call): the file it was reading is closed.
      Effect.ensuring(Effect.sync(() => {
        if (walk.file !== undefined) closeSync(walk.file.fd)
        walk.file = undefined
      }))
    )
  })
