/**
 * "Did you mean ...?" for mistyped command words, flags and choice values.
 * Plain code, no dependencies: it runs on every failed invocation.
 */

/**
 * Edit distance where inserting, deleting or replacing a character, or swapping
 * two adjacent ones, each cost 1 (the optimal-string-alignment form of
 * Damerau–Levenshtein: "lsit" is one edit from "list", not two).
 */
export const editDistance = (a: string, b: string): number => {
  // Three rolling rows: the swap rule looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  let current = new Array<number>(b.length + 1).fill(0)
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1)
      current[j] = best
    }
    ;[before, previous, current] = [previous, current, before]
  }
  return previous[b.length]!
}

/** Dashes and case do not make two spellings different words: "--Json" is "--json" mistyped. */
const bare = (word: string) => word.replace(/^-+/, "").toLowerCase()

/**
 * The one candidate the word most likely meant, or undefined. A word that starts
 * only one candidate is taken for an abbreviation of it; otherwise the nearest
 * candidate within two edits wins, among the candidates the word starts when
 * there are several. Short words get fewer edits (half their length, so "x"
 * never "means" "me" and "con" not "json"); a case slip costs nothing. Ties go to
 * the earlier candidate.
 */
export const didYouMean = (word: string, candidates: ReadonlyArray<string>): string | undefined => {
  const typed = bare(word)
  if (typed === "") return undefined
  const prefixed = candidates.filter((c) => bare(c).startsWith(typed))
  const exact = candidates.find((c) => bare(c) === typed)
  if (exact !== undefined) return exact
  if (prefixed.length === 1) return prefixed[0]
  const allowed = Math.min(2, Math.floor(typed.length / 2))
  let best: string | undefined
  let bestDistance = allowed + 1
  for (const candidate of prefixed.length > 1 ? prefixed : candidates) {
    const d = editDistance(typed, bare(candidate))
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best
}
