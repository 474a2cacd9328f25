/**
 * A service's library face, built from its registry of operations: one
 * method per operation (input checked, then run on the client), paged
 * operations returning one page with the cursor of the next, and a Stream of
 * every item for each paged operation.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { inService, type InvalidInputError, type InvalidSettingsError } from "../errors.js"
import type { FieldPath, WithFields } from "../field-paths.js"
import { validateInput } from "../input.js"
import type { AnyOperation, ErrorOf, InputOf, ItemOf, OutputOf } from "../operation.js"
import { pages, uniqueBy } from "../paginate.js"
import { withCheck } from "../write-check.js"

/** One page of a paged list, with the cursor that fetches the next (null: none left). */
export type PageOf<O> = O & { readonly next_cursor: string | null }

/** The resume cursor a paged method accepts. */
export interface CursorInput {
  readonly cursor?: string | undefined
}

type IsPaged<Op> = [ItemOf<Op>] extends [never] ? false : true

/** The record an operation's `fields` choose from: a list's item, or an answer that is one record. */
export type RecordOf<Op> = [ItemOf<Op>] extends [never] ? "gid" extends keyof OutputOf<Op> ? OutputOf<Op> : never
  : ItemOf<Op>

type Keys<T> = T extends unknown ? keyof T : never

/** Whether the operation takes `fields` (opt_fields) for records the paths can be typed from. */
type TakesFields<Op> = "fields" extends Keys<InputOf<Op>> ? [RecordOf<Op>] extends [never] ? false : true : false

type Simplify<T> = { [K in keyof T]: T[K] } & {}

/** The input with `fields` as the paths given (each member of a union input alike). */
export type InputWith<I, F> = I extends unknown ? Simplify<Omit<I, "fields"> & { readonly fields?: F | undefined }>
  : never

type Answer<Op, P extends string> = WithFields<OutputOf<Op>, RecordOf<Op>, P>

/**
 * An operation's method: the input (and a resume cursor for a paged list),
 * one answer (one page). Where it takes `fields`, they are the record's field
 * names and dotted paths, and the answer has only those fields.
 */
export type MethodOf<Op> = TakesFields<Op> extends true
  ? IsPaged<Op> extends true ? <const F extends ReadonlyArray<FieldPath<RecordOf<Op>>> = never>(
      input: InputWith<InputOf<Op>, F> & CursorInput
    ) => Effect.Effect<PageOf<Answer<Op, F[number]>>, ErrorOf<Op> | InvalidInputError>
  : <const F extends ReadonlyArray<FieldPath<RecordOf<Op>>> = never>(
    input: InputWith<InputOf<Op>, F>
  ) => Effect.Effect<Answer<Op, F[number]>, ErrorOf<Op> | InvalidInputError>
  : IsPaged<Op> extends true ?
    (input: InputOf<Op> & CursorInput) => Effect.Effect<PageOf<OutputOf<Op>>, ErrorOf<Op> | InvalidInputError>
  : (input: InputOf<Op>) => Effect.Effect<OutputOf<Op>, ErrorOf<Op> | InvalidInputError>

/** A paged operation's stream: every item, page after page, fetched as it is pulled. */
export type StreamOf<Op> = TakesFields<Op> extends true
  ? <const F extends ReadonlyArray<FieldPath<RecordOf<Op>>> = never>(
    input: InputWith<InputOf<Op>, F>
  ) => Stream.Stream<WithFields<ItemOf<Op>, ItemOf<Op>, F[number]>, ErrorOf<Op> | InvalidInputError>
  : (input: InputOf<Op>) => Stream.Stream<ItemOf<Op>, ErrorOf<Op> | InvalidInputError>

export type PagedKeys<Ops> = { [K in keyof Ops]: IsPaged<Ops[K]> extends true ? K : never }[keyof Ops]

export type ApiOf<Ops> =
  & { readonly [K in keyof Ops]: MethodOf<Ops[K]> }
  & {
    /** Every item of a paged list, page after page, fetched as the stream is pulled. */
    readonly streams: { readonly [K in PagedKeys<Ops>]: StreamOf<Ops[K]> }
  }

/** Which service a library face is: its program name (errors' `service`) and its tag's name (spans). */
export interface ServiceNames {
  /** The program's name; errors carry it as `service` where it is one this package wraps. */
  readonly name: string
  readonly apiName: string
}

/**
 * Each call (each page of a stream) runs in a span named after the tag and
 * the method (`DesignApi.userMe`), which the pipeline annotates with the HTTP
 * method, the route template, the last status and the number of attempts.
 * Every error leaves with the service's name (errors.ts `inService`).
 */
export const makeApi = <C, Ops extends Readonly<Record<string, AnyOperation<C>>>>(
  service: ServiceNames,
  operations: Ops,
  client: C
): ApiOf<Ops> => {
  const named = inService(service.name)
  const methods: Record<string, unknown> = {}
  const registry = Object.values(operations) as ReadonlyArray<AnyOperation<never>>
  const streams: Record<string, unknown> = {}
  for (const [name, operation] of Object.entries(operations)) {
    const paging = operation.paging
    const op = {
      ...operation,
      run: (c: C, input: unknown, cursor: string | undefined) =>
        Effect.withSpan(operation.run(c, input, cursor), `${service.apiName}.${name}`, {
          kind: "client",
          captureStackTrace: false
        })
    }
    if (paging === undefined) {
      methods[name] = (input: unknown) =>
        Effect.flatMap(
          validateInput(op.input, input),
          (valid) =>
            Effect.mapError(op.run(client, valid, undefined), (e) => withCheck(e, registry, op as AnyOperation<never>))
        ).pipe(Effect.mapError(named))
      continue
    }
    methods[name] = ({ cursor, ...input }: CursorInput & Record<string, unknown>) =>
      Effect.flatMap(validateInput(op.input, input), (valid) =>
        Effect.map(op.run(client, valid, cursor), (page) => ({
          ...(page as object),
          next_cursor: Option.getOrNull(paging.model.next(page, cursor))
        }))).pipe(Effect.mapError(named))
    streams[name] = (input: unknown) =>
      Stream.unwrap(
        Effect.map(validateInput(op.input, input), (valid) =>
          pages(paging.model, (cursor) =>
            op.run(client, valid, cursor)).pipe(
              Stream.flatMap((page) => Stream.fromIterable(paging.items(page.body))),
              // A walk restarted after its cursor expired repeats items: each comes once.
              Stream.filter(uniqueBy(paging.key?.bind(paging)))
            ))
      ).pipe(Stream.mapError(named))
  }
  return { ...methods, streams } as ApiOf<Ops>
}

/** A service's library tag with its constructors (see `ServiceApi`). */
export interface ServiceApiClass<Self, Id extends string, O, A> extends Context.TagClass<Self, Id, A> {
  /** Checks the options and builds the service on the HttpClient in context. */
  readonly make: (options: O) => Effect.Effect<A, InvalidSettingsError, HttpClient.HttpClient>
  /** From options in code. */
  readonly layer: (options: O) => Layer.Layer<Self, InvalidSettingsError, HttpClient.HttpClient>
  /** From configuration: the service's variables by default, or any `Config` of the options. */
  readonly layerConfig: (
    config?: Config.Config.Wrap<O>
  ) => Layer.Layer<Self, ConfigError.ConfigError | InvalidSettingsError, HttpClient.HttpClient>
}

/**
 * A service's library tag with its constructors, in the manner of Effect's
 * provider clients: `make(options)` checks the options and closes over them
 * (the HttpClient is a requirement, so programs and tests choose it);
 * `layer(options)` and `layerConfig(config)` build it. Every layer is
 * independent: two layers with two tokens never share a credential.
 *
 *   export class DesignApi extends ServiceApi<DesignApi>()("design-taskmgr/DesignApi", "design", make, designConfig) {}
 */
export const ServiceApi = <Self>() =>
<const Id extends string, O, A>(
  id: Id,
  service: string,
  build: (options: O) => Effect.Effect<A, InvalidSettingsError, HttpClient.HttpClient>,
  config: Config.Config<O>
): ServiceApiClass<Self, Id, O, A> => {
  const tag = Context.Tag(id)<Self, A>()
  const make = (options: O) => Effect.mapError(build(options), inService(service))
  return Object.assign(tag, {
    make,
    // Scoped: what a client holds (a rate store's connection) is closed with its layer.
    layer: (options: O) => Layer.scoped(tag, make(options)),
    layerConfig: (options?: Config.Config.Wrap<O>) =>
      Layer.scoped(tag, Effect.flatMap(options === undefined ? config : Config.unwrap(options), make))
  })
}
