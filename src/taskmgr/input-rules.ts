/**
 * Rules across an input's fields, as Schema filters: checked wherever the
 * input is decoded or validated (library, command line, tool), before
 * anything is sent, and each names its field so a front end can word it as
 * a flag or a parameter.
 */
import type * as Schema from "effect/Schema"

type Rule = (input: object) => Schema.FilterIssue | undefined

const given = (input: object, field: string) => (input as Readonly<Record<string, unknown>>)[field] !== undefined

/** At most one of two fields. */
export const notBoth = (a: string, b: string): Rule => (input) =>
  given(input, a) && given(input, b) ? { path: [b], message: `give ${a} or ${b}, not both` } : undefined

/**
 * At least one of these fields (an update that changes nothing, a move that
 * says not where): a rule of the whole input, which no one field broke.
 */
export const someOf = (fields: ReadonlyArray<string>, why: string): Rule => (input) =>
  fields.some((f) => given(input, f))
    ? undefined
    : {
      path: [],
      message: `${why}: give ${fields.length === 2 ? `${fields[0]} or ${fields[1]}` : `one of ${fields.join(", ")}`}`
    }

/** Every broken rule, or true: a Schema.filter predicate. */
export const rules = (...all: ReadonlyArray<Rule>) => (input: object): true | ReadonlyArray<Schema.FilterIssue> => {
  const broken = all.flatMap((rule) => rule(input) ?? [])
  return broken.length === 0 ? true : broken
}

/** A date field not after another (start_on before due_on), when both are given (YYYY-MM-DD compares as text). */
export const notAfter = (a: string, b: string): Rule => (input) => {
  const first = (input as Readonly<Record<string, unknown>>)[a]
  const second = (input as Readonly<Record<string, unknown>>)[b]
  return typeof first === "string" && typeof second === "string" && first > second
    ? { path: [a], message: `must be on or before ${b} (${second})` }
    : undefined
}
