/**
 * `design auth status`: which credential won and from where (masked), the
 * mode, team, base URL, seat and plan; with --check one request proves the
 * token works: /v1/me for personal and OAuth tokens, file metadata for plan
 * tokens (which cannot call /v1/me).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { usage } from "../core/errors.js"
import { missingToken } from "./auth.js"
import { ALL_MODES, call } from "./call.js"
import { encodePath } from "./http.js"
import { designEnvFromSettings } from "./layers.js"
import { type DesignFlags, type DesignSettings, maskToken, resolveDesignSettings } from "./settings.js"
import { getMe } from "./users.js"

const FileMeta = Schema.Struct({ file: Schema.Struct({ name: Schema.String }) })

const checkToken = (settings: DesignSettings) =>
  settings.authMode === "plan"
    ? Option.match(settings.fileKey, {
      onNone: () =>
        Effect.fail(usage("A plan-token check reads a file's metadata, and no file key is configured.", "Pass --file KEY or set DESIGN_FILE_KEY.")),
      onSome: (key) =>
        Effect.map(
          call({ method: "GET", path: `/v1/files/${encodePath(key)}/meta`, tier: 3, modes: ALL_MODES, subject: `File ${key}` }, FileMeta),
          ({ file }) => `ok: file ${key} (${file.name}) is readable`
        )
    })
    : Effect.map(getMe, (me) => `ok: signed in as ${me.handle}${me.email === undefined ? "" : ` <${me.email}>`}`)

const orNone = (o: Option.Option<string>) => Option.getOrElse(o, () => "(not set)")

export const authStatus = (flags: DesignFlags, check: boolean) =>
  Effect.gen(function*() {
    const settings = yield* resolveDesignSettings(flags)
    const status: Record<string, string> = {
      token: Option.match(settings.token, { onNone: () => "(none)", onSome: maskToken }),
      source: orNone(settings.tokenSource),
      mode: settings.authMode,
      team_id: orNone(settings.teamId),
      base_url: settings.baseUrl,
      edition: settings.edition,
      seat: orNone(settings.seat),
      plan: orNone(settings.plan),
      max_wait: `${settings.maxWaitSeconds} s`
    }
    if (settings.authMode === "plan") status.file_key = orNone(settings.fileKey)
    if (Option.isNone(settings.token)) {
      if (check) return yield* Effect.fail(missingToken)
      status.hint = "Set DESIGN_ACCESS_TOKEN, or pass --token."
      return status
    }
    if (check) {
      status.check = yield* checkToken(settings).pipe(Effect.provide(designEnvFromSettings(settings)))
    }
    return status
  })
