/**
 * The config directory's own privacy (it holds the credential and settings
 * files). How we know the product made it: when the product makes it, it makes
 * it 0700 and leaves a marker file in it. A marked directory that has since
 * become open to others (a chmod, a copy, a restore) is ours, and is tightened
 * back to 0700. Any other directory (made by hand, or named by
 * $DESIGN_CONFIG_DIR / $TASKMGR_CONFIG_DIR, which might be shared or a home
 * directory) is never changed: a warning on stderr, once per process, says how
 * to fix it. Earlier versions made it 0700 without a marker, so theirs need
 * nothing unless someone opened them since; those are then warned about.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { chmod, mkdir, stat, writeFile } from "node:fs/promises"
import { dirname, join } from "node:path"

/** Its presence says the product made the directory; deleting it hands the directory's mode to the user. */
export const CREATED_MARKER = ".created-by-design-taskmgr"

const MARKER_TEXT = "design/taskmgr made this directory and keeps it readable by its owner alone (mode 0700).\n" +
  "Delete this file to manage the directory's mode yourself.\n"

const posix = process.platform !== "win32"
const warned = new Set<string>()

const modeOf = (mode: number) => (mode & 0o777).toString(8).padStart(4, "0")

const exists = (path: string) => stat(path).then(() => true, () => false)

/** What a check did, for tests: nothing, tightened a directory the product made, or warned about one it did not. */
export type DirCheck = "ok" | "missing" | "tightened" | "warned"

const check = async (dir: string, warn: (line: string) => void): Promise<DirCheck> => {
  const info = await stat(dir).catch(() => undefined)
  if (info === undefined || !info.isDirectory()) return "missing"
  if (!posix || (info.mode & 0o077) === 0) return "ok"
  if (await exists(join(dir, CREATED_MARKER))) {
    const tightened = await chmod(dir, 0o700).then(() => true, () => false)
    if (tightened) return "tightened"
  }
  if (!warned.has(dir)) {
    warned.add(dir)
    warn(
      `Warning: the config directory ${dir} is open to other users (mode ${
        modeOf(info.mode)
      }) and was not made by this program, ` +
        `so it was left as it is.\n→ Run 'chmod 700 ${dir}' to keep your sign-in and settings private.`
    )
  }
  return "warned"
}

const stderrLine = (line: string) => void process.stderr.write(`${line}\n`)

/** Where the warning goes: the command line provides its own stderr; otherwise the process's. */
export class ConfigDirWarning
  extends Context.Tag("design-taskmgr/ConfigDirWarning")<ConfigDirWarning, (line: string) => void>()
{}

/** The warner in effect here. */
export const configDirWarning: Effect.Effect<(line: string) => void> = Effect.map(
  Effect.serviceOption(ConfigDirWarning),
  Option.getOrElse(() => stderrLine)
)

/** Before the directory is read: tightens it if the product made it, else warns once. Never fails. */
export const guardConfigDir = (dir: string, warn?: (line: string) => void): Effect.Effect<DirCheck> =>
  Effect.flatMap(
    warn === undefined ? configDirWarning : Effect.succeed(warn),
    (say) => Effect.promise(() => check(dir, say).catch((): DirCheck => "ok"))
  )

/**
 * Before a file is written in it: makes the directory (0700, with the marker)
 * when it is missing, its parents with the usual mode, else guards it.
 */
export const ensureConfigDir = async (dir: string, warn: (line: string) => void = stderrLine): Promise<void> => {
  if (!(await exists(dir))) {
    await mkdir(dirname(dir), { recursive: true })
    const made = await mkdir(dir, { mode: 0o700 }).then(() => true, (e: NodeJS.ErrnoException) => {
      if (e.code === "EEXIST") return false
      throw e
    })
    if (made) {
      // The umask may have narrowed 0700 further, never widened it; chmod makes it exactly 0700.
      await chmod(dir, 0o700)
      await writeFile(join(dir, CREATED_MARKER), MARKER_TEXT, { mode: 0o600 })
      return
    }
  }
  await check(dir, warn)
}
