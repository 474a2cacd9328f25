/**
 * A file replaced whole or not at all, for every file this program writes in
 * place (a `--out` document, `.taskmgr.json`, a stored credential): the text
 * goes to a fresh temp file beside the target (created exclusively), is
 * flushed to disk, and is renamed over the target, so a reader sees the old
 * file or the new one, never half of either.
 *
 * A rename gives the target the temp file's mode, so the mode is decided
 * before: a file replaced keeps its own mode, narrowed to `mode` and never
 * widened (a 0600 file stays 0600 whatever `mode` says; a credential asked
 * for as 0600 never becomes the 0644 of the file it replaces); a new file
 * gets `mode` under the umask, as any file the user creates.
 */
import {
  closeSync,
  fchmodSync,
  fstatSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync
} from "node:fs"
import { basename, dirname, join } from "node:path"

/** The permission bits of the file at `path`, or undefined when there is none. */
const modeOf = (path: string): number | undefined => {
  try {
    const info = statSync(path)
    return info.isFile() ? info.mode & 0o7777 : undefined
  } catch {
    return undefined
  }
}

/** Throws the system's error; the temp file is gone by then. */
export const replaceFileSync = (path: string, text: string, mode: number): void => {
  // An unlikely name, so a file already there (another writer's) does not make the write fail; O_EXCL guards the rest.
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`)
  const existing = modeOf(path)
  let fd: number | undefined
  try {
    // Created narrow, so the text is never readable wider than it will be.
    fd = openSync(temp, "wx", existing === undefined ? mode : existing & mode & 0o777)
    // The umask narrows a new file; an existing file's own mode is kept exactly (within `mode`); and an odd
    // filesystem that widened either is narrowed back, before the file is visible under its name.
    const created = fstatSync(fd).mode & 0o7777
    const wanted = existing === undefined ? created & mode : existing & mode
    if (created !== wanted) fchmodSync(fd, wanted)
    writeFileSync(fd, text)
    fsyncSync(fd)
    closeSync(fd)
    fd = undefined
    renameSync(temp, path)
  } catch (e) {
    if (fd !== undefined) closeSync(fd)
    rmSync(temp, { force: true })
    throw e
  }
}
