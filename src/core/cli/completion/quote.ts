/** Quoting words for the generated scripts, so any description or choice is safe to embed. */

/** A single-quoted word for bash and zsh: it's -> 'it'\''s'. */
export const shQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

/** A single-quoted word for fish, where only \ and ' are escaped inside quotes. */
export const fishQuote = (s: string): string => `'${s.replace(/[\\']/g, "\\$&")}'`

/** A word inside a fish `complete -a` list, which fish splits on spaces: escape what would split or expand it. */
export const fishListWord = (s: string): string => s.replace(/[\s\\'"$*?~#(){}[\]<>&|;]/g, "\\$&")

/** A zsh `_describe` entry, "name:description", with colons in the name escaped. */
export const describeEntry = (name: string, description: string): string =>
  `${name.replace(/:/g, "\\:")}:${description}`
