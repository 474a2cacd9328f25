/**
 * Globs as git's wildmatch reads them with WM_PATHNAME (`*`, `?` and `[...]`
 * never match a `/`; `**` bounded by slashes or the ends spans directories),
 * matched in time linear in the text for a given glob: a glob is compiled
 * to a small NFA that is run over the text once, every live state at a time
 * (no backtracking). A JavaScript regular expression would backtrack, and
 * `*a*a*a*a*a*a*a*a*a*a*a*a*b` against sixty `a`s never ends.
 *
 * What wildmatch gives up on (an unclosed `[`, an unknown `[:class:]`, a
 * trailing backslash: git's glob then never matches) is refused with the
 * reason, so the caller can skip that one glob and say why. A reversed range
 * (`[z-a]`) is kept as wildmatch reads it (its first character alone), with
 * a note: it is surely a mistake.
 */

/** A compiled glob: `test` matches a whole text; `note` says what in it is surely a mistake. */
export interface Glob {
  readonly test: (text: string) => boolean
  readonly note?: string | undefined
}

export interface GlobRefusal {
  readonly reason: string
}

/** What one NFA state consumes: a code unit it accepts, then where it goes. */
interface Consume {
  readonly accepts: (c: number) => boolean
  next: number
}
/** A state that consumes nothing and goes to both. */
interface Split {
  readonly split: true
  a: number
  b: number
}
type State = Consume | Split | { readonly match: true }

const SLASH = 47

const POSIX_CLASSES: Readonly<Record<string, (c: number) => boolean>> = {
  alnum: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  alpha: (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122),
  blank: (c) => c === 32 || c === 9,
  cntrl: (c) => c < 32 || c === 127,
  digit: (c) => c >= 48 && c <= 57,
  graph: (c) => c > 32 && c < 127,
  lower: (c) => c >= 97 && c <= 122,
  print: (c) => c >= 32 && c < 127,
  punct: (c) => (c > 32 && c < 48) || (c > 57 && c < 65) || (c > 90 && c < 97) || (c > 122 && c < 127),
  space: (c) => c === 32 || (c >= 9 && c <= 13),
  upper: (c) => c >= 65 && c <= 90,
  xdigit: (c) => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102)
}

/** A bracket expression from `[` at `start`: what it accepts and where it ends, or why it cannot be used. */
const bracket = (
  glob: string,
  start: number,
  notes: Array<string>
): { readonly accepts: (c: number) => boolean; readonly end: number } | GlobRefusal => {
  let i = start + 1
  const negated = glob[i] === "!" || glob[i] === "^"
  if (negated) i++
  const singles = new Set<number>()
  const ranges: Array<readonly [number, number]> = []
  const classes: Array<(c: number) => boolean> = []
  const unclosed = { reason: `the [ at ${start + 1} is never closed` }
  // The first member may be `]` itself: the set ends at the first `]` after it.
  let previous: number | undefined
  for (let first = true;; first = false) {
    if (i >= glob.length) return unclosed
    let c = glob.charCodeAt(i)
    if (c === 93 && !first) break
    if (c === 92) {
      if (++i >= glob.length) return unclosed
      c = glob.charCodeAt(i)
      singles.add(c)
      previous = c
    } else if (c === 45 && previous !== undefined && i + 1 < glob.length && glob[i + 1] !== "]") {
      let to = glob.charCodeAt(++i)
      if (to === 92) {
        if (++i >= glob.length) return unclosed
        to = glob.charCodeAt(i)
      }
      if (to < previous) {
        // Wildmatch's range is then empty: its first character, already a member, is all that matches.
        const from = String.fromCharCode(previous)
        notes.push(
          `the range ${from}-${String.fromCharCode(to)} is reversed, so it matches ${from} alone (as git reads it)`
        )
      } else ranges.push([previous, to])
      previous = undefined
    } else if (c === 91 && glob[i + 1] === ":") {
      const close = glob.indexOf("]", i + 2)
      if (close < 0) return unclosed
      if (close - 1 <= i + 1 || glob[close - 1] !== ":") {
        // No `:]`: the `[` is a member like any other.
        singles.add(c)
        previous = c
      } else {
        const name = glob.slice(i + 2, close - 1)
        const test = Object.hasOwn(POSIX_CLASSES, name) ? POSIX_CLASSES[name] : undefined
        if (test === undefined) return { reason: `[:${name}:] is not a character class` }
        classes.push(test)
        previous = undefined
        i = close
      }
    } else {
      singles.add(c)
      previous = c
    }
    i++
  }
  const member = (c: number) => singles.has(c) || ranges.some(([a, b]) => c >= a && c <= b) || classes.some((t) => t(c))
  return { accepts: (c) => c !== SLASH && member(c) !== negated, end: i }
}

const isRefusal = (value: object): value is GlobRefusal => "reason" in value

const any = (c: number) => c >= 0
const notSlash = (c: number) => c !== SLASH

/** The NFA of a glob: states in order, state 0 the start. */
const compile = (glob: string, notes: Array<string> = []): Array<State> | GlobRefusal => {
  const states: Array<State> = []
  /** Appends a state that continues at the next one appended. */
  const consume = (accepts: (c: number) => boolean) => void states.push({ accepts, next: states.length + 1 })
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charCodeAt(i)
    if (c === 42) {
      let end = i
      while (glob.charCodeAt(end + 1) === 42) end++
      const bounded = end > i && (i === 0 || glob[i - 1] === "/") &&
        (end + 1 === glob.length || glob[end + 1] === "/" || (glob[end + 1] === "\\" && glob[end + 2] === "/"))
      i = end
      const here = states.length
      if (!bounded) {
        // `*`: any run of characters but `/`.
        states.push({ split: true, a: here + 1, b: here + 2 }, { accepts: notSlash, next: here })
        continue
      }
      if (end + 1 === glob.length) {
        // A trailing (or lone) `**`: anything at all.
        states.push({ split: true, a: here + 1, b: here + 2 }, { accepts: any, next: here })
        continue
      }
      // `**/`: nothing, or anything that ends with a `/` (zero or more directories).
      i += glob[end + 1] === "\\" ? 2 : 1
      const after = here + 4
      states.push(
        { split: true, a: here + 1, b: after },
        { split: true, a: here + 2, b: here + 3 },
        { accepts: any, next: here + 1 },
        { accepts: (x) => x === SLASH, next: after }
      )
      continue
    }
    if (c === 63) consume(notSlash)
    else if (c === 91) {
      const set = bracket(glob, i, notes)
      if (isRefusal(set)) return set
      consume(set.accepts)
      i = set.end
    } else if (c === 92) {
      if (i + 1 >= glob.length) return { reason: "it ends with a lone backslash" }
      const literal = glob.charCodeAt(++i)
      consume((x) => x === literal)
    } else consume((x) => x === c)
  }
  states.push({ match: true })
  return states
}

/**
 * The consuming states (and whether the match) reachable from each state
 * without consuming, so a run adds a state's closure in one step.
 */
const closures = (states: ReadonlyArray<State>) =>
  states.map((_, from) => {
    const reached: Array<number> = []
    const seen = new Set<number>()
    const stack = [from]
    while (stack.length > 0) {
      const s = stack.pop()!
      if (seen.has(s)) continue
      seen.add(s)
      const state = states[s]!
      if ("split" in state) stack.push(state.b, state.a)
      else reached.push(s)
    }
    return reached
  })

/**
 * Runs the NFA over `text`, every live state a character: whether it
 * matched, and the steps taken (at most the states times the characters).
 */
const run = (states: ReadonlyArray<State>, reach: ReadonlyArray<ReadonlyArray<number>>, text: string) => {
  const size = states.length
  let steps = 0
  // Two lists of live states, and the character index each state was last added at (no duplicates).
  let current = new Int32Array(size)
  let next = new Int32Array(size)
  const addedAt = new Int32Array(size).fill(-1)
  let count = 0
  for (const s of reach[0]!) current[count++] = s
  for (let i = 0; i < text.length && count > 0; i++) {
    const c = text.charCodeAt(i)
    let nextCount = 0
    for (let k = 0; k < count; k++) {
      steps++
      const state = states[current[k]!] as Consume | { readonly match: true }
      if (!("accepts" in state) || !state.accepts(c)) continue
      for (const s of reach[state.next]!) {
        if (addedAt[s] === i) continue
        addedAt[s] = i
        next[nextCount++] = s
      }
    }
    ;[current, next] = [next, current]
    count = nextCount
  }
  let matched = false
  for (let k = 0; k < count; k++) if (current[k] === size - 1) matched = true
  return { matched, steps }
}

const nfa = (states: ReadonlyArray<State>, notes: ReadonlyArray<string>): Glob => {
  const reach = closures(states)
  const test = (text: string) => run(states, reach, text).matched
  return notes.length === 0 ? { test } : { test, note: notes.join("; ") }
}

/** For tests of linearity: the NFA's states for `glob` and the steps its run over `text` takes. */
export const nfaSteps = (glob: string, text: string): { readonly states: number; readonly steps: number } => {
  const states = compile(glob)
  if (isRefusal(states)) throw new Error(states.reason)
  return { states: states.length, steps: run(states, closures(states), text).steps }
}

const SPECIAL = /[*?[\\]/

/**
 * A glob compiled, or why it cannot be used. The common shapes skip the NFA:
 * a literal is compared, `*` + literal is a suffix test, literal + `*` a
 * prefix test (neither star crossing a `/`).
 */
export const compileGlob = (glob: string): Glob | GlobRefusal => {
  if (!SPECIAL.test(glob)) return { test: (text) => text === glob }
  const rest = glob.slice(1)
  if (glob[0] === "*" && rest !== "" && !SPECIAL.test(rest)) {
    return {
      test: (text) => {
        const cut = text.length - rest.length
        return cut >= 0 && text.endsWith(rest) && (cut === 0 || text.lastIndexOf("/", cut - 1) < 0)
      }
    }
  }
  const head = glob.slice(0, -1)
  if (glob.endsWith("*") && head !== "" && !SPECIAL.test(head)) {
    return { test: (text) => text.startsWith(head) && text.indexOf("/", head.length) < 0 }
  }
  const notes: Array<string> = []
  const states = compile(glob, notes)
  return isRefusal(states) ? states : nfa(states, notes)
}

export const isGlobRefusal = (value: Glob | GlobRefusal): value is GlobRefusal => "reason" in value
