/** TODO and FIXME comments found in the comment syntaxes of common languages, and nowhere else. */
import { describe, expect, it } from "vitest"
import { findTodos, syntaxOf } from "../../../src/taskmgr/local/todo-comments.js"

const scan = (file: string, text: string) => findTodos(text, syntaxOf(file)!).map((t) => [t.line, t.kind, t.text])

describe("TODO comments", () => {
  it("finds line and block comments of C-like languages, not markers in strings or code", () => {
    const text = [
      "const a = 1 // TODO: tidy this",
      "const s = \"// TODO not a comment\"",
      "const TODO = 3",
      "/* FIXME(ann): leaks */",
      "/*",
      " * TODO spans lines",
      " */",
      "call('/*') // FIXME after a string",
      "x = `template // TODO no`"
    ].join("\n")
    expect(scan("a.ts", text)).toEqual([
      [1, "TODO", "tidy this"],
      [4, "FIXME", "leaks"],
      [6, "TODO", "spans lines"],
      [8, "FIXME", "after a string"]
    ])
  })

  it("reads hash, dash-dash, semicolon, percent and markup comments by file kind", () => {
    expect(scan("x.py", "s = '# TODO no'\n# TODO yes\nx = 1  # FIXME: too")).toEqual([[2, "TODO", "yes"], [
      3,
      "FIXME",
      "too"
    ]])
    expect(scan("q.sql", "select 1; -- TODO index\n")).toEqual([[1, "TODO", "index"]])
    expect(scan("init.el", "(setq x 1) ; FIXME later")).toEqual([[1, "FIXME", "later"]])
    expect(scan("doc.tex", "text % TODO cite")).toEqual([[1, "TODO", "cite"]])
    expect(scan("page.html", "<p>TODO not</p>\n<!-- TODO: fix nav -->\n<!--\nFIXME footer\n-->")).toEqual([[
      2,
      "TODO",
      "fix nav"
    ], [4, "FIXME", "footer"]])
    expect(scan("Makefile", "all: # TODO parallel")).toEqual([[1, "TODO", "parallel"]])
    expect(scan("Main.hs", "{- TODO pure -}\nx = 1 -- FIXME lazy")).toEqual([[1, "TODO", "pure"], [2, "FIXME", "lazy"]])
  })

  it("needs the marker as a word in upper case, and names a bare marker by itself", () => {
    expect(scan("a.go", "// todo lower\n// TODOS plural\n// TODO\n// MYTODO x")).toEqual([[3, "TODO", "TODO"]])
  })

  it("ends a literal at its closing quote, an escaped quote, or its line; resumes after a block's closer", () => {
    expect(scan("a.ts", "s = \"a \\\" // TODO no\" // TODO yes")).toEqual([[1, "TODO", "yes"]])
    expect(scan("a.ts", "s = \"open // TODO no\n// TODO next line")).toEqual([[2, "TODO", "next line"]])
    expect(scan("a.ts", "/* a */ x = '/*' // FIXME after")).toEqual([[1, "FIXME", "after"]])
    expect(scan("a.ts", "/* start\n TODO end */ // FIXME second\nx")).toEqual([[2, "TODO", "end"]])
    expect(scan("a.py", "# TODO crlf\r\nx = 1\r\n")).toEqual([[1, "TODO", "crlf"]])
    expect(findTodos("# TODO crlf\r\n", syntaxOf("a.py")!)[0]?.source).toBe("# TODO crlf")
  })

  it("numbers lines in large files, unclosed blocks running to the end", () => {
    const filler = "x = 1\n".repeat(20_000)
    expect(scan("a.go", `${filler}/* open\n${filler}TODO deep`)).toEqual([[40_002, "TODO", "deep"]])
    expect(scan("a.py", `${filler}y = 2  # FIXME: last`)).toEqual([[20_001, "FIXME", "last"]])
  })

  it("takes a marker where the comment starts with it, not one mid-sentence", () => {
    const text = [
      "// This scans for TODO or FIXME comments",
      "/// TODO: doc comment",
      "//! FIXME crate level",
      "/*",
      " * a line that mentions TODO in passing",
      " * TODO: in a block",
      " */",
      "x() // @TODO tagged"
    ].join("\n")
    expect(scan("a.rs", text)).toEqual([
      [2, "TODO", "doc comment"],
      [3, "FIXME", "crate level"],
      [6, "TODO", "in a block"],
      [8, "TODO", "tagged"]
    ])
    expect(scan("a.py", "# see the TODO list\n# TODO: real one\n")).toEqual([[2, "TODO", "real one"]])
  })

  it("knows no syntax for unknown kinds", () => {
    expect(syntaxOf("data.bin")).toBeUndefined()
    expect(syntaxOf("README")).toBeUndefined()
    expect(syntaxOf("x.constructor")).toBeUndefined()
    expect(syntaxOf("toString")).toBeUndefined()
    expect(syntaxOf("Dockerfile")).toBeDefined()
  })
})
