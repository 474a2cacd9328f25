/**
 * Control characters in data on a terminal: text tables and records (fitted
 * or --full), TOON and stderr messages show them in caret notation; JSON
 * keeps them exact (escaped).
 */
import { describe, expect, it } from "vitest"
import { safeMessage } from "../../src/core/cli/runtime.js"
import { type OutputOptions, render, safeJson, visible } from "../../src/core/output.js"
import { rememberSecret } from "../../src/core/secrets.js"

const HOSTILE = "a\x1b[2Jb\x1b]0;pwn\x07c\u009b31m\x7f\r"
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/
const terminal = (over: Partial<OutputOptions> = {}): OutputOptions => ({
  format: "text",
  full: false,
  color: false,
  tty: true,
  width: 80,
  ...over
})

describe("control characters in output", () => {
  it("are shown in caret notation, tab and newline kept", () => {
    expect(visible(HOSTILE)).toBe("a^[[2Jb^[]0;pwn^Gc^[[31m^?^M")
    expect(visible("one\ttwo\nthree")).toBe("one\ttwo\nthree")
  })

  it("never reach a terminal raw from a table, a record or TOON, fitted or --full, coloured or not", () => {
    const table = {
      kind: "table" as const,
      rows: (o: { items: Array<Record<string, unknown>> }) => o.items,
      columns: ["gid", "name"],
      noun: "tasks"
    }
    const data = { items: [{ gid: "1", name: HOSTILE }, { gid: "2", name: { nested: HOSTILE } }] }
    for (
      const o of [
        terminal(),
        terminal({ full: true }),
        terminal({ tty: false }),
        terminal({ width: 20 }),
        terminal({ format: "toon" })
      ]
    ) {
      const out = render(table, data, data, o).stdout
      expect(RAW_CONTROL.test(out), `${JSON.stringify(o)}: ${JSON.stringify(out)}`).toBe(false)
      expect(out).toContain("^[")
    }
    const record = { kind: "record" as const }
    const shown = { [`key${HOSTILE}`]: HOSTILE }
    for (const o of [terminal(), terminal({ full: true })]) {
      expect(RAW_CONTROL.test(render(record, shown, shown, o).stdout)).toBe(false)
    }
    // Colour is ours: only our SGR codes remain.
    const coloured = render(record, shown, shown, terminal({ color: true })).stdout
    expect(coloured.replace(/\x1b\[(1|22)m/g, "")).not.toMatch(RAW_CONTROL)
  })

  it("bidi embeddings, overrides and isolates are shown by name in text, tables, records and messages", () => {
    const bidi = "invoice\u202Efdp.exe \u202A\u202B\u202C\u202D \u2066\u2067\u2068\u2069"
    const named = "invoice<U+202E>fdp.exe <U+202A><U+202B><U+202C><U+202D> <U+2066><U+2067><U+2068><U+2069>"
    expect(visible(bidi)).toBe(named)
    const BIDI = /[\u202a-\u202e\u2066-\u2069]/
    const table = {
      kind: "table" as const,
      rows: (o: { items: Array<Record<string, unknown>> }) => o.items,
      columns: ["gid", "name"],
      noun: "tasks"
    }
    const data = { items: [{ gid: "1", name: bidi }] }
    for (const o of [terminal(), terminal({ tty: false }), terminal({ full: true }), terminal({ format: "toon" })]) {
      expect(BIDI.test(render(table, data, data, o).stdout), JSON.stringify(o)).toBe(false)
    }
    expect(render({ kind: "record" }, { name: bidi }, { name: bidi }, terminal()).stdout).toContain(named)
    expect(safeMessage(`Not found: ${bidi}`)).toBe(`Not found: ${named}`)
    // JSON keeps the data exact, escaped.
    const json = safeJson({ name: bidi })
    expect(BIDI.test(json)).toBe(false)
    expect(json).toContain("\\u202e")
    expect((JSON.parse(json) as { name: string }).name).toBe(bidi)
  })

  it("are kept exact by JSON, escaped so that none is raw", () => {
    const out = render({ kind: "record" }, { name: HOSTILE }, { name: HOSTILE }, terminal({ format: "json" })).stdout
    expect(RAW_CONTROL.test(out)).toBe(false)
    expect((JSON.parse(out) as { name: string }).name).toBe(HOSTILE)
    expect(JSON.parse(safeJson([HOSTILE]))).toEqual([HOSTILE])
  })

  it("in a message for people: controls visible and every remembered credential masked", () => {
    rememberSecret("tok-remembered-9981")
    expect(safeMessage(`Bad: tok-remembered-9981 \x1b]0;pwn\x07`)).toBe("Bad: *** ^[]0;pwn^G")
  })
})
