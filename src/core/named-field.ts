/**
 * Which input field a service's refusal is about, when its words say so: a
 * 400 that names a field as the service knows it (`status_type: Must be …`,
 * `'after' must be …`; a paging position is the cursor, whatever the service
 * calls it), or a 404 that quotes the value of a field other than the one the
 * request is about (a rule trigger's resource). The error then carries the
 * field by its library name, and each front end names its own flag or
 * parameter, so the remedy points at what the user typed.
 */
import type { WrapperError } from "./errors.js"
import { InvalidRequestError, NotFoundError } from "./errors.js"
import { fieldsOf } from "./fields.js"
import type { AnyOperation } from "./operation.js"

/** A classified message's parts: what it says of the request, the status, and the service's own words. */
const partsOf = (message: string) => {
  const m = /^([\s\S]*?) \((\d{3}): ([\s\S]*)\)\.?$/.exec(message)
  return m === null ? undefined : { about: m[1]!, status: m[2]!, words: m[3]! }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A field the words name as a field: `name: …`, `'name' …`, `"name" …`. */
const names = (words: string, name: string) =>
  new RegExp(`(^|[\\s(,;])(${escape(name)}:|'${escape(name)}'|"${escape(name)}")`).test(words)

const scalarText = (value: unknown): string | undefined =>
  typeof value === "string" && value.length >= 3 ? value : typeof value === "number" ? String(value) : undefined

export const withNamedField = <C>(
  error: WrapperError,
  op: AnyOperation<C>,
  input: unknown
): WrapperError => {
  const given = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {}
  const parts = partsOf(error.message)
  if (parts === undefined) return error
  const { about, status, words } = parts
  if (error._tag === "InvalidRequestError" && error.field === undefined && error.cursorExpired !== true) {
    const param = op.paging?.model.param
    const field = param !== undefined && names(words, param)
      ? "cursor"
      : fieldsOf(op.input).map((f) => f.name).find((name) => names(words, name))
    return field === undefined ? error : new InvalidRequestError({ ...error, message: error.message, field })
  }
  if (error._tag === "NotFoundError" && error.field === undefined && error.unknownPath !== true) {
    // A value quoted by the service that the message's own subject does not already name.
    const named = Object.entries(given).flatMap(([name, value]) => {
      const text = scalarText(value)
      return text !== undefined && words.includes(text) && !about.includes(text) ? [[name, text] as const] : []
    })
    if (named.length !== 1) return error
    const [field, value] = named[0]!
    return new NotFoundError({
      ...error,
      field,
      message: `The service found nothing for ${field.replace(/_/g, " ")} ${value} (${status}: ${words}).`
    })
  }
  return error
}
