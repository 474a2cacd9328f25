/**
 * Printed cursors name their listing (src/core/listing-cursor.ts): a cursor
 * given back to the listing that printed it opens to the service's own, one
 * given to another command or other filters is refused, and one without a
 * tag is taken as it is.
 */
import { describe, expect, it } from "vitest"
import { InvalidInputError } from "../../src/core/errors.js"
import { openCursor, sealCursor } from "../../src/core/listing-cursor.js"
import { taskmgrOperations } from "../../src/taskmgr/operations.js"

const list = taskmgrOperations.taskList
const search = taskmgrOperations.taskSearch
const project = { project: "1200000000000301", limit: 5 }

describe("listing cursors", () => {
  it("open in the listing that printed them, whatever the page size or fields", () => {
    const sealed = sealCursor(list, project, "eyJvZmZzZXQiOjV9")!
    expect(sealed).toMatch(/^[0-9a-f]{8}:eyJvZmZzZXQiOjV9$/)
    expect(openCursor(list, { ...project, limit: 50, fields: ["name"] }, sealed, "--cursor")).toBe("eyJvZmZzZXQiOjV9")
    expect(sealCursor(list, project, null)).toBeNull()
  })

  it("are refused by another command or other filters, naming the flag", () => {
    const sealed = sealCursor(list, project, "abc")!
    for (const [op, input] of [[list, { project: "1200000000000302" }], [search, project]] as const) {
      const refused = openCursor(op, input, sealed, "--cursor")
      expect(refused).toBeInstanceOf(InvalidInputError)
      expect((refused as InvalidInputError).message).toMatch(/^--cursor: must be a cursor this listing printed/)
    }
  })

  it("without a tag are the service's own, taken as they are", () => {
    expect(openCursor(list, project, "30", "--cursor")).toBe("30")
    expect(openCursor(list, project, undefined, "--cursor")).toBeUndefined()
  })
})
