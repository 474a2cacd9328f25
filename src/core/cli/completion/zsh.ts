/**
 * The zsh completion script: the same tables and walk as the bash one, in
 * zsh, offering subcommands and flags with their descriptions (_describe) and
 * file names through _files. Works autoloaded from $fpath as _<program>, or
 * sourced after compinit.
 */
import type { CommandModel, CompletionModel, FlagModel } from "./model.js"
import { spellingsOf } from "./model.js"
import { describeEntry, shQuote } from "./quote.js"

const words = (items: ReadonlyArray<string>) => items.map(shQuote).join(" ")
const patterns = (items: ReadonlyArray<string>) => items.map(shQuote).join("|")
const keyed = (c: CommandModel, f: FlagModel) => spellingsOf(f).map((s) => `${c.path}|${s}`)
const flagEntries = (flags: ReadonlyArray<FlagModel>) => words(flags.map((f) => describeEntry(f.flag, f.description)))

export const zshScript = (m: CompletionModel): string => {
  const fn = (name: string) => `__${m.id}_${name}`
  const main = `_${m.program}`
  const valueFlags = m.commands.flatMap((c) => c.flags.filter((f) => f.takesValue).flatMap((f) => keyed(c, f)))
  const sharedValueFlags = m.shared.filter((f) => f.takesValue).flatMap(spellingsOf)
  const valueCase = (indent: string, entries: ReadonlyArray<readonly [ReadonlyArray<string>, FlagModel]>) =>
    entries
      .filter(([, f]) => f.files || f.choices.length > 0)
      .map(([keys, f]) => `${indent}(${patterns(keys)}) ${f.files ? "return 2" : `reply=(${words(f.choices)})`} ;;`)
  const positionalBranches = m.commands
    .filter((c) => c.positionals.length > 0)
    .map((c) => {
      const tests = c.positionals.map((p, n) =>
        `(( $2 ${p.variadic ? ">=" : "=="} ${n} )) && { reply=(${words(p.choices)}); return 0 }`
      )
      return `    (${shQuote(c.path)})\n      ${tests.join("\n      ")}\n      ;;`
    })

  return `#compdef ${m.program}
# zsh completion for ${m.program}, generated from its command tree.

# reply: "name:summary" for each subcommand of a command path. Fails when the path names no command.
${fn("commands")}() {
  case $1 in
${
    m.commands.map((c) =>
      `    (${shQuote(c.path)}) reply=(${words(c.subcommands.map((s) => describeEntry(s.name, s.summary)))}) ;;`
    ).join("\n")
  }
    (*) return 1 ;;
  esac
}

# reply: "flag:description" for the flags at a command path, its own then the shared ones.
${fn("flags")}() {
  case $1 in
${
    m.commands.filter((c) => c.flags.length > 0).map((c) =>
      `    (${shQuote(c.path)}) reply=(${flagEntries(c.flags)}) ;;`
    ).join("\n")
  }
    (*) reply=() ;;
  esac
  reply+=(${flagEntries(m.shared)})
}

# Succeeds when the flag takes a value at the command path, so the next word is that value.
${fn("takes_value")}() {
  case "$1|$2" in
    (${valueFlags.length > 0 ? patterns(valueFlags) : "''"}) return 0 ;;
  esac
  case $2 in
    (${sharedValueFlags.length > 0 ? patterns(sharedValueFlags) : "''"}) return 0 ;;
  esac
  return 1
}

# reply: the values a flag accepts. Returns 2 for file names, 1 for free text.
${fn("values")}() {
  case "$1|$2" in
${valueCase("    ", m.commands.flatMap((c) => c.flags.map((f) => [keyed(c, f), f] as const))).join("\n")}
    (*)
      case $2 in
${valueCase("        ", m.shared.map((f) => [spellingsOf(f), f] as const)).join("\n")}
        (*) return 1 ;;
      esac
      ;;
  esac
}

# reply: the choices of the command's positional number $2 (from 0), empty for free text.
# Fails when the command takes no such positional.
${fn("positional")}() {
  case $1 in
${positionalBranches.join("\n")}
  esac
  return 1
}

${main}() {
  local cur=\${words[CURRENT]} w want= cmdpath=
  local -i i npos=0 ended=0 rc
  local -a reply candidates
  for (( i = 2; i < CURRENT; i++ )); do
    w=\${words[i]}
    if (( ended )); then
      (( npos++ ))
    elif [[ $w == -- ]]; then
      ended=1
    elif [[ $w == -?* && $w != -[0-9]* ]]; then
      # A value flag owns the next word, whatever it looks like.
      if [[ $w != *=* ]] && ${fn("takes_value")} "$cmdpath" "$w"; then
        (( i + 1 == CURRENT )) && want=$w
        (( i++ ))
      fi
    elif (( npos == 0 )) && ${fn("commands")} "\${cmdpath:+$cmdpath }$w"; then
      cmdpath=\${cmdpath:+$cmdpath }$w
    else
      (( npos++ ))
    fi
  done
  if [[ -z $want && $cur == -?*=* ]] && (( !ended )); then
    want=\${cur%%=*}
    compset -P '*='
  fi
  reply=()
  if [[ -n $want ]]; then
    ${fn("values")} "$cmdpath" "$want"
    rc=$?
    (( rc == 2 )) && { _files; return }
    (( rc == 0 )) && compadd -- "\${reply[@]}"
    return 0
  fi
  if [[ $cur == -* ]] && (( !ended )); then
    ${fn("flags")} "$cmdpath"
    candidates=("\${reply[@]}")
    _describe -t options flag candidates
  elif (( npos == 0 )) && ${fn("commands")} "$cmdpath" && (( \${#reply} > 0 )); then
    candidates=("\${reply[@]}")
    _describe -t commands command candidates
  elif ${fn("positional")} "$cmdpath" $npos; then
    (( \${#reply} > 0 )) && compadd -- "\${reply[@]}"
  elif (( !ended )); then
    ${fn("flags")} "$cmdpath"
    candidates=("\${reply[@]}")
    _describe -t options flag candidates
  fi
  return 0
}

# Autoloaded from $fpath, this file is the body of ${main}: define it, then complete.
# Sourced, it registers the function instead.
if [[ \${funcstack[1]} == ${main} ]]; then
  ${main} "$@"
elif (( \${+functions[compdef]} )); then
  compdef ${main} ${m.program}
fi
`
}
