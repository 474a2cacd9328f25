/**
 * Output: the one place that turns a result into text for people, JSON, or
 * TOON. Data goes to stdout; messages go to stderr (see cli-runtime).
 */
import { encode as toToon } from "@toon-format/toon"
import type { TextView } from "./operation.js"

export type OutputFormat = "text" | "json" | "toon"

export interface OutputOptions {
  readonly format: OutputFormat
  /** Print long text whole instead of truncating it with a size hint. */
  readonly full: boolean
  readonly color: boolean
}

/** Longest cell in a table, and longest value in a record, before truncation. */
const CELL_LIMIT = 60
const VALUE_LIMIT = 400

/** Colour only on a terminal, and never with NO_COLOR (https://no-color.org). */
export const useColor = (stream: { isTTY?: boolean }, env: Record<string, string | undefined>) =>
  stream.isTTY === true && (env.NO_COLOR === undefined || env.NO_COLOR === "") && env.TERM !== "dumb"

export const style = (color: boolean) => ({
  bold: (s: string) => (color ? `\x1b[1m${s}\x1b[22m` : s),
  dim: (s: string) => (color ? `\x1b[2m${s}\x1b[22m` : s),
  red: (s: string) => (color ? `\x1b[31m${s}\x1b[39m` : s)
})

const ANSI = /\x1b\[[0-9;]*m/g
export const stripAnsi = (s: string) => s.replace(ANSI, "")

/** Cuts long text unless `full`; a record value also says how much was cut, a table cell only marks it. */
export const truncate = (s: string, limit: number, full: boolean, hint = true): string => {
  if (full || s.length <= limit) return s
  const kept = s.slice(0, limit - 1)
  return hint ? `${kept}… (+${s.length - kept.length} chars, --full shows all)` : `${kept}…`
}

const cell = (value: unknown): string =>
  value === null || value === undefined
    ? ""
    : typeof value === "object"
    ? JSON.stringify(value)
    : String(value).replace(/\s*\n\s*/g, " ")

const table = (rows: ReadonlyArray<Readonly<Record<string, unknown>>>, columns: ReadonlyArray<string>, o: OutputOptions) => {
  const body = rows.map((row) => columns.map((c) => truncate(cell(row[c]), CELL_LIMIT, o.full, false)))
  const header = columns.map((c) => c.toUpperCase())
  const widths = columns.map((_, i) => Math.max(header[i]!.length, ...body.map((r) => r[i]!.length)))
  const line = (cells: ReadonlyArray<string>) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join("  ").trimEnd()
  return [style(o.color).bold(line(header)), ...body.map(line)].join("\n")
}

const record = (value: Readonly<Record<string, unknown>>, o: OutputOptions) => {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined)
  const width = Math.max(0, ...entries.map(([k]) => k.length))
  return entries
    .map(([k, v]) => `${style(o.color).bold(`${k}:`.padEnd(width + 1))} ${truncate(cell(v), VALUE_LIMIT, o.full)}`)
    .join("\n")
}

/** The whole of what a command prints on stdout for a result. */
export const render = <O>(view: TextView<O>, value: O, o: OutputOptions): string => {
  if (o.format === "json") return JSON.stringify(value, null, 2)
  if (o.format === "toon") return toToon(value)
  if (view.kind === "record") {
    return record((view.record?.(value) ?? value) as Readonly<Record<string, unknown>>, o)
  }
  const rows = view.rows(value)
  const lines = rows.length === 0 ? [style(o.color).dim("(none)")] : [table(rows, view.columns, o)]
  return [...lines, ...(view.footer?.(value) ?? [])].join("\n")
}
