/**
 * True/false flags (taskmgr's Toggle fields such as --completed) take the
 * words true and false: the completion scripts of the real taskmgr offer
 * exactly those two words after such a flag, in bash and fish (run in the
 * shells) and zsh (its value table), and help and argument checks name them.
 */
import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { runInProcess, TASKMGR_BIN } from "../../e2e/helpers.js"

const dir = mkdtempSync(join(tmpdir(), "completion-toggle-"))

const scriptFor = async (shell: string) => {
  const r = await runInProcess(["completion", shell], { bin: TASKMGR_BIN })
  expect(r.code, r.stderr).toBe(0)
  const path = join(dir, `taskmgr.${shell}`)
  writeFileSync(path, r.stdout)
  return { path, text: r.stdout }
}

const shell = (command: string, args: ReadonlyArray<string>) => {
  const r = spawnSync(command, args, { encoding: "utf8", timeout: 20_000 })
  if (r.status !== 0) throw new Error(`${command} failed (${r.status}): ${r.stderr}`)
  return r.stdout.split("\n").filter((l) => l !== "")
}

describe("completion of true/false flags", () => {
  it("bash offers true and false after --completed", async () => {
    const { path } = await scriptFor("bash")
    const words = ["taskmgr", "task", "search", "--completed", ""]
    const driver = `source "${path}"
COMP_WORDS=(${words.map((w) => `"${w}"`).join(" ")})
COMP_CWORD=${words.length - 1}
COMP_LINE="${words.join(" ")}"
COMP_POINT=\${#COMP_LINE}
spec=$(complete -p taskmgr) || exit 3
fn=\${spec#*-F }
fn=\${fn%% *}
"$fn" taskmgr "" "--completed"
printf '%s\\n' "\${COMPREPLY[@]}"`
    expect(shell("bash", ["--norc", "--noprofile", "-c", driver])).toEqual(["true", "false"])
  })

  it("fish offers true and false after --completed", async () => {
    const { path } = await scriptFor("fish")
    const out = shell("fish", ["--no-config", "-c", `source ${path}; complete -C 'taskmgr task search --completed '`])
    expect(out.map((l) => l.split("\t")[0]).sort()).toEqual(["false", "true"])
  })

  it("zsh lists true and false as the values of --completed", async () => {
    const { text } = await scriptFor("zsh")
    expect(text).toMatch(/'task search\|--completed'[^\n]*\) reply=\('true' 'false'\) ;;/)
  })

  it("refuses another word by the flag's name, sending nothing", async () => {
    const r = await runInProcess(["task", "search", "--completed", "yes"], {
      bin: TASKMGR_BIN,
      env: { TASKMGR_ACCESS_TOKEN: "x", TASKMGR_BASE_URL: "http://127.0.0.1:9" }
    })
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain("--completed")
    expect(r.stderr).toContain(`--completed: must be true or false (got "yes").`)
  })
})
