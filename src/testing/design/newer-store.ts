/**
 * The mutable data of the newer groups in one simulator: local variables per
 * file, dev resources, and the per-second discovery bucket.
 *
 * It lives beside SimState instead of inside it, so these groups add no field
 * to the shared state. `resetState` gives the state a fresh request log (it
 * replaces every collection), so a store built beside an older log is stale:
 * the next request rebuilds it from the seed. The reset test guards this.
 */
import type { DevResource } from "./dev-resources.js"
import { seededDevResources } from "./dev-resources.js"
import type { SimState } from "./state.js"
import type { FileVariables } from "./variables.js"
import { initialVariables } from "./variables.js"

export interface NewerStore {
  readonly variables: Map<string, FileVariables>
  devResources: Array<DevResource>
  nextDevResourceId: number
  /** Discovery's own limit of 20 requests a second, per caller. */
  readonly discoveryWindows: Map<string, { second: number; count: number }>
}

const fresh = (): NewerStore => {
  const { resources, nextId } = seededDevResources()
  return { variables: new Map(), devResources: resources, nextDevResourceId: nextId, discoveryWindows: new Map() }
}

/** The store, built from the seed on first use after a start or a reset (which clears `state.newer`). */
export const storeOf = (state: SimState): NewerStore => (state.newer ??= fresh())

/** A file's variables, created from the seed on first use. */
export const variablesOf = (store: NewerStore, fileKey: string): FileVariables => {
  const existing = store.variables.get(fileKey)
  if (existing !== undefined) return existing
  const created = initialVariables(fileKey)
  store.variables.set(fileKey, created)
  return created
}
