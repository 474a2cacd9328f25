/**
 * Every item of a task-manager list, all pages followed (no ceiling): for the
 * wrapper-only features that need a whole project (export, scan-todos'
 * duplicate check), built on the list operations themselves.
 */
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import type { Operation } from "../core/operation.js"
import { pages } from "../core/paginate.js"
import type { ListPage } from "./define.js"
import type { TaskmgrClient } from "./service.js"

export const everyItem = <I, IE, A, E>(
  list: Operation<I, IE, ListPage<A>, E, TaskmgrClient, A>,
  client: TaskmgrClient,
  input: I
): Effect.Effect<ReadonlyArray<A>, E> =>
  pages(list.paging!.model, (cursor) => list.run(client, input, cursor)).pipe(
    Stream.mapConcat((page) => page.body.data),
    Stream.runCollect,
    Effect.map(Chunk.toReadonlyArray)
  )
