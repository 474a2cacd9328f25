/**
 * The config directory's mode: made 0700 with a marker by the product, a
 * marked directory opened since is tightened back, and a directory the
 * product did not make is left as it is with one warning on stderr.
 */
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { CREATED_MARKER } from "../../../src/core/oauth/config-dir.js"
import { readSettingsFile } from "../../../src/core/oauth/settings-file.js"
import { fileCredentialStore } from "../../../src/core/oauth/store.js"

const Credential = Schema.Struct({ token: Schema.Redacted(Schema.String) })
const modeOf = (path: string) => statSync(path).mode & 0o777

let root: string
let stderr: Array<string>

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "config-dir-"))
  stderr = []
  vi.spyOn(process.stderr, "write").mockImplementation((
    chunk: string | Uint8Array
  ) => (stderr.push(String(chunk)), true))
})
afterEach(() => {
  vi.restoreAllMocks()
  rmSync(root, { recursive: true, force: true })
})

const storeIn = (dir: string) => fileCredentialStore(Credential, join(dir, "credentials.json"))
const write = (dir: string) => Effect.runPromise(storeIn(dir).write({ token: Redacted.make("t") }))
const read = (dir: string) => Effect.runPromise(storeIn(dir).read)

describe.skipIf(process.platform === "win32")("the config directory", () => {
  it("is made 0700 with the marker; the parents it needs keep the usual mode", async () => {
    const dir = join(root, "parent", "design")
    await write(dir)
    expect(modeOf(dir)).toBe(0o700)
    expect(existsSync(join(dir, CREATED_MARKER))).toBe(true)
    expect(modeOf(join(dir, CREATED_MARKER))).toBe(0o600)
    expect(modeOf(join(root, "parent")) & 0o077).not.toBe(0)
    expect(stderr).toEqual([])
  })

  it("one the product made and someone opened since (0755) is tightened back to 0700 when it is next used, silently", async () => {
    const dir = join(root, "design")
    await write(dir)
    chmodSync(dir, 0o755)
    await read(dir)
    expect(modeOf(dir)).toBe(0o700)
    chmodSync(dir, 0o750)
    await Effect.runPromise(readSettingsFile(join(dir, "settings.json"), []))
    expect(modeOf(dir)).toBe(0o700)
    expect(stderr).toEqual([])
  })

  it("one the product did not make is left 0755, with one warning on stderr however often it is used", async () => {
    const dir = join(root, "mine")
    mkdirSync(dir)
    chmodSync(dir, 0o755)
    await read(dir)
    await Effect.runPromise(readSettingsFile(join(dir, "settings.json"), []))
    await write(dir)
    await read(dir)
    expect(modeOf(dir)).toBe(0o755)
    expect(existsSync(join(dir, CREATED_MARKER))).toBe(false)
    expect(stderr).toHaveLength(1)
    expect(stderr[0]).toContain(`the config directory ${dir} is open to other users (mode 0755)`)
    expect(stderr[0]).toContain(`chmod 700 ${dir}`)
    // The credential file itself is still 0600.
    expect(modeOf(join(dir, "credentials.json"))).toBe(0o600)
  })

  it("a private one, or a missing one on read, says nothing and is not touched", async () => {
    const dir = join(root, "private")
    mkdirSync(dir, { mode: 0o700 })
    await read(dir)
    await read(join(root, "absent"))
    expect(existsSync(join(root, "absent"))).toBe(false)
    expect(modeOf(dir)).toBe(0o700)
    expect(stderr).toEqual([])
  })
})
