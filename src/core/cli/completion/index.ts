/**
 * Shell completion, generated from the command tree: a static script per
 * shell (nothing calls back into the program while you type, so completion
 * is instant), and the line that installs it.
 */
import type { CommandSpec, OptionSpec } from "../spec.js"
import { bashScript } from "./bash.js"
import { fishScript } from "./fish.js"
import { completionModel } from "./model.js"
import { zshScript } from "./zsh.js"

export type Shell = "bash" | "zsh" | "fish"

export const SHELLS: ReadonlyArray<Shell> = ["bash", "zsh", "fish"]

/** The completion script for `root`; function names derive from its name, so scripts for two programs coexist. */
export const completionScript = (shell: Shell, root: CommandSpec, shared: ReadonlyArray<OptionSpec>): string => {
  const model = completionModel(root, shared)
  switch (shell) {
    case "bash":
      return bashScript(model)
    case "zsh":
      return zshScript(model)
    case "fish":
      return fishScript(model)
  }
}

/** How to install the script, as lines to print under `<program> completion <shell> --help` or on request. */
export const completionInstall = (shell: Shell, program: string): string => {
  switch (shell) {
    case "bash":
      return [
        "# bash-completion loads it the next time you complete the command:",
        "mkdir -p ~/.local/share/bash-completion/completions",
        `${program} completion bash > ~/.local/share/bash-completion/completions/${program}`,
        "# without the bash-completion package, add to ~/.bashrc instead:",
        `# source <(${program} completion bash)`
      ].join("\n")
    case "zsh":
      return [
        "# into a directory on $fpath, named _" + program + ":",
        "mkdir -p ~/.zfunc",
        `${program} completion zsh > ~/.zfunc/_${program}`,
        // Short lines: help wraps long ones, and a wrapped comment's rest would read as a command.
        "# and in ~/.zshrc, before compinit runs:",
        "#   fpath=(~/.zfunc $fpath)",
        "#   autoload -Uz compinit && compinit"
      ].join("\n")
    case "fish":
      return [
        "mkdir -p ~/.config/fish/completions",
        `${program} completion fish > ~/.config/fish/completions/${program}.fish`
      ].join("\n")
  }
}
