/**
 * Shared options (--token, --json, ...) belong to the root command, where
 * @effect/cli parses them once; people type them anywhere. This moves each
 * one, with its value, to the front, leaving the command's own options and
 * arguments in order. It knows which flags take a value, so a value that looks
 * like a flag (--description --json) is never mistaken for one; a flag that
 * the command itself defines stays with the command (webhook list --plan).
 */

/** Flag spellings mapped to whether they take a value. */
export type FlagTable = ReadonlyMap<string, boolean>

export const hoistSharedOptions = (
  args: ReadonlyArray<string>,
  shared: FlagTable,
  /** The flags of the command a path of words names, or undefined when it names none. */
  commandFlags: (path: ReadonlyArray<string>) => FlagTable | undefined
): Array<string> => {
  const words: Array<string> = []
  for (const a of args) {
    if (a.startsWith("-")) break
    words.push(a)
  }
  let own: FlagTable = new Map()
  for (let n = words.length; n > 0; n--) {
    const found = commandFlags(words.slice(0, n))
    if (found !== undefined) {
      own = found
      break
    }
  }
  const hoisted: Array<string> = []
  const rest: Array<string> = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--") {
      rest.push(...args.slice(i))
      break
    }
    const [name, inline] = arg.startsWith("--") ? [arg.split("=")[0]!, arg.includes("=")] : [arg, false]
    const mine = own.get(name)
    const theirs = mine === undefined ? shared.get(name) : undefined
    const takesValue = (mine ?? theirs) === true && !inline && i + 1 < args.length
    const taken = takesValue ? [arg, args[++i]!] : [arg]
    ;(theirs === undefined ? rest : hoisted).push(...taken)
  }
  return [...hoisted, ...rest]
}
