import { describe, expect, it } from "vitest"
import { formatArgvError } from "../../../src/core/cli/argv-error.js"
import { resolveArgv, type ResolvedArgv } from "../../../src/core/cli/resolve.js"
import type { CommandSpec, OptionSpec } from "../../../src/core/cli/spec.js"
import { flagCollisions } from "../../../src/core/cli/tree.js"
import { shared, tree } from "./sample-tree.js"

const ok = (...argv: Array<string>): ResolvedArgv => {
  const result = resolveArgv(tree, shared, argv)
  if (!result.ok) throw new Error(`expected ${argv.join(" ")} to resolve, got: ${result.error.message}`)
  return result.value
}

const bad = (...argv: Array<string>) => {
  const result = resolveArgv(tree, shared, argv)
  if (result.ok) {
    throw new Error(`expected ${argv.join(" ")} to be refused, got ${JSON.stringify(result.value)}`)
  }
  return result.error
}

describe("resolving a command line", () => {
  it("finds the command, its options, the shared options and the positionals", () => {
    const r = ok("webhook", "list", "--context", "project", "--context-id", "123", "--all", "--json")
    expect(r.path).toEqual(["webhook", "list"])
    expect(r.command.name).toBe("list")
    expect(r.options).toEqual({ "--context": "project", "--context-id": "123", "--all": true })
    expect(r.shared).toEqual({ "--json": true })
    expect(r.positionals).toEqual([])
    expect(r.help).toBe(false)
    expect(r.version).toBe(false)
  })

  it("accepts shared options before, between and after the command words", () => {
    const r = ok("--token", "t0k", "webhook", "--json", "get", "--timeout", "5", "42", "--account-plan", "enterprise")
    expect(r.path).toEqual(["webhook", "get"])
    expect(r.shared).toEqual({ "--token": "t0k", "--json": true, "--timeout": "5", "--account-plan": "enterprise" })
    expect(r.positionals).toEqual(["42"])
  })

  it("reads --flag=value, the value up to the end of the word", () => {
    const r = ok("webhook", "list", "--context=file", "--token=abc=def")
    expect(r.options).toEqual({ "--context": "file" })
    expect(r.shared).toEqual({ "--token": "abc=def" })
  })

  it("gives a value flag the next word when it starts with a dash but names no flag", () => {
    const r = ok("webhook", "create", "--description", "--not-a-flag", "--endpoint", "-x")
    expect(r.options).toEqual({ "--description": "--not-a-flag", "--endpoint": "-x" })
    expect(r.shared).toEqual({})
    // A value that is a flag's name is given inline.
    expect(ok("webhook", "create", "--description=--json").options).toEqual({ "--description": "--json" })
  })

  it("refuses a value flag followed by another flag by name, instead of taking the flag as its value", () => {
    const e = bad("webhook", "create", "--description", "--json", "--endpoint", "https://x")
    expect(e.message).toBe("Flag '--description' needs a value, and '--json' is a flag: --description TEXT")
    expect(e.remedy).toBe(
      "To give a value that starts with a dash, write --description=VALUE. Run 'design webhook create --help' to see its flags."
    )
    expect(bad("webhook", "list", "--context-id", "--context", "file").message).toMatch(
      /^Flag '--context-id' needs a value/
    )
    expect(bad("webhook", "list", "--context-id", "--all=yes").message).toMatch(/^Flag '--context-id' needs a value/)
  })

  it("takes a value that looks like the end of options or a command word as the value", () => {
    const end = ok("webhook", "create", "--description", "--")
    expect(end.options).toEqual({ "--description": "--" })
    expect(end.positionals).toEqual([])
    const word = ok("webhook", "list", "--token", "webhook")
    expect(word.shared).toEqual({ "--token": "webhook" })
    expect(word.path).toEqual(["webhook", "list"])
  })

  it("refuses a value given to a switch", () => {
    const e = bad("webhook", "list", "--all=yes")
    expect(e.message).toBe("Flag '--all' takes no value (got '--all=yes')")
    expect(e.remedy).toBe("Run 'design webhook list --help' to see its flags.")
    expect(bad("user", "me", "--json=true").message).toBe("Flag '--json' takes no value (got '--json=true')")
  })

  it("treats every word after -- as a positional", () => {
    const r = ok("webhook", "get", "--", "--json")
    expect(r.positionals).toEqual(["--json"])
    expect(r.shared).toEqual({})
  })

  it("takes a negative number for an argument, not a flag", () => {
    const r = ok("webhook", "get", "-5")
    expect(r.positionals).toEqual(["-5"])
  })

  it("never gives a switch the word after it: that word is a positional", () => {
    const leaf: CommandSpec = {
      name: "tool",
      summary: "t",
      options: [{ flag: "--force", takesValue: false, description: "f", required: false }],
      positionals: [{ name: "answer", description: "a", required: true }],
      examples: [],
      subcommands: []
    }
    const result = resolveArgv(leaf, [], ["--force", "yes"])
    expect(result.ok && result.value).toMatchObject({ options: { "--force": true }, positionals: ["yes"] })
    const plain = resolveArgv(leaf, [], ["yes"])
    expect(plain.ok && plain.value).toMatchObject({ options: {}, positionals: ["yes"] })
  })

  it("shows help for a group without a subcommand and for the bare root", () => {
    const group = ok("webhook")
    expect(group.help).toBe(true)
    expect(group.path).toEqual(["webhook"])
    const root = ok()
    expect(root.help).toBe(true)
    expect(root.path).toEqual([])
    expect(ok("--json").help).toBe(true)
  })

  it("shows help for the deepest command named when --help or -h appears anywhere, even beside a bad flag", () => {
    const r = ok("webhook", "list", "--contxt", "x", "--help")
    expect(r.help).toBe(true)
    expect(r.path).toEqual(["webhook", "list"])
    expect(ok("-h", "webhook", "get").path).toEqual(["webhook", "get"])
    expect(ok("webhook", "get", "1", "2", "3", "-h").path).toEqual(["webhook", "get"])
    expect(ok("webhook", "list", "--context", "nope", "-h").path).toEqual(["webhook", "list"])
  })

  it("does not show help for a mistyped command: it names the word and the likely one", () => {
    expect(bad("webhok", "list", "--help")).toMatchObject({
      message: "Unknown command 'webhok' for 'design'",
      suggestion: "webhook"
    })
    expect(bad("webhook", "lst", "-h")).toMatchObject({
      message: "Unknown command 'lst' for 'design webhook'",
      suggestion: "list"
    })
  })

  it("answers --version on the root only", () => {
    const r = ok("--version")
    expect(r.version).toBe(true)
    expect(r.help).toBe(false)
    const e = bad("webhook", "list", "--version")
    expect(e.message).toBe("Flag '--version' is for 'design' only")
    expect(e.remedy).toBe("Run 'design --version'.")
  })

  it("names an unknown command word and its parent at every level, with the likely one", () => {
    const top = bad("webhok", "list")
    expect(top.message).toBe("Unknown command 'webhok' for 'design'")
    expect(top.suggestion).toBe("webhook")
    expect(top.remedy).toBe("Run 'design --help' to see its commands.")
    expect(formatArgvError(top)).toBe(
      "Unknown command 'webhok' for 'design'\nDid you mean 'webhook'?\nRun 'design --help' to see its commands."
    )
    const nested = bad("webhook", "lsit")
    expect(nested.message).toBe("Unknown command 'lsit' for 'design webhook'")
    expect(nested.suggestion).toBe("list")
    expect(nested.remedy).toBe("Run 'design webhook --help' to see its commands.")
    expect(bad("webhook", "cre").suggestion).toBe("create")
    expect(bad("zzz").suggestion).toBeUndefined()
    expect(formatArgvError(bad("zzz"))).toBe(
      "Unknown command 'zzz' for 'design'\nRun 'design --help' to see its commands."
    )
  })

  it("still runs a hidden command but never suggests one", () => {
    expect(ok("debug").path).toEqual(["debug"])
    expect(bad("debg").suggestion).toBeUndefined()
  })

  it("names an unknown flag and suggests one of the command's or the shared flags", () => {
    const own = bad("webhook", "list", "--contxt", "team")
    expect(own.message).toBe("Unknown flag '--contxt' for 'design webhook list'")
    expect(own.suggestion).toBe("--context")
    expect(own.remedy).toBe("Run 'design webhook list --help' to see its flags.")
    expect(bad("webhook", "list", "--jsno").suggestion).toBe("--json")
    expect(bad("webhook", "list", "--max-page=3").suggestion).toBe("--max-pages")
    expect(bad("webhook", "list", "--max-page=3").message).toBe("Unknown flag '--max-page' for 'design webhook list'")
    // another command's flag is unknown here
    const elsewhere = bad("webhook", "get", "7", "--context", "team")
    expect(elsewhere.message).toBe("Unknown flag '--context' for 'design webhook get'")
    expect(bad("webhook", "get", "7", "-x").message).toBe("Unknown flag '-x' for 'design webhook get'")
  })

  it("accepts hidden options but never suggests them", () => {
    expect(ok("webhook", "list", "--page-size", "5", "--trace-http").options).toEqual({ "--page-size": "5" })
    expect(bad("webhook", "list", "--page-siz", "5").suggestion).toBeUndefined()
    expect(bad("webhook", "list", "--trace-htt").suggestion).toBeUndefined()
  })

  it("names a flag left without its value", () => {
    const e = bad("webhook", "list", "--context-id")
    expect(e.message).toBe("Flag '--context-id' needs a value: --context-id ID")
    expect(e.remedy).toBe("Run 'design webhook list --help' to see its flags.")
    expect(bad("webhook", "list", "--context").message).toBe(
      "Flag '--context' needs a value: --context team|project|file"
    )
    expect(bad("user", "me", "--token").message).toBe("Flag '--token' needs a value: --token TOKEN")
  })

  it("refuses a value outside the choices, listing them and suggesting the near one", () => {
    const e = bad("webhook", "list", "--context", "projct")
    expect(e.message).toBe(`--context: must be one of team, project, file (got "projct").`)
    expect(e.suggestion).toBe("project")
    expect(e.remedy).toBe("Run 'design webhook list --help' to see its flags.")
    expect(bad("webhook", "list", "--context=Team").suggestion).toBe("team")
    expect(bad("user", "me", "--account-plan", "Enterprize").suggestion).toBe("enterprise")
    expect(bad("webhook", "list", "--context", "galaxy").suggestion).toBeUndefined()
  })

  it("checks each item of a repeatable flag's comma list against the choices", () => {
    const e = bad("webhook", "create", "--event", "FILE_UPDATE,FILE_DELTE", "--endpoint", "https://x")
    expect(e.message).toBe(
      `--event: must be one of FILE_UPDATE, FILE_DELETE, FILE_VERSION_UPDATE, FILE_COMMENT, LIBRARY_PUBLISH (got "FILE_DELTE").`
    )
    expect(e.suggestion).toBe("FILE_DELETE")
  })

  it("collects a repeatable flag's values, comma lists split", () => {
    const r = ok(
      "webhook",
      "create",
      "--event",
      "FILE_UPDATE",
      "--event=FILE_DELETE, FILE_COMMENT",
      "--endpoint",
      "https://x"
    )
    expect(r.options["--event"]).toEqual(["FILE_UPDATE", "FILE_DELETE", "FILE_COMMENT"])
  })

  it("leaves out a repeatable flag whose values hold no word", () => {
    expect(ok("webhook", "create", "--event", "", "--event=,", "--endpoint", "https://x").options).toEqual({
      "--endpoint": "https://x"
    })
    expect(ok("webhook", "create", "--event", ",", "--event", "FILE_UPDATE", "--endpoint", "https://x").options)
      .toEqual({ "--event": ["FILE_UPDATE"], "--endpoint": "https://x" })
  })

  it("refuses a flag given twice unless it is repeatable", () => {
    const e = bad("webhook", "list", "--context", "team", "--context", "file")
    expect(e.message).toBe("Flag '--context' may be given only once")
    expect(e.remedy).toBe("Run 'design webhook list --help' to see its flags.")
    expect(bad("--json", "user", "me", "--json").message).toBe("Flag '--json' may be given only once")
  })

  it("names a positional too many", () => {
    const e = bad("webhook", "get", "42", "x")
    expect(e.message).toBe("Unexpected argument 'x' for 'design webhook get'")
    expect(e.remedy).toBe("Run 'design webhook get --help' to see its arguments.")
    expect(bad("user", "me", "extra").message).toBe("Unexpected argument 'extra' for 'design user me'")
  })

  it("names a missing required positional", () => {
    const e = bad("webhook", "get", "--json")
    expect(e.message).toBe("Missing <webhook-id> for 'design webhook get'")
    expect(e.remedy).toBe("Run 'design webhook get --help' to see its arguments.")
    expect(bad("completion").message).toBe("Missing <shell> for 'design completion'")
  })

  it("checks a positional against its choices", () => {
    const e = bad("completion", "zhs")
    expect(e.message).toBe(`<shell>: must be one of bash, zsh, fish (got "zhs").`)
    expect(e.suggestion).toBe("zsh")
    expect(ok("completion", "fish").positionals).toEqual(["fish"])
  })

  it("leaves required options to the caller's Schema (they may come from the environment)", () => {
    const r = ok("webhook", "create")
    expect(r.options).toEqual({})
    expect(r.help).toBe(false)
  })

  it("reports the first mistake in the order typed", () => {
    expect(bad("webhook", "list", "--bogus", "--context", "nope").message).toBe(
      "Unknown flag '--bogus' for 'design webhook list'"
    )
    expect(bad("webhook", "get", "--bogus").message).toBe("Unknown flag '--bogus' for 'design webhook get'")
  })
})

describe("flag collisions", () => {
  it("finds none in the sample tree", () => {
    expect(flagCollisions(tree, shared)).toEqual([])
  })

  it("lists a command flag that a shared flag, a built-in or a sibling flag already spells", () => {
    const opt = (flag: string, alias?: string): OptionSpec => ({
      flag,
      alias,
      takesValue: true,
      description: "",
      required: false
    })
    const root: CommandSpec = {
      name: "design",
      summary: "",
      options: [opt("--version")],
      positionals: [],
      examples: [],
      subcommands: [{
        name: "list",
        summary: "",
        options: [opt("--plan"), opt("--cursor", "-h"), opt("--all"), opt("--all")],
        positionals: [],
        examples: [],
        subcommands: []
      }]
    }
    expect(flagCollisions(root, [opt("--plan"), opt("--help")])).toEqual([
      { command: "design", flag: "--help", with: "built-in" },
      { command: "design", flag: "--version", with: "built-in" },
      { command: "design list", flag: "--plan", with: "shared" },
      { command: "design list", flag: "-h", with: "built-in" },
      { command: "design list", flag: "--all", with: "own" }
    ])
  })
})
