#!/usr/bin/env node
/** The `taskmgr` executable: wiring only. Its operations arrive with the task-management issue. */
import { completionLeaf } from "../core/cli-extra.js"
import { type Program, runMain } from "../core/cli-runtime.js"
import { VERSION } from "../version.js"

const taskmgr: Program = {
  name: "taskmgr",
  version: VERSION,
  summary: "Script the task-management service. Its commands are not built yet; only shell completion exists.",
  shared: [],
  groups: {},
  leaves: [completionLeaf("taskmgr", () => taskmgr)],
  vocabulary: () => ({
    supplyToken: "Set TASKMGR_ACCESS_TOKEN or pass --token",
    setting: (name) => name,
    field: (name) => `--${name.replace(/_/g, "-")}`,
    help: "Run `taskmgr --help`",
    authMode: (mode) => mode
  }),
  examples: []
}

runMain(taskmgr)
