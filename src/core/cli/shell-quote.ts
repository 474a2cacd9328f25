/** Words a POSIX shell reads back unchanged: printed commands and `export` lines that can be pasted or eval'd. */

/** Letters, digits and a few marks the shell never treats specially pass bare; anything else is single-quoted. */
export const shellQuote = (word: string): string =>
  /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`

/** `export NAME=value`, the value quoted. */
export const exportLine = (name: string, value: string): string => `export ${name}=${shellQuote(value)}`
