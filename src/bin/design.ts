#!/usr/bin/env node
/** The `design` executable: wiring only. */
import { runMain } from "../core/cli-runtime.js"
import { designArgv, designCli, designCommand } from "../design/cli.js"

runMain(designCommand, designCli, designArgv(process.argv))
