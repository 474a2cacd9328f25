/**
 * A reader slower than the program still gets all of its output: the binary
 * waits for stdout to hand on what does not fit the pipe's buffer (64 KiB)
 * before it exits, instead of dropping it.
 */
import { spawn, spawnSync } from "node:child_process"
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { TASKMGR_BIN } from "./helpers.js"

const tree = mkdtempSync(join(tmpdir(), "slow-pipe-"))
mkdirSync(join(tree, "src"))
for (let i = 0; i < 200; i++) {
  writeFileSync(
    join(tree, "src", `f${i}.ts`),
    Array.from({ length: 10 }, (_, j) => `// TODO item ${i}.${j}: a comment long enough to fill the pipe quickly\n`)
      .join("")
  )
}
afterAll(() => rmSync(tree, { recursive: true, force: true }))

const args = [TASKMGR_BIN, "task", "scan-todos", tree, "--json"]
const env = { PATH: process.env.PATH ?? "", HOME: tree, TASKMGR_ACCESS_TOKEN: "not-sent" }

describe("a slow reader of stdout", () => {
  it("gets every byte a file would", async () => {
    const file = join(tree, "out.json")
    const fd = openSync(file, "w")
    expect(spawnSync(process.execPath, args, { env, stdio: ["ignore", fd, "ignore"] }).status).toBe(0)
    closeSync(fd)
    const expected = readFileSync(file).length
    expect(expected).toBeGreaterThan(4 * 65_536)

    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "ignore"] })
    child.stdout.pause()
    // The program is done writing long before we read: only the pipe's buffer holds the rest.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    let received = 0
    child.stdout.on("data", (chunk: Buffer) => void (received += chunk.length))
    child.stdout.resume()
    const code = await new Promise((resolve) => child.on("close", resolve))
    expect(code).toBe(0)
    expect(received).toBe(expected)
  })
})
