#!/usr/bin/env node
/**
 * The `design` executable: wiring only. The program is a function of argv,
 * environment and streams; this hands it the process's own and exits with
 * its code at once (stdout and stderr are synchronous for files and pipes on
 * Linux, so nothing written is lost, and the heap is not torn down).
 */
import { processIO } from "../core/cli-io.js"
import { runCommandLine } from "../core/cli-runtime.js"
import { designProgram } from "../design/cli.js"

void runCommandLine(designProgram, process.argv.slice(2), processIO()).then((code) => process.exit(code))
