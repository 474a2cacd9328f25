/**
 * Reads a help example as a POSIX shell would, far enough to run it: words and
 * quotes, `\` line continuations, leading `NAME=value` assignments, `cmd > FILE`,
 * `cat FILE | cmd`, `$(cmd)` and `<(cmd)` inside another command, `~`, and a
 * trailing `# exit N` that states the exit code when it is not 0. Anything
 * else is refused, so an example stays something a reader can paste.
 */

/** One invocation of a program (or of another command, such as `cat` or `curl`). */
export interface Invocation {
  /** `NAME=value` before the command. */
  readonly assignments: Readonly<Record<string, string>>
  readonly words: ReadonlyArray<string>
  /** `> FILE` */
  readonly stdoutTo?: string | undefined
  /** `cat FILE |` before it. */
  readonly stdinFrom?: string | undefined
}

export interface Example {
  readonly text: string
  /** The commands in the order the shell runs them: substitutions inside a command before it. */
  readonly invocations: ReadonlyArray<Invocation>
  /** The exit code the example states (`# exit 9`), else 0. */
  readonly exit: number
}

type Part = { readonly kind: "text"; readonly text: string } | {
  readonly kind: "substitution"
  readonly inner: ReadonlyArray<Invocation>
}

interface Word {
  readonly parts: ReadonlyArray<Part>
  /** An operator (|, >) rather than a word. */
  readonly operator?: string
}

const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n"

/** Where the parenthesis opened just before `from` closes, skipping quoted text. */
const closingParen = (text: string, from: number): number => {
  let depth = 1
  for (let i = from; i < text.length; i++) {
    const c = text[i]
    if (c === "'") i = text.indexOf("'", i + 1)
    else if (c === "\"") i = text.indexOf("\"", i + 1)
    else if (c === "(") depth++
    else if (c === ")" && --depth === 0) return i
    if (i < 0) break
  }
  throw new Error(`unclosed ( in: ${text}`)
}

/** The words of a command line, and the comment after them. */
const tokenize = (text: string, home: string): { words: Array<Word>; comment: string | undefined } => {
  const words: Array<Word> = []
  let parts: Array<Part> = []
  let current = ""
  let started = false
  const flush = () => {
    if (current !== "") parts.push({ kind: "text", text: current })
    if (started) words.push({ parts })
    parts = []
    current = ""
    started = false
  }
  const substitution = (i: number): number => {
    const end = closingParen(text, i + 2)
    if (current !== "") parts.push({ kind: "text", text: current })
    current = ""
    parts.push({ kind: "substitution", inner: readCommands(text.slice(i + 2, end), home) })
    started = true
    return end
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (c === "\\" && text[i + 1] === "\n") {
      i++
      continue
    }
    if (isSpace(c)) {
      flush()
      continue
    }
    if (c === "#" && !started) {
      flush()
      return { words, comment: text.slice(i + 1).trim() }
    }
    if ((c === "|" || c === ">") && !started) {
      words.push({ parts: [], operator: c })
      continue
    }
    if (c === "~" && !started && (text[i + 1] === "/" || isSpace(text[i + 1]) || i + 1 === text.length)) {
      current += home
      started = true
      continue
    }
    if (c === "'") {
      const end = text.indexOf("'", i + 1)
      if (end < 0) throw new Error(`unclosed ' in: ${text}`)
      current += text.slice(i + 1, end)
      started = true
      i = end
      continue
    }
    if (c === "\"") {
      started = true
      for (i++; i < text.length && text[i] !== "\""; i++) {
        if (text[i] === "$" && text[i + 1] === "(") i = substitution(i)
        else if (text[i] === "\\" && "$`\"\\\n".includes(text[i + 1] ?? "")) {
          current += text[++i] === "\n"
            ? ""
            : text[i]
        } else if (text[i] === "$" || text[i] === "`") {
          throw new Error(`a variable or \` in quotes is not read: ${text}`)
        } else current += text[i]
      }
      if (i >= text.length) throw new Error(`unclosed " in: ${text}`)
      continue
    }
    if ((c === "$" || c === "<") && text[i + 1] === "(") {
      i = substitution(i)
      continue
    }
    if (c === "$" || c === "`" || c === ";" || c === "&" || c === "<" || c === "(" || c === ")" || c === "\\") {
      throw new Error(`shell syntax '${c}' is not read here: ${text}`)
    }
    current += c
    started = true
  }
  flush()
  return { words, comment: undefined }
}

const plain = (word: Word): string | undefined =>
  word.parts.every((p) => p.kind === "text") ? word.parts.map((p) => (p as { text: string }).text).join("") : undefined

/** A pipeline's commands, each with its substitutions run first. */
const readCommands = (text: string, home: string): Array<Invocation> => {
  const { words } = tokenize(text, home)
  return commandsOf(words, text)
}

const commandsOf = (words: ReadonlyArray<Word>, text: string): Array<Invocation> => {
  const out: Array<Invocation> = []
  let stdinFrom: string | undefined
  let rest = [...words]
  while (rest.length > 0) {
    const bar = rest.findIndex((w) => w.operator === "|")
    const command = bar < 0 ? rest : rest.slice(0, bar)
    rest = bar < 0 ? [] : rest.slice(bar + 1)
    const assignments: Record<string, string> = {}
    const argv: Array<string> = []
    let stdoutTo: string | undefined
    for (let i = 0; i < command.length; i++) {
      const word = command[i]!
      if (word.operator === ">") {
        const target = command[++i]
        const path = target === undefined ? undefined : plain(target)
        if (path === undefined) throw new Error(`> needs a file name: ${text}`)
        stdoutTo = path
        continue
      }
      for (const part of word.parts) if (part.kind === "substitution") out.push(...part.inner)
      const value = plain(word)
      const assignment = value === undefined ? undefined : /^([A-Z_][A-Z0-9_]*)=(.*)$/s.exec(value)
      if (argv.length === 0 && assignment !== undefined && assignment !== null) {
        assignments[assignment[1]!] = assignment[2]!
        continue
      }
      // A word built from a substitution belongs to a command that is not ours (curl, eval, source).
      argv.push(value ?? "$(…)")
    }
    out.push({ assignments, words: argv, stdoutTo, stdinFrom })
    // Only `cat FILE | …` feeds a pipe here: its file is what the next command reads.
    stdinFrom = argv[0] === "cat" && argv.length === 2 ? argv[1] : undefined
    if (bar >= 0 && stdinFrom === undefined) throw new Error(`only cat FILE | … is read as a pipe: ${text}`)
  }
  return out
}

/** The shell's words of a command line, as a reader pasting it gets them (continuations joined). */
export const shellWords = (text: string, home = "~"): Array<string> =>
  tokenize(text, home).words.map((w) => w.operator ?? plain(w) ?? "$(…)")

/** An example as the shell reads it, with the exit code it states. */
export const readExample = (text: string, home: string): Example => {
  const { words, comment } = tokenize(text, home)
  const stated = comment === undefined ? undefined : /^exits? (\d+)\b/.exec(comment)?.[1]
  return { text, invocations: commandsOf(words, text), exit: stated === undefined ? 0 : Number(stated) }
}
