/**
 * The most a tool result may weigh on the wire: its JSON-RPC line, escapes
 * and all. Clients read a message as one line into a bounded buffer (the
 * official SDK's is 10 MB) and drop the connection past it, so every later
 * call fails too. Past the bound a read's result is a summary instead: what
 * was cut (its size and top-level shape) and how to narrow the call. A
 * write's is trimmed instead, never refused: what was written happened, so
 * the result keeps what says so (counts, ids, statuses) and names what was
 * cut and how to see it. Never a cut JSON document.
 */
import * as Effect from "effect/Effect"
import { InvalidSettingsError } from "../errors.js"
import { safeJson } from "../output.js"
import type { ToolContent, ToolResult } from "./types.js"

export const DEFAULT_MAX_RESULT_BYTES = 200_000
/** Below this a summary itself (shape, hints) may not fit. */
export const MIN_MAX_RESULT_BYTES = 8_192

export const toolMaxBytes = (
  raw: string | undefined,
  variable: string
): Effect.Effect<number, InvalidSettingsError> => {
  if (raw === undefined || raw.trim() === "") return Effect.succeed(DEFAULT_MAX_RESULT_BYTES)
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
  return Number.isSafeInteger(value) && value >= MIN_MAX_RESULT_BYTES
    ? Effect.succeed(value)
    : Effect.fail(
      new InvalidSettingsError({
        setting: variable,
        message: `${variable} must be a whole number of bytes of at least ${MIN_MAX_RESULT_BYTES}; got "${raw}".`
      })
    )
}

/**
 * What the protocol sends of a result: the result as JSON (each text escaped
 * inside it), and `envelope` bytes of the line around it (its id).
 */
export const resultBytes = (result: ToolResult, envelope = 0): number => Buffer.byteLength(safeJson(result)) + envelope

const SHOWN_KEYS = 20
const SHOWN_KEY_LENGTH = 64

const bytesOf = (value: unknown) => Buffer.byteLength(safeJson(value))

/** One value in a few words: "array of 1200 (52000 bytes)", "object with 3 keys (14000000 bytes)". */
const describe = (value: unknown, size = bytesOf(value)): string => {
  if (Array.isArray(value)) return `array of ${value.length} (${size} bytes)`
  if (typeof value === "object" && value !== null) {
    return `object with ${Object.keys(value).length} keys (${size} bytes)`
  }
  if (typeof value === "string") return `string of ${value.length} characters`
  return value === null ? "null" : typeof value
}

const shortKey = (key: string) => (key.length > SHOWN_KEY_LENGTH ? `${key.slice(0, SHOWN_KEY_LENGTH)}…` : key)

/**
 * The top level of a value: each key (largest first, at most SHOWN_KEYS) and
 * what it holds; the largest object's own keys too (`document` of a file is
 * most of it), as `inside`.
 */
export const shapeOf = (value: unknown, levels = 2): Record<string, unknown> => {
  if (Array.isArray(value)) return { type: "array", length: value.length }
  if (typeof value !== "object" || value === null) return { type: describe(value) }
  const entries = Object.entries(value).map(([key, v]) => ({ key, v, size: bytesOf(v) })).sort((a, b) =>
    b.size - a.size
  )
  const keys: Record<string, string> = {}
  for (const { key, size, v } of entries.slice(0, SHOWN_KEYS)) keys[shortKey(key)] = describe(v, size)
  const shape: Record<string, unknown> = entries.length > SHOWN_KEYS
    ? { type: "object", keys, keys_total: entries.length }
    : { type: "object", keys }
  const largest = entries[0]
  if (
    levels > 1 && largest !== undefined && typeof largest.v === "object" && largest.v !== null &&
    !Array.isArray(largest.v)
  ) {
    shape.inside = { key: shortKey(largest.key), ...shapeOf(largest.v, levels - 1) }
  }
  return shape
}

const CAUSE_BYTES = 2_000
const CAUSE_MESSAGE = 500

/** An error as it was when small; else its type, code and the start of its message (text, not JSON, is cut). */
const briefly = (error: unknown): unknown => {
  if (bytesOf(error) <= CAUSE_BYTES || typeof error !== "object" || error === null) {
    return bytesOf(error) <= CAUSE_BYTES
      ? error
      : undefined
  }
  const { exit_code, message, type } = error as Record<string, unknown>
  const text = typeof message === "string" && message.length > CAUSE_MESSAGE
    ? `${message.slice(0, CAUSE_MESSAGE)}…`
    : message
  return { type, exit_code, message: text }
}

export interface Oversized {
  /** The value the result shows (before its text form). */
  readonly value: unknown
  /** The call's own ways to ask for less, most useful first. */
  readonly narrowing: ReadonlyArray<string>
  /** The text form of a value in the server's format (JSON or TOON). */
  readonly render: (value: unknown) => string
  /** The bytes of the JSON-RPC line around the result (its id). */
  readonly envelope?: number | undefined
  /** The call wrote (or may have): its result is trimmed, never refused; `see` says how to see what was cut. */
  readonly wrote?: { readonly see: ReadonlyArray<string> } | undefined
}

/**
 * The result, or past `maxBytes` a summary of it. The summary is an error
 * result: what the call asked for was not delivered, and an agent reading it
 * should call again with less. Notes after the first content are kept.
 */
export const boundResult = (result: ToolResult, maxBytes: number, oversized: Oversized): ToolResult => {
  const envelope = oversized.envelope ?? 0
  const bytes = resultBytes(result, envelope)
  if (bytes <= maxBytes) return result
  // A write that succeeded (in part at least) happened: its result is trimmed. One that failed is summarized.
  if (oversized.wrote !== undefined && !result.isError) {
    return trimWritten(result, bytes, maxBytes, oversized, oversized.wrote.see)
  }
  const value = oversized.value as Record<string, unknown> | undefined
  // An error the call already had (a list that failed after its first page) is said as it was.
  const cause = typeof value === "object" && value !== null && !Array.isArray(value) && typeof value.error === "object"
    ? briefly(value.error)
    : undefined
  const summarize = (full: boolean): ToolResult => {
    const summary = {
      error: {
        type: "ResultTooLarge",
        message:
          `The result is ${bytes} bytes, more than this server sends in one result (${maxBytes}); nothing of it was sent.`,
        remedy: `Ask for less: ${oversized.narrowing.join("; ")}.`,
        ...(cause === undefined || !full ? {} : { cause })
      },
      result: { bytes, max_bytes: maxBytes, shape: shapeOf(oversized.value, full ? 2 : 1) }
    }
    const notes: Array<ToolContent> = full
      ? result.content.slice(1).filter((c) => Buffer.byteLength(c.text) < 1_000)
      : []
    return {
      isError: true,
      structuredContent: summary,
      content: [{ type: "text", text: oversized.render(summary) }, ...notes]
    }
  }
  // Long key names and notes could make even the summary too large: then only the size, top level and remedy.
  const full = summarize(true)
  return resultBytes(full, envelope) <= maxBytes ? full : summarize(false)
}

/**
 * A read whose answer passed the bound while it came, and was not read
 * further: the summary has its size so far (its shape was never held).
 */
export const streamedTooLarge = (
  bytesRead: number,
  maxBytes: number,
  narrowing: ReadonlyArray<string>,
  render: (value: unknown) => string
): ToolResult => {
  const summary = {
    error: {
      type: "ResultTooLarge",
      message:
        `The service's answer passed ${maxBytes} bytes, the most this server sends in one result, and was not read further (${bytesRead} bytes read); nothing of it was sent.`,
      remedy: `Ask for less: ${narrowing.join("; ")}.`
    },
    result: { bytes: bytesRead, at_least: true, max_bytes: maxBytes }
  }
  return { isError: true, structuredContent: summary, content: [{ type: "text", text: render(summary) }] }
}

// ---- a write's result, trimmed --------------------------------------------------------

/** Text kept of a long string in a trimmed result. */
const KEPT_TEXT = 200

type Json = unknown

const mapStrings = (value: Json, f: (s: string) => string): Json =>
  typeof value === "string"
    ? f(value)
    : Array.isArray(value)
    ? value.map((v) => mapStrings(v, f))
    : typeof value === "object" && value !== null
    ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]))
    : value

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isScalar = (value: Json) => value === null || typeof value !== "object"

/** Each item of each array (at the top, or under a top-level key) with its scalar fields only. */
const flatItems = (value: Json): Json => {
  const flat = (items: Array<Json>) =>
    items.map((item) => isObject(item) ? Object.fromEntries(Object.entries(item).filter(([, v]) => isScalar(v))) : item)
  if (Array.isArray(value)) return flat(value)
  if (!isObject(value)) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? flat(v) : v]))
}

/** What names a written item: its ids, where it came from, its status. */
const IDENTITY = /^(gid|id|key|status|path|line|resource_type)$|_(gid|id|key)$/

/** Each item of each list (at the top, or under a top-level key) with its identity fields only. */
const identityItems = (value: Json): Json => {
  const identity = (items: Array<Json>) =>
    items.map((item) =>
      isObject(item) ? Object.fromEntries(Object.entries(item).filter(([k]) => IDENTITY.test(k))) : item
    )
  if (Array.isArray(value)) return identity(value)
  if (!isObject(value)) return value
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? identity(v) : v]))
}

/** The counts a list of written items says: how many, and how many of each status. */
const countsOf = (items: Array<Json>): Record<string, unknown> => {
  const statuses: Record<string, number> = {}
  for (const item of items) {
    const status = isObject(item) ? item.status : undefined
    if (typeof status === "string") statuses[status] = (statuses[status] ?? 0) + 1
  }
  return Object.keys(statuses).length === 0 ? { total: items.length } : { total: items.length, by_status: statuses }
}

/** The value with its largest array cut to its first `keep` items. */
const firstItems = (value: Json, key: string | undefined, keep: number): Json =>
  key === undefined
    ? (value as Array<Json>).slice(0, keep)
    : {
      ...(value as Record<string, Json>),
      [key]: ((value as Record<string, Json>)[key] as Array<Json>).slice(0, keep)
    }

/**
 * A write's result past the bound, trimmed to fit rather than refused: long
 * texts cut, then the items of its lists reduced to their plain fields, then
 * to what names them (ids, path, line, status), then only the first items of
 * the largest list, with its counts. `trimmed` says each cut and how to see the rest. Not an error: the
 * write happened.
 */
const trimWritten = (
  result: ToolResult,
  bytes: number,
  maxBytes: number,
  oversized: Oversized,
  see: ReadonlyArray<string>
): ToolResult => {
  const envelope = oversized.envelope ?? 0
  const notes = result.content.slice(1).filter((c) => Buffer.byteLength(c.text) < 1_000)
  const build = (value: Json, cut: ReadonlyArray<string>): ToolResult => {
    const trimmed = {
      bytes,
      max_bytes: maxBytes,
      cut,
      see: `${see.join("; ")}.`
    }
    const shown = isObject(value) ? { ...value, trimmed } : { items: value, trimmed }
    const text = oversized.render(shown)
    return {
      isError: result.isError,
      ...(result.structuredContent === undefined ? {} : { structuredContent: shown }),
      content: [{ type: "text", text }, ...notes]
    }
  }
  const fits = (r: ToolResult) => resultBytes(r, envelope) <= maxBytes
  // Each step cuts more, until the result fits: long texts, then each item's nested fields, then all of an item
  // but what identifies it. A step that changes nothing is passed over.
  const steps: ReadonlyArray<readonly [(value: Json) => Json, string]> = [
    [
      (v) => mapStrings(v, (s) => (s.length > KEPT_TEXT ? `${s.slice(0, KEPT_TEXT)}…` : s)),
      `texts longer than ${KEPT_TEXT} characters, after their first ${KEPT_TEXT}`
    ],
    [flatItems, "the nested fields of each listed item (its own ids, names and statuses are kept)"],
    [identityItems, "each listed item's fields but its ids, path, line and status (names, notes, ...)"]
  ]
  const cuts: Array<string> = []
  let value: Json = oversized.value
  let text = JSON.stringify(value)
  let candidate: ToolResult | undefined
  for (const [step, cut] of steps) {
    const next = step(value)
    const nextText = JSON.stringify(next)
    if (nextText !== text) {
      value = next
      text = nextText
      cuts.push(cut)
    } else if (candidate !== undefined) continue
    candidate = build(value, cuts)
    if (fits(candidate)) return candidate
  }
  // The largest list keeps its first items, as many as fit, and its counts.
  const lists = Array.isArray(value)
    ? [{ key: undefined, items: value }]
    : isObject(value)
    ? Object.entries(value).flatMap(([key, v]) => (Array.isArray(v) ? [{ key, items: v }] : []))
    : []
  const largest = lists.sort((a, b) => bytesOf(b.items) - bytesOf(a.items))[0]
  if (largest !== undefined) {
    const counts = countsOf(largest.items)
    const name = largest.key ?? "items"
    const withCounts = (keep: number) => {
      const cut = [...cuts, `${name}: all but the first ${keep} of ${largest.items.length}`]
      const shown = firstItems(value, largest.key, keep)
      return build(
        isObject(shown) ? { ...shown, [`${name}_counts`]: counts } : { items: shown, items_counts: counts },
        cut
      )
    }
    let low = 0
    let high = largest.items.length
    while (low < high) {
      const mid = Math.ceil((low + high) / 2)
      if (fits(withCounts(mid))) low = mid
      else high = mid - 1
    }
    const kept = withCounts(low)
    if (fits(kept)) return kept
  }
  // Nothing smaller says what was written: its top level, in words, and how to see the rest.
  return build({ shape: shapeOf(oversized.value, 1) }, [...cuts, "everything but the result's shape"])
}
