/**
 * Text from elsewhere (service data, the service's messages, input echoed
 * back) made harmless for a terminal, as gh does: every C0 control but tab
 * and newline, DEL and every C1 control is shown in caret notation (ESC as
 * `^[`, BEL as `^G`, CR as `^M`, DEL as `^?`, the one-character CSI U+009B
 * as `^[[`), so no escape sequence from data can clear, retitle or recolour
 * the terminal. Applied to text and TOON output and to every message on
 * stderr, on a terminal or not; JSON is exact and escapes them itself.
 */
export const visible = (text: string): string =>
  text.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, (c) => {
    const code = c.charCodeAt(0)
    return code === 0x7f
      ? "^?"
      : code < 0x20
      ? `^${String.fromCharCode(code + 0x40)}`
      : `^[${String.fromCharCode(code - 0x40)}`
  })
