/**
 * A .gitignore matcher, as git reads the files (gitignore(5)): blank lines and
 * `#` comments skipped, `!` re-includes, a trailing `/` matches directories
 * only, a pattern with a `/` before its end is anchored to its file's
 * directory (else it matches a name at any depth), `*` `?` `[...]` never cross
 * a `/`, and `**` spans directories (`**\/x`, `x/**`, `a/**\/b`). Deeper files
 * override shallower ones and, within a file, the last matching line wins.
 * A walker that skips ignored directories gets git's rule that a file under
 * an excluded directory cannot be re-included for free.
 */

export interface IgnoreRule {
  readonly negate: boolean
  readonly dirOnly: boolean
  /** Matched against the entry's name alone when the pattern has no `/` (it matches a name at any depth), else against its path. */
  readonly nameOnly: boolean
  readonly regex: RegExp
}

/** The rules of one .gitignore; `base` is its directory relative to the scan root ("" for the root). */
export interface IgnoreLevel {
  readonly base: string
  readonly rules: ReadonlyArray<IgnoreRule>
}

const escapeRegex = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")

/** A bracket expression from `[` at `start`: the regex class and where it ends, or undefined when unclosed. */
const bracket = (glob: string, start: number): { readonly source: string; readonly end: number } | undefined => {
  let i = start + 1
  let negate = false
  if (glob[i] === "!" || glob[i] === "^") {
    negate = true
    i++
  }
  let body = ""
  // A `]` first in the set is a member, not the end.
  if (glob[i] === "]") {
    body += "\\]"
    i++
  }
  for (; i < glob.length; i++) {
    const c = glob[i]!
    if (c === "]") return { source: `[${negate ? "^" : ""}${body}${negate ? "/" : ""}]`, end: i }
    if (c === "\\" && i + 1 < glob.length) {
      body += escapeRegex(glob[++i]!)
      continue
    }
    body += c === "-" ? "-" : escapeRegex(c)
  }
  return undefined
}

/** A glob (without its leading `/` or trailing `/`) as a regex source over `/`-separated paths. */
const globSource = (glob: string): string => {
  let out = ""
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === "*" && glob[i + 1] === "*") {
      const atStart = i === 0 || glob[i - 1] === "/"
      const atEnd = i + 2 === glob.length || glob[i + 2] === "/"
      if (atStart && atEnd) {
        if (i + 2 === glob.length) {
          // `x/**`: everything inside (the `/` before it is already written); a lone `**`: anything.
          out += ".*"
          i += 1
        } else {
          // `**/`: zero or more directories.
          out += "(?:[^/]*/)*"
          i += 2
        }
        continue
      }
      // Any other `**` is two `*`s.
      out += "[^/]*"
      i += 1
      continue
    }
    if (c === "*") out += "[^/]*"
    else if (c === "?") out += "[^/]"
    else if (c === "[") {
      const set = bracket(glob, i)
      if (set === undefined) out += "\\["
      else {
        out += set.source
        i = set.end
      }
    } else if (c === "\\" && i + 1 < glob.length) out += escapeRegex(glob[++i]!)
    else out += escapeRegex(c)
  }
  return out
}

/** Trailing spaces are dropped unless escaped with a backslash. */
const trimTrailing = (line: string) => {
  let end = line.length
  while (end > 0 && line[end - 1] === " " && line[end - 2] !== "\\") end--
  return line.slice(0, end).replace(/\\ $/, " ")
}

/** One line of a .gitignore as a rule, or undefined for a blank or comment line. */
export const parseRule = (raw: string): IgnoreRule | undefined => {
  let line = trimTrailing(raw.replace(/\r$/, ""))
  if (line === "" || line.startsWith("#")) return undefined
  let negate = false
  if (line.startsWith("!")) {
    negate = true
    line = line.slice(1)
  } else if (line.startsWith("\\!") || line.startsWith("\\#")) line = line.slice(1)
  let dirOnly = false
  if (line.endsWith("/") && !line.endsWith("\\/")) {
    dirOnly = true
    line = line.replace(/\/+$/, "")
  }
  if (line === "") return undefined
  // A slash at the start or in the middle anchors the pattern to the file's directory.
  const anchored = line.includes("/")
  const glob = line.startsWith("/") ? line.slice(1) : line
  const source = globSource(glob)
  // Without a `/` no part of the pattern can match one, so matching the last part of the path is matching the name.
  return { negate, dirOnly, nameOnly: !anchored, regex: new RegExp(`^${source}$`) }
}

export const parseGitignore = (text: string): ReadonlyArray<IgnoreRule> =>
  text.split("\n").flatMap((line) => {
    const rule = parseRule(line)
    return rule === undefined ? [] : [rule]
  })

/**
 * Whether `path` (relative to the scan root, `/`-separated) is ignored by the
 * levels that apply to it, outermost first: the deepest level with a matching
 * rule decides, by its last matching rule. A walker passes the `name` it has.
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
      if (rule.regex.test(rule.nameOnly ? name : sub)) return !rule.negate
    }
  }
  return false
}
