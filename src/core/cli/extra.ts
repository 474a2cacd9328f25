/** Commands every program has besides its operations: shell completion and the sandbox. */
import * as Effect from "effect/Effect"
import { invalidInput } from "../errors.js"
import type { Started } from "../sandbox.js"
import { completionInstall, completionScript, type Shell, SHELLS } from "./completion/index.js"
import { CliIO, listenForInterrupt } from "./io.js"
import { wholeNumber } from "./options.js"
import { type Leaf, type Program, programTree, writeOut } from "./runtime.js"
import { exportLine } from "./shell-quote.js"

export const completionLeaf = (name: string, program: () => Program): Leaf => ({
  path: ["completion"],
  spec: {
    name: "completion",
    summary: "Print a shell completion script (bash, zsh or fish).",
    description: [
      "Print a shell completion script. To install it:",
      ...SHELLS.map((shell) => completionInstall(shell, name))
    ].join("\n\n"),
    options: [],
    positionals: [{ name: "shell", description: "bash, zsh or fish", required: true, choices: SHELLS }],
    examples: [
      `source <(${name} completion bash)`,
      `${name} completion fish > ~/.config/fish/completions/${name}.fish`
    ],
    subcommands: []
  },
  run: ({ positionals }) =>
    Effect.suspend(() => {
      const p = program()
      return writeOut(completionScript(positionals[0] as Shell, programTree(p), p.shared))
    })
})

/**
 * `--env`: the sandbox in a detached child of the same program, and the
 * parent exits once the child printed its line, so `eval "$(... --env)"`
 * returns; the child keeps serving until its pid is killed.
 */
const startInBackground = async (
  port: number
): Promise<{ readonly pid: number; readonly info: unknown } | { readonly error: string }> => {
  // Loaded here, not at start-up: every other command would pay for them.
  const [{ spawn }, { createInterface }] = await Promise.all([import("node:child_process"), import("node:readline")])
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [
      ...process.execArgv,
      process.argv[1] ?? "",
      "sandbox",
      "--port",
      String(port)
    ], {
      detached: true,
      stdio: ["ignore", "pipe", "pipe"]
    })
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk))
    const lines = createInterface({ input: child.stdout })
    const done = (result: { readonly pid: number; readonly info: unknown } | { readonly error: string }) => {
      lines.close()
      // Nothing more is read from the child: let it outlive this process.
      child.stdout.destroy()
      child.stderr.destroy()
      child.unref()
      resolve(result)
    }
    lines.once("line", (line) => {
      try {
        done({ pid: child.pid ?? 0, info: JSON.parse(line) })
      } catch {
        child.kill()
        done({ error: line })
      }
    })
    child.once("exit", (code) => done({ error: stderr.trim() === "" ? `exit ${code}` : stderr.trim() }))
  })
}

/** `<program> sandbox`: a simulator on 127.0.0.1 that prints one JSON line (URL, tokens, seeded ids), then serves until Ctrl-C or killed. */
export const sandboxLeaf = <Info>(
  program: string,
  service: string,
  /** `--env`: the variables that point the program at a running sandbox, from its JSON line; PREFIX_SANDBOX_PID is added. */
  env: { readonly prefix: string; readonly of: (info: Info) => Record<string, string> },
  /** Loaded only when the command runs (a bundle of its own): the simulator is large, and no other command needs it. */
  load: () => Promise<{ readonly start: (port: number) => Promise<Started<Info>> }>
): Leaf => ({
  path: ["sandbox"],
  spec: {
    name: "sandbox",
    summary: `Serve the built-in ${service} simulator on 127.0.0.1; prints one JSON line with its URL and tokens.`,
    options: [
      {
        flag: "--port",
        takesValue: true,
        valueName: "PORT",
        description: "Port on 127.0.0.1 (0: any free port)",
        required: false,
        defaultText: "0"
      },
      {
        flag: "--env",
        takesValue: false,
        description:
          `Start it in the background and print shell export lines for it (use: eval "$(${program} sandbox --env)"; stop: kill "$${env.prefix}_SANDBOX_PID")`,
        required: false
      }
    ],
    positionals: [],
    examples: [`${program} sandbox --port 4010`, `eval "$(${program} sandbox --env)"`],
    subcommands: []
  },
  run: ({ options }) =>
    Effect.gen(function*() {
      const raw = typeof options["--port"] === "string" ? options["--port"] : "0"
      const port = yield* wholeNumber("port", "--port", raw, 0, 65_535)
      if (options["--env"] === true) {
        const started = yield* Effect.promise(() => startInBackground(port))
        if ("error" in started) {
          return yield* Effect.fail(invalidInput(`The sandbox did not start: ${started.error}`, "port"))
        }
        // The background sandbox prints the same info line the foreground one returns.
        const vars = { ...env.of(started.info as Info), [`${env.prefix}_SANDBOX_PID`]: String(started.pid) }
        const lines = [
          `# ${service} sandbox running in the background; stop it with: kill "$${env.prefix}_SANDBOX_PID"`,
          ...Object.entries(vars).map(([name, value]) => exportLine(name, value))
        ]
        return yield* writeOut(lines.join("\n"))
      }
      const { start } = yield* Effect.promise(load)
      const started = yield* Effect.promise(() => start(port))
      if ("error" in started) {
        const code = started.error
        return yield* Effect.fail(invalidInput(
          `Cannot listen on 127.0.0.1:${port}${
            code === undefined ? "" : ` (${code})`
          }: choose another --port, or 0 for any free port.`,
          "port"
        ))
      }
      // Serves until Ctrl-C, which stops it as asked (exit 0; the server goes with the process). Heard from before
      // the line is printed: whoever reads the line may interrupt at once.
      return yield* Effect.scoped(Effect.gen(function*() {
        const stopped = yield* listenForInterrupt(yield* CliIO)
        yield* writeOut(JSON.stringify(started.info))
        yield* stopped
      }))
    })
})
