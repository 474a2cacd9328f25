/**
 * A multipart/form-data request body whose file part is streamed from disk:
 * the text fields and the part headers are a few bytes held in memory, the
 * file is read in chunks as the request is sent, and its length is known up
 * front (Content-Length, no chunked encoding). The body is a Stream
 * description: every attempt of the pipeline (a retry after a 429, a resend
 * after a refreshed credential) runs it again, which opens the file again.
 */
import * as HttpBody from "@effect/platform/HttpBody"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { createReadStream } from "node:fs"

export interface MultipartFile {
  /** The form field that carries it ("file"). */
  readonly field: string
  readonly path: string
  /** The file name the service is told. */
  readonly name: string
  /** Its size when it was checked: exactly this many bytes are sent, or the upload fails. */
  readonly size: number
  readonly contentType: string
}

export interface MultipartBody {
  readonly _tag: "multipart"
  /** Text fields, sent before the file. */
  readonly fields: Readonly<Record<string, string>>
  readonly file?: MultipartFile | undefined
}

/**
 * A file that changed size between the check and the upload: the service
 * would get a body unlike the one announced, so the request is cut short
 * (the pipeline reports it as the input's fault, exchange.ts).
 */
export class FileChangedError extends Error {
  constructor(
    readonly path: string,
    readonly expected: number,
    readonly read: number,
    /** The form field, also the input field that named the file. */
    readonly field: string
  ) {
    super(`${path} changed while it was uploaded (${expected} bytes when checked, ${read} read)`)
  }
}

const encoder = new TextEncoder()

/** A header parameter value (a name or file name) in quotes: quotes and line breaks escaped as browsers do. */
const quoted = (value: string) => `"${value.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A")}"`

const fieldPart = (boundary: string, name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`

const fileHead = (boundary: string, file: MultipartFile) =>
  `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.name)}\r\n` +
  `Content-Type: ${file.contentType}\r\n\r\n`

/** The file's bytes in chunks, exactly `size` of them; read afresh each time the stream runs. */
const fileBytes = (file: MultipartFile): Stream.Stream<Uint8Array, FileChangedError | Error> =>
  file.size === 0
    ? Stream.empty
    : Stream.suspend(() => {
      let read = 0
      const chunks = Stream.fromAsyncIterable(
        // `end` is inclusive; a file that grew is cut at the size checked, one that shrank is caught below.
        createReadStream(file.path, { start: 0, end: file.size - 1, highWaterMark: 64 * 1024 }) as AsyncIterable<
          Buffer
        >,
        (e) => (e instanceof Error ? e : new Error(String(e)))
      )
      return Stream.concat(
        Stream.map(chunks, (chunk) => {
          read += chunk.length
          return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length)
        }),
        Stream.fromEffect(Effect.suspend(() =>
          read === file.size
            ? Effect.succeed(new Uint8Array(0))
            : Effect.fail(new FileChangedError(file.path, file.size, read, file.field))
        ))
      )
    })

/**
 * The body as the HTTP client sends it: a Stream with its content type
 * (boundary included) and length. Its chunks go out in pairs, which the
 * quiet timeout (quiet-timeout.ts) sees as they leave.
 */
export const multipartBody = (body: MultipartBody): HttpBody.HttpBody => {
  // Unlikely in any file is all a boundary needs (the file is never searched for it); not a secret, so no crypto to load.
  const boundary = `----taskmgr-${Date.now().toString(36)}${Math.random().toString(36).slice(2)}${
    Math.random().toString(36).slice(2)
  }`
  const head = encoder.encode(
    Object.entries(body.fields).map(([name, value]) => fieldPart(boundary, name, value)).join("")
  )
  const file = body.file
  const fileStart = file === undefined ? new Uint8Array(0) : encoder.encode(fileHead(boundary, file))
  const tail = encoder.encode(`${file === undefined ? "" : "\r\n"}--${boundary}--\r\n`)
  const length = head.length + fileStart.length + (file?.size ?? 0) + tail.length
  const bytes = Stream.concat(
    Stream.make(head, fileStart),
    Stream.concat(file === undefined ? Stream.empty : fileBytes(file), Stream.make(tail))
  ).pipe(
    Stream.filter((chunk) => chunk.length > 0),
    // Node's HTTP client writes a stream chunk by chunk and waits for the socket to drain only between the
    // elements of one chunk, never after its last: single-element chunks would queue the whole file in memory.
    // Pairs keep at most about two reads in flight.
    Stream.rechunk(2)
  )
  return HttpBody.stream(bytes, `multipart/form-data; boundary=${boundary}`, length)
}
