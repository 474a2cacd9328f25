/**
 * A file replaced whole or not at all, for every file this program writes in
 * place (a `--out` document, `.taskmgr.json`, a stored credential): the text
 * goes to a fresh temp file beside the target (created exclusively, with the
 * mode asked for), is flushed to disk, and is renamed over the target, so a
 * reader sees the old file or the new one, never half of either.
 */
import { chmodSync, closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"

/** Throws the system's error; the temp file is gone by then. */
export const replaceFileSync = (path: string, text: string, mode: number): void => {
  // An unlikely name, so a file already there (another writer's) does not make the write fail; O_EXCL guards the rest.
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.tmp`)
  let fd: number | undefined
  try {
    fd = openSync(temp, "wx", mode)
    writeFileSync(fd, text)
    fsyncSync(fd)
    closeSync(fd)
    fd = undefined
    // The umask can only narrow the mode, but an odd filesystem might widen it: set it before the file is visible.
    chmodSync(temp, mode)
    renameSync(temp, path)
  } catch (e) {
    if (fd !== undefined) closeSync(fd)
    rmSync(temp, { force: true })
    throw e
  }
}
