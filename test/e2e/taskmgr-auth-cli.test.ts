/**
 * `taskmgr auth status | login | token | logout` and the stored credential
 * against `taskmgr sandbox`, in this process (the pasted code also through the
 * built binary's real stdin): the loopback login with a
 * BROWSER script, the oob paste on stdin, refresh on expiry (the sandbox
 * clock moved), `auth token` near expiry, logout revoking and --local,
 * status text and JSON, the invalid_client hint, a world-readable file
 * refused, a login nobody completes, and no secret in any output.
 */
import { execFileSync, spawn } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import {
  baseEnv,
  control,
  describeRun,
  type LoggedRequest,
  ROOT,
  runInProcess,
  type RunResult,
  type SandboxChild,
  TASKMGR_BIN
} from "./helpers.js"
import { startTaskmgrSandbox, type TaskmgrSandboxInfo } from "./taskmgr-sandbox.js"

let info: TaskmgrSandboxInfo
let sandbox: SandboxChild<TaskmgrSandboxInfo> | undefined
const dir = mkdtempSync(join(tmpdir(), "taskmgr-auth-e2e-"))
let configDir = ""
let n = 0

/** Outputs that must hold no secret (runs that print a token on request are kept apart). */
const outputs: Array<string> = []
const secrets = new Set<string>()

const BROWSER_SCRIPT = join(dir, "browser.mjs")
writeFileSync(
  BROWSER_SCRIPT,
  `const r = await fetch(process.argv[2], { redirect: "manual" })
await fetch(r.headers.get("location"))
`
)

const sandboxCall = (method: "GET" | "POST", path: string, body?: unknown) => control(info.app_url, method, path, body)
const requests = async () => (await sandboxCall("GET", "/_sandbox/requests")) as Array<LoggedRequest>
const logged = async () => (await requests()).map((r) => `${r.method} ${r.path}`)

const envFor = (extra: Record<string, string> = {}) => ({
  TASKMGR_BASE_URL: info.base_url,
  TASKMGR_APP_URL: info.app_url,
  TASKMGR_CONFIG_DIR: configDir,
  ...extra
})
const loginEnv = (extra: Record<string, string> = {}) =>
  envFor({
    TASKMGR_API_CLIENT_ID: info.client.id,
    TASKMGR_API_CLIENT_SECRET: info.client.secret,
    BROWSER: `node ${BROWSER_SCRIPT}`,
    ...extra
  })

interface TaskmgrOptions {
  /** Writes stdin once it sees what it waits for on stderr. */
  readonly answer?: (stderr: string) => string | undefined
  readonly printsToken?: boolean
  /** The built binary on a real stdin pipe, instead of the program in this process. */
  readonly spawned?: boolean
}

/** Runs the program in this process (the binary with `spawned`); `answer` may write stdin once it sees what it waits for on stderr. */
const taskmgr = async (
  args: ReadonlyArray<string>,
  env: Record<string, string>,
  options: TaskmgrOptions = {}
): Promise<RunResult> => {
  if (options.spawned === true) return spawned(args, env, options)
  const r = await runInProcess(args, { bin: TASKMGR_BIN, env, answer: options.answer })
  outputs.push(r.stderr)
  if (options.printsToken !== true) outputs.push(r.stdout)
  return r
}

const spawned = (args: ReadonlyArray<string>, env: Record<string, string>, options: TaskmgrOptions) =>
  new Promise<RunResult>((resolve, reject) => {
    const started = Date.now()
    const child = spawn(process.execPath, [TASKMGR_BIN, ...args], {
      cwd: ROOT,
      env: { ...baseEnv(), ...env },
      stdio: ["pipe", "pipe", "pipe"]
    })
    let stdout = ""
    let stderr = ""
    let answered = false
    child.stdout.setEncoding("utf8").on("data", (c: string) => void (stdout += c))
    child.stderr.setEncoding("utf8").on("data", (c: string) => {
      stderr += c
      if (options.answer === undefined || answered) return
      const line = options.answer(stderr)
      if (line !== undefined) {
        answered = true
        child.stdin.write(line)
      }
    })
    if (options.answer === undefined) child.stdin.end()
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000)
    child.once("error", reject)
    child.once("close", (code) => {
      clearTimeout(timer)
      outputs.push(stderr)
      if (options.printsToken !== true) outputs.push(stdout)
      resolve({ code, stdout, stderr, ms: Date.now() - started })
    })
  })

const credentialFile = () => join(configDir, "credentials.json")
const stored = () => JSON.parse(readFileSync(credentialFile(), "utf8")) as Record<string, string>
const remember = () => {
  const c = stored()
  for (const key of ["access_token", "refresh_token", "client_secret"]) {
    if (typeof c[key] === "string") secrets.add(c[key])
  }
}
const freshConfig = () => {
  configDir = join(dir, `c${++n}`)
}
const login = async (args: ReadonlyArray<string> = [], extra: Record<string, string> = {}) => {
  const r = await taskmgr(["auth", "login", ...args], loginEnv(extra))
  if (r.code === 0 && existsSync(credentialFile())) remember()
  return r
}

beforeAll(async () => {
  sandbox = await startTaskmgrSandbox()
  info = sandbox.info
  secrets.add(info.client.secret)
}, 60_000)
afterAll(async () => {
  await sandbox?.stop()
})
beforeEach(async () => {
  await sandboxCall("POST", "/_sandbox/reset")
  freshConfig()
})

describe("taskmgr auth login", () => {
  it("signs in through BROWSER and the loopback listener, stores the credential 0600, prints no token", async () => {
    const r = await login()
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stderr).toMatch(/Opening the browser/)
    // A sentence about what was done is a message: stderr, stdout left for data.
    expect(r.stdout).toBe("")
    expect(r.stderr).toContain("Signed in to")
    expect(r.stderr).toContain("as Sandbox User <sandbox-user@example.com>")
    expect(r.stderr).toContain(`Credential stored in ${credentialFile()} (mode 0600)`)
    expect(statSync(credentialFile()).mode & 0o777).toBe(0o600)
    expect(stored()).toMatchObject({ client_id: info.client.id, app_url: info.app_url, base_url: info.base_url })
    const log = await requests()
    expect(log.map((e) => `${e.method} ${e.path}`)).toEqual(["GET /-/oauth_authorize", "POST /-/oauth_token"])
    expect(log[0]!.query).toMatchObject({
      client_id: info.client.id,
      response_type: "code",
      code_challenge_method: "S256"
    })
    expect(String(log[0]!.query.redirect_uri)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(log[1]!.body).toMatchObject({
      grant_type: "authorization_code",
      client_id: info.client.id,
      client_secret: "***",
      code: "***",
      code_verifier: "***"
    })
  })

  it("--manual prints the address with the oob redirect and takes the pasted code (the binary, on a real stdin pipe)", async () => {
    let pasted = ""
    const r = await taskmgr(["auth", "login", "--manual", "--scope", "tasks:read,projects:read"], loginEnv(), {
      spawned: true,
      answer: (stderr) => {
        const url = /^\s+(http\S+oauth_authorize\S+)$/m.exec(stderr)?.[1]
        if (url === undefined || !/paste it here/.test(stderr)) return undefined
        // The test plays the person: open the page, copy the code it shows, paste it.
        const page = execFileSync(process.execPath, [
          "--input-type=module",
          "-e",
          `process.stdout.write(await (await fetch(${JSON.stringify(url)})).text())`
        ], {
          encoding: "utf8"
        })
        pasted = /<pre id="code">([^<]+)<\/pre>/.exec(page)?.[1] ?? ""
        secrets.add(pasted)
        return `${pasted}\n`
      }
    })
    expect(r.code, describeRun(r)).toBe(0)
    expect(pasted).not.toBe("")
    remember()
    const log = await requests()
    expect(log[0]!.query).toMatchObject({
      redirect_uri: "urn:ietf:wg:oauth:2.0:oob",
      scope: "tasks:read projects:read"
    })
    expect(log[1]!.body).toMatchObject({ redirect_uri: "urn:ietf:wg:oauth:2.0:oob" })
  })

  it("--no-store --include-refresh-token --raw prints the two tokens alone and stores nothing", async () => {
    const r = await taskmgr(["auth", "login", "--include-refresh-token", "--raw"], loginEnv(), { printsToken: true })
    expect(r.code, describeRun(r)).toBe(0)
    const lines = r.stdout.trim().split("\n")
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^sbx-oauth-access-/)
    expect(lines[1]).toMatch(/^sbx-oauth-refresh-/)
    for (const line of lines) secrets.add(line)
    expect(existsSync(credentialFile())).toBe(false)
    const plain = await taskmgr(["auth", "login", "--no-store"], loginEnv(), { printsToken: true })
    expect(plain.code, describeRun(plain)).toBe(0)
    expect(plain.stdout).toMatch(/^access_token: sbx-oauth-access-/m)
    expect(plain.stdout).not.toMatch(/refresh_token/)
    secrets.add(/^access_token: (\S+)/m.exec(plain.stdout)![1]!)
    expect(existsSync(credentialFile())).toBe(false)
  })

  it("invalid_client for a client id of the wrong kind of app gets the hint about the two kinds", async () => {
    const r = await login([], { TASKMGR_API_CLIENT_ID: info.client.wrong_kind_id })
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).toMatch(
      /^Error: The code exchange was refused: .*invalid_client: The client_id or client_secret is invalid/m
    )
    expect(r.stderr).toContain(
      "an API app, whose tokens work on the REST API, and an app made for the service's hosted tool server"
    )
    expect(r.stderr).toMatch(/^→ Check the app's client id and client secret/m)
    expect(existsSync(credentialFile())).toBe(false)
  })

  it("a login nobody completes times out; missing client settings are refused before anything is sent", async () => {
    const r = await login(["--login-timeout", "1"], { BROWSER: "true" })
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).toMatch(/^Error: No sign-in was completed within 1s; the login was abandoned\.$/m)
    expect(r.stderr).toMatch(/^→ Run 'taskmgr auth login'/m)
    const noSecret = await taskmgr(["auth", "login"], envFor({ TASKMGR_CLIENT_ID: info.client.id }))
    expect(noSecret.code, describeRun(noSecret)).toBe(2)
    expect(noSecret.stderr).toMatch(/client secret is needed: set TASKMGR_API_CLIENT_SECRET/)
    expect(await logged()).toEqual([])
  })
})

describe("taskmgr auth status", () => {
  it("with nothing configured shows every source checked, says how to fix it on stderr, exits 3, and makes no API call", async () => {
    const r = await taskmgr(["auth", "status"], envFor())
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stdout).toMatch(
      /^sources_checked:\s+--token, TASKMGR_ACCESS_TOKEN, TASKMGR_TOKEN, stored credential \(.+credentials\.json\)$/m
    )
    expect(r.stdout).toMatch(/^authenticated:\s+false$/m)
    expect(r.stdout).toMatch(/^app:\s+\(not set\)$/m)
    expect(r.stderr).toMatch(/No task-management token is configured/)
    expect(r.stderr).toMatch(/TASKMGR_ACCESS_TOKEN/)
    expect(r.stderr).toMatch(/taskmgr auth login/)
    const json = await taskmgr(["auth", "status", "--json"], envFor())
    expect(json.code).toBe(3)
    expect(JSON.parse(json.stdout)).toMatchObject({
      authenticated: false,
      source: null,
      token: null,
      shadowed: [],
      app: null
    })
    expect(await logged()).toEqual([])
  })

  it("names the winning source, the masked token, the account, expiry, shadowed sources and the app registration", async () => {
    expect((await login()).code).toBe(0)
    await sandboxCall("POST", "/_sandbox/reset")
    mkdirSync(configDir, { recursive: true })
    writeFileSync(join(configDir, "settings.json"), JSON.stringify({ client_id: "1200000000000999" }), { mode: 0o600 })
    const env = envFor({ TASKMGR_CLIENT_ID: info.client.id })
    const own = await taskmgr(["auth", "status", "--client-id", "1200000000000777"], env)
    expect(own.code, describeRun(own)).toBe(0)
    expect(own.stdout).toMatch(/^source:\s+stored credential$/m)
    expect(own.stdout).toMatch(/^token:\s+sbx-\*{12}$/m)
    expect(own.stdout).toMatch(/^account\.name:\s+Sandbox User$/m)
    expect(own.stdout).toMatch(/^account\.email:\s+sandbox-user@example\.com$/m)
    expect(own.stdout).toMatch(/^expires_at:\s+\S+Z$/m)
    expect(own.stdout).toMatch(/^app\.client_id_masked:\s+1200\*{12}$/m)
    expect(own.stdout).toMatch(/^app\.source:\s+--client-id$/m)
    expect(own.stdout).toMatch(/^app\.shadowed:\s+TASKMGR_CLIENT_ID, settings\.json$/m)

    const shadowing = await taskmgr(["auth", "status", "--json"], {
      ...env,
      TASKMGR_ACCESS_TOKEN: info.tokens.personal,
      TASKMGR_TOKEN: "another-token-1234"
    })
    expect(JSON.parse(shadowing.stdout)).toMatchObject({
      authenticated: true,
      source: "TASKMGR_ACCESS_TOKEN",
      token: `${info.tokens.personal.slice(0, 4)}************`,
      account: null,
      expires_at: null,
      refreshable: null,
      shadowed: ["TASKMGR_TOKEN", "stored credential"],
      credential_file: credentialFile(),
      sources_checked: ["--token", "TASKMGR_ACCESS_TOKEN", "TASKMGR_TOKEN", `stored credential (${credentialFile()})`],
      app: {
        client_id_masked: "1200************",
        source: "TASKMGR_CLIENT_ID",
        shadowed: ["settings.json"],
        secret_source: null
      }
    })
    expect(shadowing.stdout).not.toContain(info.tokens.personal)
    expect(await logged()).toEqual([])
  })

  it("an unusable settings.json spoils only the app registration, and a failed --check still shows the status", async () => {
    mkdirSync(configDir, { recursive: true })
    writeFileSync(join(configDir, "settings.json"), "{oops", { mode: 0o600 })
    const broken = await taskmgr(["auth", "status", "--json"], envFor({ TASKMGR_ACCESS_TOKEN: info.tokens.personal }))
    expect(broken.code, describeRun(broken)).toBe(0)
    expect(JSON.parse(broken.stdout)).toMatchObject({
      authenticated: true,
      source: "TASKMGR_ACCESS_TOKEN",
      app: { unusable: expect.stringMatching(/settings\.json is not valid JSON at line 1, column 2/) }
    })
    const rejected = await taskmgr(
      ["auth", "status", "--check"],
      envFor({ TASKMGR_ACCESS_TOKEN: "a-rejected-token-1" })
    )
    expect(rejected.code, describeRun(rejected)).toBe(3)
    expect(rejected.stdout).toMatch(/^source:\s+TASKMGR_ACCESS_TOKEN$/m)
    expect(rejected.stdout).toMatch(/^check\.ok:\s+false$/m)
    expect(rejected.stderr).toMatch(/^Error: .*rejected the token/m)
  })
})

describe("the stored credential", () => {
  let mark = 0
  beforeEach(async () => {
    const r = await login()
    if (r.code !== 0) throw new Error(describeRun(r))
    mark = (await requests()).length
  })
  const since = async () => (await logged()).slice(mark)

  it("is used as a Bearer token, and refreshed once and resent when the service rejects it as expired", async () => {
    const first = await taskmgr(["user", "me", "--json"], envFor())
    expect(first.code, describeRun(first)).toBe(0)
    expect((await requests()).at(-1)!.headers.authorization).toBe("Bearer ***")
    const before = stored().access_token
    await sandboxCall("POST", "/_sandbox/clock", { advance_ms: 3_601_000 })
    const r = await taskmgr(["user", "me", "--json"], envFor())
    expect(r.code, describeRun(r)).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ name: "Sandbox User" })
    expect(await since()).toEqual([
      "GET /api/1.0/users/me",
      "GET /api/1.0/users/me",
      "POST /-/oauth_token",
      "GET /api/1.0/users/me"
    ])
    const refresh = (await requests()).find((e) =>
      e.path === "/-/oauth_token" && (e.body as Record<string, string>).grant_type === "refresh_token"
    )!
    expect(refresh.body).toEqual({
      grant_type: "refresh_token",
      refresh_token: "***",
      client_id: info.client.id,
      client_secret: "***"
    })
    expect(stored().access_token).not.toBe(before)
    expect(statSync(credentialFile()).mode & 0o777).toBe(0o600)
    remember()
  })

  it("a token rejected again after its refresh is the auth error (one refresh only)", async () => {
    await sandboxCall("POST", "/_sandbox/faults", { method: "GET", path: "/api/1.0/users/me", status: 401, times: 2 })
    const r = await taskmgr(["user", "me"], envFor())
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).toMatch(/^Error: /m)
    expect(await since()).toEqual(["GET /api/1.0/users/me", "POST /-/oauth_token", "GET /api/1.0/users/me"])
    remember()
  })

  it("auth token prints it, refreshing first (and storing) when it expires within 5 minutes", async () => {
    const same = await taskmgr(["auth", "token"], envFor(), { printsToken: true })
    expect(same.code, describeRun(same)).toBe(0)
    expect(same.stdout.trim()).toBe(stored().access_token)
    expect(await since()).toEqual([])
    // Four minutes left: within the margin.
    const c = stored()
    writeFileSync(
      credentialFile(),
      JSON.stringify({ ...c, expires_at: new Date(Date.now() + 4 * 60_000).toISOString() })
    )
    const r = await taskmgr(["auth", "token"], envFor(), { printsToken: true })
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stdout.trim()).not.toBe(c.access_token)
    expect(r.stdout.trim()).toBe(stored().access_token)
    expect(Date.parse(stored().expires_at!) - Date.now()).toBeGreaterThan(55 * 60_000)
    expect(await since()).toEqual(["POST /-/oauth_token"])
    remember()
  })

  it("auth logout revokes the grant (its refresh token, masked in the log) and deletes the file", async () => {
    const refreshToken = stored().refresh_token
    const r = await taskmgr(["auth", "logout"], envFor())
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/^Revoked the grant at .* and deleted /m)
    expect(existsSync(credentialFile())).toBe(false)
    const revoke = (await requests()).slice(mark)
    expect(revoke.map((e) => `${e.method} ${e.path}`)).toEqual(["POST /-/oauth_revoke"])
    expect(revoke[0]!.body).toEqual({ token: "***", client_id: info.client.id, client_secret: "***" })
    // The grant is gone at the service: its refresh token no longer works.
    const refused = await fetch(`${info.app_url}/-/oauth_token`, {
      method: "POST",
      body: new URLSearchParams({
        grant_type: "refresh_token",
        client_id: info.client.id,
        client_secret: info.client.secret,
        refresh_token: refreshToken!
      })
    })
    expect(((await refused.json()) as { error: string }).error).toBe("invalid_grant")
    const after = await taskmgr(["auth", "token"], envFor())
    expect(after.code).toBe(3)
    expect(after.stderr).toMatch(/No sign-in is stored/)
  })

  it("auth logout --local deletes the file without any request", async () => {
    const r = await taskmgr(["auth", "logout", "--local"], envFor())
    expect(r.code, describeRun(r)).toBe(0)
    expect(r.stderr).toMatch(/the grant was not revoked/)
    expect(existsSync(credentialFile())).toBe(false)
    expect(await since()).toEqual([])
  })

  it("a credential file others can read is refused with the chmod remedy, and nothing is sent", async () => {
    chmodSync(credentialFile(), 0o644)
    const r = await taskmgr(["user", "me"], envFor())
    expect(r.code, describeRun(r)).toBe(3)
    expect(r.stderr).toMatch(
      /^Error: The credential file .* can be read by other users \(mode 0644\); it was not used\.$/m
    )
    expect(r.stderr).toContain(`→ Run 'chmod 600 ${credentialFile()}' so that only you can read it`)
    expect(await since()).toEqual([])
    chmodSync(credentialFile(), 0o600)
  })
})

describe("secrets", () => {
  it("no token, code, client secret or refresh token appeared in any output not asked to print one", () => {
    expect(secrets.size).toBeGreaterThan(5)
    expect(outputs.length).toBeGreaterThan(20)
    for (const out of outputs) for (const secret of secrets) expect(out).not.toContain(secret)
  })
})
