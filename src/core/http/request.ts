/**
 * What an operation asks the pipeline to send (a RequestSpec) and the
 * HttpClientRequest made from it, below the base URL. A request whose target
 * would be too long for any server is refused here, before it is sent.
 */
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { InvalidInputError } from "../errors.js"
import { type MultipartBody, multipartBody } from "./multipart.js"

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
export type QueryValue = string | number | boolean | ReadonlyArray<string> | undefined

export type RequestBody =
  | { readonly _tag: "json"; readonly value: unknown }
  | { readonly _tag: "form"; readonly value: Readonly<Record<string, string>> }
  | MultipartBody

export interface RequestSpec {
  readonly method: HttpMethod
  /** Below the base URL, segments already encoded (see `pathOf`). */
  readonly path: string
  /** Arrays are sent as comma lists; undefined values are left out. */
  readonly query?: Readonly<Record<string, QueryValue>> | undefined
  readonly body?: RequestBody | undefined
  /** The path as a template (`/v1/files/{file_key}`), for spans; secrets and ids left out. */
  readonly route?: string | undefined
}

export const pathOf = (...segments: ReadonlyArray<string>) => segments.map(encodeURIComponent).join("/")

const queryOf = (spec: RequestSpec): Array<[string, string]> => {
  const params: Array<[string, string]> = []
  for (const [key, value] of Object.entries(spec.query ?? {})) {
    if (value !== undefined) params.push([key, Array.isArray(value) ? value.join(",") : String(value)])
  }
  return params
}

/** The request, below the base URL. A multipart body is a Stream description: each send opens the file anew. */
export const toHttpRequest = (spec: RequestSpec): HttpClientRequest.HttpClientRequest => {
  const body = spec.body === undefined
    ? HttpBody.empty
    : spec.body._tag === "json"
    ? HttpBody.unsafeJson(spec.body.value)
    : spec.body._tag === "multipart"
    ? multipartBody(spec.body)
    : HttpBody.urlParams(Object.entries(spec.body.value))
  return HttpClientRequest.make(spec.method)(spec.path, {
    urlParams: queryOf(spec),
    headers: { accept: "application/json" },
    body
  })
}

/**
 * The longest request target (path and query) sent: servers and proxies
 * commonly refuse request lines past 8 KB (414, 431), so a longer one (a
 * huge list of ids, a pasted cursor) is refused before sending, by the
 * parameter that made it long.
 */
export const MAX_REQUEST_TARGET = 8_000

/** The refusal of a request whose target is too long, naming the parameter that made it so; undefined when it fits. */
export const targetTooLong = (spec: RequestSpec): InvalidInputError | undefined => {
  const query = queryOf(spec).map(([k, v]) => [k, new URLSearchParams([[k, v]]).toString().length] as const)
  const length = spec.path.length + query.reduce((n, [, l]) => n + l + 1, 0)
  if (length <= MAX_REQUEST_TARGET) return undefined
  const [key, longest] = query.reduce<readonly [string, number]>((a, b) => (b[1] > a[1] ? b : a), [
    "",
    spec.path.length
  ])
  return new InvalidInputError({
    message: key === ""
      ? `The request's path would be ${spec.path.length} characters long, more than the ${MAX_REQUEST_TARGET} a service accepts: an id that long cannot be one.`
      : `${key}: makes the request ${length} characters long (${longest} of them its own), more than the ${MAX_REQUEST_TARGET} a service accepts; give fewer or shorter values.`,
    fields: key === "" ? [] : [key]
  })
}
