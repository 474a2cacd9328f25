/**
 * The glob matcher behind .gitignore: git's wildmatch rules (cases from git's
 * own wildmatch tests), the globs it refuses and why, and its cost counted in
 * steps: never more than its states times the text's length, whatever the
 * glob, where a backtracking matcher takes exponential time.
 */
import { describe, expect, it } from "vitest"
import { compileGlob, isGlobRefusal, nfaSteps } from "../../../src/taskmgr/local/glob-match.js"

const matches = (glob: string, text: string) => {
  const compiled = compileGlob(glob)
  if (isGlobRefusal(compiled)) throw new Error(`${glob}: ${compiled.reason}`)
  return compiled.test(text)
}

describe("glob matching as git's wildmatch does with WM_PATHNAME", () => {
  it.each([
    ["foo", "foo", true],
    ["foo", "@foo", false],
    ["???", "foo", true],
    ["*", "foo", true],
    ["f*", "foo", true],
    ["*f", "foo", false],
    ["*foo*", "foo", true],
    ["*ob*a*r*", "foobar", true],
    ["*ab", "aaaaaaabababab", true],
    ["foo\\*", "foo*", true],
    ["foo\\*bar", "foobar", false],
    ["f\\\\oo", "f\\oo", true],
    ["*[al]?", "ball", true],
    ["[ten]", "ten", false],
    ["**[!te]", "ten", true],
    ["**[!ten]", "ten", false],
    ["t[a-g]n", "ten", true],
    ["t[!a-g]n", "ten", false],
    ["t[!a-g]n", "ton", true],
    ["t[^a-g]n", "ton", true],
    ["a[]]b", "a]b", true],
    ["a[]-]b", "a-b", true],
    ["a[]-]b", "a]b", true],
    ["a[]-]b", "aab", false],
    ["a[]a-]b", "aab", true],
    ["]", "]", true],
    ["foo*bar", "foo/baz/bar", false],
    ["foo**bar", "foo/baz/bar", false],
    ["foo/**/bar", "foo/bar", true],
    ["foo/**/bar", "foo/b/a/z/bar", true],
    ["foo/**/bar", "foo/xbar", false],
    ["**/foo", "foo", true],
    ["**/foo", "XXX/foo", true],
    ["*/foo", "bar/baz/foo", false],
    ["**/bar*", "deep/foo/bar/baz", false],
    ["**/bar/*", "deep/foo/bar/baz", true],
    ["**/bar/**", "deep/foo/bar/", true],
    ["foo?bar", "foo/bar", false],
    ["foo[/]bar", "foo/bar", false],
    ["f[^eiu][^eiu][^eiu][^eiu][^eiu]r", "foo-bar", true],
    ["*/*/*", "foo/bb/aa/rr", false],
    ["**/**/**", "foo/bb/aa/rr", true],
    ["out/**", "out/a/b.js", true],
    ["out/**", "out", false],
    ["[[:alpha:]][[:digit:]][[:upper:]]", "a1B", true],
    ["[[:digit:][:upper:][:space:]]", "a", false],
    ["[[:digit:][:upper:][:space:]]", "A", true],
    ["[[:digit:][:upper:][:space:]]", " ", true],
    ["[[:xdigit:]]", "D", true],
    ["[a-c[:digit:]x-z]", "5", true],
    ["[a-c[:digit:]x-z]", "y", true],
    ["[a-c[:digit:]x-z]", "q", false],
    ["[[:x]", "x", true],
    // The shapes matched without the automaton keep the same rules.
    ["*.js", "a.js", true],
    ["*.js", "dir/a.js", false],
    ["*/x", "/x", true],
    ["src*", "src/a", false],
    ["src*", "srcs", true]
  ])("%s against %s: %s", (glob, text, expected) => {
    expect(matches(glob, text)).toBe(expected)
  })

  it("reads a reversed range as wildmatch does (its first character alone), saying so", () => {
    const reversed = compileGlob("[z-a].js")
    expect(isGlobRefusal(reversed) ? undefined : reversed.note).toBe(
      "the range z-a is reversed, so it matches z alone (as git reads it)"
    )
    expect(matches("[z-a].js", "z.js")).toBe(true)
    expect(matches("[z-a].js", "m.js")).toBe(false)
    expect(matches("[z-a].js", "a.js")).toBe(false)
  })

  it.each([
    ["[abc", "the [ at 1 is never closed"],
    ["x[!", "the [ at 2 is never closed"],
    ["[[:foo:]]", "[:foo:] is not a character class"],
    ["trail\\", "it ends with a lone backslash"]
  ])("refuses %s: %s", (glob, reason) => {
    expect(compileGlob(glob)).toEqual({ reason })
  })
})

describe("glob matching in linear time", () => {
  /** Within the NFA's bound: every live state looked at once for each character. */
  const linear = (glob: string, text: string) => {
    const { states, steps } = nfaSteps(glob, text)
    expect(steps).toBeLessThanOrEqual(states * (text.length + 1))
    return steps
  }

  it("backtracking bait: stars between repeated letters, against a long run of the letter", () => {
    const glob = "*a".repeat(12) + "*b"
    expect(matches(glob, "a".repeat(60))).toBe(false)
    linear(glob, "a".repeat(60))
    // Twenty times the text, about twenty times the steps (quadratic would be 400 times; backtracking, exponential).
    const short = linear("*a".repeat(30) + "*b", "a".repeat(200))
    const long = linear("*a".repeat(30) + "*b", "a".repeat(4_000))
    expect(long / short).toBeLessThan(25)
  })

  it("backtracking bait with globstars and classes, against a deep path", () => {
    const glob = "**/".repeat(20) + "[a-z]*[a-z]*[a-z]*x"
    const path = "ab/".repeat(500) + "a".repeat(500)
    expect(matches(glob, path)).toBe(false)
    linear(glob, path)
  })

  it("finishes a hostile glob over a long text well under a second", () => {
    const started = performance.now()
    expect(matches("*a".repeat(200) + "*b", "a".repeat(20_000))).toBe(false)
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})
