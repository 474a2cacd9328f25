/**
 * The most a tool result may weigh on the wire. Clients read a JSON-RPC
 * message as one line into a bounded buffer (the official SDK's is 10 MB) and
 * drop the connection past it, so every later call fails too. Past the bound
 * the result is a summary instead: what was cut (its size and top-level
 * shape) and how to narrow the call. Never a cut JSON document.
 */
import * as Effect from "effect/Effect"
import { InvalidSettingsError } from "../errors.js"
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

/** What the protocol sends of a result: its texts and structured content. */
export const resultBytes = (result: ToolResult): number =>
  result.content.reduce((sum, c) => sum + Buffer.byteLength(c.text), 0) +
  (result.structuredContent === undefined ? 0 : Buffer.byteLength(JSON.stringify(result.structuredContent)))

const SHOWN_KEYS = 20
const SHOWN_KEY_LENGTH = 64

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? "")

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
}

/**
 * The result, or past `maxBytes` a summary of it. The summary is an error
 * result: what the call asked for was not delivered, and an agent reading it
 * should call again with less. Notes after the first content are kept.
 */
export const boundResult = (result: ToolResult, maxBytes: number, oversized: Oversized): ToolResult => {
  const bytes = resultBytes(result)
  if (bytes <= maxBytes) return result
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
  return resultBytes(full) <= maxBytes ? full : summarize(false)
}
