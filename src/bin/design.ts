#!/usr/bin/env node
/** The `design` executable: wiring only. */
import { Effect } from "effect"
import { runCli } from "../core/cli-runtime.js"
import { designCli, designCommand } from "../design/cli.js"

Effect.runPromise(runCli(designCommand, designCli, process.argv)).then((code) => {
  process.exitCode = code
})
