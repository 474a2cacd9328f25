/**
 * Where the git repository around a directory is, as git decides whether to
 * use it: the nearest directory up that holds `.git`, used only when it and
 * its `.git` belong to this user or to root (git's safe.directory rule since
 * CVE-2022-24765: a `.git` in a shared parent directory must not decide what
 * a command does). The scan (paths from the root) and the registry
 * (repo-file.ts) both ask here.
 */
import { lstatSync } from "node:fs"
import { dirname, join } from "node:path"

/** Whose files we trust: our own and root's (git's safe.directory rule). A test may stand in for another user. */
export interface Trust {
  readonly uid: number | undefined
}

export const currentTrust = (): Trust => ({ uid: process.getuid?.() })

/** Whether a file of this owner is trusted; where there are no owners (Windows) every one is. */
export const trusted = (trust: Trust, owner: number) => trust.uid === undefined || owner === trust.uid || owner === 0

/** The owner of a path, not following a link; undefined when it is not there. */
export const ownerOf = (path: string): number | undefined => {
  try {
    return lstatSync(path).uid
  } catch {
    return undefined
  }
}

/** Where the nearest repository up from `cwd` is: its root, or a root that is not ours (ignored), or none. */
export type RepoSearch =
  | { readonly _tag: "found"; readonly root: string }
  | { readonly _tag: "foreign"; readonly root: string; readonly owner: number }
  | { readonly _tag: "none" }

/** The nearest directory from `cwd` up that holds `.git` (a directory, or a worktree's file), checked for its owner. */
export const locateRepo = (cwd: string, trust: Trust = currentTrust()): RepoSearch => {
  for (let dir = cwd;; dir = dirname(dir)) {
    const git = ownerOf(join(dir, ".git"))
    if (git !== undefined) {
      const owner = [git, ownerOf(dir) ?? git].find((uid) => !trusted(trust, uid))
      return owner === undefined ? { _tag: "found", root: dir } : { _tag: "foreign", root: dir, owner }
    }
    if (dirname(dir) === dir) return { _tag: "none" }
  }
}

/** The note for a repository that is not ours. */
export const foreignRepoNote = (root: string, owner: number) =>
  `ignored the git repository at ${root}: it belongs to another user (uid ${owner}), and git refuses such repositories too (safe.directory).`
