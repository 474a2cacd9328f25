/**
 * The completion scripts, exercised in the real shells: bash through
 * COMP_WORDS/COMPREPLY, zsh through a pseudo-terminal (zpty) pressing TAB,
 * fish through `complete -C`. A shell that is missing fails these tests with
 * the line that installs it; they never pass by skipping.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { completionInstall, completionScript, type Shell } from "../../../src/core/cli/completion/index.js"
import type { CommandSpec, OptionSpec } from "../../../src/core/cli/spec.js"
import { shared, tree } from "./sample-tree.js"

const dir = mkdtempSync(join(tmpdir(), "cli-completion-"))

/** A second program, to show that two scripts loaded together keep to their own commands. */
const taskmgr: CommandSpec = {
  name: "taskmgr",
  summary: "Script the task service",
  options: [],
  positionals: [],
  examples: [],
  subcommands: [{
    name: "task",
    summary: "Tasks",
    options: [],
    positionals: [],
    examples: [],
    subcommands: [{
      name: "list",
      summary: "List tasks",
      options: [{ flag: "--project", takesValue: true, valueName: "GID", description: "Project", required: false }],
      positionals: [],
      examples: [],
      subcommands: []
    }]
  }]
}
const taskmgrShared: ReadonlyArray<OptionSpec> = [{
  flag: "--workspace",
  takesValue: true,
  description: "Workspace",
  required: false
}]

const write = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

/** Fails the suite with the install line when a shell is missing. */
const requireShell = (shell: Shell) => {
  if (spawnSync("sh", ["-c", `command -v ${shell}`]).status !== 0) {
    throw new Error(
      `${shell} is not installed, and these tests run the generated ${shell} script in it. ` +
        `Install it (Debian/Ubuntu: apt-get install -y --no-install-recommends ${shell}) and run them again.`
    )
  }
}

const run = (
  command: string,
  args: ReadonlyArray<string>,
  options: { cwd?: string; env?: Record<string, string> } = {}
) => {
  const result = spawnSync(command, args, {
    encoding: "utf8",
    timeout: 20_000,
    cwd: options.cwd ?? dir,
    env: { ...process.env, ...options.env }
  })
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr}`)
  return result.stdout
}

const lines = (text: string) => text.split("\n").filter((l) => l !== "")

const files = mkdtempSync(join(tmpdir(), "cli-completion-files-"))
writeFileSync(join(files, "hook.json"), "{}")
writeFileSync(join(files, "notes.txt"), "")
mkdirSync(join(files, "nested"))

const designFlags = ["--context", "--context-id", "--plan", "--cursor", "--all", "--max-pages"]
const sharedFlags = ["--token", "--json", "--toon", "--full", "--account-plan", "--timeout", "--help"]

describe("bash completion", () => {
  const scripts: Record<string, string> = {}
  const driver = write(
    "drive.bash",
    `# Loads the scripts named in $SCRIPTS, then completes the words given as arguments the way bash would.
for s in $SCRIPTS; do source "$s"; done
[[ -n $WORDBREAKS ]] && COMP_WORDBREAKS=$WORDBREAKS
COMP_WORDS=("$@")
COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
COMP_LINE=$LINE
COMP_POINT=\${#COMP_LINE}
spec=$(complete -p "$1") || exit 3
fn=\${spec#*-F }
fn=\${fn%% *}
"$fn" "$1" "\${COMP_WORDS[COMP_CWORD]}" "\${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\\n' "\${COMPREPLY[@]}"
`
  )

  beforeAll(() => {
    requireShell("bash")
    scripts.design = write("design.bash", completionScript("bash", tree, shared))
    scripts.taskmgr = write("taskmgr.bash", completionScript("bash", taskmgr, taskmgrShared))
  })

  /** Splits a line into COMP_WORDS as bash does: at spaces, and "=" as a word of its own unless told otherwise. */
  const complete = (
    line: string,
    options: { splitEquals?: boolean; cwd?: string; programs?: ReadonlyArray<string> } = {}
  ) => {
    const words = line.split(" ").flatMap((w) => {
      const eq = w.indexOf("=")
      if (options.splitEquals === false || !w.startsWith("-") || eq < 0) return [w]
      return [w.slice(0, eq), "=", ...(eq + 1 < w.length ? [w.slice(eq + 1)] : [])]
    })
    const env: Record<string, string> = {
      SCRIPTS: (options.programs ?? ["design"]).map((p) => scripts[p]!).join(" "),
      LINE: line
    }
    if (options.splitEquals === false) env.WORDBREAKS = " \t\n\"'><;|&(:"
    return lines(
      run("bash", ["--norc", "--noprofile", driver, ...words], {
        env,
        ...(options.cwd !== undefined ? { cwd: options.cwd } : {})
      })
    )
  }

  it("passes bash -n", () => {
    run("bash", ["-n", scripts.design!])
  })

  it("offers the command's flags and the shared ones after --", () => {
    expect(complete("design webhook list --")).toEqual([...designFlags, ...sharedFlags])
    expect(complete("design webhook list --co")).toEqual(["--context", "--context-id"])
    expect(complete("design --j")).toEqual(["--json"])
  })

  it("offers each choice of a flag as its own word", () => {
    expect(complete("design webhook list --context ")).toEqual(["team", "project", "file"])
    expect(complete("design webhook list --context pr")).toEqual(["project"])
    expect(complete("design webhook create --status ")).toEqual(["ACTIVE", "PAUSED"])
    expect(complete("design --account-plan ")).toEqual(["starter", "professional", "organization", "enterprise"])
    expect(complete("design webhook list --context-id ")).toEqual([])
  })

  it("completes --flag=value whether or not bash splits the word at =", () => {
    expect(complete("design webhook list --context=")).toEqual(["team", "project", "file"])
    expect(complete("design webhook list --context=pr")).toEqual(["project"])
    expect(complete("design webhook list --context=pr", { splitEquals: false })).toEqual(["--context=project"])
  })

  it("offers command words at every level", () => {
    expect(complete("design web")).toEqual(["webhook"])
    expect(complete("design ")).toEqual(["webhook", "user", "completion"])
    expect(complete("design webhook ")).toEqual(["list", "get", "create"])
    expect(complete("design --json user ")).toEqual(["me", "whoami"])
  })

  it("offers a positional's choices, and nothing for a free one", () => {
    expect(complete("design completion ")).toEqual(["bash", "zsh", "fish"])
    expect(complete("design completion z")).toEqual(["zsh"])
    expect(complete("design completion -- ")).toEqual(["bash", "zsh", "fish"])
    expect(complete("design webhook get ")).toEqual([])
  })

  it("skips a flag's value while finding the command, even one that looks like a command or a flag", () => {
    expect(complete("design --token webhook ")).toEqual(["webhook", "user", "completion"])
    expect(complete("design webhook create --description --json --status ")).toEqual(["ACTIVE", "PAUSED"])
  })

  it("offers the flags where nothing else is expected, and nothing after --", () => {
    expect(complete("design user me ")).toEqual(sharedFlags)
    expect(complete("design webhook get 1 -- --")).toEqual([])
  })

  it("offers --version on the root only", () => {
    expect(complete("design --v")).toEqual(["--version"])
    expect(complete("design webhook list --v")).toEqual([])
  })

  it("completes file names after a flag whose value is a FILE or PATH", () => {
    expect(complete("design webhook create --from-file ", { cwd: files }).sort()).toEqual([
      "hook.json",
      "nested",
      "notes.txt"
    ])
    expect(complete("design webhook create --from-file no", { cwd: files })).toEqual(["notes.txt"])
  })

  it("leaves hidden commands and options out", () => {
    expect(complete("design d")).toEqual([])
    expect(complete("design webhook list --page")).toEqual([])
    expect(complete("design --tr")).toEqual([])
  })

  it("lets the design and taskmgr scripts be loaded together", () => {
    const both = { programs: ["design", "taskmgr"] }
    expect(complete("design ", both)).toEqual(["webhook", "user", "completion"])
    expect(complete("taskmgr ", both)).toEqual(["task"])
    expect(complete("taskmgr task list --", both)).toEqual(["--project", "--workspace", "--help"])
    expect(complete("design webhook list --context ", both)).toEqual(["team", "project", "file"])
  })

  it("derives function names from the program's name", () => {
    const script = completionScript("bash", { ...taskmgr, name: "task-mgr" }, [])
    expect(script).toContain("complete -F _task_mgr_completion task-mgr")
    expect(script).not.toContain("__design")
    run("bash", ["-n", write("task-mgr.bash", script)])
  })
})

describe("zsh completion", () => {
  const fpathDir = join(dir, "zfunc")
  const setup = join(dir, "capture.zsh")
  const driver = join(dir, "drive.zsh")

  beforeAll(() => {
    requireShell("zsh")
    mkdirSync(fpathDir, { recursive: true })
    writeFileSync(join(fpathDir, "_design"), completionScript("zsh", tree, shared))
    // Inside the pseudo-terminal: every match a completion function adds is also written to $capture_file.
    writeFileSync(
      setup,
      `PS1=''
bindkey '^I' complete-word
zstyle ':completion:*' insert-tab false
compadd() {
  local arg
  for arg in "$@"; do
    [[ $arg == -- ]] && break
    # a call that only computes matches (-O, -A, -D) is left alone
    if [[ $arg =~ '^-[A-Za-z]+$' && $arg == *[OAD]* ]]; then builtin compadd "$@"; return; fi
  done
  local -a matched
  builtin compadd -A matched "$@"
  (( \${#matched} )) && print -rl -- "\${matched[@]}" >> $capture_file
  builtin compadd "$@"
}
capture_done() { print -r -- '<done>' >> $capture_file }
comppostfuncs=(capture_done)
`
    )
    // Starts an interactive zsh in a pseudo-terminal, types the line and TAB, and prints what was offered.
    writeFileSync(
      driver,
      `zmodload zsh/zpty || exit 3
fpath_dir=$1 capture=$2 line=$3
zpty shell zsh -f -i
zpty -w shell "capture_file=\${(q)capture}; fpath=(\${(q)fpath_dir} \\$fpath); autoload -Uz compinit && compinit -u -D; source \${(q)4}"
zpty -w -n shell "$line"$'\\t'
for i in {1..150}; do
  [[ -f $capture ]] && grep -qx '<done>' $capture && break
  sleep 0.1
done
zpty -d shell
grep -vx '<done>' $capture
exit 0
`
    )
  })

  let n = 0
  const complete = (line: string, cwd = dir) => {
    const capture = join(dir, `capture-${n++}.txt`)
    return lines(run("zsh", ["-f", driver, fpathDir, capture, line, setup], { cwd }))
  }

  it("passes zsh -n", () => {
    run("zsh", ["-n", join(fpathDir, "_design")])
  })

  it("offers the command's flags and the shared ones", () => {
    expect(complete("design webhook list --")).toEqual([...designFlags, ...sharedFlags])
  })

  it("offers each choice of a flag as its own word, also after =", () => {
    expect(complete("design webhook list --context ")).toEqual(["team", "project", "file"])
    expect(complete("design webhook list --context=pr")).toEqual(["project"])
  })

  it("offers command words and positional choices", () => {
    expect(complete("design web")).toEqual(["webhook"])
    expect(complete("design webhook ")).toEqual(["list", "get", "create"])
    expect(complete("design completion ")).toEqual(["bash", "zsh", "fish"])
  })

  it("completes file names after a FILE flag", () => {
    expect(complete("design webhook create --from-file ", files).sort()).toEqual(["hook.json", "nested", "notes.txt"])
  })
})

describe("fish completion", () => {
  let script = ""
  let taskmgrScript = ""

  beforeAll(() => {
    requireShell("fish")
    script = write("design.fish", completionScript("fish", tree, shared))
    taskmgrScript = write("taskmgr.fish", completionScript("fish", taskmgr, taskmgrShared))
  })

  /** The candidates fish prints for `complete -C`, without their descriptions. */
  const complete = (line: string, cwd = dir) =>
    lines(
      run("fish", [
        "--no-config",
        "-c",
        `source $argv[1]; source $argv[2]; complete -C $argv[3]`,
        script,
        taskmgrScript,
        line
      ], { cwd })
    )
      .map((l) => l.split("\t")[0]!)

  it("passes fish -n", () => {
    run("fish", ["-n", script])
  })

  it("offers the command's flags and the shared ones", () => {
    expect(complete("design webhook list --").sort()).toEqual([...designFlags, ...sharedFlags].sort())
  })

  it("offers each choice of a flag as its own word, also after =", () => {
    expect(complete("design webhook list --context ").sort()).toEqual(["file", "project", "team"])
    expect(complete("design webhook list --context=p")).toEqual(["--context=project"])
    expect(complete("design --account-plan ").sort()).toEqual(["enterprise", "organization", "professional", "starter"])
  })

  it("offers command words at every level and positional choices", () => {
    expect(complete("design web")).toEqual(["webhook"])
    expect(complete("design ").sort()).toEqual(["completion", "user", "webhook"])
    expect(complete("design webhook ").sort()).toEqual(["create", "get", "list"])
    expect(complete("design completion ").sort()).toEqual(["bash", "fish", "zsh"])
    expect(complete("design --token webhook ").sort()).toEqual(["completion", "user", "webhook"])
  })

  it("completes file names only after a FILE flag", () => {
    expect(complete("design webhook create --from-file ", files).sort()).toEqual(["hook.json", "nested/", "notes.txt"])
    expect(complete("design webhook get ", files)).toEqual([])
  })

  it("leaves hidden commands and options out, and keeps each program to its own", () => {
    expect(complete("design d")).toEqual([])
    expect(complete("design webhook list --page")).toEqual([])
    expect(complete("taskmgr ")).toEqual(["task"])
    expect(complete("taskmgr task list --").sort()).toEqual(["--help", "--project", "--workspace"])
  })
})

describe("install lines", () => {
  it("says where each shell looks for the script", () => {
    expect(completionInstall("bash", "design")).toContain(
      "design completion bash > ~/.local/share/bash-completion/completions/design"
    )
    expect(completionInstall("zsh", "design")).toContain("design completion zsh > ~/.zfunc/_design")
    expect(completionInstall("zsh", "design")).toContain("fpath=(~/.zfunc $fpath)")
    expect(completionInstall("fish", "taskmgr")).toContain(
      "taskmgr completion fish > ~/.config/fish/completions/taskmgr.fish"
    )
  })
})

describe("a missing shell", () => {
  it("fails with the line that installs it", () => {
    expect(() => requireShell("nosuchshell" as Shell)).toThrow(
      /nosuchshell is not installed.*apt-get install -y --no-install-recommends nosuchshell/
    )
  })
})
