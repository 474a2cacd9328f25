/** Links to the app: one host rule for both services, and which design inputs are links. */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { describe, expect, it } from "vitest"
import { appLink, appLinkFields, checkAppLinks } from "../../src/core/app-url.js"
import { designOperations } from "../../src/design/operations.js"
import { defaultAppUrl } from "../../src/design/options.js"

const APP = "https://www.design.example"
const refused = (exit: Exit.Exit<unknown, { message: string; fields: ReadonlyArray<string> }>) => {
  if (Exit.isSuccess(exit) || exit.cause._tag !== "Fail") throw new Error("expected a failure")
  return exit.cause.error
}

describe("a link to the app", () => {
  it("is taken on the app's host, www. or not, and refused elsewhere naming the field", () => {
    for (
      const ok of [
        "https://www.design.example/file/K/x",
        "https://design.example/design/K",
        "HTTPS://WWW.Design.Example/file/K"
      ]
    ) {
      expect(Exit.isSuccess(Effect.runSyncExit(appLink(ok, "file_key", APP))), ok).toBe(true)
    }
    for (
      const bad of [
        "https://evil.example.com/file/K/x",
        "https://design.example.evil.com/file/K",
        "https://www.design.example:8443/file/K",
        "https://x.design.example/file/K"
      ]
    ) {
      const error = refused(Effect.runSyncExit(appLink(bad, "file_key", APP)))
      expect(error.fields).toEqual(["file_key"])
      expect(error.message).toMatch(/^file_key: must be a URL on www\.design\.example \(the app URL\) \(got "\S+"\)\.$/)
    }
    expect(refused(Effect.runSyncExit(appLink("https://[bad", "context_id", APP))).message).toBe(
      `context_id: must be a URL (got "https://[bad").`
    )
  })

  it("the design app URL follows the base URL; a loopback sandbox hands out the commercial links", () => {
    expect(defaultAppUrl("https://api.design.example")).toBe("https://www.design.example")
    expect(defaultAppUrl("https://api.gov.design.example")).toBe("https://www.gov.design.example")
    expect(defaultAppUrl("http://127.0.0.1:4010")).toBe("https://www.design.example")
  })

  it("every design input that takes a file, team, project or context is a link field; no other is", () => {
    const marked = new Set<string>()
    const unmarked = new Set<string>()
    for (const op of Object.values(designOperations)) {
      const links = appLinkFields(op.input)
      for (const field of links) marked.add(field)
      for (const field of ["file_key", "context_id", "project_id"]) {
        const has = JSON.stringify(op.input.ast).includes(`"${field}"`)
        if (has) expect(links, `${op.name}.${field}`).toContain(field)
      }
      for (const field of ["endpoint", "passcode", "description"]) if (links.includes(field)) unmarked.add(field)
    }
    expect([...marked].sort()).toEqual(["context_id", "file_key", "project_id", "team", "team_id", "url"])
    expect([...unmarked]).toEqual([])
  })

  it("checks strings and arrays of them, and lets ids that are not addresses through", () => {
    const run = (input: Record<string, unknown>) => Effect.runSyncExit(checkAppLinks(input, ["file_key", "keys"], APP))
    expect(
      Exit.isSuccess(
        run({ file_key: "AbC123", keys: ["K1", "https://design.example/file/K2"], other: "https://evil.example.com" })
      )
    ).toBe(true)
    expect(refused(run({ keys: ["K1", "http://evil.example.com/file/K2"] })).fields).toEqual(["keys"])
  })
})
