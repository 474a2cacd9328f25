/**
 * Each service's method interface (src/<service>/api-methods.ts) is what
 * scripts/api-methods.mjs writes from the registry today, so every method's
 * JSDoc (the declarations' hover text) follows its definition; and what it
 * says holds: each request line is a route the operation sends, each plan
 * gate and deprecation is said.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { currentRecord, fileHash } from "../../scripts/api-methods-record.mjs"
import type { AnyOperation } from "../../src/core/operation.js"
import { designOperations } from "../../src/design/operations.js"
import { taskmgrOperations } from "../../src/taskmgr/operations.js"

const services = [
  ["design", designOperations],
  ["taskmgr", taskmgrOperations]
] as const

/** Each method's JSDoc block, by method name. */
const blocks = (text: string) =>
  new Map(
    [...text.matchAll(/\/\*\*\n((?: {3}\*.*\n)+?) {3}\*\/\n {2}readonly (\w+): MethodOf/g)].map((m) => [m[2]!, m[1]!])
  )

describe("the documented method interfaces", () => {
  it("are what scripts/api-methods.mjs writes from the registries", () => {
    // The build ran the generator moments ago (npm test builds first): when no input changed since, the files
    // are checked against the hashes of what it wrote; else the generator runs again here.
    const record = currentRecord()
    if (record !== undefined) {
      for (const [name] of services) {
        expect(fileHash(`src/${name}/api-methods.ts`), `src/${name}/api-methods.ts was changed by hand: npm run build`)
          .toBe(record.outputs[name])
      }
      return
    }
    const dir = mkdtempSync(join(tmpdir(), "api-methods-"))
    try {
      execFileSync(process.execPath, ["scripts/api-methods.mjs"], {
        env: { ...process.env, API_METHODS_OUT: join(dir, "{service}.ts") },
        stdio: "pipe"
      })
      for (const [name] of services) {
        expect(readFileSync(join(dir, `${name}.ts`), "utf8"), `src/${name}/api-methods.ts is stale: npm run build`)
          .toBe(readFileSync(`src/${name}/api-methods.ts`, "utf8"))
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)

  for (const [name, registry] of services) {
    it(`document every ${name} operation: summary, plan gate, deprecation, errors`, () => {
      const documented = blocks(readFileSync(`src/${name}/api-methods.ts`, "utf8"))
      const operations = Object.values(registry) as ReadonlyArray<AnyOperation<never>>
      expect([...documented.keys()].sort()).toEqual(operations.map((op) => op.name).sort())
      for (const op of operations) {
        const block = documented.get(op.name)!.replace(/\n {3}\* ?/g, " ")
        expect(block, op.name).toContain(op.summary.split(" ").slice(0, 4).join(" "))
        expect(block, op.name).toMatch(/Fails with `/)
        if (op.plan !== undefined) expect(block, op.name).toContain(`Needs ${op.plan}`)
        if (op.deprecated !== undefined) expect(block, op.name).toContain("@deprecated")
        if (op.paging !== undefined) expect(block, op.name).toContain(`streams.${op.name}`)
      }
      // Most operations say the request they send, found by running them.
      const withRequest = [...documented.values()].filter((b) => b.includes("Sends `")).length
      expect(withRequest / operations.length).toBeGreaterThan(0.8)
    })
  }

  it("says the request an operation sends, and each of a list's routes", () => {
    const taskmgr = blocks(readFileSync("src/taskmgr/api-methods.ts", "utf8"))
    expect(taskmgr.get("taskGet")).toContain("Sends `GET /tasks/{task_gid}`")
    expect(taskmgr.get("taskList")).toContain("`GET /tags/{tag}/tasks`")
    expect(taskmgr.get("taskList")).toContain("`GET /tasks`")
    const design = blocks(readFileSync("src/design/api-methods.ts", "utf8"))
    expect(design.get("userMe")).toContain("Sends `GET /v1/me`")
    expect(design.get("userMe")).toContain("`AuthModeError` otherwise")
  })
})
