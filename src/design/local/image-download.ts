/**
 * Saving rendered images (file images --out DIR). Render links are signed
 * URLs on another host (the sandbox serves them itself): they are fetched
 * with the same HttpClient but outside the API pipeline, so no credential
 * ever goes with them. A few at a time; each body is written to its file as
 * it arrives. A node whose render link is null failed to render: it is
 * reported, not fetched, and is not an error.
 *
 * The directory was made and checked before the render was asked for
 * (core/local-files.ts). Every file name is made from a node id by
 * `safeFileName`, and files are opened without following a link, so nothing
 * is written outside the directory whatever the answer held.
 */
import * as HttpClient from "@effect/platform/HttpClient"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { closeSync, constants, openSync, writeSync } from "node:fs"
import { join } from "node:path"
import { InvalidInputError, ServiceError } from "../../core/errors.js"
import { safeFileName } from "../../core/local-files.js"

export type SavedImage = {
  readonly node_id: string
  /** The file written, or null when the node did not render. */
  readonly file: string | null
  readonly bytes: number | null
}

export interface SaveOptions {
  readonly directory: string
  /** The extension: the render format asked for. */
  readonly format: string
  /** Downloads at once. */
  readonly concurrency?: number | undefined
  /** Called after each image (done, total), for a progress line. */
  readonly onProgress?: ((done: number, total: number) => void) | undefined
}

export const DOWNLOAD_CONCURRENCY = 4

/**
 * 1:2 → 1-2.png; an instance sublayer I5:10;1:2 → I5-10_1-2.png (as URLs
 * write node ids, safe on every file system). Whatever else a name holds
 * cannot reach the file system as a separator or `..`.
 */
export const imageFileName = (nodeId: string, format: string) =>
  safeFileName(`${nodeId.replace(/:/g, "-").replace(/;/g, "_")}.${format}`)

/**
 * Create or truncate, never through a symbolic link planted in the directory. Read when a file is written, not
 * at load: a browser bundle loads this module without node:fs (package.json "browser").
 */
const writeFlags = () => constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0)

const hostOf = (url: string) => {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

const failed = (nodeId: string, url: string, why: string) =>
  new ServiceError({
    status: null,
    attempts: 1,
    message: `Downloading the render of node ${nodeId} from ${hostOf(url)} failed: ${why}.`
  })

const cannotWrite = (file: string, d: unknown) =>
  new InvalidInputError({
    message: `--out: cannot write ${file} (${
      (d as NodeJS.ErrnoException | undefined)?.code ?? (d instanceof Error ? d.message : String(d))
    }).`,
    fields: ["out"]
  })

/** Writes one body to `path` chunk by chunk; the file is closed however the stream ends. */
const writeBody = <E>(path: string, body: Stream.Stream<Uint8Array, E>) =>
  Effect.acquireUseRelease(
    Effect.sync(() => openSync(path, writeFlags(), 0o644)),
    (fd) => Stream.runFold(body, 0, (n, chunk) => n + writeSync(fd, chunk)),
    (fd) => Effect.sync(() => closeSync(fd))
  )

/** Downloads every rendered image into the directory; rows in the order of the map. */
export const saveRenders = (images: Readonly<Record<string, string | null>>, options: SaveOptions) =>
  Effect.gen(function*() {
    const client = (yield* HttpClient.HttpClient).pipe(HttpClient.withTracerPropagation(false))
    const entries = Object.entries(images)
    const total = entries.filter(([, url]) => url !== null).length
    let done = 0
    const one = (nodeId: string, url: string) =>
      Effect.gen(function*() {
        const response = yield* Effect.mapError(client.get(url), (e) => failed(nodeId, url, e.reason))
        if (response.status < 200 || response.status >= 300) {
          return yield* Effect.fail(failed(nodeId, url, `HTTP ${response.status}`))
        }
        const file = join(options.directory, imageFileName(nodeId, options.format))
        const bytes = yield* writeBody(file, response.stream).pipe(
          Effect.mapError((e) => failed(nodeId, url, e.reason)),
          // The file system refusing (a full disk, a link planted in DIR) is about --out, not the service.
          Effect.catchAllDefect((d) => Effect.fail(cannotWrite(file, d)))
        )
        done += 1
        options.onProgress?.(done, total)
        return { node_id: nodeId, file, bytes } satisfies SavedImage
      })
    return yield* Effect.forEach(
      entries,
      (
        [nodeId, url]
      ) => (url === null ? Effect.succeed<SavedImage>({ node_id: nodeId, file: null, bytes: null }) : one(nodeId, url)),
      { concurrency: options.concurrency ?? DOWNLOAD_CONCURRENCY }
    )
  })
