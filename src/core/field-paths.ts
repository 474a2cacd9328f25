/**
 * The fields a caller asks for (the task manager's opt_fields), typed from
 * the record: `fields` takes the record's field names and dotted paths into
 * the records it holds ("assignee.name", "memberships.project.name"), and
 * the answer's type has only the fields asked for (and `gid`), so a field
 * not asked for, or misspelt, does not compile.
 */

type ItemOf<V> = V extends ReadonlyArray<infer E> ? E : V

/** The record a field holds (an array's items, without null), when it is one paths can go into. */
type Inner<V> = NonNullable<ItemOf<NonNullable<V>>> extends infer R ? R extends object ? R : never : never

/**
 * Every field name of R and every dotted path into the records it holds, up
 * to three names deep ("custom_fields.enum_value.name"): bounded, so paths
 * over records that hold each other stay finite.
 */
export type FieldPath<R, Depth extends ReadonlyArray<unknown> = []> = R extends object ? {
    readonly [K in keyof R & string]-?:
      | K
      | (Depth["length"] extends 2 ? never
        : [Inner<R[K]>] extends [never] ? never
        : `${K}.${FieldPath<Inner<R[K]>, [...Depth, unknown]>}`)
  }[keyof R & string]
  : never

type Head<P extends string> = P extends `${infer H}.${string}` ? H : P
type Rest<P extends string, K extends string> = P extends `${K}.${infer T}` ? T : never

/** The value of a field with the paths asked for inside it (all of it when the field itself was asked for). */
type SelectedIn<V, P extends string> = [P] extends [never] ? V
  : V extends ReadonlyArray<infer E> ? ReadonlyArray<SelectedIn<E, P>>
  : V extends object ? Selected<V, P>
  : V

/** R with only `gid` and the fields the paths P name (each as optional as in R). */
export type Selected<R, P extends string> = R extends object ? {
    readonly [K in keyof R as K extends "gid" | Head<P> ? K : never]: K extends P ? R[K]
      : SelectedIn<R[K], Rest<P, K & string>>
  }
  : R

/** An answer with its records (itself, or the items of a page) narrowed to the paths P. */
export type WithFields<O, R, P extends string> = [P] extends [never] ? O
  : [O] extends [R] ? Selected<R, P>
  : { readonly [K in keyof O]: O[K] extends ReadonlyArray<R> ? ReadonlyArray<Selected<R, P>> : O[K] }
