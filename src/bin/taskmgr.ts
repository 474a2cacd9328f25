#!/usr/bin/env node
/** The `taskmgr` executable: wiring only. Its commands arrive with the task-management issues. */
import { Command } from "@effect/cli"
import { Effect } from "effect"
import { runCli } from "../core/cli-runtime.js"
import { VERSION } from "../version.js"

const taskmgr = Command.make("taskmgr").pipe(
  Command.withDescription("Script the task-management service (commands arrive in later releases).")
)

Effect.runPromise(runCli(taskmgr, { name: "taskmgr", version: VERSION }, process.argv)).then((code) => {
  process.exitCode = code
})
