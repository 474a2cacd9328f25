/**
 * A credential store: one JSON file in a config directory, readable by its
 * owner alone. Written atomically with mode 0600 (replace-file.ts), so a
 * reader never sees half a file; a file that group or others can read is
 * refused, with the chmod remedy, and not used. The directory's own mode is
 * config-dir.ts's. The shape is the caller's Schema, whose Redacted fields
 * stay Redacted in memory.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { readFile, rm, stat } from "node:fs/promises"
import { homedir } from "node:os"
import { dirname, join } from "node:path"
import type { SignInError } from "../errors.js"
import { replaceFileSync } from "../replace-file.js"
import { rememberSecretsIn } from "../secrets.js"
import type { Env } from "./browser.js"
import { configDirWarning, ensureConfigDir, guardConfigDir } from "./config-dir.js"
import { signInError } from "./redirect.js"

export interface CredentialStore<A> {
  readonly path: string
  /** The stored credential; none when there is no file. */
  readonly read: Effect.Effect<Option.Option<A>, SignInError>
  readonly write: (credential: A) => Effect.Effect<void, SignInError>
  /** Deletes the file; false when there was none. */
  readonly remove: Effect.Effect<boolean, SignInError>
}

/**
 * A program's config directory: `$<PREFIX>_CONFIG_DIR`, else
 * `$XDG_CONFIG_HOME/<name>`, else `~/.config/<name>`.
 */
export const configDir = (env: Env, variable: string, name: string): string => {
  const own = env[variable]?.trim()
  if (own !== undefined && own !== "") return own
  const xdg = env.XDG_CONFIG_HOME?.trim()
  if (xdg !== undefined && xdg !== "") return join(xdg, name)
  return join(env.HOME?.trim() || homedir(), ".config", name)
}

const code = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code ?? "error"

/** Group or others may do anything with the file (POSIX only; Windows has no such bits). */
const exposed = (mode: number) => process.platform !== "win32" && (mode & 0o077) !== 0

export const fileCredentialStore = <A, I>(schema: Schema.Schema<A, I>, path: string): CredentialStore<A> => {
  const unusable = (what: string, e?: unknown) =>
    signInError("store_unusable", `The credential file ${path} ${what}${e === undefined ? "" : ` (${code(e)})`}.`, {
      path
    })
  const decode = Schema.decodeUnknown(Schema.parseJson(schema))
  const encode = Schema.encode(Schema.parseJson(schema, { space: 2 }))

  const read: CredentialStore<A>["read"] = Effect.gen(function*() {
    yield* guardConfigDir(dirname(path))
    const info = yield* Effect.tryPromise({ try: () => stat(path), catch: (e) => e }).pipe(
      Effect.map(Option.some),
      Effect.catchAll((e) =>
        code(e) === "ENOENT" ? Effect.succeed(Option.none()) : Effect.fail(unusable("cannot be read", e))
      )
    )
    if (Option.isNone(info)) return Option.none()
    if (!info.value.isFile()) return yield* Effect.fail(unusable("is not a file"))
    if (exposed(info.value.mode)) {
      const mode = (info.value.mode & 0o777).toString(8).padStart(4, "0")
      return yield* Effect.fail(signInError(
        "insecure_store",
        `The credential file ${path} can be read by other users (mode ${mode}); it was not used.`,
        { path }
      ))
    }
    const text = yield* Effect.tryPromise({
      try: () => readFile(path, "utf8"),
      catch: (e) => unusable("cannot be read", e)
    })
    // The parse error could quote the file, which holds secrets: say only that it is not a credential.
    const credential = yield* Effect.mapError(decode(text), () => unusable("is not a credential this program wrote"))
    // Its tokens and client secret are masked wherever the service's words are shown (a refresh refused, say).
    rememberSecretsIn(credential)
    return Option.some(credential)
  })

  const write: CredentialStore<A>["write"] = (credential) =>
    Effect.gen(function*() {
      const text = yield* Effect.mapError(encode(credential), () =>
        unusable("could not be written: the credential is incomplete"))
      const warn = yield* configDirWarning
      yield* Effect.tryPromise({
        try: () =>
          ensureConfigDir(dirname(path), warn),
        catch: (e) => unusable("could not be written", e)
      })
      yield* Effect.try({
        try: () => replaceFileSync(path, `${text}\n`, 0o600),
        catch: (e) => unusable("could not be written", e)
      })
    })

  const remove: CredentialStore<A>["remove"] = Effect.tryPromise({
    try: () => rm(path).then(() => true),
    catch: (e) => e
  }).pipe(
    Effect.catchAll((e) =>
      code(e) === "ENOENT" ? Effect.succeed(false) : Effect.fail(unusable("could not be deleted", e))
    )
  )

  return { path, read, write, remove }
}
