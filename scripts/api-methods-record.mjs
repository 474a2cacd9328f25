// What scripts/api-methods.mjs last wrote, and from what: a hash of every input (the sources it reads, itself, the
// lockfile) and of each file it wrote, kept in .tmp/. The staleness test reads it: when the inputs are unchanged
// since the build wrote the files, comparing hashes says whether the files are still what it wrote, without
// running the generator (the TypeScript checker over all of src, the slowest step of the suite) a second time.
import { createHash } from "node:crypto"
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"

export const RECORD = ".tmp/api-methods.json"

/** The files the generator's answer depends on: every source but the generated files, itself, the lockfile. */
const inputs = (root) => {
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]
    )
  return [
    ...walk(join(root, "src")).filter((file) => !file.endsWith("api-methods.ts")),
    join(root, "scripts/api-methods.mjs"),
    join(root, "scripts/import-sources.mjs"),
    join(root, "package-lock.json")
  ].map((file) => relative(root, file)).sort()
}

const hash = (parts) => {
  const digest = createHash("sha256")
  for (const part of parts) digest.update(part).update("\0")
  return digest.digest("hex")
}

/** One hash of every input's name and content. */
export const inputsHash = (root = process.cwd()) =>
  hash(inputs(root).flatMap((file) => [file, readFileSync(join(root, file))]))

/** A file's hash, or undefined when it cannot be read. */
export const fileHash = (path) => {
  try {
    return hash([readFileSync(path)])
  } catch {
    return undefined
  }
}

/** Records what was written (service name to file path) from the inputs as they are now. */
export const writeRecord = (written, root = process.cwd()) => {
  mkdirSync(join(root, ".tmp"), { recursive: true })
  const outputs = Object.fromEntries(Object.entries(written).map(([name, path]) => [name, fileHash(path)]))
  writeFileSync(join(root, RECORD), JSON.stringify({ inputs: inputsHash(root), outputs }))
}

/** The record, when one was written from the inputs as they are now; else undefined. */
export const currentRecord = (root = process.cwd()) => {
  try {
    const record = JSON.parse(readFileSync(join(root, RECORD), "utf8"))
    return record.inputs === inputsHash(root) ? record : undefined
  } catch {
    return undefined
  }
}
