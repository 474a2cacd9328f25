#!/usr/bin/env node
/**
 * The `design` executable: wiring only. The program is a function of argv,
 * environment and streams; this hands it the process's own and exits with
 * its code as soon as stdout and stderr have handed on what was written (a
 * slow pipe reader must not lose output), without tearing down the heap.
 */
import { exitWhenWritten, processIO } from "../core/cli/io.js"
import { runCommandLine } from "../core/cli/runtime.js"
import { designProgram } from "../design/cli/program.js"

void runCommandLine(designProgram, process.argv.slice(2), processIO()).then(exitWhenWritten)
