/** Commands every program has besides its operations: shell completion. */
import * as Effect from "effect/Effect"
import { completionInstall, completionScript, type Shell, SHELLS } from "./cli/completion/index.js"
import { type Leaf, programTree, type Program, writeOut } from "./cli-runtime.js"


export const completionLeaf = (name: string, program: () => Program): Leaf => ({
  path: ["completion"],
  spec: {
    name: "completion",
    summary: "Print a shell completion script (bash, zsh or fish).",
    description: ["Print a shell completion script. To install it:", ...SHELLS.map((shell) => completionInstall(shell, name))].join("\n\n"),
    options: [],
    positionals: [{ name: "shell", description: "bash, zsh or fish", required: true, choices: SHELLS }],
    examples: [`source <(${name} completion bash)`, `${name} completion fish > ~/.config/fish/completions/${name}.fish`],
    subcommands: []
  },
  run: ({ positionals }) =>
    Effect.suspend(() => {
      const p = program()
      return writeOut(completionScript(positionals[0] as Shell, programTree(p), p.shared))
    })
})
