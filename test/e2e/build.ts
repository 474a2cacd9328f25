/**
 * The built binaries for the end-to-end tests, built once when missing
 * (test/global-setup.ts runs this before any worker starts). No vitest
 * import here: the global setup runs outside the test context.
 */
import { execFileSync } from "node:child_process"
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = fileURLToPath(new URL("../../", import.meta.url))
const DIST = process.env.E2E_DIST ?? join(ROOT, "dist")
const DESIGN_BIN = join(DIST, "design.js")
const TASKMGR_BIN = join(DIST, "taskmgr.js")

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/**
 * Builds dist/ once when it is missing. Test files run in parallel workers,
 * so a lock directory (mkdir is atomic) makes the others wait for the one
 * that builds instead of racing it (the build empties dist/ first).
 */
export const ensureBuilt = (): void => {
  const built = () => existsSync(DESIGN_BIN) && existsSync(TASKMGR_BIN)
  if (built()) return
  // dist/ without the binaries is a build in progress (the build empties dist/ first): let it finish.
  for (let waited = 0; waited < 30_000 && existsSync(join(ROOT, "dist")) && !built(); waited += 200) sleepSync(200)
  if (built()) {
    sleepSync(500) // the build may still be writing the rest of dist/
    return
  }
  const lock = join(tmpdir(), `design-e2e-build-${createHash("sha256").update(ROOT).digest("hex").slice(0, 12)}.lock`)
  const deadline = Date.now() + 180_000
  for (;;) {
    try {
      mkdirSync(lock)
    } catch {
      // Someone else is building; a lock older than 3 minutes is stale.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 180_000) rmSync(lock, { recursive: true, force: true })
      } catch {
        // gone meanwhile
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the build lock ${lock}`)
      sleepSync(200)
      if (built() && !existsSync(lock)) return
      continue
    }
    try {
      if (!built()) execFileSync(process.execPath, [join(ROOT, "scripts", "build.mjs")], { cwd: ROOT, stdio: "pipe" })
    } finally {
      rmSync(lock, { recursive: true, force: true })
    }
    if (!built()) throw new Error("node scripts/build.mjs did not produce dist/design.js and dist/taskmgr.js")
    return
  }
}
