/**
 * Rules over both whole registries, so a new operation cannot break them:
 * every delete treats an absent target as done, and every write has a read
 * that shows whether it took effect when its answer is lost.
 */
import { describe, expect, it } from "vitest"
import type { AnyOperation } from "../../src/core/operation.js"
import { checkOperation } from "../../src/core/write-check.js"
import { designOperations } from "../../src/design/operations.js"
import { taskmgrOperations } from "../../src/taskmgr/operations.js"

const registries = {
  design: Object.values(designOperations) as ReadonlyArray<AnyOperation<never>>,
  taskmgr: Object.values(taskmgrOperations) as ReadonlyArray<AnyOperation<never>>
}

/** Writes whose input names nothing a read of their group can be called with (a rule's run: its group has no read). */
const NO_CHECK = new Set(["design.devResourceUpdate", "taskmgr.ruleTrigger"])

describe.each(Object.entries(registries))("the %s registry", (service, operations) => {
  it("every delete succeeds on an absent target (already_absent)", () => {
    const deletes = operations.filter((op) => op.name.endsWith("Delete"))
    expect(deletes.length).toBeGreaterThan(0)
    expect(deletes.filter((op) => op.deletes !== true).map((op) => op.name)).toEqual([])
  })

  it("every write names a read of its own group to check a lost answer with", () => {
    const writes = operations.filter((op) => op.impact !== "read" && !NO_CHECK.has(`${service}.${op.name}`))
    for (const write of writes) {
      const read = checkOperation(operations, write)
      expect(read, write.name).toBeDefined()
      expect(read!.impact).toBe("read")
      expect(read!.group).toBe(write.group)
    }
    expect(checkOperation(operations, operations.find((op) => op.name.endsWith("Create"))!)?.name).toMatch(/List$/)
  })
})
