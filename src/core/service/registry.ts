/**
 * A service's registry, derived from its resource-group modules: each module
 * exports its operations (named as their library methods) and its `views`
 * (how the command line and the tool server show them). Nothing lists the
 * operations a second time; a registry test checks that every exported
 * operation has one view and its export name is its method name.
 */
import type { AnyOperation } from "../operation.js"
import type { AnyView } from "../view.js"

/** A resource-group module, as imported with `import * as`. */
export interface GroupModule {
  readonly views: ReadonlyArray<AnyView>
}

/** The operations among a module's exports, by export name. */
export type OperationsOf<M> = {
  readonly [K in keyof M as M[K] extends AnyOperation<never> ? K : never]: M[K]
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never

/** Every group's operations in one record: the library's methods. */
export type RegistryOf<G> = UnionToIntersection<{ [K in keyof G]: OperationsOf<G[K]> }[keyof G]>

const isOperation = (value: unknown): value is AnyOperation<never> =>
  typeof value === "object" && value !== null && "run" in value && "input" in value && "impact" in value &&
  "group" in value

export const operationsOf = <G extends Readonly<Record<string, GroupModule>>>(groups: G): RegistryOf<G> => {
  const operations: Record<string, AnyOperation<never>> = {}
  for (const module of Object.values(groups)) {
    for (const [name, value] of Object.entries(module)) if (isOperation(value)) operations[name] = value
  }
  return operations as RegistryOf<G>
}

/** Every group's views, in the groups' order. */
export const viewsOf = (groups: Readonly<Record<string, GroupModule>>): ReadonlyArray<AnyView> =>
  Object.values(groups).flatMap((module) => module.views)
