/**
 * How a task-management operation is declared: what it is, its HTTP mapping,
 * which fields take task or project URLs, and the Schema of the envelope's
 * `data`. A list also sends `limit` (always: the service refuses large lists
 * without it) and a minimal `opt_fields` set, and pages by `next_page.offset`.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { readAnswer } from "../core/decode.js"
import { type InvalidInputError, NotFoundError, type PlanRequiredError, type RequestError } from "../core/errors.js"
import type { RequestSpec } from "../core/http/pipeline.js"
import { routeTemplate } from "../core/http/route.js"
import { type Operation, type OperationInfo, operationInfo } from "../core/operation.js"
import { applyCursor, offsetCursor } from "../core/paginate.js"
import type { TaskmgrPlanGate, TaskmgrRoute } from "./classify.js"
import { type GidKind, gidOf, refFields } from "./refs.js"
import type { TaskmgrClient } from "./service.js"

/** What a task-manager operation can fail with: PlanRequiredError only where it declares a plan gate. */
export type TaskmgrError<G = undefined> =
  | RequestError
  | InvalidInputError
  | (G extends TaskmgrPlanGate ? PlanRequiredError : never)

const NextPage = Schema.NullOr(
  Schema.Struct({ offset: Schema.String, path: Schema.optional(Schema.String), uri: Schema.optional(Schema.String) })
)

/** The page of a list: its records and where the next page starts. */
export interface ListPage<A> {
  readonly data: ReadonlyArray<A>
  readonly next_page:
    | { readonly offset: string; readonly path?: string | undefined; readonly uri?: string | undefined }
    | null
}

/** Fields every list accepts: how many a page, and which fields to ask for. */
export const listFields = {
  limit: Schema.optional(
    Schema.Int.pipe(Schema.between(1, 100)).annotations({ description: "Records a page (default 50)" })
  ),
  fields: Schema.optional(
    Schema.Array(Schema.String.pipe(Schema.pattern(/^[a-z_.]+$/)).annotations({ jsonSchema: {} })).annotations({
      description: "Record fields to return (opt_fields), such as notes or assignee.name"
    })
  )
}

const DEFAULT_LIMIT = 50

interface Common<I, IE, G> extends OperationInfo<I, IE> {
  /** Search: counted against its own budget. */
  readonly search?: boolean | undefined
  /** How many requests the service counts a call as, when more than one (a batch); paced as that many. */
  readonly cost?: ((input: I) => number) | undefined
  /** What it needs above a free workspace (`PREMIUM`): its 402 is PlanRequiredError. */
  readonly planGate?: G
  /**
   * Fields that take a reference, and its kind, besides those whose Schema
   * says so itself (`Ref(kind)`): every one is resolved to a gid before the
   * request is built.
   */
  readonly gids?: Partial<Record<Extract<keyof I, string>, GidKind>> | undefined
  readonly subject: (input: I) => string
  readonly request: (input: I, client: TaskmgrClient) => RequestSpec | Effect.Effect<RequestSpec, InvalidInputError>
  /** Said after the service's 403 where the wrapper knows why (a system story). */
  readonly forbiddenHint?: string | undefined
  /** Who alone may change the target, when a 403 is not about roles (see TaskmgrRoute). */
  readonly changedOnlyBy?: TaskmgrRoute["changedOnlyBy"]
}

/** Every reference field of a definition: those its input Schema marks, and those it names in `gids`. */
const referencesOf = <I, IE>(def: Pick<Common<I, IE, unknown>, "input" | "gids">) => {
  const kinds = { ...refFields(def.input), ...def.gids } as Readonly<Record<string, GidKind>>
  return Object.keys(kinds).length === 0 ? undefined : kinds
}

const resolveGids = <I>(input: I, gids: Partial<Record<string, GidKind>> | undefined, client: TaskmgrClient) =>
  Effect.gen(function*() {
    if (gids === undefined) return input
    const resolved: Record<string, unknown> = { ...(input as Record<string, unknown>) }
    for (const [field, kind] of Object.entries(gids)) {
      const value = resolved[field]
      if (typeof value === "string") resolved[field] = yield* gidOf(value, kind!, field, client.settings.appUrl)
      else if (Array.isArray(value)) {
        resolved[field] = yield* Effect.forEach(
          value as Array<string>,
          (v) => gidOf(v, kind!, field, client.settings.appUrl)
        )
      }
    }
    return resolved as I
  })

/**
 * A 404 for the default workspace, when no input named one: the gid came from the configuration (a variable,
 * a repository's .taskmgr.json), so that is what to check, not a gid the caller typed.
 */
const configuredWorkspaceNotFound = <E>(error: E, client: TaskmgrClient, input: unknown, spec: RequestSpec): E => {
  const workspace = Option.getOrUndefined(client.settings.workspace)
  if (
    workspace === undefined || !(error instanceof NotFoundError) || error.unknownPath === true ||
    error.field !== undefined || (input as { workspace_gid?: unknown }).workspace_gid !== undefined
  ) return error
  const sent = spec.path.split("/").includes(workspace) || Object.values(spec.query ?? {}).includes(workspace)
  return sent ? new NotFoundError({ ...error, message: error.message, setting: "workspace" }) as E : error
}

const send = <I, IE, G, B, BE>(
  def: Omit<Common<I, IE, G>, "impact" | "idempotent">,
  response: Schema.Schema<B, BE>,
  shape: (spec: RequestSpec, input: I) => RequestSpec
) =>
(client: TaskmgrClient, input: I): Effect.Effect<B, TaskmgrError<G>> =>
  Effect.gen(function*() {
    const subject = def.subject(input)
    const built = def.request(input, client)
    const shaped = shape(Effect.isEffect(built) ? yield* built : built, input)
    const spec = { ...shaped, route: routeTemplate(shaped.path, input) }
    const planGate = def.planGate as TaskmgrPlanGate | undefined
    const answer = yield* client.pipeline.send(spec, {
      subject,
      search: def.search === true,
      cost: def.cost?.(input),
      forbiddenHint: def.forbiddenHint,
      changedOnlyBy: def.changedOnlyBy,
      planGate
    }).pipe(Effect.mapError((e) => configuredWorkspaceNotFound(e, client, input, spec)))
    return yield* readAnswer(response, { operation: def.name, subject })(answer.body)
  }) as Effect.Effect<B, TaskmgrError<G>> // the classifier gives PlanRequiredError only when planGate is declared

/** A call whose answer is more than `{data}` (an event feed's `sync` and `has_more`): the whole body decoded. */
export const taskmgrAnswer = <I, IE, B, BE, O, G extends TaskmgrPlanGate | undefined = undefined>(
  def: Common<I, IE, G> & { readonly body: Schema.Schema<B, BE>; readonly result: (body: B, input: I) => O }
): Operation<I, IE, O, TaskmgrError<G>, TaskmgrClient> => {
  const run = send(def, def.body, (spec) => spec)
  const gids = referencesOf(def)
  return {
    ...operationInfo(def),
    plan: (def.planGate as TaskmgrPlanGate | undefined)?.label,
    gids,
    // `result` sees gids as sent, not the URLs they were given as.
    run: (client, input) =>
      Effect.flatMap(
        resolveGids(input, gids, client),
        (resolved) => Effect.map(run(client, resolved), (body) => def.result(body, resolved))
      )
  }
}

/** One record or result: `{data: ...}` unwrapped. */
export const taskmgrOperation = <I, IE, D, DE, O = D, G extends TaskmgrPlanGate | undefined = undefined>(
  def: Common<I, IE, G> & { readonly data: Schema.Schema<D, DE>; readonly result?: (data: D, input: I) => O }
): Operation<I, IE, O, TaskmgrError<G>, TaskmgrClient> =>
  taskmgrAnswer({
    ...def,
    body: Schema.Struct({ data: def.data }),
    result: ({ data }, input) => (def.result === undefined ? (data as unknown as O) : def.result(data, input))
  })

/** A list: pages of records by `next_page.offset`, with `limit` and a minimal `opt_fields` set. */
/** What a list's input carries besides its own fields (spread `listFields` into it). */
interface ListParams {
  readonly limit?: number | undefined
  readonly fields?: ReadonlyArray<string> | undefined
}

export const taskmgrList = <I, IE, A, AE, G extends TaskmgrPlanGate | undefined = undefined>(
  // A list reads and may be repeated: its impact is not the caller's to choose.
  def: Omit<Common<I, IE, G>, "impact" | "idempotent"> & {
    readonly item: Schema.Schema<A, AE>
    /** The fields asked for when the caller names none: 3 or 4. */
    readonly defaultFields: ReadonlyArray<string>
    /** The key collected items are listed under: "tasks". */
    readonly itemsKey: string
  }
): Operation<I, IE, ListPage<A>, TaskmgrError<G>, TaskmgrClient, A> => {
  const response = Schema.Struct({
    data: Schema.Array(def.item),
    next_page: Schema.optionalWith(NextPage, { default: () => null })
  })
  const fetch = (cursor: string | undefined) =>
    send(def, response, (spec, input) =>
      applyCursor(offsetCursor, {
        ...spec,
        query: {
          ...spec.query,
          limit: (input as ListParams).limit ?? DEFAULT_LIMIT,
          opt_fields: (input as ListParams).fields ?? def.defaultFields
        }
      }, cursor))
  const gids = referencesOf(def)
  return {
    ...operationInfo({ ...def, impact: "read", idempotent: true }),
    plan: (def.planGate as TaskmgrPlanGate | undefined)?.label,
    gids,
    paging: {
      model: offsetCursor,
      items: (page) => page.data,
      itemsKey: def.itemsKey,
      key: (item) => String((item as { gid?: unknown }).gid)
    },
    run: (client, input, cursor) =>
      Effect.flatMap(resolveGids(input, gids, client), (resolved) => fetch(cursor)(client, resolved))
  }
}

/** A request body in the service's envelope. */
export const dataBody = (value: Record<string, unknown>): RequestSpec["body"] => ({
  _tag: "json",
  value: { data: Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) }
})
