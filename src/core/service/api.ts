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
import type { InvalidInputError, InvalidSettingsError } from "../errors.js"
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

export type MethodOf<Op> = IsPaged<Op> extends true
  ? (input: InputOf<Op> & CursorInput) => Effect.Effect<PageOf<OutputOf<Op>>, ErrorOf<Op> | InvalidInputError>
  : (input: InputOf<Op>) => Effect.Effect<OutputOf<Op>, ErrorOf<Op> | InvalidInputError>

type PagedKeys<Ops> = { [K in keyof Ops]: IsPaged<Ops[K]> extends true ? K : never }[keyof Ops]

export type ApiOf<Ops> =
  & { readonly [K in keyof Ops]: MethodOf<Ops[K]> }
  & {
    /** Every item of a paged list, page after page, fetched as the stream is pulled. */
    readonly streams: {
      readonly [K in PagedKeys<Ops>]: (
        input: InputOf<Ops[K]>
      ) => Stream.Stream<ItemOf<Ops[K]>, ErrorOf<Ops[K]> | InvalidInputError>
    }
  }

/**
 * `service` names the spans: each call (each page of a stream) runs in a span
 * `DesignApi.userMe`, which the pipeline annotates with the HTTP method, the
 * route template, the last status and the number of attempts.
 */
export const makeApi = <C, Ops extends Readonly<Record<string, AnyOperation<C>>>>(
  service: string,
  operations: Ops,
  client: C
): ApiOf<Ops> => {
  const methods: Record<string, unknown> = {}
  const registry = Object.values(operations) as ReadonlyArray<AnyOperation<never>>
  const streams: Record<string, unknown> = {}
  for (const [name, operation] of Object.entries(operations)) {
    const paging = operation.paging
    const op = {
      ...operation,
      run: (c: C, input: unknown, cursor: string | undefined) =>
        Effect.withSpan(operation.run(c, input, cursor), `${service}.${name}`, {
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
        )
      continue
    }
    methods[name] = ({ cursor, ...input }: CursorInput & Record<string, unknown>) =>
      Effect.flatMap(validateInput(op.input, input), (valid) =>
        Effect.map(op.run(client, valid, cursor), (page) => ({
          ...(page as object),
          next_cursor: Option.getOrNull(paging.model.next(page, cursor))
        })))
    streams[name] = (input: unknown) =>
      Stream.unwrap(
        Effect.map(validateInput(op.input, input), (valid) =>
          pages(paging.model, (cursor) =>
            op.run(client, valid, cursor)).pipe(
              Stream.flatMap((page) => Stream.fromIterable(paging.items(page.body))),
              // A walk restarted after its cursor expired repeats items: each comes once.
              Stream.filter(uniqueBy(paging.key?.bind(paging)))
            ))
      )
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
 *   export class DesignApi extends ServiceApi<DesignApi>()("design-taskmgr/DesignApi", make, designConfig) {}
 */
export const ServiceApi = <Self>() =>
<const Id extends string, O, A>(
  id: Id,
  make: (options: O) => Effect.Effect<A, InvalidSettingsError, HttpClient.HttpClient>,
  config: Config.Config<O>
): ServiceApiClass<Self, Id, O, A> => {
  const tag = Context.Tag(id)<Self, A>()
  return Object.assign(tag, {
    make,
    // Scoped: what a client holds (a rate store's connection) is closed with its layer.
    layer: (options: O) => Layer.scoped(tag, make(options)),
    layerConfig: (options?: Config.Config.Wrap<O>) =>
      Layer.scoped(tag, Effect.flatMap(options === undefined ? config : Config.unwrap(options), make))
  })
}
