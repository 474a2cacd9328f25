#!/usr/bin/env node
// Starts the bundle beside this file (design.js -> design.bundle.js) through
// vm.Script with a V8 code cache, so later starts skip parsing and compiling
// most of the bundle (Node 20 has no built-in compile cache for this). The
// cache is written once, on the first run, where the bundle lives; V8 rejects
// a cache that does not match the source or the engine, and it is then
// rebuilt. Where the folder is read-only the bundle simply runs uncached.
"use strict"
const fs = require("node:fs")
const path = require("node:path")
const vm = require("node:vm")
const Module = require("node:module")

const bundle = __filename.replace(/\.js$/, ".bundle.js")
// V8 rejects a cache made under other flags: one cache per engine and flag set, so they never evict each other.
// FNV-1a of the flags: loading node:crypto for a hash would cost more start-up than the cache saves here.
let hash = 0x811c9dc5
for (const c of `${process.execArgv.join(" ")}|${process.env.NODE_OPTIONS ?? ""}`) {
  hash = Math.imul(hash ^ c.charCodeAt(0), 0x01000193) >>> 0
}
const flags = hash.toString(16).padStart(8, "0")
// One cache for help and one for running a command. A command compiles about 40% more of the bundle than help
// does, and V8 loads a cache whole: in one cache, help would pay to load what it never runs. A wrong guess (a
// value that reads "--help") only costs speed.
const args = process.argv.slice(2)
const kind = args.length === 0 || args.includes("--help") || args.includes("-h") ? "help" : "run"
const cacheFile = `${bundle}.${process.versions.v8}-${flags}-${kind}.cache`
const source = fs.readFileSync(bundle, "utf8").replace(/^#!.*/, "")
let cachedData
try {
  cachedData = fs.readFileSync(cacheFile)
} catch {
  cachedData = undefined
}
const script = new vm.Script(Module.wrap(source), {
  filename: bundle,
  cachedData,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER
})
if (cachedData === undefined || script.cachedDataRejected) {
  // After the run, when the functions it needed have been compiled too.
  // Written aside and renamed into place: a run starting meanwhile reads the whole cache or none.
  const save = () => {
    const aside = `${cacheFile}.${process.pid}`
    try {
      fs.writeFileSync(aside, script.createCachedData())
      fs.renameSync(aside, cacheFile)
    } catch {
      // Read-only install: run without a cache.
      fs.rmSync(aside, { force: true })
    }
  }
  const exit = process.exit
  process.exit = (code) => {
    save()
    exit.call(process, code)
  }
}
const module_ = { exports: {} }
script.runInThisContext()(module_.exports, Module.createRequire(bundle), module_, bundle, path.dirname(bundle))
