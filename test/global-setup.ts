/**
 * Once per test run, before any worker starts: the built binaries the
 * end-to-end tests spawn (built when missing; `npm test` builds first).
 * Workers then find dist/ in place instead of each checking for a build.
 */
import { ensureBuilt } from "./e2e/build.js"

export default function setup() {
  ensureBuilt()
}
