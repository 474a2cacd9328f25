/**
 * A .gitignore matcher, as git reads the files (gitignore(5)): blank lines and
 * `#` comments skipped, `!` re-includes, a trailing `/` matches directories
 * only, a pattern with a `/` before its end is anchored to its file's
 * directory (else it matches a name at any depth), `*` `?` `[...]` never cross
 * a `/`, and `**` spans directories (`**\/x`, `x/**`, `a/**\/b`). Deeper files
 * override shallower ones and, within a file, the last matching line wins.
 * A walker that skips ignored directories gets git's rule that a file under
 * an excluded directory cannot be re-included for free.
 *
 * Patterns are matched in linear time (glob-match.ts), never by a regular
 * expression. A line git cannot use (an unclosed `[`, an unknown class) is
 * skipped alone, and said: the rest of its file still applies; a line that
 * is surely a mistake (a reversed range) is read as git reads it, and said.
 */
import { compileGlob, type Glob, isGlobRefusal } from "./glob-match.js"

export interface IgnoreRule {
  /** What in the line is surely a mistake, if anything. */
  readonly note?: string | undefined
  readonly negate: boolean
  readonly dirOnly: boolean
  /** Matched against the entry's name alone when the pattern has no `/` (it matches a name at any depth), else against its path. */
  readonly nameOnly: boolean
  readonly glob: Glob
}

/** A line worth a word: its 1-based number, its text, and what is wrong with it. */
export interface RuleProblem {
  readonly line: number
  readonly text: string
  readonly reason: string
}

export interface ParsedIgnore {
  readonly rules: ReadonlyArray<IgnoreRule>
  /** Lines git cannot use: skipped. */
  readonly skipped: ReadonlyArray<RuleProblem>
  /** Lines used as git uses them, though surely a mistake. */
  readonly suspect: ReadonlyArray<RuleProblem>
}

/** The rules of one .gitignore; `base` is its directory relative to the repository root ("" for the root). */
export interface IgnoreLevel {
  readonly base: string
  readonly rules: ReadonlyArray<IgnoreRule>
}

/** Trailing spaces are dropped unless escaped with a backslash. */
const trimTrailing = (line: string) => {
  let end = line.length
  while (end > 0 && line[end - 1] === " " && line[end - 2] !== "\\") end--
  const kept = line.slice(0, end)
  return kept.endsWith("\\ ") ? `${kept.slice(0, -2)} ` : kept
}

/** One line of a .gitignore as a rule, undefined for a blank or comment line, or why git cannot use it. */
export const parseRule = (raw: string): IgnoreRule | { readonly reason: string } | undefined => {
  let line = trimTrailing(raw.endsWith("\r") ? raw.slice(0, -1) : raw)
  if (line === "" || line.startsWith("#")) return undefined
  let negate = false
  if (line.startsWith("!")) {
    negate = true
    line = line.slice(1)
  } else if (line.startsWith("\\!") || line.startsWith("\\#")) line = line.slice(1)
  let dirOnly = false
  if (line.endsWith("/") && !line.endsWith("\\/")) {
    dirOnly = true
    while (line.endsWith("/")) line = line.slice(0, -1)
  }
  if (line === "") return undefined
  // A slash at the start or in the middle anchors the pattern to the file's directory.
  const anchored = line.includes("/")
  const glob = compileGlob(line.startsWith("/") ? line.slice(1) : line)
  if (isGlobRefusal(glob)) return glob
  // Without a `/` no part of the pattern can match one, so matching the last part of the path is matching the name.
  return { negate, dirOnly, nameOnly: !anchored, glob, note: glob.note }
}

/** A .gitignore's rules in order, the lines skipped because git cannot use them, and the ones surely mistaken. */
export const parseGitignore = (text: string): ParsedIgnore => {
  const rules: Array<IgnoreRule> = []
  const skipped: Array<RuleProblem> = []
  const suspect: Array<RuleProblem> = []
  const lines = text.split("\n")
  for (let i = 0; i < lines.length; i++) {
    const rule = parseRule(lines[i]!)
    if (rule === undefined) continue
    if ("reason" in rule) skipped.push({ line: i + 1, text: lines[i]!.trim(), reason: rule.reason })
    else {
      rules.push(rule)
      if (rule.note !== undefined) suspect.push({ line: i + 1, text: lines[i]!.trim(), reason: rule.note })
    }
  }
  return { rules, skipped, suspect }
}

/**
 * Whether `path` (relative to the repository root, `/`-separated) is ignored
 * by the levels that apply to it, outermost first: the deepest level with a
 * matching rule decides, by its last matching rule. A walker passes the
 * `name` it has.
 */
export const isIgnored = (
  levels: ReadonlyArray<IgnoreLevel>,
  path: string,
  isDir: boolean,
  name: string = path.slice(path.lastIndexOf("/") + 1)
): boolean => {
  for (let l = levels.length - 1; l >= 0; l--) {
    const level = levels[l]!
    if (level.base !== "" && !path.startsWith(`${level.base}/`)) continue
    const sub = level.base === "" ? path : path.slice(level.base.length + 1)
    for (let r = level.rules.length - 1; r >= 0; r--) {
      const rule = level.rules[r]!
      if (rule.dirOnly && !isDir) continue
      if (rule.glob.test(rule.nameOnly ? name : sub)) return !rule.negate
    }
  }
  return false
}
