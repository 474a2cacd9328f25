/**
 * The built executables themselves, once per command group: most CLI
 * behaviour is tested in-process (in-process.ts), so this proves that each
 * group's commands are reachable in the shipped binaries, that a real call
 * and a refused one end the process with their exit codes, and that the
 * binaries print nothing more than the in-process program does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { programTree } from "../../src/core/cli/runtime.js"
import { designProgram } from "../../src/design/cli/program.js"
import { taskmgrProgram } from "../../src/taskmgr/cli/program.js"
import { describeRun, DESIGN_BIN, run, runInProcess, type Sandbox, startSandbox, TASKMGR_BIN } from "./helpers.js"

/** Every first command word of a program, with one leaf under it (the group itself when it is a leaf). */
const groupsOf = (tree: ReturnType<typeof programTree>) =>
  tree.subcommands.map((group) => {
    const path: Array<string> = [group.name]
    for (let node = group; node.subcommands.length > 0; node = node.subcommands[0]!) {
      path.push(node.subcommands[0]!.name)
    }
    return path
  })

/** A few children at a time: enough to overlap their start-up, not so many that the two cores thrash. */
const inBatches = async <A, B>(items: ReadonlyArray<A>, f: (a: A) => Promise<B>, size = 4): Promise<Array<B>> => {
  const out: Array<B> = []
  for (let i = 0; i < items.length; i += size) out.push(...await Promise.all(items.slice(i, i + size).map(f)))
  return out
}

describe.each([
  { name: "design", bin: DESIGN_BIN, tree: programTree(designProgram) },
  { name: "taskmgr", bin: TASKMGR_BIN, tree: programTree(taskmgrProgram) }
])("the $name executable", ({ bin, tree }) => {
  it("reaches a command of every group, whose help the binary prints exactly as the program does in-process", async () => {
    const paths = groupsOf(tree)
    expect(paths.length).toBeGreaterThan(5)
    const results = await inBatches(paths, async (path) => ({
      path,
      spawned: await run([...path, "--help"], { bin }),
      inProcess: await runInProcess([...path, "--help"], { bin })
    }))
    for (const { inProcess, path, spawned } of results) {
      expect(spawned.code, `${path.join(" ")}\n${describeRun(spawned)}`).toBe(0)
      expect(spawned.stdout).toContain(path.join(" "))
      expect(spawned.stdout).toBe(inProcess.stdout)
      expect(spawned.stderr).toBe("")
    }
  })

  it("ends with exit 2 on an unknown command, saying so on stderr", async () => {
    const r = await run(["no-such-command"], { bin })
    expect(r.code, describeRun(r)).toBe(2)
    expect(r.stdout).toBe("")
    expect(r.stderr).toMatch(/^Error: Unknown command 'no-such-command'/)
  })
})

describe("a real call through the design executable", () => {
  let design: Sandbox
  beforeAll(async () => {
    design = await startSandbox()
  })
  afterAll(async () => {
    await design?.stop()
  })

  it("design user me answers from the sandbox with exit 0; a bad token ends with exit 3", async () => {
    const ok = await run(["user", "me", "--json"], { env: design.env })
    expect(ok.code, describeRun(ok)).toBe(0)
    expect(JSON.parse(ok.stdout)).toHaveProperty("handle")
    const refused = await run(["user", "me"], { env: { ...design.env, DESIGN_ACCESS_TOKEN: "not-a-token" } })
    expect(refused.code, describeRun(refused)).toBe(3)
    expect(refused.stderr).not.toContain("not-a-token")
  })
})
