/**
 * Plain-text layout for help pages: wrapping at word boundaries and two
 * aligned columns whose right side wraps under itself.
 */

/**
 * Lines no wider than `width`, broken at spaces. A word too long for a line of
 * its own (a long list of choices) breaks after its "|"s, else stands alone.
 */
export const wrap = (text: string, width: number): Array<string> => {
  const lines: Array<string> = []
  for (const paragraph of text.split("\n")) {
    let line = ""
    for (const word of paragraph.split(/\s+/).filter((w) => w !== "")) {
      const pieces = word.length > width ? word.split(/(?<=\|)/) : [word]
      pieces.forEach((piece, i) => {
        const joined = line === "" ? piece : i === 0 ? `${line} ${piece}` : line + piece
        if (joined.length <= width || line === "") line = joined
        else {
          lines.push(line)
          line = piece
        }
      })
    }
    lines.push(line)
  }
  return lines
}

export interface ColumnLayout {
  /** Spaces before the left column. */
  readonly indent: number
  /** The right column starts here at the latest; a longer left side puts its text on the next line. */
  readonly maxColumn: number
  /** The page width the right column wraps to. */
  readonly width: number
}

const GAP = 3
/** Below this the right column would be a ribbon: wrap past the page width instead. */
const MIN_TEXT = 24

/** Rows of [left, right] as aligned lines: `  --flag VALUE   text that wraps ...`. */
export const columns = (rows: ReadonlyArray<readonly [string, string]>, layout: ColumnLayout): Array<string> => {
  const widest = Math.max(0, ...rows.map(([left]) => left.length))
  const column = Math.min(layout.indent + widest + GAP, layout.maxColumn)
  const textWidth = Math.max(MIN_TEXT, layout.width - column)
  const pad = " ".repeat(column)
  const out: Array<string> = []
  for (const [left, right] of rows) {
    const head = " ".repeat(layout.indent) + left
    const text = right === "" ? [] : wrap(right, textWidth)
    if (head.length + GAP <= column && text.length > 0) {
      out.push(head.padEnd(column) + text[0])
      text.slice(1).forEach((line) => out.push(pad + line))
    } else {
      out.push(head)
      text.forEach((line) => out.push(pad + line))
    }
  }
  return out
}
