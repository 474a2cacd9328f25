// Prints vitest's totals as one plain "N passed, N failed" line, which CI reads, and the ten slowest test files
// (their own time, which is what a file's tests cost the run), so the suite's time has named owners.
import { readFileSync } from "node:fs"

try {
  const r = JSON.parse(readFileSync(".tmp/test-results.json", "utf8"))
  const skipped = r.numPendingTests + r.numTodoTests
  const slowest = r.testResults
    .map((f) => ({ name: f.name.replace(`${process.cwd()}/`, ""), seconds: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10)
  console.log("Slowest test files:")
  for (const f of slowest) console.log(`  ${f.seconds.toFixed(1).padStart(5)} s  ${f.name}`)
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`)
} catch {
  console.log("0 passed, 1 failed")
}
