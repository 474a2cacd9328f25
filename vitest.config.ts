import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"

// Most of a test's time waits on a child process or a socket (sandboxes, binaries, shells), so one worker more than
// the cores keeps them busy: on 2 cores, 3 workers take the suite from about 107 s to about 60 s (4 are slower again).
const workers = availableParallelism() + 1

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Worker threads start faster than forked processes, and nothing here needs a process of its own:
    // the CLI runs in-process as a function of argv, environment and streams, and the binaries are children.
    pool: "threads",
    // Test files share a worker's module graph instead of importing Effect and the programs afresh each (most of
    // the suite's time was that). Tests hold no module state of their own; `npx vitest run --isolate` brings the
    // fresh graph back when chasing a leak between files.
    poolOptions: { threads: { isolate: false } },
    maxWorkers: workers,
    minWorkers: workers,
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
