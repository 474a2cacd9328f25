/**
 * The client's text cut into lines, each at most a bound long. A line past
 * the bound is not collected: the server would otherwise hold whatever one
 * line brings (a client stuck writing without a newline grows it until the
 * process dies, and every other call with it). What is over the bound is
 * dropped as it arrives, up to the next newline, and stands in the stream as
 * `TooLong`, for the server to answer as an invalid request and read on.
 */
import * as Stream from "effect/Stream"

/** The longest line read, in UTF-16 code units (a character or half of one): far above any honest request. */
export const MAX_LINE_LENGTH = 16 * 1024 * 1024
export const MAX_LINE_TEXT = "16 MiB"

/** A line that was longer than the bound, and was dropped. */
export const TooLong = { _tag: "TooLong" } as const
export type Line = string | typeof TooLong

interface Partial {
  /** The current line's pieces so far; empty while dropping. */
  readonly pieces: Array<string>
  readonly length: number
  /** Over the bound: dropping until the next newline. */
  readonly dropping: boolean
}

const EMPTY: Partial = { pieces: [], length: 0, dropping: false }

/** Lines without their line break (`\n`, or `\r\n`), as Stream.splitLines gives them, each at most `max` long. */
export const boundedLines = (max: number = MAX_LINE_LENGTH) => <E, R>(text: Stream.Stream<string, E, R>) =>
  text.pipe(
    // A last line without a newline is a line too.
    Stream.concat(Stream.make("\n")),
    Stream.mapAccum(EMPTY, (state, chunk): readonly [Partial, ReadonlyArray<Line>] => {
      const out: Array<Line> = []
      let { dropping, length, pieces } = state
      let start = 0
      for (let newline = chunk.indexOf("\n"); newline >= 0; newline = chunk.indexOf("\n", start)) {
        const piece = chunk.slice(start, newline)
        start = newline + 1
        if (dropping || length + piece.length > max) out.push(TooLong)
        else {
          const line = pieces.length === 0 ? piece : pieces.join("") + piece
          out.push(line.endsWith("\r") ? line.slice(0, -1) : line)
        }
        pieces = []
        length = 0
        dropping = false
      }
      const rest = chunk.slice(start)
      if (!dropping && rest !== "") {
        if (length + rest.length > max) {
          dropping = true
          pieces = []
          length = 0
        } else {
          // Pushed in place (a line of many chunks stays linear), except into the shared empty state's array.
          if (pieces.length === 0) pieces = [rest]
          else pieces.push(rest)
          length += rest.length
        }
      }
      return [{ pieces, length, dropping }, out]
    }),
    Stream.flattenIterables
  )
