import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientResponse from "@effect/platform/HttpClientResponse"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Fiber from "effect/Fiber"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/TestClock"
import { chmodSync, linkSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Readable } from "node:stream"
import {
  configDir,
  fileCredentialStore,
  listenLoopback,
  makePkce,
  makeState,
  openerCommand,
  postTokenForm,
  readLine,
  readPasted,
  readRedirect,
  refreshStored,
  runLogin,
  s256Challenge,
  stateMatches,
  TokenAnswer
} from "../../../src/core/oauth/index.js"

const fail = <A, E>(either: Either.Either<A, E>): E => {
  if (Either.isRight(either)) throw new Error("expected a failure")
  return either.left
}

describe("PKCE", () => {
  it("S256 is base64url(SHA-256(verifier)), unpadded (RFC 7636 appendix B)", () => {
    expect(s256Challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    )
  })

  it.effect("makes a fresh 43-character verifier, Redacted, and its challenge", () =>
    Effect.gen(function*() {
      const a = yield* makePkce
      const b = yield* makePkce
      const verifier = Redacted.value(a.verifier)
      expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(a.challenge).toBe(s256Challenge(verifier))
      expect(a.method).toBe("S256")
      expect(Redacted.value(b.verifier)).not.toBe(verifier)
      // Printing it by accident shows nothing.
      expect(String(a.verifier)).not.toContain(verifier)
      expect(JSON.stringify(a)).not.toContain(verifier)
    }))
})

describe("state", () => {
  it.effect("is random, and only the same value matches", () =>
    Effect.gen(function*() {
      const state = yield* makeState
      expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/)
      expect(yield* makeState).not.toBe(state)
      expect(stateMatches(state, state)).toBe(true)
      expect(stateMatches(state, `${state}x`)).toBe(false)
      expect(stateMatches(state, state.replace(/^./, (c) => (c === "A" ? "B" : "A")))).toBe(false)
      expect(stateMatches(state, null)).toBe(false)
      expect(stateMatches(state, undefined)).toBe(false)
      expect(stateMatches("", "")).toBe(false)
    }))

  it("a redirect is believed only with this login's state", () => {
    const params = (q: string) => new URLSearchParams(q)
    expect(fail(readRedirect(params("code=abc&state=other"), "mine")).reason).toBe("state_mismatch")
    expect(fail(readRedirect(params("code=abc"), "mine")).reason).toBe("state_mismatch")
    // Even an error is not believed from another login.
    expect(fail(readRedirect(params("error=access_denied&state=other"), "mine")).reason).toBe("state_mismatch")
    const denied = fail(readRedirect(params("error=access_denied&error_description=User+said+no&state=mine"), "mine"))
    expect(denied.reason).toBe("denied")
    expect(denied.message).toContain("User said no")
    expect(fail(readRedirect(params("state=mine"), "mine")).reason).toBe("no_code")
    const ok = readRedirect(params("code=abc&state=mine"), "mine")
    expect(Either.isRight(ok) && Redacted.value(ok.right)).toBe("abc")
  })

  it("a pasted answer: the redirect address, its query, or the bare code", () => {
    const code = (
      e: Either.Either<Redacted.Redacted<string>, unknown>
    ) => (Either.isRight(e) ? Redacted.value(e.right) : null)
    expect(code(readPasted("http://127.0.0.1:9/callback?code=c0de&state=s1\n", "s1"))).toBe("c0de")
    expect(code(readPasted("?code=c0de&state=s1", "s1"))).toBe("c0de")
    expect(code(readPasted("  sbx_code_000001_abcdef  ", "s1"))).toBe("sbx_code_000001_abcdef")
    expect(fail(readPasted("http://127.0.0.1:9/callback?code=c0de&state=s2", "s1")).reason).toBe("state_mismatch")
    expect(fail(readPasted("", "s1")).reason).toBe("no_code")
    expect(fail(readPasted("not a code at all", "s1")).reason).toBe("no_code")
  })

  it.effect("reads one pasted line from a stream, or fails when it ends empty", () =>
    Effect.gen(function*() {
      expect(yield* readLine(Readable.from(["abc", "def\nrest"]))).toBe("abcdef")
      expect(yield* readLine(Readable.from(["no newline"]))).toBe("no newline")
      expect((yield* Effect.flip(readLine(Readable.from(["  "])))).reason).toBe("no_code")
    }))
})

describe("the loopback listener", () => {
  it.scopedLive("answers the browser, checks the state, and hands over the code", () =>
    Effect.gen(function*() {
      const listener = yield* listenLoopback({ port: 0, expectedState: "st", appName: "design" })
      expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
      // Other paths change nothing.
      const favicon = yield* Effect.promise(() => fetch(new URL("/favicon.ico", listener.redirectUri)))
      expect(favicon.status).toBe(404)
      const page = yield* Effect.promise(() => fetch(`${listener.redirectUri}?code=the-code&state=st`))
      expect(page.status).toBe(200)
      const html = yield* Effect.promise(() => page.text())
      expect(html).toMatch(/close this window/)
      expect(html).not.toContain("the-code")
      expect(Redacted.value(yield* listener.code)).toBe("the-code")
    }))

  it.scopedLive("refuses a redirect with another state, and says so to the browser", () =>
    Effect.gen(function*() {
      const listener = yield* listenLoopback({ port: 0, expectedState: "st", appName: "design" })
      const page = yield* Effect.promise(() => fetch(`${listener.redirectUri}?code=the-code&state=forged`))
      expect(page.status).toBe(400)
      const error = yield* Effect.flip(listener.code)
      expect(error.reason).toBe("state_mismatch")
      expect(error.message).not.toContain("the-code")
    }))

  it.scopedLive("a port in use is a clear input error", () =>
    Effect.gen(function*() {
      const first = yield* listenLoopback({ port: 0, expectedState: "st", appName: "design" })
      const port = Number(new URL(first.redirectUri).port)
      const error = yield* Effect.flip(listenLoopback({ port, expectedState: "st", appName: "design" }))
      expect(error._tag).toBe("InvalidInputError")
      expect(error.message).toContain(`127.0.0.1:${port}`)
    }))
})

describe("opening the browser", () => {
  it("BROWSER wins, with the URL appended or in place of %s; else the platform's opener", () => {
    const url = "https://auth.example/oauth?a=1&b=2"
    expect(openerCommand(url, { BROWSER: "node /tmp/b.mjs" })).toEqual(["node", "/tmp/b.mjs", url])
    expect(openerCommand(url, { BROWSER: "firefox --new-tab %s:chromium" })).toEqual(["firefox", "--new-tab", url])
    expect(openerCommand(url, {}, "linux")).toEqual(["xdg-open", url])
    expect(openerCommand(url, {}, "darwin")).toEqual(["open", url])
    expect(openerCommand(url, {}, "win32")?.slice(0, 3)).toEqual(["cmd", "/c", "start"])
  })
})

describe("runLogin", () => {
  /** A browser that approves at once: it follows the authorize URL's redirect_uri with a code and the state. */
  const approve = (code: string, state?: string) => (url: string) =>
    Effect.promise(async () => {
      const q = new URL(url).searchParams
      const back = new URL(q.get("redirect_uri")!)
      back.searchParams.set("code", code)
      back.searchParams.set("state", state ?? q.get("state")!)
      await fetch(back)
      return "BROWSER" as const
    })

  it.live("exchanges the code with the verifier whose challenge the URL carried", () =>
    Effect.gen(function*() {
      let authorizeUrl = ""
      const said: Array<string> = []
      const grant = yield* runLogin({
        authorizeUrl: (
          p
        ) => (authorizeUrl = `https://auth.example/oauth?redirect_uri=${
          encodeURIComponent(p.redirectUri)
        }&state=${p.state}&code_challenge=${p.codeChallenge}`),
        redirect: { _tag: "loopback", port: 0 },
        timeout: "10 seconds",
        appName: "test",
        env: {},
        say: (line) => Effect.sync(() => void said.push(line)),
        open: approve("c-123"),
        exchange: (g) => Effect.succeed(g)
      })
      expect(Redacted.value(grant.code)).toBe("c-123")
      expect(new URL(authorizeUrl).searchParams.get("code_challenge")).toBe(
        s256Challenge(Redacted.value(grant.verifier))
      )
      expect(grant.redirectUri).toBe(new URL(authorizeUrl).searchParams.get("redirect_uri"))
      expect(said.join("\n")).toContain(authorizeUrl)
      expect(said.join("\n")).not.toContain(Redacted.value(grant.verifier))
    }))

  it.live("fails on a forged state and never calls the exchange", () =>
    Effect.gen(function*() {
      let exchanged = false
      const error = yield* Effect.flip(runLogin({
        authorizeUrl: (p) =>
          `https://auth.example/oauth?redirect_uri=${encodeURIComponent(p.redirectUri)}&state=${p.state}`,
        redirect: { _tag: "loopback", port: 0 },
        timeout: "10 seconds",
        appName: "test",
        env: {},
        say: () => Effect.void,
        open: approve("c-123", "forged"),
        exchange: () => Effect.sync(() => void (exchanged = true))
      }))
      expect(error._tag === "SignInError" && error.reason).toBe("state_mismatch")
      expect(exchanged).toBe(false)
    }))

  it.effect("ends a login nobody completes with a timeout", () =>
    Effect.gen(function*() {
      const fiber = yield* Effect.fork(runLogin({
        authorizeUrl: () => "https://auth.example/oauth",
        redirect: { _tag: "loopback", port: 0 },
        timeout: "2 minutes",
        appName: "test",
        env: {},
        say: () => Effect.void,
        open: () => Effect.succeed("none" as const),
        exchange: () => Effect.void
      }))
      yield* TestClock.adjust("119 seconds")
      expect(Option.isNone(yield* Fiber.poll(fiber))).toBe(true)
      yield* TestClock.adjust("2 seconds")
      const error = yield* Effect.flip(Fiber.join(fiber))
      expect(error._tag === "SignInError" && error.reason).toBe("timeout")
      expect(error.message).toContain("2m")
    }))

  it.effect("manual mode reads the pasted redirect address and checks its state", () =>
    Effect.gen(function*() {
      let state = ""
      const run = (answer: (s: string) => string) =>
        runLogin({
          authorizeUrl: (p) => {
            state = p.state
            return "https://auth.example/oauth"
          },
          redirect: { _tag: "manual", redirectUri: "http://127.0.0.1:1/callback" },
          timeout: "1 minute",
          appName: "test",
          env: {},
          say: () => Effect.void,
          readAnswer: Effect.sync(() => answer(state)),
          exchange: (g) => Effect.succeed(Redacted.value(g.code))
        })
      expect(yield* run((s) => `http://127.0.0.1:1/callback?code=pasted&state=${s}`)).toBe("pasted")
      expect(yield* run(() => "bare-code")).toBe("bare-code")
      const forged = yield* Effect.flip(run(() => "http://127.0.0.1:1/callback?code=pasted&state=nope"))
      expect(forged._tag === "SignInError" && forged.reason).toBe("state_mismatch")
    }))
})

const Cred = Schema.Struct({ access_token: Schema.Redacted(Schema.String), note: Schema.String })
const cred = (token: string, note = "n") => ({ access_token: Redacted.make(token), note })
const tempDir = () => mkdtempSync(join(tmpdir(), "oauth-store-"))

describe("the credential store", () => {
  it.effect("writes 0600 through a temp file and rename, and reads back Redacted values", () =>
    Effect.gen(function*() {
      const dir = join(tempDir(), "nested")
      const store = fileCredentialStore(Cred, join(dir, "credentials.json"))
      expect(yield* store.read).toEqual(Option.none())
      yield* store.write(cred("secret-token-1"))
      expect(statSync(store.path).mode & 0o777).toBe(0o600)
      expect(statSync(dir).mode & 0o777).toBe(0o700)
      const back = yield* store.read
      expect(Option.isSome(back) && Redacted.value(back.value.access_token)).toBe("secret-token-1")

      // Atomic: the new content is a new file renamed over the old one, never the old one rewritten in place,
      // so a reader holding the old file (here a hard link) sees it whole.
      const before = statSync(store.path).ino
      const held = join(dir, "held.json")
      linkSync(store.path, held)
      yield* store.write(cred("secret-token-2"))
      expect(statSync(store.path).ino).not.toBe(before)
      expect(readFileSync(held, "utf8")).toContain("secret-token-1")
      expect(readFileSync(store.path, "utf8")).toContain("secret-token-2")
      expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([])
    }))

  it.effect("a file left 0644 is replaced by a 0600 one on write", () =>
    Effect.gen(function*() {
      const path = join(tempDir(), "credentials.json")
      writeFileSync(path, "{}", { mode: 0o644 })
      chmodSync(path, 0o644)
      yield* fileCredentialStore(Cred, path).write(cred("t"))
      expect(statSync(path).mode & 0o777).toBe(0o600)
    }))

  it.effect("refuses a file that group or others can read, naming the chmod remedy and no secret", () =>
    Effect.gen(function*() {
      const store = fileCredentialStore(Cred, join(tempDir(), "credentials.json"))
      yield* store.write(cred("very-secret-token"))
      for (const mode of [0o644, 0o640, 0o604]) {
        chmodSync(store.path, mode)
        const error = yield* Effect.flip(store.read)
        expect(error.reason).toBe("insecure_store")
        expect(error.path).toBe(store.path)
        expect(error.message).toContain(mode.toString(8))
        expect(error.message).not.toContain("very-secret-token")
      }
      chmodSync(store.path, 0o600)
      expect(Option.isSome(yield* store.read)).toBe(true)
    }))

  it.effect("a file that is not a credential is refused without quoting it", () =>
    Effect.gen(function*() {
      const path = join(tempDir(), "credentials.json")
      writeFileSync(path, `{"access_token": 42, "secret": "do-not-print"}`, { mode: 0o600 })
      const error = yield* Effect.flip(fileCredentialStore(Cred, path).read)
      expect(error.reason).toBe("store_unusable")
      expect(error.message).not.toContain("do-not-print")
    }))

  it.effect("remove says whether there was a file", () =>
    Effect.gen(function*() {
      const store = fileCredentialStore(Cred, join(tempDir(), "credentials.json"))
      yield* store.write(cred("t"))
      expect(yield* store.remove).toBe(true)
      expect(yield* store.remove).toBe(false)
      expect(yield* store.read).toEqual(Option.none())
    }))

  it("the config directory: own variable, else XDG_CONFIG_HOME, else ~/.config", () => {
    expect(configDir({ DESIGN_CONFIG_DIR: "/a", XDG_CONFIG_HOME: "/x", HOME: "/h" }, "DESIGN_CONFIG_DIR", "design"))
      .toBe("/a")
    expect(configDir({ XDG_CONFIG_HOME: "/x", HOME: "/h" }, "DESIGN_CONFIG_DIR", "design")).toBe("/x/design")
    expect(configDir({ HOME: "/h" }, "DESIGN_CONFIG_DIR", "design")).toBe("/h/.config/design")
  })
})

describe("the token endpoint", () => {
  const stub = (status: number, body: unknown, seen: Array<{ headers: Record<string, string>; body: string }>) =>
    HttpClient.make((request) =>
      Effect.sync(() => {
        const b = request.body
        seen.push({ headers: request.headers, body: b._tag === "Uint8Array" ? new TextDecoder().decode(b.body) : "" })
        return HttpClientResponse.fromWeb(
          request,
          new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
        )
      })
    )
  const client = { id: "app-id", secret: Redacted.make("app-secret-xyz") }
  const form = {
    grant_type: "authorization_code",
    code: Redacted.make("code-abc-123"),
    code_verifier: Redacted.make("verifier-456")
  }

  it.effect("posts the form with HTTP Basic client credentials", () =>
    Effect.gen(function*() {
      const seen: Array<{ headers: Record<string, string>; body: string }> = []
      const answer = yield* postTokenForm(TokenAnswer, {
        url: "https://api.example/v1/oauth/token",
        client,
        form,
        subject: "The code exchange"
      }).pipe(
        Effect.provideService(
          HttpClient.HttpClient,
          stub(200, { access_token: "at-1", token_type: "bearer", expires_in: 60 }, seen)
        )
      )
      expect(Redacted.value(answer.access_token)).toBe("at-1")
      expect(seen[0]!.headers.authorization).toBe(`Basic ${Buffer.from("app-id:app-secret-xyz").toString("base64")}`)
      expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({
        grant_type: "authorization_code",
        code: "code-abc-123",
        code_verifier: "verifier-456"
      })
    }))

  it.effect("a refusal quotes the service, with every secret sent scrubbed", () =>
    Effect.gen(function*() {
      const echo = { error: "invalid_grant", message: "code code-abc-123 with verifier-456 for app-secret-xyz is bad" }
      const error = yield* Effect.flip(
        postTokenForm(TokenAnswer, {
          url: "https://api.example/v1/oauth/token",
          client,
          form,
          subject: "The code exchange"
        }).pipe(
          Effect.provideService(HttpClient.HttpClient, stub(400, echo, []))
        )
      )
      expect(error).toMatchObject({ _tag: "SignInError", reason: "exchange", status: 400 })
      expect(error.message).toContain("invalid_grant")
      for (const secret of ["code-abc-123", "verifier-456", "app-secret-xyz"]) {
        expect(error.message).not.toContain(secret)
      }
      const client401 = yield* Effect.flip(
        postTokenForm(TokenAnswer, { url: "https://api.example/t", client, form, subject: "The code exchange" }).pipe(
          Effect.provideService(HttpClient.HttpClient, stub(401, { message: "Invalid client credentials" }, []))
        )
      )
      expect(client401).toMatchObject({ _tag: "SignInError", reason: "client_rejected" })
    }))
})

describe("refreshStored", () => {
  it.effect("refreshes, stores the result, and hands over the new token", () =>
    Effect.gen(function*() {
      const store = fileCredentialStore(Cred, join(tempDir(), "credentials.json"))
      yield* store.write(cred("old"))
      let calls = 0
      const token = yield* refreshStored({
        store,
        used: cred("old"),
        accessToken: (c) => c.access_token,
        canRefresh: () => true,
        refresh: (c) => Effect.sync(() => (calls++, { ...c, access_token: Redacted.make("new") }))
      })
      expect(Redacted.value(token)).toBe("new")
      expect(calls).toBe(1)
      const stored = yield* store.read
      expect(Option.isSome(stored) && Redacted.value(stored.value.access_token)).toBe("new")
    }))

  it.effect("uses a token another process stored meanwhile instead of refreshing again", () =>
    Effect.gen(function*() {
      const store = fileCredentialStore(Cred, join(tempDir(), "credentials.json"))
      yield* store.write(cred("fresher"))
      const token = yield* refreshStored({
        store,
        used: cred("old"),
        accessToken: (c) => c.access_token,
        canRefresh: () => true,
        refresh: () => Effect.die("must not refresh")
      })
      expect(Redacted.value(token)).toBe("fresher")
    }))

  it.effect("without a refresh token, or when the refresh fails, it is an AuthError", () =>
    Effect.gen(function*() {
      const store = fileCredentialStore(Cred, join(tempDir(), "credentials.json"))
      yield* store.write(cred("old"))
      const base = { store, used: cred("old"), accessToken: (c: typeof Cred.Type) => c.access_token }
      const none = yield* Effect.flip(
        refreshStored({ ...base, canRefresh: () => false, refresh: () => Effect.die("no") })
      )
      expect(none).toMatchObject({ _tag: "AuthError", reason: "expired" })
    }))
})
