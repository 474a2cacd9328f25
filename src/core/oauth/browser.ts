/**
 * Opening the authorize page: the command in BROWSER when set (the URL as
 * its argument, or in place of `%s`), else the platform's opener (open,
 * xdg-open, start), else nothing, and the caller prints the URL. The
 * browser is not waited for: it may run long after the sign-in ends.
 */
import * as Effect from "effect/Effect"
import { spawn } from "node:child_process"

export type Env = Readonly<Record<string, string | undefined>>

/** How the page was opened; "none" means the URL must be visited by hand. */
export type Opened = "BROWSER" | "system" | "none"

/** The words of a BROWSER value: split on blanks, with simple quotes kept together. */
const words = (command: string): Array<string> =>
  [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? "")

/** The command line that opens a URL here, or undefined. */
export const openerCommand = (
  url: string,
  env: Env,
  platform: NodeJS.Platform = process.platform
): ReadonlyArray<string> | undefined => {
  const browser = env.BROWSER?.trim()
  if (browser !== undefined && browser !== "") {
    // BROWSER may list several commands separated by ':'; the first is used.
    const argv = words(browser.split(":")[0]!)
    if (argv.length === 0) return undefined
    return argv.some((w) => w.includes("%s")) ? argv.map((w) => w.replaceAll("%s", url)) : [...argv, url]
  }
  if (platform === "darwin") return ["open", url]
  if (platform === "win32") return ["cmd", "/c", "start", "\"\"", url.replace(/&/g, "^&")]
  return ["xdg-open", url]
}

/** Starts the opener; succeeds with how, or "none" when no opener could start. */
export const openBrowser = (url: string, env: Env): Effect.Effect<Opened> => {
  const argv = openerCommand(url, env)
  if (argv === undefined || argv[0] === undefined) return Effect.succeed("none")
  const how: Opened = env.BROWSER?.trim() ? "BROWSER" : "system"
  return Effect.async<Opened>((resume) => {
    try {
      const child = spawn(argv[0]!, argv.slice(1), { stdio: "ignore", detached: true, env: { ...env } })
      child.once("error", () => resume(Effect.succeed("none")))
      child.once("spawn", () => {
        child.unref()
        resume(Effect.succeed(how))
      })
    } catch {
      resume(Effect.succeed("none"))
    }
  })
}
