/** Commands every program has besides its operations: shell completion and the sandbox. */
import * as Effect from "effect/Effect"
import type { Started } from "../testing/core/serve.js"
import { invalidInput } from "./errors.js"
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

/** `<program> sandbox`: a simulator on 127.0.0.1 that prints one JSON line (URL, tokens, seeded ids), then serves until killed. */
export const sandboxLeaf = (
  program: string,
  service: string,
  /** Loaded only when the command runs (a bundle of its own): the simulator is large, and no other command needs it. */
  load: () => Promise<{ readonly start: (port: number) => Promise<Started<unknown>> }>
): Leaf => ({
  path: ["sandbox"],
  spec: {
    name: "sandbox",
    summary: `Serve the built-in ${service} simulator on 127.0.0.1; prints one JSON line with its URL and tokens.`,
    options: [{ flag: "--port", takesValue: true, valueName: "PORT", description: "Port on 127.0.0.1 (0: any free port)", required: false, defaultText: "0" }],
    positionals: [],
    examples: [`${program} sandbox --port 4010`],
    subcommands: []
  },
  run: ({ options }) =>
    Effect.gen(function*() {
      const raw = typeof options["--port"] === "string" ? options["--port"].trim() : "0"
      const port = Number(raw)
      if (!/^\d+$/.test(raw) || port > 65_535) {
        return yield* Effect.fail(invalidInput(`--port must be a whole number from 0 to 65535; got "${raw}".`, "port"))
      }
      const { start } = yield* Effect.promise(load)
      const started = yield* Effect.promise(() => start(port))
      if ("error" in started) {
        const code = started.error
        return yield* Effect.fail(invalidInput(
          `Cannot listen on 127.0.0.1:${port}${code === undefined ? "" : ` (${code})`}: choose another --port, or 0 for any free port.`,
          "port"
        ))
      }
      yield* writeOut(JSON.stringify(started.info))
      return yield* Effect.never
    })
})
