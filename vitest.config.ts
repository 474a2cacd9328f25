import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    // Worker threads start faster than forked processes, and nothing here needs a process of its own:
    // the CLI runs in-process as a function of argv, environment and streams, and the binaries are children.
    pool: "threads",
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
