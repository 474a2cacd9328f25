// Prints vitest's totals as one plain "N passed, N failed" line, which CI reads.
import { readFileSync } from "node:fs"

try {
  const r = JSON.parse(readFileSync(".tmp/test-results.json", "utf8"))
  const skipped = r.numPendingTests + r.numTodoTests
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`)
} catch {
  console.log("0 passed, 1 failed")
}
