/**
 * The command line uploads any file the user names, but never the product's
 * own credential files (the stored sign-in, the settings with the client
 * secret), by name or through a link: exit 2 naming the file, nothing sent.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { describeRun, runInProcess, TASKMGR_BIN } from "./helpers.js"
import { useTaskmgrSandbox } from "./taskmgr-sandbox.js"

const sb = useTaskmgrSandbox()
const dir = mkdtempSync(join(tmpdir(), "credential-upload-"))
const configDir = join(dir, "taskmgr-config")
const designConfig = join(dir, "design-config")
mkdirSync(configDir)
mkdirSync(designConfig)
writeFileSync(join(configDir, "credentials.json"), `{"access_token":"stored-secret"}`, { mode: 0o600 })
writeFileSync(join(designConfig, "settings.json"), `{"client_secret":"design-secret"}`, { mode: 0o600 })
writeFileSync(join(dir, "report.txt"), "an ordinary file\n")
symlinkSync(join(configDir, "credentials.json"), join(dir, "report-link.txt"))

const upload = (file: string) =>
  runInProcess(["attachment", "create", sb.info.task_gid, "--file", file], {
    bin: TASKMGR_BIN,
    env: sb.env({ TASKMGR_CONFIG_DIR: configDir, DESIGN_CONFIG_DIR: designConfig })
  })

const attachments = async () =>
  (await sb.requests()).filter((r) => r.method === "POST" && r.path.endsWith("/attachments"))

describe("taskmgr attachment create --file", () => {
  it("uploads an ordinary file anywhere: a flag is the user's own intent", async () => {
    const r = await upload(join(dir, "report.txt"))
    expect(r.code, describeRun(r)).toBe(0)
    expect(await attachments()).toHaveLength(1)
  })

  it("refuses either program's credential files, by name or through a link, with exit 2 and nothing sent", async () => {
    for (
      const file of [
        join(configDir, "credentials.json"),
        join(designConfig, "settings.json"),
        join(dir, "report-link.txt")
      ]
    ) {
      const r = await upload(file)
      expect(r.code, describeRun(r)).toBe(2)
      expect(r.stderr).toContain(`Error: --file: ${file} holds this product's credentials`)
      expect(r.stderr).toContain("they are never uploaded")
    }
    expect(await attachments()).toEqual([])
  })
})
