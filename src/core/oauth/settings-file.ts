/**
 * A program's settings file ({config_dir}/settings.json): a JSON object of
 * string values, such as the OAuth app's client_id and client_secret. A
 * missing file is no settings. It is read as `@FILE` is (a regular file,
 * opened without blocking, at most 10 MB, nested at most 64 levels), and a
 * JSON fault is named by its line and column, never quoted. A secret is only taken from a file that
 * others cannot read (the credential store's rule), so the caller names
 * which keys are secret; a value that is not a string is ignored.
 */
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Redacted from "effect/Redacted"
import { stat } from "node:fs/promises"
import { dirname } from "node:path"
import type { SignInError } from "../errors.js"
import { jsonFaultText, parseJsonText, readCappedFile } from "../local-files.js"
import { guardConfigDir } from "./config-dir.js"
import { signInError } from "./redirect.js"

export interface SettingsFile {
  readonly path: string
  /** Plain values. */
  readonly values: Readonly<Record<string, string>>
  /** The secret keys' values, Redacted from the moment they are read. */
  readonly secrets: Readonly<Record<string, Redacted.Redacted<string>>>
}

const code = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code ?? "error"

export const readSettingsFile = (
  path: string,
  secretKeys: ReadonlyArray<string>
): Effect.Effect<SettingsFile, SignInError> =>
  Effect.gen(function*() {
    const empty: SettingsFile = { path, values: {}, secrets: {} }
    yield* guardConfigDir(dirname(path))
    const unusable = (what: string) => signInError("settings_unusable", `The settings file ${path} ${what}.`, { path })
    // Capped and never blocking: a FIFO or device in its place is refused, not waited on.
    const read = readCappedFile(path)
    if (Either.isLeft(read) && read.left.code !== "ENOENT") return yield* Effect.fail(unusable(read.left.reason))
    const text = Either.getOrUndefined(read)
    if (text === undefined) return empty
    // Where the JSON breaks, never what is there: the file may hold a secret.
    const json = parseJsonText(text)
    if (Either.isLeft(json)) return yield* Effect.fail(unusable(jsonFaultText(json.left)))
    const parsed = json.right
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return yield* Effect.fail(unusable("is not a JSON object"))
    }
    const values: Record<string, string> = {}
    const secrets: Record<string, Redacted.Redacted<string>> = {}
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value !== "string" || value.trim() === "") continue
      if (secretKeys.includes(key)) secrets[key] = Redacted.make(value)
      else values[key] = value
    }
    if (Object.keys(secrets).length > 0 && process.platform !== "win32") {
      const info = yield* Effect.tryPromise({
        try: () => stat(path),
        catch: (e) => unusable(`cannot be read (${code(e)})`)
      })
      if ((info.mode & 0o077) !== 0) {
        const mode = (info.mode & 0o777).toString(8).padStart(4, "0")
        return yield* Effect.fail(signInError(
          "insecure_store",
          `The settings file ${path} holds ${
            Object.keys(secrets).join(", ")
          } and can be read by other users (mode ${mode}); it was not used.`,
          { path }
        ))
      }
    }
    return { path, values, secrets }
  })
