/**
 * The fish completion script: one walk function that finds the command path
 * and the count of positionals before the cursor, and one `complete` line per
 * command, flag and choice, conditioned on that path. Fish itself offers a
 * flag's values after it (`-x -a`), and file names where `-F` says so.
 */
import type { CompletionModel, FlagModel } from "./model.js"
import { fishListWord, fishQuote } from "./quote.js"

const fishCase = (items: ReadonlyArray<string>) => items.map(fishQuote).join(" ")

/** The `complete` options that describe one flag. */
const flagOptions = (f: FlagModel): string => {
  const names = [`-l ${fishQuote(f.flag.replace(/^--/, ""))}`]
  if (f.alias !== undefined) {
    const bare = f.alias.replace(/^-/, "")
    names.push(bare.length === 1 ? `-s ${fishQuote(bare)}` : `-o ${fishQuote(bare)}`)
  }
  const value = !f.takesValue
    ? []
    : f.files
    ? ["-r", "-F"]
    : f.choices.length > 0
    ? ["-x", "-a", fishQuote(f.choices.map(fishListWord).join(" "))]
    : ["-x"]
  return [...names, ...value, "-d", fishQuote(f.description)].join(" ")
}

export const fishScript = (m: CompletionModel): string => {
  const fn = (name: string) => `__${m.id}_${name}`
  const c = `complete -c ${fishQuote(m.program)}`
  const valueFlags = m.commands.flatMap((cmd) =>
    cmd.flags.filter((f) => f.takesValue).flatMap((f) =>
      [f.flag, ...(f.alias === undefined ? [] : [f.alias])].map((s) => `${cmd.path}|${s}`)
    )
  )
  const sharedValueFlags = m.shared.filter((f) => f.takesValue).flatMap((
    f
  ) => (f.alias === undefined ? [f.flag] : [f.flag, f.alias]))
  const at = (path: string) => fishQuote(`${fn("at")} ${fishQuote(path)}`)
  const lines: Array<string> = []
  for (const cmd of m.commands) {
    for (const sub of cmd.subcommands) {
      lines.push(`${c} -n ${at(cmd.path)} -a ${fishQuote(fishListWord(sub.name))} -d ${fishQuote(sub.summary)}`)
    }
    for (const f of cmd.flags) lines.push(`${c} -n ${at(cmd.path)} ${flagOptions(f)}`)
    cmd.positionals.forEach((p, n) => {
      if (p.choices.length === 0) return
      const condition = fishQuote(`${fn("at_positional")} ${fishQuote(cmd.path)} ${n} ${p.variadic ? "more" : "one"}`)
      lines.push(`${c} -n ${condition} -a ${fishQuote(p.choices.map(fishListWord).join(" "))}`)
    })
  }

  return `# fish completion for ${m.program}, generated from its command tree.

# Succeeds when the flag takes a value at the command path, so the next word is that value.
function ${fn("takes_value")} --argument-names cmdpath word
    switch "$cmdpath|$word"
        case ${valueFlags.length > 0 ? fishCase(valueFlags) : "''"}
            return 0
    end
    switch $word
        case ${sharedValueFlags.length > 0 ? fishCase(sharedValueFlags) : "''"}
            return 0
    end
    return 1
end

function ${fn("is_command")} --argument-names cmdpath
    switch "$cmdpath"
        case ${fishCase(m.commands.map((cmd) => cmd.path))}
            return 0
    end
    return 1
end

# Prints the command path typed before the cursor, then how many positionals follow it.
# Fish asks once per \`complete\` line below: the answer is kept for the words it came from.
function ${fn("walk")}
    set -l typed (commandline -opc)
    if set -q ${fn("walked")}; and test "$${fn("walked")}" = "$typed"
        printf '%s\\n' $${fn("walk_result")}
        return
    end
    set -l cmdpath ''
    set -l npos 0
    set -l ended 0
    set -l i 2
    while test $i -le (count $typed)
        set -l w $typed[$i]
        if test $ended -eq 1
            set npos (math $npos + 1)
        else if test "$w" = --
            set ended 1
        else if string match -qr -- '^-[^0-9]' "$w"
            # A value flag owns the next word, whatever it looks like.
            if not string match -q -- '*=*' "$w"; and ${fn("takes_value")} "$cmdpath" "$w"
                set i (math $i + 1)
            end
        else
            set -l next "$w"
            test -n "$cmdpath"; and set next "$cmdpath $w"
            if test $npos -eq 0; and ${fn("is_command")} "$next"
                set cmdpath "$next"
            else
                set npos (math $npos + 1)
            end
        end
        set i (math $i + 1)
    end
    set -g ${fn("walked")} "$typed"
    set -g ${fn("walk_result")} "$cmdpath" $npos
    printf '%s\\n' "$cmdpath" $npos
end

function ${fn("at")} --argument-names cmdpath
    set -l state (${fn("walk")})
    test "$state[1]" = "$cmdpath"
end

# Succeeds at positional number n (from 0) of the command; "more" for one that takes every remaining word.
function ${fn("at_positional")} --argument-names cmdpath n kind
    set -l state (${fn("walk")})
    test "$state[1]" = "$cmdpath"; or return 1
    if test "$kind" = more
        test $state[2] -ge $n
    else
        test $state[2] -eq $n
    end
end

# No file names unless a flag asks for them.
${c} -f
${lines.join("\n")}
${m.shared.map((f) => `${c} ${flagOptions(f)}`).join("\n")}
`
}
