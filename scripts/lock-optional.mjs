// Run after any `npm install` that rewrites package-lock.json.
//
// The package registry reachable here serves the Linux builds of packages with
// per-platform binaries (rollup, msgpackr-extract) but not the others, so npm
// leaves those optional entries out of the lockfile, and `npm ci` then refuses
// the lockfile as out of sync. This adds each missing optional platform package
// with its os, cpu and libc, so that `npm ci` knows it and skips it wherever the
// platform does not match; nothing is downloaded for them.
import { readFileSync, writeFileSync } from "node:fs"

const OS = ["android", "darwin", "freebsd", "linux", "openbsd", "openharmony", "win32"]
const CPU = ["arm64", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "arm"]

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"))
const packages = lock.packages
const added = []
for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`
    if (packages[key] !== undefined) continue
    const base = name.split("/").pop()
    const os = OS.find((o) => base.includes(`-${o}-`))
    const cpu = CPU.find((c) => new RegExp(`-${c}(-|$)`).test(base))
    const libc = os === "linux"
      ? (base.includes("-musl") ? "musl" : base.includes("-gnu") ? "glibc" : undefined)
      : undefined
    packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
      ...(os ? { os: [os] } : {})
    }
    added.push(`${name}@${version}`)
  }
}
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n")
console.log(added.length === 0 ? "lockfile complete" : `added ${added.length} optional platform entries`)
