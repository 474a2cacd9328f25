import { describe, expect, it } from "vitest"
import { hoistSharedOptions } from "../../src/core/argv.js"
import { designArgv } from "../../src/design/cli.js"

const shared = new Map([["--token", true], ["--json", false], ["--plan", true]])
const own = new Map([["--description", true], ["--all", false], ["--plan", true]])
const flagsOf = (path: ReadonlyArray<string>) => (path.join(" ") === "webhook list" ? own : path.join(" ") === "webhook get" ? new Map() : undefined)

describe("moving shared options to the front", () => {
  it("moves shared flags and their values, keeping the command's words and arguments in order", () => {
    expect(hoistSharedOptions(["webhook", "get", "5", "--json", "--token", "t0k"], shared, flagsOf)).toEqual(
      ["--json", "--token", "t0k", "webhook", "get", "5"]
    )
    expect(hoistSharedOptions(["webhook", "get", "--token", "abc", "5"], shared, flagsOf)).toEqual(["--token", "abc", "webhook", "get", "5"])
  })

  it("never takes a value that looks like a flag for a flag", () => {
    expect(hoistSharedOptions(["webhook", "list", "--description", "--json", "--all"], shared, flagsOf)).toEqual(
      ["webhook", "list", "--description", "--json", "--all"]
    )
    expect(hoistSharedOptions(["webhook", "get", "--token", "--json"], shared, flagsOf)).toEqual(["--token", "--json", "webhook", "get"])
  })

  it("leaves a flag the command defines itself with the command", () => {
    expect(hoistSharedOptions(["webhook", "list", "--plan", "team-1", "--json"], shared, flagsOf)).toEqual(
      ["--json", "webhook", "list", "--plan", "team-1"]
    )
    expect(hoistSharedOptions(["webhook", "get", "1", "--plan", "enterprise"], shared, flagsOf)).toEqual(
      ["--plan", "enterprise", "webhook", "get", "1"]
    )
  })

  it("handles --flag=value and stops at --", () => {
    expect(hoistSharedOptions(["webhook", "get", "1", "--token=abc", "--", "--json"], shared, flagsOf)).toEqual(
      ["--token=abc", "webhook", "get", "1", "--", "--json"]
    )
  })

  it("is what the design binary does with its argv", () => {
    expect(designArgv(["node", "design", "webhook", "create", "--passcode-env", "--json", "--toon"])).toEqual(
      ["node", "design", "--toon", "webhook", "create", "--passcode-env", "--json"]
    )
    expect(designArgv(["node", "design", "auth", "status", "--file", "--full", "--check", "--full"])).toEqual(
      ["node", "design", "--full", "auth", "status", "--file", "--full", "--check"]
    )
  })
})
