/**
 * The government edition's base URL: `auth status` shows the URL requests go
 * to (the edition's default when none is set), and a DESIGN_BASE_URL left set
 * is said to be ignored, once, on stderr (DESIGN_GOV_BASE_URL is the gov one).
 */
import { describe, expect, it } from "vitest"
import { describeRun, runInProcess } from "./helpers.js"

const status = (args: ReadonlyArray<string>, env: Record<string, string>) =>
  runInProcess(["auth", "status", "--json", ...args], {
    env: { DESIGN_ACCESS_TOKEN: "test-token-0123456789abcdef", ...env }
  })
const NOTE = "DESIGN_BASE_URL is ignored in the government edition"

describe("design --gov and the base URL", () => {
  it("shows the government host when no base URL is set", async () => {
    const r = await status(["--gov"], {})
    expect(r.code, describeRun(r)).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ edition: "gov", base_url: "https://api.gov.design.example" })
    expect(r.stderr).not.toContain(NOTE)
  })

  it("shows DESIGN_GOV_BASE_URL, and says once that DESIGN_BASE_URL is ignored", async () => {
    const r = await status([], {
      DESIGN_EDITION: "gov",
      DESIGN_BASE_URL: "https://api.design.example",
      DESIGN_GOV_BASE_URL: "https://gov.example.test"
    })
    expect(r.code, describeRun(r)).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ edition: "gov", base_url: "https://gov.example.test" })
    expect(r.stderr.split(NOTE)).toHaveLength(2)
    expect(r.stderr).toContain("https://gov.example.test")
  })

  it("says nothing when --base-url decides", async () => {
    const r = await status(["--gov", "--base-url", "https://gov.example.test"], {
      DESIGN_BASE_URL: "https://api.design.example"
    })
    expect(r.code, describeRun(r)).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ base_url: "https://gov.example.test" })
    expect(r.stderr).not.toContain(NOTE)
  })

  it("the commercial edition shows its default host, and uses DESIGN_BASE_URL without a note", async () => {
    expect(JSON.parse((await status([], {})).stdout)).toMatchObject({
      edition: "commercial",
      base_url: "https://api.design.example"
    })
    const r = await status([], { DESIGN_BASE_URL: "https://other.example.test" })
    expect(JSON.parse(r.stdout)).toMatchObject({ base_url: "https://other.example.test" })
    expect(r.stderr).not.toContain(NOTE)
  })
})
