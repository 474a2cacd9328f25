/** The plain-JavaScript SHA-256 behind token fingerprints is the digest node:crypto gives, at every block boundary. */
import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { sha256Hex } from "../../src/core/sha256.js"

describe("sha256Hex", () => {
  it("matches node:crypto for empty, ASCII, multi-byte and boundary-length texts", () => {
    const texts = ["", "abc", "é€😀", "t".repeat(1000), ...[54, 55, 56, 63, 64, 65, 119, 120].map((n) => "x".repeat(n))]
    for (const text of texts) {
      expect(sha256Hex(text), `${text.length} characters`).toBe(createHash("sha256").update(text).digest("hex"))
    }
  })
})
