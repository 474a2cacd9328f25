/**
 * `design auth login | refresh | logout` and `--auth-mode oauth`, run in this
 * process against `design sandbox`: the loopback flow with a BROWSER script,
 * the manual paste on stdin, the stored file's mode, a command with the
 * stored credential, its refresh on expiry, a login nobody completes, and no
 * secret in any output.
 */
import { execFileSync } from "node:child_process"
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { beforeAll, beforeEach, describe, expect, it } from "vitest"
import { control, describeRun, requestLog, runInProcess, useSandbox } from "./helpers.js"

const ctx = useSandbox()
const outputs: Array<string> = []
const dir = mkdtempSync(join(tmpdir(), "design-oauth-e2e-"))

/** A browser: GETs the authorize URL it is given and follows the 302 to the loopback listener (optionally forging the state). */
const BROWSER_SCRIPT = join(dir, "browser.mjs")
writeFileSync(
  BROWSER_SCRIPT,
  `const r = await fetch(process.argv[2], { redirect: "manual" })
const to = new URL(r.headers.get("location"))
if (process.env.FORGE_STATE) to.searchParams.set("state", "forged")
await fetch(to)
`
)

/** GET without following the redirect: the Location the authorize page answers. */
const execSyncFetch = (url: string): string =>
  execFileSync(process.execPath, [
    "--input-type=module",
    "-e",
    `const r = await fetch(${
      JSON.stringify(url)
    }, { redirect: "manual" }); process.stdout.write(r.headers.get("location") ?? "")`
  ], { encoding: "utf8" })

interface Client {
  readonly id: string
  readonly secret: string
}

let client: Client
let configDir: string
let n = 0

const envFor = (extra: Record<string, string> = {}) => ({
  DESIGN_BASE_URL: ctx.sb.baseUrl,
  DESIGN_CONFIG_DIR: configDir,
  ...extra
})

const loginEnv = (extra: Record<string, string> = {}) =>
  envFor({
    DESIGN_CLIENT_ID: client.id,
    DESIGN_CLIENT_SECRET: client.secret,
    BROWSER: `node ${BROWSER_SCRIPT}`,
    ...extra
  })

/** Runs the program (in this process) with the sign-in environment; stdin is answered when given. */
const design = async (
  args: ReadonlyArray<string>,
  env: Record<string, string>,
  stdin?: (stderr: string) => string | undefined
) => {
  const result = await runInProcess(args, { env, answer: stdin })
  outputs.push(result.stdout, result.stderr)
  return result
}

const credentialFile = () => join(configDir, "credentials.json")
const stored = () => JSON.parse(readFileSync(credentialFile(), "utf8")) as Record<string, unknown>
const login = (args: ReadonlyArray<string> = [], extra: Record<string, string> = {}) =>
  design(["auth", "login", ...args], loginEnv(extra))
const logged = async () => (await requestLog(ctx.sb)).map((r) => `${r.method} ${r.path}`)

/** Everything secret seen in this file: checked against every output at the end. */
const secrets = new Set<string>()
const remember = () => {
  const c = stored()
  for (const key of ["access_token", "refresh_token", "client_secret"]) {
    if (typeof c[key] === "string") secrets.add(c[key] as string)
  }
}

beforeAll(() => {
  const info = ctx.sb.info as unknown as { oauth_client: Client; oauth_refresh_token: string }
  client = { id: info.oauth_client.id, secret: info.oauth_client.secret }
  secrets.add(client.secret)
})

describe("design auth login", () => {
  it("signs in through the browser and the loopback listener, and stores the credential 0600", async () => {
    configDir = join(dir, `c${++n}`)
    const r = await login()
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stdout).toBe("")
    expect(r.stderr).toContain(`Credential stored in ${credentialFile()}`)
    expect(r.stderr).toMatch(/Opening the browser/)
    expect(statSync(credentialFile()).mode & 0o777).toBe(0o600)
    const c = stored()
    expect(c).toMatchObject({ base_url: ctx.sb.baseUrl, client_id: client.id, user_id: expect.any(String) })
    expect(c.refresh_token).toEqual(expect.any(String))
    remember()
    // The authorize page, then the exchange at once with HTTP Basic client credentials.
    const log = await requestLog(ctx.sb)
    expect(log.map((e) => `${e.method} ${e.path}`)).toEqual(["GET /oauth", "POST /v1/oauth/token"])
    expect(log[0]!.query).toMatchObject({ response_type: "code", code_challenge_method: "S256", client_id: client.id })
    expect(log[1]!.headers["authorization"]).toBe("Basic ***")
  })

  it("--manual prints the address and takes the pasted code on stdin", async () => {
    configDir = join(dir, `c${++n}`)
    let pasted = ""
    const r = await design(["auth", "login", "--manual"], loginEnv(), (stderr) => {
      const url = /^\s+(http\S+\/oauth\?\S+)$/m.exec(stderr)?.[1]
      if (url === undefined || !/paste it here/.test(stderr)) return undefined
      // The test plays the person: open the address, read the code off the redirect, paste it.
      const got = execSyncFetch(url)
      pasted = new URL(got).searchParams.get("code") ?? ""
      secrets.add(pasted)
      return `${pasted}\n`
    })
    expect(r.code, describeRun(r)).toBe(0)
    expect(pasted).not.toBe("")
    expect(statSync(credentialFile()).mode & 0o777).toBe(0o600)
    remember()
    expect(await logged()).toEqual(["GET /oauth", "POST /v1/oauth/token"])
  })

  it("--manual refuses a pasted redirect address of another login, and stores nothing", async () => {
    configDir = join(dir, `c${++n}`)
    const r = await design(
      ["auth", "login", "--manual"],
      loginEnv(),
      (stderr) => /paste it here/.test(stderr) ? "http://127.0.0.1:9/callback?code=abc&state=someone-else\n" : undefined
    )
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).toMatch(/state is not this login's/)
    expect(() => statSync(credentialFile())).toThrow()
    expect(await logged()).toEqual([])
  })

  it("refuses a redirect with a forged state, without exchanging the code", async () => {
    configDir = join(dir, `c${++n}`)
    const r = await login([], { FORGE_STATE: "1" })
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).toMatch(/^Error: .*state/m)
    expect(await logged()).toEqual(["GET /oauth"])
  })

  it("a login nobody completes times out with a clear error", async () => {
    configDir = join(dir, `c${++n}`)
    // `true` opens nothing: nobody ever approves.
    const r = await login(["--login-timeout", "1"], { BROWSER: "true" })
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).toMatch(/^Error: No sign-in was completed within 1s; the login was abandoned\.$/m)
    expect(r.stderr).toMatch(/^→ Run 'design auth login'/m)
    expect(r.ms).toBeLessThan(15_000)
    expect(await logged()).toEqual([])
  })

  it("bad input is refused before anything is sent", async () => {
    configDir = join(dir, `c${++n}`)
    const noId = await design(["auth", "login"], envFor({ DESIGN_CLIENT_SECRET: client.secret }))
    expect(noId.code).toBe(2)
    expect(noId.stderr).toMatch(/DESIGN_CLIENT_ID/)
    const deprecated = await login(["--scope", "files:read"])
    expect(deprecated.code).toBe(2)
    expect(deprecated.stderr).toMatch(/deprecated/)
    const unknown = await login(["--scope", "file_content:read,nope:read"])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/"nope:read" is not a scope/)
    const remote = await login(["--redirect-uri", "https://app.example.com/cb"])
    expect(remote.code).toBe(2)
    expect(await logged()).toEqual([])
  })
})

describe("the stored credential", () => {
  // The sandbox is reset before each test, which forgets its grants: sign in afresh each time.
  let mark = 0
  beforeEach(async () => {
    configDir = join(dir, `c${++n}`)
    const r = await login()
    if (r.code !== 0) throw new Error(describeRun(r))
    remember()
    mark = (await requestLog(ctx.sb)).length
  })
  const since = async (): Promise<Array<string>> => (await logged()).slice(mark)

  it("--auth-mode oauth without a token uses it, as a Bearer token", async () => {
    const r = await design(["--auth-mode", "oauth", "user", "me", "--json"], envFor())
    expect(r.code, describeRun(r)).toBe(0)
    expect(JSON.parse(r.stdout).handle).toBe("Sandbox App User")
    const log = (await requestLog(ctx.sb)).slice(mark)
    expect(log.map((e) => e.headers["authorization"])).toEqual(["Bearer ***"])
    expect(log.every((e) => e.headers["x-design-token"] === undefined)).toBe(true)
  })

  it("auth status names it as the source, masked, with its expiry", async () => {
    const r = await design(["--auth-mode", "oauth", "auth", "status", "--json"], envFor())
    expect(r.code, describeRun(r)).toBe(0)
    const status = JSON.parse(r.stdout)
    expect(status).toMatchObject({
      authenticated: true,
      source: "stored credential",
      mode: "oauth",
      credential_file: credentialFile()
    })
    expect(status.token).toMatch(/^\w{4}\*+$/)
    expect(status.expires_at).toBe(stored().expires_at)
  })

  it("an expired token is refreshed once and the command still succeeds; the refresh token is kept", async () => {
    const before = stored()
    // Past the 90-day life of the token on the sandbox's clock: the service answers 403 Invalid token.
    await control(ctx.sb.baseUrl, "POST", "/_sandbox/clock", { advance_ms: 91 * 24 * 3600 * 1000 })
    const r = await design(["--auth-mode", "oauth", "user", "me", "--json"], envFor())
    expect(r.code, describeRun(r)).toBe(0)
    expect(await since()).toEqual(["GET /v1/me", "POST /v1/oauth/refresh", "GET /v1/me"])
    const after = stored()
    expect(after.access_token).not.toBe(before.access_token)
    expect(after.refresh_token).toBe(before.refresh_token)
    expect(statSync(credentialFile()).mode & 0o777).toBe(0o600)
    remember()
    // The next command uses the stored, refreshed token without refreshing again.
    const again = await design(["--auth-mode", "oauth", "user", "me"], envFor())
    expect(again.code, describeRun(again)).toBe(0)
    expect((await since()).filter((l) => l.includes("refresh"))).toHaveLength(1)
  })

  it("auth refresh renews it by request", async () => {
    const before = stored()
    const r = await design(["auth", "refresh"], envFor())
    expect(r.code, describeRun(r)).toBe(0)
    expect(stored().access_token).not.toBe(before.access_token)
    expect(stored().refresh_token).toBe(before.refresh_token)
    remember()
    expect(await since()).toEqual(["POST /v1/oauth/refresh"])
  })

  it("a file others can read is refused with the chmod remedy, and nothing is sent", async () => {
    chmodSync(credentialFile(), 0o644)
    const r = await design(["--auth-mode", "oauth", "user", "me"], envFor())
    chmodSync(credentialFile(), 0o600)
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).toContain(`can be read by other users (mode 0644)`)
    expect(r.stderr).toContain(`→ Run 'chmod 600 ${credentialFile()}'`)
    expect(await since()).toEqual([])
  })

  it("auth logout deletes it; then a command says how to sign in", async () => {
    const r = await design(["auth", "logout"], envFor())
    expect(r.code, describeRun(r)).toBe(0)
    expect(() => statSync(credentialFile())).toThrow()
    const after = await design(["--auth-mode", "oauth", "user", "me"], envFor())
    expect(after.code).toBe(3)
    expect(after.stderr).toMatch(/^→ .*run 'design auth login' to sign in in the browser\.$/m)
    expect(await since()).toEqual([])
  })
})

describe("secrets", () => {
  it("no token, code, client secret or refresh token appeared in any output", () => {
    expect(secrets.size).toBeGreaterThan(4)
    const all = outputs.join("\n")
    for (const secret of secrets) expect(all).not.toContain(secret)
  })
})
