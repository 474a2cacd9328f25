/**
 * A multipart/form-data request body as a simulator reads it: parsed as it
 * arrives (@effect/platform's streaming parser), text fields kept, each file
 * counted and hashed chunk by chunk and never held, so an upload of any size
 * costs the simulator no more memory than a chunk.
 */
import type * as Headers from "@effect/platform/Headers"
import type { HttpServerRequest } from "@effect/platform/HttpServerRequest"
import * as Multipart from "@effect/platform/Multipart"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { createHash } from "node:crypto"

/** A file part: what was sent of it, without its bytes. */
export interface ReceivedFile {
  readonly filename: string
  readonly content_type: string
  readonly size: number
  /** Hex SHA-256 of the bytes received, so a test can tell the right bytes arrived. */
  readonly sha256: string
}

export interface MultipartForm {
  readonly fields: Readonly<Record<string, string>>
  readonly files: Readonly<Record<string, ReceivedFile>>
}

export const isMultipart = (headers: Headers.Headers): boolean =>
  (headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase() === "multipart/form-data"

/** The form, or null when the body is not well-formed multipart. */
export const readMultipart = (request: HttpServerRequest): Effect.Effect<MultipartForm | null> => {
  const fields: Record<string, string> = {}
  const files: Record<string, ReceivedFile> = {}
  return Stream.runForEach(request.multipartStream, (part) => {
    if (part._tag === "Field") return Effect.sync(() => void (fields[part.key] = part.value))
    if (part._tag !== "File") return Effect.void
    const hash = createHash("sha256")
    let size = 0
    return Effect.map(
      Stream.runForEach(part.content, (chunk) =>
        Effect.sync(() => {
          size += chunk.length
          hash.update(chunk)
        })),
      () =>
        void (files[part.key] = {
          filename: part.name,
          content_type: part.contentType,
          size,
          sha256: hash.digest("hex")
        })
    )
  }).pipe(
    // No limit on a file's size: the service's own limit is not documented, and nothing is held.
    Multipart.withLimits({ maxFileSize: Option.none(), maxTotalSize: Option.none(), maxParts: Option.some(20) }),
    Effect.as<MultipartForm | null>({ fields, files }),
    Effect.orElseSucceed(() => null)
  )
}
