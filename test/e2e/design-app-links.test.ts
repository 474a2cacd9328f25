/**
 * Links to the design web app: a file or context URL is accepted from the app
 * URL's host alone (www. or not); another host is a usage error naming the
 * argument, with nothing sent, on the command line and in a tool call. The
 * app URL is a setting (--app-url, DESIGN_APP_URL).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { describe, expect, it } from "vitest"
import { baseEnv, describeRun, DESIGN_BIN, requestLog, ROOT, usageErrorOf, useSandbox } from "./helpers.js"

const ctx = useSandbox({ inProcess: true })
const key = () => ctx.sb.info.file_key
const EVIL = "evil.example.com"

describe("design file and context URLs", () => {
  it("a file URL on another host is exit 2 naming the file argument, and nothing is sent", async () => {
    for (
      const args of [
        ["file", "get", `https://${EVIL}/file/${key()}/x`],
        ["file", "meta", `https://${EVIL}/design/${key()}/x?node-id=1-2`],
        ["comment", "list", `https://${EVIL}/design/${key()}/x`]
      ]
    ) {
      const r = await ctx.design(args)
      const stderr = usageErrorOf(r)
      expect(stderr).toMatch(/file[-_]key/)
      expect(stderr).toContain(`must be a URL on www.design.example (the app URL) (got "${EVIL}")`)
    }
    expect(await requestLog(ctx.sb)).toEqual([])
  })

  it("a --context-id URL on another host is exit 2 naming --context-id, and nothing is sent", async () => {
    const team = ctx.sb.info.team_id
    for (
      const args of [
        ["webhook", "list", "--context", "team", "--context-id", `https://${EVIL}/files/team/${team}/x`],
        [
          "webhook",
          "create",
          "--event",
          "FILE_UPDATE",
          "--context",
          "file",
          "--context-id",
          `https://${EVIL}/file/${key()}/x`,
          "--endpoint",
          "https://hooks.example.com/x",
          "--passcode",
          "pc-123456"
        ]
      ]
    ) {
      const stderr = usageErrorOf(await ctx.design(args))
      expect(stderr).toContain("--context-id")
      expect(stderr).toContain(EVIL)
    }
    expect(await requestLog(ctx.sb)).toEqual([])
  })

  it("a --team URL on another host is refused as a setting, naming --team, and nothing is sent", async () => {
    const r = await ctx.design(["webhook", "list", "--team", `https://${EVIL}/files/team/${ctx.sb.info.team_id}/x`])
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.stderr).toContain(`(got "${EVIL}")`)
    expect(r.stderr).toContain("--team or DESIGN_TEAM_ID")
    expect(await requestLog(ctx.sb)).toEqual([])
  })

  it("the service's own links are taken, with and without www.", async () => {
    for (const host of ["www.design.example", "design.example"]) {
      const r = await ctx.design(["file", "meta", `https://${host}/design/${key()}/Sandbox`, "--json"])
      expect(r.code, describeRun(r)).toBe(0)
    }
    expect((await requestLog(ctx.sb)).map((q) => q.path)).toEqual([
      `/v1/files/${key()}/meta`,
      `/v1/files/${key()}/meta`
    ])
  })

  it("the app URL is a setting: --app-url and DESIGN_APP_URL move the accepted host", async () => {
    const link = `https://${EVIL}/design/${key()}/Sandbox`
    const byFlag = await ctx.design(["file", "meta", link, "--app-url", `https://${EVIL}`, "--json"])
    expect(byFlag.code, describeRun(byFlag)).toBe(0)
    const byEnv = await ctx.design(["file", "meta", link, "--json"], { DESIGN_APP_URL: `https://${EVIL}` })
    expect(byEnv.code, describeRun(byEnv)).toBe(0)
    // The default host is then a foreign one.
    const stderr = usageErrorOf(
      await ctx.design(["file", "meta", `https://www.design.example/design/${key()}/Sandbox`], {
        DESIGN_APP_URL: `https://${EVIL}`
      })
    )
    expect(stderr).toContain(`must be a URL on ${EVIL} (the app URL)`)
    // An app URL that is not one is a settings error naming where it comes from.
    const bad = await ctx.design(["file", "meta", key(), "--app-url", "http://www.design.example"])
    expect(bad.code, describeRun(bad)).toBe(2)
    expect(bad.stderr).toContain("--app-url or DESIGN_APP_URL")
  })

  it("a tool call with a foreign file URL is an error result naming file_key, and nothing is sent", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [DESIGN_BIN, "mcp"],
      env: { ...baseEnv(), ...ctx.sb.env },
      cwd: ROOT,
      stderr: "pipe"
    })
    const client = new Client({ name: "app-links-e2e", version: "0.0.0" })
    await client.connect(transport)
    try {
      const result = (await client.callTool({
        name: "design_file_meta",
        arguments: { file_key: `https://${EVIL}/file/${key()}/x` }
      })) as {
        isError?: boolean
        content: Array<{ text?: string }>
      }
      expect(result.isError).toBe(true)
      expect(result.content[0]?.text).toContain("file_key")
      expect(result.content[0]?.text).toContain(EVIL)
      const ok = (await client.callTool({
        name: "design_file_meta",
        arguments: { file_key: `https://design.example/file/${key()}/x` }
      })) as {
        isError?: boolean
      }
      expect(ok.isError ?? false).toBe(false)
    } finally {
      await client.close()
    }
    expect((await requestLog(ctx.sb)).map((q) => q.path)).toEqual([`/v1/files/${key()}/meta`])
  })
})
