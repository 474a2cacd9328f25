#!/usr/bin/env node
/** The `design` executable: wiring only. */
import { runMain } from "../core/cli-runtime.js"
import { designProgram } from "../design/cli.js"

runMain(designProgram)
