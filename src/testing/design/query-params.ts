/**
 * Query parameters as the service reads them. Each reader returns the value
 * (undefined when the parameter is absent) or the message a 400 carries,
 * naming the parameter. Integers are strict: the service rejects `30.0` with
 * `'page_size' must be a valid number, received type String`.
 */
import * as Either from "effect/Either"

export type Parsed<A> = Either.Either<A, string>

const raw = (search: URLSearchParams, name: string): string | undefined => search.get(name) ?? undefined

/** The service's words for a non-integer parameter; both parameter modules answer with it. */
export const notANumber = (name: string) => `'${name}' must be a valid number, received type String`

/** Any integer, kept as a bigint: version ids do not fit a double. */
export const integerParam = (search: URLSearchParams, name: string): Parsed<bigint | undefined> => {
  const value = raw(search, name)
  if (value === undefined) return Either.right(undefined)
  return /^-?\d+$/.test(value) ? Either.right(BigInt(value)) : Either.left(notANumber(name))
}

/** An integer within [min, max]. */
export const boundedInt = (
  search: URLSearchParams,
  name: string,
  bounds: { readonly min: number; readonly max: number }
): Parsed<number | undefined> =>
  Either.flatMap(integerParam(search, name), (value) => {
    if (value === undefined) return Either.right(undefined)
    if (value < BigInt(bounds.min) || value > BigInt(bounds.max)) {
      return Either.left(
        bounds.max === Number.MAX_SAFE_INTEGER
          ? `'${name}' must be an integer of at least ${bounds.min}`
          : `'${name}' must be an integer between ${bounds.min} and ${bounds.max}`
      )
    }
    return Either.right(Number(value))
  })

export const booleanParam = (search: URLSearchParams, name: string): Parsed<boolean> => {
  const value = raw(search, name)
  if (value === undefined) return Either.right(false)
  if (value === "true") return Either.right(true)
  if (value === "false") return Either.right(false)
  return Either.left(`'${name}' must be true or false`)
}

export const enumParam = <const A extends string>(
  search: URLSearchParams,
  name: string,
  allowed: ReadonlyArray<A>
): Parsed<A | undefined> => {
  const value = raw(search, name)
  if (value === undefined) return Either.right(undefined)
  const found = allowed.find((a) => a === value)
  return found === undefined
    ? Either.left(`'${name}' must be one of ${allowed.join(", ")}`)
    : Either.right(found)
}

/** A number within [min, max] (the one real float is render scale). */
export const numberParam = (
  search: URLSearchParams,
  name: string,
  bounds: { readonly min: number; readonly max: number }
): Parsed<number | undefined> => {
  const value = raw(search, name)
  if (value === undefined) return Either.right(undefined)
  const number = value.trim() === "" ? Number.NaN : Number(value)
  if (!Number.isFinite(number)) return Either.left(notANumber(name))
  if (number < bounds.min || number > bounds.max) {
    return Either.left(`'${name}' must be a number between ${bounds.min} and ${bounds.max}`)
  }
  return Either.right(number)
}

/** Node ids such as `1:2`, and instance sublayers such as `I2:3;3:5`. */
const NODE_ID = /^I?\d+:\d+(;\d+:\d+)*$/

export const isNodeId = (value: string): boolean => NODE_ID.test(value)

/** A comma list of node ids, in order, without repeats. */
export const nodeIdsParam = (search: URLSearchParams, name: string): Parsed<ReadonlyArray<string> | undefined> => {
  const value = raw(search, name)
  if (value === undefined) return Either.right(undefined)
  const ids = value.split(",").map((id) => id.trim())
  const bad = ids.find((id) => !isNodeId(id))
  if (bad !== undefined) {
    return Either.left(`'${name}' must be a comma-separated list of node ids such as 1:2; got ${JSON.stringify(bad)}`)
  }
  return Either.right([...new Set(ids)])
}

export const requiredNodeIds = (search: URLSearchParams, name: string): Parsed<ReadonlyArray<string>> =>
  Either.flatMap(
    nodeIdsParam(search, name),
    (ids) => ids === undefined ? Either.left(`Missing required parameter '${name}'`) : Either.right(ids)
  )

/** A plain string parameter that must be present and non-empty. */
export const requiredString = (search: URLSearchParams, name: string): Parsed<string> => {
  const value = raw(search, name)
  return value === undefined || value === ""
    ? Either.left(`Missing required parameter '${name}'`)
    : Either.right(value)
}

export const optionalString = (search: URLSearchParams, name: string): string | undefined => raw(search, name)
