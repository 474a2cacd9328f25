/**
 * What no caller may have the product read, send or write: each program's
 * config directory, where its stored sign-in (credentials.json: access and
 * refresh tokens) and settings (settings.json: the app's client secret) live
 * (oauth/store.ts, oauth/settings-file.ts). The tool server keeps every
 * local path out of them (mcp/local-paths.ts); the command line, where a path
 * is the user's own intent, refuses only to upload those two files.
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { join } from "node:path"
import type { Env } from "./cli/io.js"
import { invalidInput, type InvalidInputError } from "./errors.js"
import { fieldsOf } from "./fields.js"
import { judgePath } from "./local-files.js"
import { configDir } from "./oauth/store.js"

/** The product's programs, each with its config directory (`$<PREFIX>_CONFIG_DIR`, else XDG, else ~/.config). */
const PROGRAMS = [{ name: "design", prefix: "DESIGN" }, { name: "taskmgr", prefix: "TASKMGR" }] as const

/** The files a config directory keeps secrets in. */
export const CREDENTIAL_FILES = ["credentials.json", "settings.json"] as const

export interface ConfigDir {
  readonly program: string
  readonly path: string
}

export const configDirs = (env: Env): ReadonlyArray<ConfigDir> =>
  PROGRAMS.map((p) => ({ program: p.name, path: configDir(env, `${p.prefix}_CONFIG_DIR`, p.name) }))

export const credentialFiles = (env: Env): ReadonlyArray<string> =>
  configDirs(env).flatMap((dir) => CREDENTIAL_FILES.map((file) => join(dir.path, file)))

/**
 * The command line's one refusal: a field whose file is sent to the service
 * (an upload) naming a program's credential file, by name or through a link.
 * Checked before anything is sent.
 */
export const refuseCredentialUploads = <I, IE>(
  schema: Schema.Schema<I, IE>,
  input: unknown,
  env: Env,
  base: string
): Effect.Effect<void, InvalidInputError> => {
  const never = credentialFiles(env)
  for (const field of fieldsOf(schema)) {
    const value = (input as Record<string, unknown> | undefined)?.[field.name]
    if (field.localPath?.sent !== true || typeof value !== "string" || value.trim() === "") continue
    const verdict = judgePath(value, { base, never })
    if (verdict._tag === "Protected") {
      return Effect.fail(
        invalidInput(
          `${field.name}: ${value} holds this product's credentials (${verdict.protectedPath}): they are never uploaded.`,
          field.name
        )
      )
    }
  }
  return Effect.void
}
