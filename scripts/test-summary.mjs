// Prints vitest's totals as one plain "N passed, N failed" line, which CI reads, the ten slowest test files
// (their own time, which is what a file's tests cost the run), so the suite's time has named owners, and the
// attacker's suite's cells passed of cells run, by class.
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
  // The attacker's suite (test/security/cells.ts): cells passed of cells run, by class.
  const classes = new Map()
  for (const file of r.testResults) {
    for (const t of file.assertionResults) {
      if (t.ancestorTitles[0] !== "security" || t.ancestorTitles[1] === undefined) continue
      const c = classes.get(t.ancestorTitles[1]) ?? { passed: 0, run: 0 }
      if (t.status === "passed" || t.status === "failed") c.run++
      if (t.status === "passed") c.passed++
      classes.set(t.ancestorTitles[1], c)
    }
  }
  if (classes.size > 0) {
    const cells = [...classes].map(([name, c]) => `${name} ${c.passed}/${c.run}`).join(", ")
    console.log(`Security cells passed of run: ${cells}`)
  }
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`)
} catch {
  console.log("0 passed, 1 failed")
}
