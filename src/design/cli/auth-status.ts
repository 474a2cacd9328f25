/**
 * `design auth status`: which credential is in use and where it came from
 * (masked), and the settings around it, as data: JSON gets nulls and numbers,
 * text shows "not set"; the base URL is the one used (the edition's default
 * when none is set). With --check one request proves the token works: /v1/me
 * for personal and OAuth tokens, a file's metadata for plan tokens (which
 * cannot call /v1/me).
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { CliIO, terminalWidth, writeOut } from "../../core/cli/io.js"
import { formatOf } from "../../core/cli/leaf.js"
import type { Leaf } from "../../core/cli/runtime.js"
import { invalidInput } from "../../core/errors.js"
import { render, useColor } from "../../core/output.js"
import { maskToken, maskUrl } from "../../core/secrets.js"
import { makeDesignClient } from "../client.js"
import { designCredentialStore } from "../oauth.js"
import { DEFAULT_BASE_URL, DEFAULT_GOV_BASE_URL, resolveDesignOptions } from "../options.js"
import { cliSettings, requireToken } from "./options.js"

export const authStatusLeaf: Leaf = {
  path: ["auth", "status"],
  spec: {
    name: "status",
    summary: "Which token is in use and where it came from (masked); --check proves it works.",
    options: [
      {
        flag: "--check",
        takesValue: false,
        description: "Also make one request to prove the token works",
        required: false
      },
      {
        flag: "--file",
        takesValue: true,
        valueName: "KEY",
        description: "File whose metadata a plan-token check reads ($DESIGN_FILE_KEY)",
        required: false
      }
    ],
    positionals: [],
    examples: [
      "design auth status",
      "design auth status --check",
      "design auth status --check --auth-mode plan --file KEY"
    ],
    subcommands: []
  },
  run: ({ options, shared }) =>
    Effect.gen(function*() {
      const io = yield* CliIO
      const env = io.env
      const format = yield* formatOf(shared)
      const settings = yield* cliSettings({
        ...shared,
        ...(typeof options["--file"] === "string" ? { "--file": options["--file"] } : {})
      }, env)
      const o = settings.options
      const status: Record<string, unknown> = {
        authenticated: Option.isSome(settings.token),
        token: Option.getOrNull(Option.map(settings.token, maskToken)),
        source: Option.getOrNull(settings.tokenSource),
        mode: o.authMode ?? "personal",
        team_id: o.teamId ?? null,
        // The URL requests go to: the edition's default when none is set.
        base_url: maskUrl(o.baseUrl ?? (o.edition === "gov" ? DEFAULT_GOV_BASE_URL : DEFAULT_BASE_URL)),
        edition: o.edition ?? "commercial",
        seat: o.seat ?? null,
        plan: o.plan ?? null,
        max_wait_seconds: o.maxWait === undefined ? 60 : Duration.toSeconds(Duration.decode(o.maxWait)),
        timeout_seconds: o.timeout === undefined ? 30 : Duration.toSeconds(Duration.decode(o.timeout)),
        file_key: Option.getOrNull(settings.fileKey),
        // Where a token was looked for, in order; the stored sign-in is used only with --auth-mode oauth.
        sources_checked: ["--token", "DESIGN_ACCESS_TOKEN", `stored credential (${designCredentialStore(env).path})`],
        stored_credential: Option.getOrNull(
          Option.orElse(Option.map(settings.signIn, (s) => s.store.path), () => settings.unusedSignIn)
        )
      }
      if (Option.isSome(settings.unusedSignIn)) {
        status.stored_credential_use = "pass --auth-mode oauth (or set DESIGN_AUTH_MODE=oauth)"
      }
      if (Option.isSome(settings.signIn)) {
        status.expires_at = settings.signIn.value.credential.expires_at
        status.credential_file = settings.signIn.value.store.path
        status.refreshable = settings.signIn.value.credential.refresh_token !== null
      }
      if (options["--check"] === true) {
        // The two operations a check uses, from their group modules (loaded only here, core/cli/command-index.ts).
        const { fileMeta } = yield* Effect.promise(() => import("../groups/files.js"))
        const { userMe } = yield* Effect.promise(() => import("../groups/users.js"))
        const client = yield* requireToken(settings).pipe(Effect.flatMap(makeDesignClient))
        status.base_url = client.settings.baseUrl
        status.check = client.settings.authMode === "plan"
          ? yield* Option.match(settings.fileKey, {
            onNone: () =>
              Effect.fail(
                invalidInput(
                  "A plan-token check reads a file's metadata: pass --file KEY or set DESIGN_FILE_KEY.",
                  "file_key"
                )
              ),
            onSome: (key) =>
              Effect.map(
                fileMeta.run(client, { file_key: key }, undefined),
                ({ file }) => `ok: file ${key} (${file.name}) is readable`
              )
          })
          : yield* Effect.map(
            userMe.run(client, {}, undefined),
            (me) => `ok: signed in as ${me.handle}${me.email === undefined ? "" : ` <${me.email}>`}`
          )
      } else if (Option.isSome(settings.token)) {
        // Settings are checked even without --check, so a bad base URL shows here first.
        yield* resolveDesignOptions({ ...o, token: settings.token.value })
      }
      const shown = format === "text"
        ? Object.fromEntries(
          Object.entries(status).map(([k, v]) => [k, v === null ? "(not set)" : Array.isArray(v) ? v.join(", ") : v])
        )
        : status
      const out = render({ kind: "record" }, shown, status, {
        format,
        full: true,
        color: useColor(io.stdout, env),
        tty: io.stdout.isTTY === true,
        width: terminalWidth(io)
      })
      yield* writeOut(out.stdout)
      // Not authenticated is a failure, as for `gh auth status`: the error says why and what to do (exit 3).
      if (Option.isNone(settings.token)) yield* requireToken(settings)
    })
}
