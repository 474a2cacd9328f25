/**
 * `taskmgr task scan-todos` over the built binary when the tree cannot all be
 * read, as rg does it: every file or directory it could not read, or not
 * whole, is named on stderr, the drafts of the rest are still printed, and
 * the exit code says the scan was partial (9). Memory stays bounded whatever
 * a file's size. Unreadable entries need a user that permissions stop: as
 * root the binary runs as nobody.
 */
import {
  chmodSync,
  closeSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { PARTIAL_EXIT_CODE } from "../../src/core/exit-codes.js"
import { describeRun, run, TASKMGR_BIN } from "./helpers.js"

const root = mkdtempSync(join(tmpdir(), "scan-partial-"))
chmodSync(root, 0o755)
// A home nobody can use too: the program looks for its settings there.
mkdirSync(join(root, "home"), { mode: 0o777 })
chmodSync(join(root, "home"), 0o777)
afterAll(() => {
  chmodSync(join(root, "tree", "locked"), 0o755)
  rmSync(root, { recursive: true, force: true })
})

/** The binary, as nobody when this runs as root (permissions do not stop root), with a preload that reports peak memory. */
const scan = async (args: ReadonlyArray<string>, cwd: string, nodeArgs: ReadonlyArray<string> = []) => {
  const r = await run(["task", "scan-todos", ...args, "--json"], {
    bin: TASKMGR_BIN,
    cwd,
    env: { HOME: join(root, "home"), TASKMGR_ACCESS_TOKEN: "token-never-sent" },
    nodeArgs,
    unprivileged: true,
    timeoutMs: 60_000
  })
  const rss = /^max-rss-kb=(\d+)$/m.exec(r.stderr)
  return { ...r, maxRssMb: rss === null ? NaN : Number(rss[1]) / 1024 }
}

const write = (path: string, text: string) => {
  mkdirSync(join(path, ".."), { recursive: true, mode: 0o755 })
  writeFileSync(path, text, { mode: 0o644 })
}

describe("task scan-todos over a tree it cannot all read", () => {
  it("names each unreadable file and directory and the file cut short, prints the rest, and exits 9", async () => {
    const tree = join(root, "tree")
    write(join(tree, "ok.ts"), "// TODO: readable\n")
    write(join(tree, "secret.ts"), "// TODO: not for nobody\n")
    chmodSync(join(tree, "secret.ts"), 0o000)
    write(join(tree, "locked", "inner.ts"), "// TODO: behind a locked door\n")
    chmodSync(join(tree, "locked"), 0o000)
    // 2.6 GB without a line break after the first lines (a hole: no disk used).
    const fd = openSync(join(tree, "huge.ts"), "w", 0o644)
    writeSync(fd, `// FIXME: at the top\n${"x".repeat(9_000)}`)
    ftruncateSync(fd, 2_600_000_000)
    closeSync(fd)
    for (const dir of [root, tree]) chmodSync(dir, 0o755)

    const r = await scan(["."], tree)
    expect(r.code, describeRun(r)).toBe(PARTIAL_EXIT_CODE)
    const result = JSON.parse(r.stdout) as {
      drafts: Array<{ path: string; name: string }>
      skipped: Array<{ path: string; reason: string }>
    }
    expect(result.drafts.map((d) => [d.path, d.name])).toEqual([["huge.ts", "at the top"], ["ok.ts", "readable"]])
    expect(result.skipped.map((s) => s.path).sort()).toEqual(["huge.ts", "locked", "secret.ts"])
    expect(r.stderr).toMatch(/^Note: secret\.ts: cannot be read: permission denied \(EACCES\)$/m)
    expect(r.stderr).toMatch(/^Note: locked: cannot be read: permission denied \(EACCES\)$/m)
    expect(r.stderr).toMatch(/^Note: huge\.ts: line 2 is longer than 8 MiB; the file was read up to it$/m)
  })

  it("reads a 200 MB file in chunks, its memory bounded far below the file's size", async () => {
    const dir = join(root, "large")
    const line = `const value = "${"v".repeat(60)}" // an ordinary line\n`
    const block = Buffer.from(line.repeat(Math.ceil((1024 * 1024) / line.length)))
    mkdirSync(dir, { mode: 0o755 })
    const fd = openSync(join(dir, "large.ts"), "w", 0o644)
    writeSync(fd, "// TODO: first line\n")
    for (let i = 0; i < 200; i++) writeSync(fd, block)
    writeSync(fd, "// FIXME: last line\n")
    closeSync(fd)
    const preload = join(root, "max-rss.cjs")
    writeFileSync(
      preload,
      "process.on('exit', () => require('fs').writeSync(2, `max-rss-kb=${process.resourceUsage().maxRSS}\\n`))\n",
      { mode: 0o644 }
    )
    try {
      const small = join(root, "small")
      mkdirSync(small, { mode: 0o755 })
      writeFileSync(join(small, "small.ts"), "// TODO: first line\n", { mode: 0o644 })
      const base = await scan(["."], small, ["--require", preload])
      const r = await scan(["."], dir, ["--require", preload])
      expect(r.code, describeRun(r)).toBe(0)
      expect((JSON.parse(r.stdout) as { drafts: Array<{ name: string }> }).drafts.map((d) => d.name)).toEqual([
        "first line",
        "last line"
      ])
      // Before: the file was read whole, then copied into a string: over 400 MB more than a tiny scan.
      // Measured against a tiny scan in the same run, as the program's own size varies with the machine's load.
      expect(r.maxRssMb - base.maxRssMb).toBeLessThan(120)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
