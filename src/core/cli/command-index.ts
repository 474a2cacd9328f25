/**
 * Start-up that stays flat however many operations a registry holds: the
 * command line resolves argv and prints help from a light index of every
 * operation command (its words and spec, generated from the definitions by
 * scripts/command-index.mjs), and loads a group's module, with its Schemas
 * and handlers, only when one of its commands runs. A test over the registry
 * compares the index with the definitions, so it cannot go stale.
 */
import * as Effect from "effect/Effect"
import type { AnyOperation } from "../operation.js"
import type { GroupModule } from "../service/registry.js"
import { commandSpecOf } from "./derive.js"
import { type LeafContext, operationLeaf } from "./leaf.js"
import type { Leaf } from "./runtime.js"
import type { CommandSpec } from "./spec.js"

/** One operation command: the module of its group, its operation's name, its words, and its spec as plain data. */
export interface IndexedCommand {
  readonly module: string
  readonly operation: string
  readonly path: ReadonlyArray<string>
  readonly spec: CommandSpec
}

/** Each group module of a registry, loaded on demand (generated beside the index, one dynamic import each). */
export type GroupLoaders = Readonly<Record<string, () => Promise<GroupModule>>>

/** The index as the definitions give it today (JSON-plain: what the generated file holds). */
export const commandIndexOf = (groups: Readonly<Record<string, GroupModule>>): Array<IndexedCommand> => {
  const index: Array<IndexedCommand> = []
  for (const [module, group] of Object.entries(groups)) {
    for (const v of group.views) {
      index.push({
        module,
        operation: (v.operation as AnyOperation<never>).name,
        path: v.command,
        spec: commandSpecOf(v)
      })
    }
  }
  return JSON.parse(JSON.stringify(index)) as Array<IndexedCommand>
}

/** The operation commands from the index; a command's group module is loaded when it runs. */
export const indexedLeaves = <C>(
  index: ReadonlyArray<IndexedCommand>,
  loaders: GroupLoaders,
  context: LeafContext<C>
): Array<Leaf> =>
  index.map((entry) => {
    // The command as its module defines it, once it has run: a failure's remedy names its flags from it.
    let loaded: Leaf | undefined
    return {
      path: entry.path,
      operation: entry.operation,
      spec: entry.spec,
      fieldWord: (field) => loaded?.fieldWord?.(field),
      run: (invocation) =>
        Effect.flatMap(Effect.promise(() => loaders[entry.module]!()), ({ views }) => {
          const words = entry.path.join(" ")
          const view = views.find((v) => v.command.join(" ") === words)
          // The registry test keeps the index true; a stale one is a build without scripts/command-index.mjs.
          if (view === undefined) {
            return Effect.die(
              new Error(`'${words}' is in the command index but not in module ${entry.module}: rebuild`)
            )
          }
          loaded = operationLeaf(view, context)
          return loaded.run(invocation)
        })
    }
  })

/** Every operation of the registry, all group modules loaded: for the rare path that needs them all. */
export const loadOperations = (loaders: GroupLoaders) => async (): Promise<ReadonlyArray<AnyOperation<never>>> =>
  (await Promise.all(Object.values(loaders).map((load) => load()))).flatMap((group) =>
    group.views.map((v) => v.operation as AnyOperation<never>)
  )
