#!/usr/bin/env node
/** The `taskmgr` executable: wiring only. Its commands arrive with the task-management issues. */
import * as Command from "@effect/cli/Command"
import { runMain } from "../core/cli-runtime.js"
import { VERSION } from "../version.js"

const taskmgr = Command.make("taskmgr").pipe(
  Command.withDescription("Script the task-management service (commands arrive in later releases).")
)

runMain(taskmgr, { name: "taskmgr", version: VERSION })
