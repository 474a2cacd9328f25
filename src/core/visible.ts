/**
 * Text from elsewhere (service data, the service's messages, input echoed
 * back) made harmless for a terminal, as gh does: every C0 control but tab
 * and newline, DEL and every C1 control is shown in caret notation (ESC as
 * `^[`, BEL as `^G`, CR as `^M`, DEL as `^?`, the one-character CSI U+009B
 * as `^[[`), so no escape sequence from data can clear, retitle or recolour
 * the terminal. The bidirectional embeddings, overrides and isolates
 * (U+202A-202E, U+2066-2069) are shown by name (`<U+202E>`): raw, they make
 * a terminal or an editor show text in another order than it is (a name that
 * reads as one command and runs as another). Applied to text and TOON output
 * and to every message on stderr, on a terminal or not; JSON is exact and
 * escapes them itself.
 */

/** What `visible` replaces: C0 but tab and newline, DEL, C1, and the bidi controls. */
export const UNSAFE_CHARACTER = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/
const UNSAFE_CHARACTERS = new RegExp(UNSAFE_CHARACTER.source, "g")

export const visible = (text: string): string =>
  text.replace(UNSAFE_CHARACTERS, (c) => {
    const code = c.charCodeAt(0)
    return code > 0xff
      ? `<U+${code.toString(16).toUpperCase()}>`
      : code === 0x7f
      ? "^?"
      : code < 0x20
      ? `^${String.fromCharCode(code + 0x40)}`
      : `^[${String.fromCharCode(code - 0x40)}`
  })
