/** The .gitignore matcher: git's rules for negation, directory-only, anchoring, `**` and levels. */
import { describe, expect, it } from "vitest"
import { type IgnoreLevel, isIgnored, parseGitignore } from "../../../src/taskmgr/local/gitignore.js"

const root = (text: string): Array<IgnoreLevel> => [{ base: "", rules: parseGitignore(text).rules }]

describe("gitignore matcher", () => {
  it("skips blank lines and comments, and matches an unanchored name at any depth", () => {
    const levels = root("# comment\n\n*.log\nbuild\n")
    expect(isIgnored(levels, "a.log", false)).toBe(true)
    expect(isIgnored(levels, "deep/er/a.log", false)).toBe(true)
    expect(isIgnored(levels, "src/build", true)).toBe(true)
    expect(isIgnored(levels, "src/builder", true)).toBe(false)
    expect(isIgnored(levels, "# comment", false)).toBe(false)
  })

  it("re-includes with !, the last matching line winning", () => {
    const levels = root("*.log\n!keep.log\n")
    expect(isIgnored(levels, "x/keep.log", false)).toBe(false)
    expect(isIgnored(levels, "x/drop.log", false)).toBe(true)
    expect(isIgnored(root("!keep.log\n*.log\n"), "keep.log", false)).toBe(true)
  })

  it("matches a trailing-slash pattern against directories only", () => {
    const levels = root("cache/\n")
    expect(isIgnored(levels, "cache", true)).toBe(true)
    expect(isIgnored(levels, "a/cache", true)).toBe(true)
    expect(isIgnored(levels, "cache", false)).toBe(false)
  })

  it("anchors a pattern with a leading or middle slash to its file's directory", () => {
    const levels = root("/top.txt\ndoc/*.md\n")
    expect(isIgnored(levels, "top.txt", false)).toBe(true)
    expect(isIgnored(levels, "sub/top.txt", false)).toBe(false)
    expect(isIgnored(levels, "doc/a.md", false)).toBe(true)
    expect(isIgnored(levels, "x/doc/a.md", false)).toBe(false)
    expect(isIgnored(levels, "doc/sub/a.md", false)).toBe(false)
  })

  it("spans directories with **", () => {
    expect(isIgnored(root("**/gen\n"), "a/b/gen", true)).toBe(true)
    expect(isIgnored(root("**/gen\n"), "gen", true)).toBe(true)
    expect(isIgnored(root("out/**\n"), "out/a/b.js", false)).toBe(true)
    expect(isIgnored(root("out/**\n"), "out", true)).toBe(false)
    const middle = root("a/**/z.txt\n")
    expect(isIgnored(middle, "a/z.txt", false)).toBe(true)
    expect(isIgnored(middle, "a/b/c/z.txt", false)).toBe(true)
    expect(isIgnored(middle, "b/a/z.txt", false)).toBe(false)
  })

  it("reads ? and bracket sets without crossing a slash, and escapes", () => {
    expect(isIgnored(root("file?.txt\n"), "file1.txt", false)).toBe(true)
    expect(isIgnored(root("file?.txt\n"), "file10.txt", false)).toBe(false)
    expect(isIgnored(root("[ab].c\n"), "a.c", false)).toBe(true)
    expect(isIgnored(root("[!ab].c\n"), "a.c", false)).toBe(false)
    expect(isIgnored(root("[!ab].c\n"), "x.c", false)).toBe(true)
    expect(isIgnored(root("\\#hash\n"), "#hash", false)).toBe(true)
    expect(isIgnored(root("\\!bang\n"), "!bang", false)).toBe(true)
    expect(isIgnored(root("trail\\ \n"), "trail ", false)).toBe(true)
    expect(isIgnored(root("trail   \n"), "trail", false)).toBe(true)
  })

  it("lets a deeper file override a shallower one, relative to its own directory", () => {
    const levels: Array<IgnoreLevel> = [
      { base: "", rules: parseGitignore("*.gen.ts\n").rules },
      { base: "pkg", rules: parseGitignore("!keep.gen.ts\n/local.txt\n").rules }
    ]
    expect(isIgnored(levels, "pkg/keep.gen.ts", false)).toBe(false)
    expect(isIgnored(levels, "pkg/sub/keep.gen.ts", false)).toBe(false)
    expect(isIgnored(levels, "other/keep.gen.ts", false)).toBe(true)
    expect(isIgnored(levels, "pkg/local.txt", false)).toBe(true)
    expect(isIgnored(levels, "pkg/sub/local.txt", false)).toBe(false)
    expect(isIgnored(levels, "local.txt", false)).toBe(false)
  })
})
