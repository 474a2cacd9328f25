#!/usr/bin/env node
/** The `taskmgr` executable: wiring only. */
import { runMain } from "../core/cli-runtime.js"
import { taskmgrProgram } from "../taskmgr/cli.js"

runMain(taskmgrProgram)
