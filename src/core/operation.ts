/**
 * What an operation IS, for any service: its name, input Schema, impact,
 * paging model and how it runs given the service's client. How each front end
 * SHOWS it (command words, flags, text view, tool name) is a `View`
 * (view.ts), defined next to it in the same resource-group module.
 *
 * `run` takes the service's client (`C`: its pipeline and settings, built
 * once per layer) and the decoded input; a paged operation's run fetches the
 * one page its cursor names.
 */
import * as Effect from "effect/Effect"
import type * as Schema from "effect/Schema"
import { NotFoundError } from "./errors.js"
import type { PaginationModel } from "./paginate.js"

/** What calling it does to the world: reads change nothing; writes change; destroys remove or overwrite. */
export type Impact = "read" | "write" | "destroy"

/** A paged operation declares its model and where its items are; page, stream, --all and resume are derived. */
export interface Paging<Page, Item> {
  readonly model: PaginationModel
  /** The items of a page. (Method syntax: registries erase Item.) */
  items(page: Page): ReadonlyArray<Item>
  /** The key items are listed under in collected output ("webhooks"). */
  readonly itemsKey: string
  /** Identity of an item, to drop repeats across pages (time-window paging repeats its boundary). */
  key?(item: Item): string
}

export interface Operation<I, IE, O, E, C, A = never> {
  /** The library method: webhookList. */
  readonly name: string
  /** The resource group, which is also the tool server's toolset: webhooks. */
  readonly group: string
  readonly summary: string
  readonly input: Schema.Schema<I, IE>
  readonly impact: Impact
  /** Whether calling it twice with the same input leaves the same state. */
  readonly idempotent: boolean
  /** Why it should not be used, and what to use instead. */
  readonly deprecated?: string | undefined
  /** The plan it needs, as the service names it ("Enterprise", "premium"): its error channel has PlanRequiredError. */
  readonly plan?: string | undefined
  /** The credential kinds that may call it, when not all may: its error channel has AuthModeError. */
  readonly modes?: ReadonlyArray<string> | undefined
  readonly paging?: Paging<O, A> | undefined
  /**
   * Fields that take a reference (a gid or a URL) and what kind each names
   * ("project"): a front end may put its own aliases for them in place (the
   * task manager's repository file names projects) before the input is decoded.
   */
  readonly gids?: Readonly<Record<string, string>> | undefined
  /** Set by `absentIsDone`: a delete, whose absent target is success (already_absent). */
  readonly deletes?: boolean | undefined
  /** Set by `linking`: it links two records (a task into a project) or unlinks them, and answers `LinkResult`. */
  readonly links?: LinkKind | undefined
  /** Runs with decoded input; for a paged operation, fetches the page at `cursor` (undefined: the first). */
  readonly run: (client: C, input: I, cursor: string | undefined) => Effect.Effect<O, E>
}

/** What every operation says of itself, whatever its service: the fields a definition passes on as they are. */
export type OperationInfo<I, IE> = Pick<
  Operation<I, IE, never, never, never>,
  "name" | "group" | "summary" | "input" | "impact" | "idempotent" | "deprecated"
>

/** The shared fields of a service's definition, for the Operation it defines. */
export const operationInfo = <I, IE>(def: OperationInfo<I, IE>): OperationInfo<I, IE> => ({
  name: def.name,
  group: def.group,
  summary: def.summary,
  input: def.input,
  impact: def.impact,
  idempotent: def.idempotent,
  deprecated: def.deprecated
})

/** Any operation of a service whose client is C (the registry's element type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation<C> = Operation<any, any, any, any, C, any>

export type InputOf<Op> = Op extends Operation<infer I, infer _IE, infer _O, infer _E, infer _C, infer _A> ? I : never
export type OutputOf<Op> = Op extends Operation<infer _I, infer _IE, infer O, infer _E, infer _C, infer _A> ? O : never
export type ErrorOf<Op> = Op extends Operation<infer _I, infer _IE, infer _O, infer E, infer _C, infer _A> ? E : never
export type ItemOf<Op> = Op extends Operation<infer _I, infer _IE, infer _O, infer _E, infer _C, infer A> ? A : never

/** Whether an operation makes a link between records (tags a task, adds a follower) or takes one away. */
export type LinkKind = "link" | "unlink"

/** The records a link joins, under their input names: gids, or lists of them (followers, dependencies). */
export type LinkTarget = { readonly [field: string]: string | ReadonlyArray<string> }

/**
 * The one result of every link and unlink of both services, as `Deleted` is
 * of every delete: `linked: true` (or `unlinked: true`) once the link is made
 * (or gone), and the linked records' identifiers under their input names
 * (`{linked: true, task_gid, project}`). The services answer an empty `{data:
 * {}}` or the whole record; neither says what was linked.
 */
export type LinkResult<K extends LinkKind, T> =
  & (K extends "link" ? { readonly linked: true } : { readonly unlinked: true })
  & T

type Given = { readonly [field: string]: string | ReadonlyArray<string> | undefined }

/** `T` with its fields that may be undefined made optional: they are left out when undefined. */
export type Present<T extends Given> =
  & { readonly [F in keyof T as undefined extends T[F] ? never : F]: T[F] }
  & { readonly [F in keyof T as undefined extends T[F] ? F : never]?: Exclude<T[F], undefined> }

/** The link result of `kind`; fields given as undefined (an optional placement not used) are left out. */
export const linkResult = <K extends LinkKind, T extends Given>(kind: K, target: T): LinkResult<K, Present<T>> =>
  ({
    [kind === "link" ? "linked" : "unlinked"]: true,
    ...Object.fromEntries(Object.entries(target).filter(([, value]) => value !== undefined))
  }) as LinkResult<K, Present<T>>

/** Marks an operation that answers a `LinkResult` as a link or unlink, for the rule over the registry. */
export const linking = <K extends LinkKind, I, IE, T, E, C>(
  kind: K,
  op: Operation<I, IE, LinkResult<K, T>, E, C>
): Operation<I, IE, LinkResult<K, T>, E, C> => ({ ...op, links: kind })

/**
 * The one result of every delete of both services: `deleted` is always true
 * (the target is gone when it returns), `already_absent` says whether this
 * call found it gone already, and the target's identifiers are echoed under
 * their input names (task_gid, webhook_id, comment_id and emoji...).
 */
export type Deleted<T> = { readonly deleted: true; readonly already_absent: boolean } & T

export const deletedResult = <T extends Readonly<Record<string, string>>>(
  target: T,
  alreadyAbsent: boolean
): Deleted<T> => ({
  deleted: true,
  already_absent: alreadyAbsent,
  ...target
})

const settleAbsent = <I, IE, O, E, C, A, T extends Readonly<Record<string, string>>>(
  op: Operation<I, IE, O, E, C, A>,
  target: (input: I) => T,
  probe: ((client: C, input: I) => Effect.Effect<unknown, unknown>) | undefined
): Operation<I, IE, Deleted<T>, E, C, A> => ({
  ...op,
  paging: undefined,
  deletes: true,
  run: (client, input, cursor) =>
    Effect.catchIf(
      Effect.as(op.run(client, input, cursor), deletedResult(target(input), false)),
      (e) => e instanceof NotFoundError,
      (gone) =>
        probe === undefined
          ? Effect.succeed(deletedResult(target(input), true))
          : Effect.matchEffect(probe(client, input), {
            onFailure: () => Effect.fail(gone),
            onSuccess: () => Effect.succeed(deletedResult(target(input), true))
          })
    )
})

/**
 * The one rule of every delete of both services: a 404 means the target is
 * already gone, which is the goal, so it succeeds reporting
 * `already_absent: true` and NotFoundError leaves the error channel. Both
 * outcomes have the one shape `Deleted` (`target` names what was deleted).
 * This is also what makes a delete safe to retry: when its first answer is
 * lost (http.ts retries an idempotent DELETE after a timeout or a cut
 * connection), the retry meets the 404 its first attempt caused.
 */
export const absentIsDone = <I, IE, O, E, C, A, T extends Readonly<Record<string, string>>>(
  op: Operation<I, IE, O, E, C, A>,
  target: (input: I) => T
): Operation<I, IE, Deleted<T>, Exclude<E, NotFoundError>, C, A> =>
  settleAbsent(op, target, undefined) as Operation<I, IE, Deleted<T>, Exclude<E, NotFoundError>, C, A>

/**
 * The same rule where a 404 can also mean a wrong container (a comment of a
 * file that does not exist): `probe` reads the container, and the 404 stays a
 * NotFoundError unless the probe succeeds.
 */
export const absentOnceProbed = <I, IE, O, E, C, A, T extends Readonly<Record<string, string>>>(
  op: Operation<I, IE, O, E, C, A>,
  probe: (client: C, input: I) => Effect.Effect<unknown, unknown>,
  target: (input: I) => T
): Operation<I, IE, Deleted<T>, E, C, A> => settleAbsent(op, target, probe)
