/**
 * The bash completion script: static tables (case statements) generated from
 * the tree, and one function that walks the words typed so far to find the
 * command path, then offers subcommands, flags, a flag's values or positional
 * choices. Needs only bash 4; bash-completion just loads it.
 */
import type { CommandModel, CompletionModel, FlagModel } from "./model.js"
import { spellingsOf } from "./model.js"
import { shQuote } from "./quote.js"

const words = (items: ReadonlyArray<string>) => items.map(shQuote).join(" ")
const patterns = (items: ReadonlyArray<string>) => items.map(shQuote).join("|")

/** `case "$1|$2"` keys for a command path and each spelling of its flags. */
const keyed = (c: CommandModel, f: FlagModel) => spellingsOf(f).map((s) => `${c.path}|${s}`)

export const bashScript = (m: CompletionModel): string => {
  const fn = (name: string) => `__${m.id}_${name}`
  const valueFlags = m.commands.flatMap((c) => c.flags.filter((f) => f.takesValue).flatMap((f) => keyed(c, f)))
  const sharedValueFlags = m.shared.filter((f) => f.takesValue).flatMap(spellingsOf)
  const valueCase = (indent: string, entries: ReadonlyArray<readonly [ReadonlyArray<string>, FlagModel]>) =>
    entries
      .filter(([, f]) => f.files || f.choices.length > 0)
      .map(([keys, f]) => `${indent}${patterns(keys)}) ${f.files ? "return 2" : `REPLY=(${words(f.choices)})`} ;;`)
  const positionalBranches = m.commands
    .filter((c) => c.positionals.length > 0)
    .map((c) => {
      const tests = c.positionals.map((p, n) =>
        `(( $2 ${p.variadic ? ">=" : "=="} ${n} )) && { REPLY=(${words(p.choices)}); return 0; }`
      )
      return `    ${shQuote(c.path)})\n      ${tests.join("\n      ")}\n      ;;`
    })

  return `# bash completion for ${m.program}, generated from its command tree.

# REPLY: the subcommands of a command path. Fails when the path names no command.
${fn("commands")}() {
  case $1 in
${m.commands.map((c) => `    ${shQuote(c.path)}) REPLY=(${words(c.subcommands.map((s) => s.name))}) ;;`).join("\n")}
    *) return 1 ;;
  esac
}

# REPLY: the flags to offer at a command path, its own then the shared ones.
${fn("flags")}() {
  case $1 in
${
    m.commands.filter((c) => c.flags.length > 0).map((c) =>
      `    ${shQuote(c.path)}) REPLY=(${words(c.flags.map((f) => f.flag))}) ;;`
    ).join("\n")
  }
    *) REPLY=() ;;
  esac
  REPLY+=(${words(m.shared.map((f) => f.flag))})
}

# Succeeds when the flag takes a value at the command path, so the next word is that value.
${fn("takes_value")}() {
  case "$1|$2" in
    ${valueFlags.length > 0 ? patterns(valueFlags) : "''"}) return 0 ;;
  esac
  case $2 in
    ${sharedValueFlags.length > 0 ? patterns(sharedValueFlags) : "''"}) return 0 ;;
  esac
  return 1
}

# REPLY: the values a flag accepts. Returns 2 for file names, 1 for free text.
${fn("values")}() {
  case "$1|$2" in
${valueCase("    ", m.commands.flatMap((c) => c.flags.map((f) => [keyed(c, f), f] as const))).join("\n")}
    *)
      case $2 in
${valueCase("        ", m.shared.map((f) => [spellingsOf(f), f] as const)).join("\n")}
        *) return 1 ;;
      esac
      ;;
  esac
}

# REPLY: the choices of the command's positional number $2 (from 0), empty for free text.
# Fails when the command takes no such positional.
${fn("positional")}() {
  case $1 in
${positionalBranches.join("\n")}
  esac
  return 1
}

_${m.id}_completion() {
  local cur w want='' prefix='' cmdpath=''
  local -i i cword npos=0 ended=0 rc
  local -a REPLY=() typed=()
  COMPREPLY=()
  # "=" is in COMP_WORDBREAKS, so --flag=value arrives as three words: join them again.
  for ((i = 0; i <= COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    if [[ $w == = && \${typed[-1]} == -?* && \${typed[-1]} != *=* ]]; then
      typed[-1]+==
    elif ((i > 0)) && [[ \${COMP_WORDS[i-1]} == = && \${typed[-1]} == -?*= ]]; then
      typed[-1]+=$w
    else
      typed+=("$w")
    fi
  done
  cword=\${#typed[@]}-1
  cur=\${typed[cword]}
  for ((i = 1; i < cword; i++)); do
    w=\${typed[i]}
    if ((ended)); then
      npos+=1
    elif [[ $w == -- ]]; then
      ended=1
    elif [[ $w == -?* && $w != -[0-9]* ]]; then
      # A value flag owns the next word, whatever it looks like.
      if [[ $w != *=* ]] && ${fn("takes_value")} "$cmdpath" "$w"; then
        ((i + 1 == cword)) && want=$w
        i+=1
      fi
    elif ((npos == 0)) && ${fn("commands")} "\${cmdpath:+$cmdpath }$w"; then
      cmdpath=\${cmdpath:+$cmdpath }$w
    else
      npos+=1
    fi
  done
  if [[ -z $want && $cur == -?*=* ]] && ((!ended)); then
    want=\${cur%%=*}
    cur=\${cur#*=}
    [[ $COMP_WORDBREAKS == *=* ]] || prefix=$want=
  fi
  REPLY=()
  if [[ -n $want ]]; then
    ${fn("values")} "$cmdpath" "$want"
    rc=$?
    if ((rc == 2)); then
      compopt -o filenames 2>/dev/null
      while IFS= read -r w; do COMPREPLY+=("$prefix$w"); done < <(compgen -f -- "$cur")
      return 0
    fi
  elif [[ $cur == -* ]] && ((!ended)); then
    ${fn("flags")} "$cmdpath"
  elif ((npos == 0)) && ${fn("commands")} "$cmdpath" && ((\${#REPLY[@]} > 0)); then
    :
  elif ${fn("positional")} "$cmdpath" "$npos"; then
    :
  elif ((!ended)); then
    ${fn("flags")} "$cmdpath"
  fi
  for w in "\${REPLY[@]}"; do
    [[ $w == "$cur"* ]] && COMPREPLY+=("$prefix$w")
  done
  return 0
}

complete -F _${m.id}_completion ${m.program}
`
}
