/**
 * Over every command of both programs: each flag (the command's own and the
 * shared ones) and each positional, given a value it refuses, is refused in
 * one line of one form, by the rule that checks it: `NAME: must be WHAT
 * (got VALUE).` (no value for a secret), exit 2, nothing sent. Lines that the
 * same command line without the bad value prints too (another required flag)
 * are not this flag's.
 */
import { describe, expect, it } from "vitest"
import type { Program } from "../../../src/core/cli/runtime.js"
import type { OptionSpec, PositionalSpec } from "../../../src/core/cli/spec.js"
import { designProgram } from "../../../src/design/cli/program.js"
import { taskmgrProgram } from "../../../src/taskmgr/cli/program.js"
import { runProgramInProcess } from "../../e2e/in-process.js"

/** No token, no sign-in and a closed port: a value that is accepted ends at "no token" (exit 3), nothing sent. */
const env = {
  PATH: process.env.PATH ?? "",
  HOME: "/nonexistent-home",
  NO_COLOR: "1",
  DESIGN_CONFIG_DIR: "/nonexistent-config",
  TASKMGR_CONFIG_DIR: "/nonexistent-config",
  DESIGN_BASE_URL: "http://127.0.0.1:9",
  TASKMGR_BASE_URL: "http://127.0.0.1:9/api/1.0"
}

/**
 * Values nothing of that kind accepts. Text is told apart by the flag it was
 * given to: a value given to a secret flag is masked wherever it shows later.
 */
const badValueOf = (o: OptionSpec | PositionalSpec): string =>
  o.choices !== undefined
    ? "nope"
    : "valueName" in o && o.valueName === "JSON|@FILE"
    ? `"str"`
    : "valueName" in o && /^(N|S|SECONDS|PORT)$/.test(o.valueName ?? "")
    ? "abc"
    : `!! not ${"flag" in o ? o.flag : o.name}`

const fillerOf = (p: PositionalSpec) => (p.choices !== undefined ? p.choices[0]! : "1200000000000601")

/** Where the shared flags are tried: a command that reads all of them. */
const SHARED_ON = "user me"

/** The one form: a name (flag, positional or setting with its variable), then what it must be, on one line. */
const FORM = /^Error: (--[\w-]+|<[\w-]+>)( \(item \d+\))?( or [A-Z_]+)?: must (not )?be .+\.$/

/** A file a flag names is refused for what the file system says of it ("PATH cannot be read (ENOENT)"), by the flag. */
const FILE_FORM = /^Error: --[\w-]+: .+\.$/
const takesPath = (o: OptionSpec) => /PATH|DIR|FILE/.test(o.valueName ?? "")

/** A refusal worded outside this change, in one line that quotes the value: a toolset (src/core/mcp/toolsets.ts). */
const WORDED_ELSEWHERE = [
  /^Error: Unknown toolset "/,
  // Not the value's fault: the flag belongs to another kind of listing (said with the flag it needs).
  /^Error: --cursor applies to a --plan listing only/
]

/** Secrets are refused without their value. */
const SECRET = /token|secret|passcode/i

interface Case {
  /** The command line without the bad value. */
  readonly base: ReadonlyArray<string>
  readonly argv: ReadonlyArray<string>
  readonly name: string
  /** The flag names a file. */
  readonly path: boolean
}

const cases = (program: Program): Array<Case> =>
  program.leaves.flatMap((leaf) => {
    const spec = leaf.spec
    const fill = spec.positionals.filter((p) => p.required).map(fillerOf)
    const base = [...leaf.path, ...fill]
    // The shared flags are read by one rule for every command: they are tried on the first command that takes them.
    const shared = leaf.path.join(" ") === SHARED_ON ? program.shared : []
    const flags = [...spec.options, ...shared].filter((o) => o.takesValue && o.hidden !== true)
    return [
      ...flags.map((o) => ({ base, argv: [...base, o.flag, badValueOf(o)], name: o.flag, path: takesPath(o) })),
      ...spec.positionals.map((p, i) => {
        const words = [...fill]
        words[i] = badValueOf(p)
        return { base, argv: [...leaf.path, ...words], name: `<${p.name}>`, path: false }
      })
    ]
  })

const errorLines = (stderr: string) => stderr.split("\n").filter((line) => line.startsWith("Error: "))

describe("every flag and positional refused with a bad value", () => {
  it("answers one line in the one form, naming it", async () => {
    const problems: Array<string> = []
    let refused = 0
    const baselines = new Map<string, ReadonlyArray<string>>()
    for (const program of [designProgram, taskmgrProgram]) {
      for (const c of cases(program)) {
        const key = `${program.name} ${c.base.join(" ")}`
        if (!baselines.has(key)) {
          baselines.set(key, errorLines((await runProgramInProcess(program, c.base, env, { timeoutMs: 5_000 })).stderr))
        }
        const r = await runProgramInProcess(program, c.argv, env, { timeoutMs: 5_000 })
        if (r.code !== 2) continue
        // This flag's refusal names it or quotes its value; a new line naming neither is what comes next (another
        // setting missing, once this one is given).
        const value = c.argv.at(-1)!
        const own = errorLines(r.stderr).filter((line) =>
          !baselines.get(key)!.includes(line) && (line.includes(c.name) || line.includes(value))
        )
        if (own.length === 0) continue
        refused++
        const line = `${program.name} ${c.argv.join(" ")}\n    ${own.join("\n    ")}`
        if (own.length === 1 && WORDED_ELSEWHERE.some((p) => p.test(own[0]!))) continue
        const named = own.filter((l) => l.startsWith(`Error: ${c.name}`))
        const form = c.path && !named.some((l) => l.includes(": must ")) ? FILE_FORM : FORM
        if (own.length !== 1 || named.length !== 1 || !form.test(named[0]!)) problems.push(line)
        else if (form === FORM && !SECRET.test(c.name) && !named[0]!.includes("(got ")) {
          problems.push(`${line}\n    (no got)`)
        } else if (r.stdout !== "") problems.push(`${line}\n    (stdout: ${r.stdout})`)
      }
    }
    expect(refused).toBeGreaterThan(300)
    expect(problems, `${problems.length} refusals out of form:\n${problems.join("\n")}`).toEqual([])
  }, 300_000)
})
