/**
 * Files and directories a user names on the command line: a value read from
 * a file (`--custom-fields @FILE`, `--body-file PATH` or standard input) and a
 * directory written into (`file images --out DIR`); also the settings file.
 * Also a file to upload (`attachment create --file`). Every such path goes
 * through here, so each is checked the same way and before anything is sent.
 * Where a path may lie at all (the tool server's roots, never the program's
 * credentials) is judged here too (`judgePath`).
 *
 * A file read is capped: only a regular file of at most MAX_INPUT_BYTES is
 * read, and never more than that many bytes, so a device (/dev/zero), a FIFO
 * nobody writes to or a directory is refused at once instead of hanging or
 * exhausting memory.
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readlinkSync,
  readSync,
  realpathSync,
  rmSync,
  statSync,
  writeSync
} from "node:fs"
import { basename, dirname, join, resolve, sep } from "node:path"
import { InvalidInputError } from "./errors.js"
import { MAX_INPUT_DEPTH } from "./input.js"
import { replaceFileSync } from "./replace-file.js"

export const MAX_INPUT_BYTES = 10 * 1024 * 1024
/** The cap in words, for help and messages. */
export const MAX_INPUT_TEXT = "10 MB"

/** Who a problem is about: `label` starts the message (a field or a flag), `field` is the input field at fault. */
export interface Culprit {
  readonly label: string
  readonly field: string
}

const refuse = (who: Culprit, message: string) =>
  new InvalidInputError({ message: `${who.label}: ${message}`, fields: [who.field] })

const errnoOf = (e: unknown) =>
  (e as NodeJS.ErrnoException | undefined)?.code ?? (e instanceof Error ? e.message : String(e))

/** What a non-file is, in words. */
const kindOf = (
  info: {
    isFile(): boolean
    isDirectory(): boolean
    isFIFO(): boolean
    isCharacterDevice(): boolean
    isBlockDevice(): boolean
    isSocket(): boolean
  }
) =>
  info.isFile()
    ? "a file"
    : info.isDirectory()
    ? "a directory"
    : info.isFIFO()
    ? "a FIFO (named pipe)"
    : info.isCharacterDevice() || info.isBlockDevice()
    ? "a device"
    : info.isSocket()
    ? "a socket"
    : "neither a file nor a directory"

/** A check written as plain code that returns its value or its refusal; anything it throws is a refusal too. */
const checked = (
  who: Culprit,
  what: string,
  check: () => string | InvalidInputError
): Effect.Effect<string, InvalidInputError> =>
  Effect.suspend(() => {
    let result: string | InvalidInputError
    try {
      result = check()
    } catch (e) {
      result = refuse(who, `cannot use ${what} (${errnoOf(e)}).`)
    }
    return typeof result === "string" ? Effect.succeed(result) : Effect.fail(result)
  })

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false })

/** Bytes as UTF-8 text (a leading BOM dropped); undefined when they are not UTF-8. */
const decodeText = (bytes: Uint8Array): string | undefined => {
  try {
    return utf8.decode(bytes)
  } catch {
    return undefined
  }
}

const TOO_LARGE = `is larger than ${MAX_INPUT_TEXT}, the most that is read from a file`

/** Why a file was not read, said after its path ("is a directory; ..."), with the system's code (ENOENT) when it gave one. */
export interface ReadRefusal {
  readonly reason: string
  readonly code?: string | undefined
  /** A link not followed, a FIFO, a device or a directory: there is no file to read there. */
  readonly notRegular?: boolean | undefined
}

export interface CappedReadOptions {
  /** False: a symbolic link is refused rather than followed (a file a repository supplies). Default true. */
  readonly followLinks?: boolean | undefined
}

/**
 * A regular file's bytes, at most MAX_INPUT_BYTES. Opened without blocking
 * (a FIFO would otherwise wait for a writer) and checked on the open
 * descriptor, so what is read is what was checked; one byte more than the
 * cap is asked for, to tell a file that grew past it.
 */
export const readCappedBytes = (path: string, options: CappedReadOptions = {}): Either.Either<Buffer, ReadRefusal> => {
  const unreadable = (e: unknown) => Either.left({ reason: `cannot be read (${errnoOf(e)})`, code: errnoOf(e) })
  let fd: number
  try {
    const noFollow = options.followLinks === false ? constants.O_NOFOLLOW ?? 0 : 0
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | noFollow)
  } catch (e) {
    if (errnoOf(e) === "ELOOP" && options.followLinks === false) {
      return Either.left({
        reason: `is a symbolic link; only a regular file of at most ${MAX_INPUT_TEXT} is read`,
        notRegular: true
      })
    }
    return unreadable(e)
  }
  try {
    const info = fstatSync(fd)
    if (!info.isFile()) {
      return Either.left({
        reason: `is ${kindOf(info)}; only a regular file of at most ${MAX_INPUT_TEXT} is read`,
        notRegular: true
      })
    }
    if (info.size > MAX_INPUT_BYTES) return Either.left({ reason: TOO_LARGE })
    const buffer = Buffer.alloc(Math.min(info.size, MAX_INPUT_BYTES) + 1)
    let length = 0
    for (let n = -1; n !== 0 && length < buffer.length;) {
      n = readSync(fd, buffer, length, buffer.length - length, null)
      length += n
    }
    if (length > MAX_INPUT_BYTES) return Either.left({ reason: TOO_LARGE })
    return Either.right(buffer.subarray(0, length))
  } catch (e) {
    return unreadable(e)
  } finally {
    closeSync(fd)
  }
}

/** A regular file's UTF-8 text (readCappedBytes), a leading BOM dropped. */
export const readCappedFile = (path: string, options: CappedReadOptions = {}): Either.Either<string, ReadRefusal> =>
  Either.flatMap(readCappedBytes(path, options), (bytes) => {
    const text = decodeText(bytes)
    return text === undefined ? Either.left({ reason: "is not UTF-8 text" }) : Either.right(text)
  })

/** Where JSON text stops being JSON, by line and column (1-based), and what was wrong there; never the text itself. */
export interface JsonFault {
  readonly line: number
  readonly column: number
  readonly problem: string
}

const isJsonSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13
const isDigit = (c: number) => c >= 48 && c <= 57
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
const ESCAPES = new Set([34, 92, 47, 98, 102, 110, 114, 116])

/**
 * JSON text parsed, after a check by hand that finds the first fault's
 * position (the engine's own message quotes the text, which may hold a
 * secret) and refuses nesting deeper than `maxDepth` (deeper values break
 * recursive code later). The check is one pass, without recursion.
 */
export const parseJsonText = (text: string, maxDepth: number = MAX_INPUT_DEPTH): Either.Either<unknown, JsonFault> => {
  const n = text.length
  let i = 0
  const fault = (problem: string, at: number = i): Either.Either<unknown, JsonFault> => {
    let line = 1
    let lineStart = 0
    for (let nl = text.indexOf("\n"); nl >= 0 && nl < at; nl = text.indexOf("\n", nl + 1)) {
      line++
      lineStart = nl + 1
    }
    return Either.left({ line, column: at - lineStart + 1, problem })
  }
  const skipSpace = () => {
    while (i < n && isJsonSpace(text.charCodeAt(i))) i++
  }
  /** A string from its opening quote at i; undefined when fine (i after it), else the fault. */
  const string = (): Either.Either<unknown, JsonFault> | undefined => {
    const start = i++
    while (i < n) {
      const c = text.charCodeAt(i)
      if (c === 34) {
        i++
        return undefined
      }
      if (c < 32) return fault("a control character inside a string")
      if (c === 92) {
        const e = text.charCodeAt(i + 1)
        if (e === 117) {
          for (let k = 2; k < 6; k++) if (!isHex(text.charCodeAt(i + k))) return fault("a bad \\u escape")
          i += 6
          continue
        }
        if (!ESCAPES.has(e)) return fault("a bad escape")
        i += 2
        continue
      }
      i++
    }
    return fault("a string that is never closed", start)
  }
  const number = (): Either.Either<unknown, JsonFault> | undefined => {
    if (text.charCodeAt(i) === 45) i++
    if (text.charCodeAt(i) === 48) i++
    else if (isDigit(text.charCodeAt(i))) { while (isDigit(text.charCodeAt(i))) i++ }
    else return fault("a malformed number")
    if (text.charCodeAt(i) === 46) {
      i++
      if (!isDigit(text.charCodeAt(i))) return fault("a malformed number")
      while (isDigit(text.charCodeAt(i))) i++
    }
    if (text.charCodeAt(i) === 101 || text.charCodeAt(i) === 69) {
      i++
      if (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45) i++
      if (!isDigit(text.charCodeAt(i))) return fault("a malformed number")
      while (isDigit(text.charCodeAt(i))) i++
    }
    return undefined
  }
  /** The open containers: true for an object. */
  const open: Array<boolean> = []
  /** After `{` or `,` in an object: a key and its colon; undefined when fine. */
  const key = (): Either.Either<unknown, JsonFault> | undefined => {
    skipSpace()
    if (text.charCodeAt(i) !== 34) return fault(i >= n ? "the text ends inside an object" : "expected a key in quotes")
    const bad = string()
    if (bad !== undefined) return bad
    skipSpace()
    if (text.charCodeAt(i) !== 58) return fault("expected : after a key")
    i++
    return undefined
  }
  for (;;) {
    // A value.
    skipSpace()
    if (i >= n) return fault(open.length === 0 ? "the text is empty" : "the text ends where a value was expected")
    const c = text.charCodeAt(i)
    let bad: Either.Either<unknown, JsonFault> | undefined
    let opened = false
    if (c === 123 || c === 91) {
      open.push(c === 123)
      if (open.length > maxDepth) return fault(`nested more than ${maxDepth} levels deep`)
      i++
      skipSpace()
      const empty = text.charCodeAt(i) === (c === 123 ? 125 : 93)
      if (empty) {
        i++
        open.pop()
      } else {
        opened = true
        if (c === 123) bad = key()
      }
    } else if (c === 34) bad = string()
    else if (c === 45 || isDigit(c)) bad = number()
    else if (text.startsWith("true", i)) i += 4
    else if (text.startsWith("false", i)) i += 5
    else if (text.startsWith("null", i)) i += 4
    else bad = fault("expected a value")
    if (bad !== undefined) return bad
    if (opened) continue
    // After a value: a comma, the end of its container, or the end of the text.
    for (;;) {
      skipSpace()
      if (open.length === 0) {
        return i < n ? fault("more text after the end of the JSON value") : Either.right(JSON.parse(text) as unknown)
      }
      const inObject = open[open.length - 1]!
      const next = text.charCodeAt(i)
      if (next === 44) {
        i++
        if (inObject) {
          const badKey = key()
          if (badKey !== undefined) return badKey
        }
        break
      }
      if (next === (inObject ? 125 : 93)) {
        i++
        open.pop()
        continue
      }
      return fault(
        i >= n
          ? `the text ends inside an ${inObject ? "object" : "array"}`
          : `expected , or ${inObject ? "}" : "]"}`
      )
    }
  }
}

/** A fault in words, for a message that names the file before it: "not valid JSON at line 3, column 7 (expected , or })". */
export const jsonFaultText = (fault: JsonFault) =>
  fault.problem.startsWith("nested")
    ? `is ${fault.problem} (line ${fault.line}, column ${fault.column})`
    : `is not valid JSON at line ${fault.line}, column ${fault.column} (${fault.problem})`

/** A file named by a flag (@FILE, --body-file PATH), through readCappedFile. */
export const readInputFile = (path: string, who: Culprit): Effect.Effect<string, InvalidInputError> =>
  checked(who, path, () =>
    path === ""
      ? refuse(who, "needs a path.")
      : Either.match(readCappedFile(path), {
        onLeft: (no) => refuse(who, `${path} ${no.reason}.`),
        onRight: (text) => text
      }))

/** A stream's text (standard input), stopping once it passes MAX_INPUT_BYTES. */
export const readInputStream = (
  stream: AsyncIterable<unknown>,
  who: Culprit,
  where: string
): Effect.Effect<string, InvalidInputError> =>
  Effect.tryPromise({
    try: async () => {
      const chunks: Array<Buffer> = []
      let length = 0
      for await (const chunk of stream) {
        const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer)
        chunks.push(bytes)
        length += bytes.length
        if (length > MAX_INPUT_BYTES) return refuse(who, `${where} ${TOO_LARGE}.`)
      }
      return decodeText(Buffer.concat(chunks)) ?? refuse(who, `${where} is not UTF-8 text.`)
    },
    catch: (e) => refuse(who, `cannot read ${where} (${errnoOf(e)}).`)
  }).pipe(Effect.flatMap((result) => (typeof result === "string" ? Effect.succeed(result) : Effect.fail(result))))

/** A file to upload, as checked before anything is sent: its absolute path and its size then. */
export interface UploadFile {
  readonly path: string
  readonly size: number
}

/**
 * A file to upload whole, streamed from disk (no size cap: it is never held):
 * it must be a regular file this process can open for reading. Opened
 * without blocking and checked on the open descriptor, as readCappedFile
 * does, so a FIFO, a device or a directory is refused at once.
 */
export const checkUploadFile = (path: string, who: Culprit): Effect.Effect<UploadFile, InvalidInputError> =>
  Effect.suspend(() => {
    if (path.trim() === "") return Effect.fail(refuse(who, "needs a path."))
    let fd: number
    try {
      fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
    } catch (e) {
      const code = errnoOf(e)
      return Effect.fail(
        refuse(
          who,
          code === "ENOENT"
            ? `${path} does not exist.`
            : code === "EACCES"
            ? `${path} cannot be read (permission denied).`
            : `${path} cannot be read (${code}).`
        )
      )
    }
    try {
      const info = fstatSync(fd)
      if (!info.isFile()) {
        return Effect.fail(refuse(who, `${path} is ${kindOf(info)}; uploads take regular files only.`))
      }
      return Effect.succeed({ path: resolve(path), size: info.size })
    } catch (e) {
      return Effect.fail(refuse(who, `${path} cannot be read (${errnoOf(e)}).`))
    } finally {
      closeSync(fd)
    }
  })

/**
 * The directory to write into, made if missing (one level at a time: Node's
 * recursive mkdir spins forever on a path such as /proc/x), and proved
 * writable by creating and removing a file in it. Resolves to its absolute
 * path. Run before the request that fills it, so a bad directory costs nothing.
 */
export const prepareOutputDirectory = (path: string, who: Culprit): Effect.Effect<string, InvalidInputError> =>
  checked(who, path, () => {
    if (path.trim() === "") return refuse(who, "needs a directory.")
    const target = resolve(path)
    const missing: Array<string> = []
    let existing = target
    for (;;) {
      try {
        const info = statSync(existing)
        if (!info.isDirectory()) {
          return refuse(
            who,
            existing === target
              ? `${path} exists and is ${kindOf(info)}, not a directory.`
              : `cannot create ${path}: ${existing} is not a directory.`
          )
        }
        break
      } catch (e) {
        if (errnoOf(e) !== "ENOENT" || dirname(existing) === existing) {
          return refuse(who, `cannot use ${path} (${errnoOf(e)}).`)
        }
        missing.unshift(existing)
        existing = dirname(existing)
      }
    }
    for (const dir of missing) {
      try {
        mkdirSync(dir)
      } catch (e) {
        if (errnoOf(e) !== "EEXIST" || !lstatSync(dir).isDirectory()) {
          return refuse(who, `cannot create the directory ${dir} (${errnoOf(e)}).`)
        }
      }
    }
    const probe = join(target, `.write-check-${process.pid}-${Date.now()}`)
    try {
      closeSync(
        openSync(probe, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600)
      )
      rmSync(probe, { force: true })
    } catch (e) {
      return refuse(who, `cannot write into ${path} (${errnoOf(e)}).`)
    }
    return target
  })

/**
 * A file name inside a directory from a name the service or the user gave:
 * only letters, digits, `.`, `-` and `_` are kept (anything else becomes
 * `_`), and a name that is only dots or starts with one is prefixed, so the
 * result never leaves the directory nor hides in it.
 */
export const safeFileName = (name: string): string => {
  const kept = name.replace(/[^A-Za-z0-9._-]/g, "_")
  return kept === "" || kept.startsWith(".") ? `_${kept}` : kept
}

/**
 * A file the command will write (`--out FILE`), checked before anything is
 * sent: its directory exists and is writable, and the path is not a
 * directory (nor anything but a regular file when it exists).
 */
export const prepareOutputFile = (path: string, who: Culprit): Effect.Effect<string, InvalidInputError> =>
  checked(who, path, () => {
    if (path.trim() === "") return refuse(who, "needs a file path.")
    const target = resolve(path)
    try {
      const info = statSync(target)
      if (!info.isFile()) return refuse(who, `${path} exists and is ${kindOf(info)}, not a file.`)
    } catch (e) {
      if (errnoOf(e) !== "ENOENT") return refuse(who, `cannot use ${path} (${errnoOf(e)}).`)
    }
    const dir = dirname(target)
    try {
      if (!statSync(dir).isDirectory()) return refuse(who, `${dirname(path)} is not a directory.`)
    } catch (e) {
      return refuse(who, `the directory ${dirname(path)} does not exist (${errnoOf(e)}).`)
    }
    const probe = join(dir, `.write-check-${process.pid}-${Date.now()}`)
    try {
      closeSync(
        openSync(probe, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600)
      )
      rmSync(probe, { force: true })
    } catch (e) {
      return refuse(who, `cannot write into ${dirname(path)} (${errnoOf(e)}).`)
    }
    return target
  })

/** Text written whole or not at all (replace-file.ts). */
export const writeFileAtomic = (
  path: string,
  text: string,
  who: Culprit,
  mode = 0o644
): Effect.Effect<void, InvalidInputError> =>
  Effect.asVoid(checked(who, path, () => {
    try {
      replaceFileSync(path, text, mode)
    } catch (e) {
      return refuse(who, `cannot write ${path} (${errnoOf(e)}).`)
    }
    return path
  }))

// ---- where a path may lie ----------------------------------------------------------

/** Symbolic links followed at most, as the kernel's own limit (ELOOP). */
const MAX_LINKS = 40

/**
 * Where a path really is: every link along it followed, also for a part
 * that does not exist yet (a file to be written) and a link that points at
 * nothing (which a write would follow). Lexical after the last existing part.
 */
export const realLocation = (path: string, links = 0): string => {
  const absolute = resolve(path)
  try {
    return realpathSync(absolute)
  } catch {
    const parent = dirname(absolute)
    if (parent === absolute || links > MAX_LINKS) return absolute
    const here = join(realLocation(parent, links + 1), basename(absolute))
    try {
      return realLocation(resolve(dirname(here), readlinkSync(here)), links + 1)
    } catch {
      return here
    }
  }
}

const within = (path: string, dir: string) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`)

/** Where the paths a caller names may lie. */
export interface PathPolicy {
  /** Where a relative path starts. */
  readonly base: string
  /** The directories a path must lie in, after its links are followed; undefined: anywhere. */
  readonly inside?: ReadonlyArray<string> | undefined
  /** Files and directories never used, nor anything in them, whatever `inside` says. */
  readonly never: ReadonlyArray<string>
}

export type PathVerdict =
  /** `path`: absolute, as given (links are followed by whoever opens it; their end is inside). */
  | { readonly _tag: "Allowed"; readonly path: string }
  | { readonly _tag: "Protected"; readonly path: string; readonly protectedPath: string }
  | { readonly _tag: "Outside"; readonly path: string; readonly real: string }

/** Whether a path may be used: never a protected one (by name or by where its links lead), and only inside. */
export const judgePath = (given: string, policy: PathPolicy): PathVerdict => {
  const path = resolve(policy.base, given)
  const real = realLocation(path)
  for (const protectedPath of policy.never) {
    if (within(path, resolve(protectedPath)) || within(real, realLocation(protectedPath))) {
      return { _tag: "Protected", path, protectedPath }
    }
  }
  if (policy.inside === undefined || policy.inside.some((dir) => within(real, realLocation(dir)))) {
    return { _tag: "Allowed", path }
  }
  return { _tag: "Outside", path, real }
}

/** A lock older than this was left by a writer that died: no write holds one for more than milliseconds. */
const LOCK_STALE_MS = 10_000
/** How long a writer waits for another to finish before saying so. */
const LOCK_PATIENCE_MS = 15_000

/**
 * `effect` run while this process holds `PATH.lock`, a file made
 * exclusively (O_EXCL), so writers that read, change and replace PATH take
 * turns and none loses another's change. A writer waits (a few
 * milliseconds at a time) while another holds it; a lock left by a writer
 * that died is taken over once it is stale; the lock is removed afterwards
 * only if it is still this writer's.
 */
export const withFileLock = <A, E, R>(
  path: string,
  who: Culprit,
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, E | InvalidInputError, R> => {
  const lock = `${path}.lock`
  const token = `${process.pid} ${globalThis.crypto.randomUUID()}\n`
  const take = (): boolean | InvalidInputError => {
    try {
      const fd = openSync(
        lock,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
        0o600
      )
      try {
        writeSync(fd, token)
      } finally {
        closeSync(fd)
      }
      return true
    } catch (e) {
      if (errnoOf(e) !== "EEXIST") return refuse(who, `cannot lock ${path} to change it (${errnoOf(e)}).`)
    }
    try {
      if (Date.now() - lstatSync(lock).mtimeMs > LOCK_STALE_MS) rmSync(lock, { force: true })
    } catch {
      // Gone meanwhile: the next try takes it.
    }
    return false
  }
  const acquire = Effect.gen(function*() {
    const started = yield* Clock.currentTimeMillis
    for (;;) {
      const taken = take()
      if (taken === true) return
      if (taken !== false) return yield* Effect.fail(taken)
      if ((yield* Clock.currentTimeMillis) - started > LOCK_PATIENCE_MS) {
        return yield* Effect.fail(
          refuse(
            who,
            `another process has been changing ${path} for ${
              LOCK_PATIENCE_MS / 1000
            } s (its lock is ${lock}); try again, or delete ${lock} if nothing is running.`
          )
        )
      }
      yield* Effect.sleep(Duration.millis(5 + Math.floor(Math.random() * 20)))
    }
  })
  const release = Effect.sync(() => {
    try {
      if (readFileSync(lock, "utf8") === token) rmSync(lock, { force: true })
    } catch {
      // Already gone.
    }
  })
  return Effect.acquireUseRelease(acquire, () => effect, () => release)
}
