/**
 * Output: the one place that turns a result into text for people, JSON or
 * TOON. Data goes to stdout; messages go to stderr. Tables follow gh: aligned
 * and fitted to the terminal's width on a terminal, tab-separated without a
 * header when piped.
 */
import { encode as toToon, encodeLines as toToonLines } from "@toon-format/toon"
import type { TextView } from "./view.js"
import { visible } from "./visible.js"

export type OutputFormat = "text" | "json" | "toon"

export interface OutputOptions {
  readonly format: OutputFormat
  /** Print long text whole instead of truncating it with a size hint. */
  readonly full: boolean
  readonly color: boolean
  /** stdout is a terminal: aligned tables fitted to `width`. */
  readonly tty: boolean
  readonly width: number
}

export interface Rendered {
  /** The data, for stdout ("" when there is none). */
  readonly stdout: string
  /**
   * Messages for people, for stderr: "No webhooks.", a view's footer
   * ("Team: Design", "Delivered: 1, failed: 0"). Never on stdout, so piped
   * text is the table's rows alone.
   */
  readonly notice?: string | undefined
}

/** Longest value in a record before truncation. */
const VALUE_LIMIT = 400
/** No column is squeezed below this when fitting a table to the terminal. */
const MIN_COLUMN = 8

// Terminal-safe text lives apart so library code (a Markdown export) can use it without the output formats.
export { visible }

/**
 * JSON for a machine, exact and still safe to print: JSON.stringify escapes
 * C0 controls but leaves DEL, C1 and the bidi controls raw, so those are
 * escaped as \uXXXX too (the same data once parsed).
 */
export const safeJson = (value: unknown, space?: number): string =>
  (JSON.stringify(value, null, space) ?? "null").replace(
    /[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  )

/**
 * A value's TOON a line at a time, controls made visible: a large document is written as it is encoded, never
 * held whole as one string (a 25 MB design file: 1.7 s and 200 MB where the whole text took 2.5 s and 510 MB).
 */
export function* toonLines(value: unknown): Generator<string> {
  for (const line of toToonLines(value)) yield visible(line)
}

/** JSON or TOON text of a value, safe on a terminal: JSON exact, TOON with controls made visible. */
export const machineText = (value: unknown, format: "json" | "toon", space?: number): string =>
  format === "json" ? safeJson(value, space) : visible(toToon(value))

/** Colour only on a terminal, and never with NO_COLOR (https://no-color.org). */
export const useColor = (stream: { isTTY?: boolean }, env: Record<string, string | undefined>) =>
  stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === "") && env.TERM !== "dumb"

export const style = (color: boolean) => ({
  bold: (s: string) => (color ? `\x1b[1m${s}\x1b[22m` : s),
  dim: (s: string) => (color ? `\x1b[2m${s}\x1b[22m` : s),
  red: (s: string) => (color ? `\x1b[31m${s}\x1b[39m` : s)
})

/** Cuts long text unless `full`; a record value also says how much was cut, a table cell only marks it. */
export const truncate = (s: string, limit: number, full: boolean, hint = true): string => {
  if (full || s.length <= limit) return s
  const kept = s.slice(0, Math.max(1, limit - 1))
  return hint ? `${kept}… (+${s.length - kept.length} chars, --full shows all)` : `${kept}…`
}

const cell = (value: unknown): string =>
  visible(
    value === null || value === undefined
      ? ""
      : typeof value === "object"
      ? JSON.stringify(value)
      : String(value).replace(/\s+/g, " ")
  )

/**
 * An id column (gid, id, key, uuid, node_id, file_key...): the one rule for
 * which columns are never cut, so an id shown can always be copied whole.
 */
export const isIdColumn = (name: string): boolean => /^(gid|id|key|uuid)$|_(gid|id|key|uuid)$/i.test(name)

/**
 * The columns kept and their widths to fit `width`: the widest other columns
 * give way first, never below MIN_COLUMN; when that is not enough the last
 * other columns are dropped. Id columns keep their natural width.
 */
const fit = (columns: ReadonlyArray<string>, natural: ReadonlyArray<number>, width: number) => {
  const kept = columns.map((_, i) => i)
  const widths = [...natural]
  const total = () => kept.reduce((a, i) => a + widths[i]!, 0) + 2 * (kept.length - 1)
  const shrinkable = () => kept.filter((i) => !isIdColumn(columns[i]!) && widths[i]! > MIN_COLUMN)
  while (total() > width && shrinkable().length > 0) {
    const widest = shrinkable().reduce((a, i) => (widths[i]! > widths[a]! ? i : a))
    widths[widest] = Math.max(MIN_COLUMN, widths[widest]! - (total() - width))
  }
  while (total() > width) {
    const droppable = kept.filter((i) => !isIdColumn(columns[i]!))
    if (droppable.length === 0 || kept.length === 1) break
    kept.splice(kept.indexOf(droppable.at(-1)!), 1)
  }
  return { kept, widths }
}

const table = (
  rows: ReadonlyArray<Readonly<Record<string, unknown>>>,
  columns: ReadonlyArray<string>,
  o: OutputOptions
) => {
  const body = rows.map((row) => columns.map((c) => cell(row[c])))
  if (!o.tty) return { text: body.map((cells) => cells.join("\t")).join("\n"), dropped: [] }
  const header = columns.map((c) => c.toUpperCase())
  const natural = columns.map((_, i) => Math.max(header[i]!.length, ...body.map((r) => r[i]!.length)))
  const { kept, widths } = o.full ? { kept: columns.map((_, i) => i), widths: natural } : fit(columns, natural, o.width)
  const line = (cells: ReadonlyArray<string>) =>
    kept.map((i, n) => {
      const text = isIdColumn(columns[i]!) ? cells[i]! : truncate(cells[i]!, widths[i]!, o.full, false)
      return n === kept.length - 1 ? text : text.padEnd(widths[i]!)
    }).join("  ").trimEnd()
  const dropped = columns.filter((_, i) => !kept.includes(i))
  return { text: [style(o.color).bold(line(header)), ...body.map(line)].join("\n"), dropped }
}

/** A scalar, or an empty object or array: one value of a record. */
const isLeaf = (v: unknown) =>
  v === null || typeof v !== "object" || (Array.isArray(v) ? v.length === 0 : Object.keys(v).length === 0)

/**
 * A record's nested values as fields of their own, named by their path
 * (`created_by.name: Sandbox User`, `tags.0.name: urgent`); a list of
 * scalars stays one field, its values joined by ", ".
 */
const fields = (key: string, value: unknown): Array<readonly [string, unknown]> => {
  if (value === undefined) return []
  if (isLeaf(value)) return [[key, Array.isArray(value) || (typeof value === "object" && value !== null) ? "" : value]]
  if (Array.isArray(value) && value.every(isLeaf) && value.every((x) => x === null || typeof x !== "object")) {
    return [[key, value.map((x) => (x === null ? "" : String(x))).join(", ")]]
  }
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => fields(`${key}.${k}`, v))
}

const record = (value: Readonly<Record<string, unknown>>, o: OutputOptions) => {
  const entries = Object.entries(value).flatMap(([k, v]) => fields(k, v))
  const width = Math.max(0, ...entries.map(([k]) => visible(k).length))
  return entries
    .map(([k, v]) =>
      `${style(o.color).bold(`${visible(k)}:`.padEnd(width + 1))} ${truncate(cell(v), VALUE_LIMIT, o.full)}`.trimEnd()
    )
    .join("\n")
}

/** Machine formats print `data` (the serialized result); text reads `shown` through the view. */
export const render = <S>(view: TextView<S>, shown: S, data: unknown, o: OutputOptions): Rendered => {
  if (o.format === "json" || o.format === "toon") return { stdout: machineText(data, o.format, 2) }
  if (view.kind === "document") {
    const footer = (view.footer?.(shown) ?? []).map(visible)
    return { stdout: visible(view.text(shown)), notice: footer.length === 0 ? undefined : footer.join("\n") }
  }
  if (view.kind === "record") {
    return { stdout: record((view.record?.(shown) ?? shown) as Readonly<Record<string, unknown>>, o) }
  }
  const rows = view.rows(shown)
  // stdout holds the rows alone; what is said about them (none, a count, columns left out) goes to stderr.
  const footer = (view.footer?.(shown) ?? []).map(visible)
  if (rows.length === 0) {
    const noun = typeof view.noun === "string" ? view.noun : view.noun(shown)
    return { stdout: "", notice: [`No ${noun}.`, ...footer].join("\n") }
  }
  const shownTable = table(rows, view.columns, o)
  const dropped = shownTable.dropped.length === 0
    ? []
    : [
      `Not shown at ${o.width} columns: ${
        shownTable.dropped.join(", ")
      } (a wider terminal, COLUMNS or --json shows them).`
    ]
  const notes = [...footer, ...dropped]
  return { stdout: shownTable.text, notice: notes.length === 0 ? undefined : notes.join("\n") }
}
