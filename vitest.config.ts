import { defineConfig } from "vitest/config"

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
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
