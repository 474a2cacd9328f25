import { describe, expect, it } from "vitest"
import { renderHelp } from "../../../src/core/cli/help.js"
import type { CommandSpec } from "../../../src/core/cli/spec.js"
import { shared, tree } from "./sample-tree.js"

const help = (path: ReadonlyArray<string>, width = 80, color = false) =>
  renderHelp(tree, path, shared, { width, color })

/** The lines of one section, heading excluded. */
const sectionOf = (page: string, title: string) => {
  const blocks = page.trimEnd().split("\n\n")
  const block = blocks.find((b) => b.startsWith(`${title}\n`))
  return block === undefined ? undefined : block.split("\n").slice(1)
}

describe("help pages", () => {
  it("lays out a leaf command the way gh does", () => {
    expect(help(["webhook", "list"])).toBe(`List the webhooks of a team, project or file

USAGE
  design webhook list [flags]

FLAGS
  --context CONTEXT   What the webhooks are attached to (team|project|file)
                      (default: team)
  --context-id ID     The team, project or file id (default: $DESIGN_TEAM_ID for
                      a team)
  --plan PLAN-ID      List every webhook of this plan instead
  --cursor CURSOR     Start from this page cursor (printed on stderr after each
                      page)
  --all               Fetch every page
  --max-pages N       With --all, stop after this many pages (default: 10)

SHARED FLAGS
  --token --json --toon --full --account-plan --timeout --help
  (see \`design --help\`)

EXAMPLES
  $ design webhook list --context project --context-id 123
  $ design webhook list --plan 987 --all --json
`)
  })

  it("shows required flags with their value names in USAGE and marks them, with choices, defaults and repeatable", () => {
    const page = help(["webhook", "create"])
    expect(sectionOf(page, "USAGE")).toEqual(["  design webhook create --event <EVENT> --endpoint <URL> [flags]"])
    const flags = sectionOf(page, "FLAGS")!.join("\n")
    expect(flags).toContain("--endpoint URL        Where deliveries are POSTed (https) (required)")
    expect(flags).toContain("(FILE_UPDATE|FILE_DELETE|")
    expect(flags).toMatch(/LIBRARY_PUBLISH\)\n\s+\(repeatable\) \(required\)/)
    expect(flags).toContain(
      "Start delivering at once, or not yet (ACTIVE|PAUSED)\n                        (default: ACTIVE)"
    )
    expect(flags).not.toContain("--trace-http")
  })

  it("wraps descriptions to the width in a column no further right than 28", () => {
    for (const path of [[], ["webhook"], ["webhook", "list"], ["webhook", "create"], ["completion"]]) {
      const page = help(path)
      const examples = sectionOf(page, "EXAMPLES") ?? []
      for (const line of page.split("\n")) {
        if (!examples.includes(line)) expect(line.length, line).toBeLessThanOrEqual(80)
      }
      for (const line of sectionOf(page, "FLAGS") ?? []) {
        const text = /^ +\S.*?\s{3,}(\S)/.exec(line)
        if (text !== null) expect(text.index + text[0].length - 1, line).toBeLessThanOrEqual(28)
      }
    }
    const narrow = help(["webhook", "create"], 50)
    expect(narrow.split("\n").filter((l) => !l.includes("$ design")).every((l) => l.length <= 50)).toBe(true)
    expect(sectionOf(narrow, "USAGE")).toEqual([
      "  design webhook create --event <EVENT>",
      "    --endpoint <URL> [flags]"
    ])
  })

  it("puts the description of a long flag on the next line", () => {
    const leaf: CommandSpec = {
      name: "export",
      summary: "Export",
      options: [
        {
          flag: "--include-deleted-components",
          takesValue: true,
          valueName: "WHEN",
          description: "Also export deleted ones",
          required: false
        },
        { flag: "--out", takesValue: true, valueName: "PATH", description: "Where to write", required: false }
      ],
      positionals: [],
      examples: [],
      subcommands: []
    }
    const root: CommandSpec = { ...tree, subcommands: [leaf] }
    expect(sectionOf(renderHelp(root, ["export"], [], { width: 80, color: false }), "FLAGS")).toEqual([
      "  --include-deleted-components WHEN",
      "                            Also export deleted ones",
      "  --out PATH                Where to write"
    ])
  })

  it("lists the root's commands and describes the shared flags once, there", () => {
    const page = help([])
    expect(
      page.startsWith(
        "Script the design-file service. Shared flags may go anywhere on the command\nline.\n\nUSAGE\n  design <command> [flags]\n"
      )
    ).toBe(true)
    expect(sectionOf(page, "COMMANDS")).toEqual([
      "  webhook      Webhooks on teams, projects and files",
      "  user         The signed-in user",
      "  completion   Print a shell completion script"
    ])
    const flags = sectionOf(page, "FLAGS")!.join("\n")
    expect(flags).toContain("      --token TOKEN         Access token (default: $DESIGN_ACCESS_TOKEN)")
    expect(flags).toContain("  -h, --help                Show help for the command")
    expect(flags).toContain("      --version             Show the version")
    expect(flags).toContain("(starter|professional|organization|enterprise)")
    expect(page).not.toContain("debug")
    expect(page).not.toContain("--trace-http")
    expect(sectionOf(page, "SHARED FLAGS")).toBeUndefined()
  })

  it("lists a group's subcommands with their summaries, marking the deprecated", () => {
    const page = help(["user"])
    expect(sectionOf(page, "USAGE")).toEqual(["  design user <command> [flags]"])
    expect(sectionOf(page, "COMMANDS")).toEqual([
      "  me       Show who the token belongs to",
      "  whoami   Show who the token belongs to (deprecated)"
    ])
    expect(sectionOf(page, "FLAGS")).toBeUndefined()
  })

  it("describes arguments, with their choices", () => {
    expect(sectionOf(help(["webhook", "get"]), "USAGE")).toEqual(["  design webhook get <webhook-id> [flags]"])
    expect(sectionOf(help(["webhook", "get"]), "ARGUMENTS")).toEqual(["  <webhook-id>   The webhook's id"])
    expect(sectionOf(help(["completion"]), "ARGUMENTS")).toEqual([
      "  <shell>   The shell to complete for (bash|zsh|fish)"
    ])
  })

  it("shows examples as commands to copy", () => {
    expect(sectionOf(help(["webhook", "get"]), "EXAMPLES")).toEqual(["  $ design webhook get 42"])
    expect(sectionOf(help(["user", "me"]), "EXAMPLES")).toEqual(["  $ design user me --json"])
    expect(help(["user", "whoami"])).not.toContain("EXAMPLES")
  })

  it("says so when a command is deprecated", () => {
    const page = help(["user", "whoami"])
    expect(page.split("\n\n")[1]).toBe("DEPRECATED: use `design user me`")
    expect(help(["user", "me"])).not.toContain("DEPRECATED")
  })

  it("uses bold headings only when asked for colour, and no other escape codes", () => {
    expect(help(["webhook", "list"])).not.toContain("\x1b")
    const colored = help(["webhook", "list"], 80, true)
    expect(colored).toContain("\x1b[1mUSAGE\x1b[0m")
    expect(colored).toContain("\x1b[1mFLAGS\x1b[0m")

    expect(colored.replace(/\x1b\[1m[A-Z ]+\x1b\[0m/g, "")).not.toContain("\x1b")
  })

  it("shows the deepest command a path names when the rest is unknown", () => {
    expect(help(["webhook", "nope"])).toBe(help(["webhook"]))
  })
})
