/**
 * The attacker's suite: each class of attack the product must withstand is a
 * matrix of named cells, kept as tests so that a regression in any class
 * fails CI. A class is one or more files `test/security/<class>*.test.ts`,
 * each wrapping its cells in `securityClass(name, ...)`; a cell is one `it`,
 * named by its coordinates (`format=json path=400 variant=stored-oauth
 * secret=client-secret-env`). `npm test` prints the cells passed of cells run
 * by class (scripts/test-summary.mjs reads the `security` describe).
 *
 * `npm test` runs each matrix in a reduced form that still meets every pair
 * of values of any two dimensions (`covering`); `SECURITY_CELLS=full npx
 * vitest run test/security` runs every cell.
 *
 * Every secret a cell plants is fresh (`freshSecret`): the masking list is
 * process-wide and test files share a worker, so a value another cell
 * planted could otherwise be masked for the wrong reason.
 */
import { randomBytes } from "node:crypto"
import { describe } from "vitest"

/** The classes of the suite, as the summary names them. */
export const SECURITY_CLASSES = [
  "secrets",
  "faults",
  "bad inputs",
  "hostile repositories",
  "hostile stores",
  "hostile services",
  "tool lines"
] as const
export type SecurityClass = (typeof SECURITY_CLASSES)[number]

/** Every cell of every matrix, not the covering sample. */
export const FULL = process.env.SECURITY_CELLS === "full"

/** The cells of one class, under `security > <class>`. */
export const securityClass = (name: SecurityClass, body: () => void): void => {
  describe("security", () => {
    describe(name, body)
  })
}

/** A cell's name: its coordinates in the order given, `dimension=value` each. */
export const cellName = (coordinates: Readonly<Record<string, string>>): string =>
  Object.entries(coordinates).map(([dimension, value]) => `${dimension}=${value}`).join(" ")

/** A secret no other cell uses, recognisable in a failure message by its label. */
export const freshSecret = (label: string): string => `${label}-${randomBytes(8).toString("hex")}`

type Dimensions = Readonly<Record<string, ReadonlyArray<string>>>
export type Cell<D extends Dimensions> = { readonly [K in keyof D]: D[K][number] }

/** Every combination of the dimensions' values, in order, that `allowed` admits. */
export const product = <D extends Dimensions>(
  dimensions: D,
  allowed: (cell: Cell<D>) => boolean = () => true
): Array<Cell<D>> => {
  const keys = Object.keys(dimensions)
  const cells = keys.reduce<Array<Record<string, string>>>(
    (partial, key) => partial.flatMap((cell) => dimensions[key]!.map((value) => ({ ...cell, [key]: value }))),
    [{}]
  ) as Array<Cell<D>>
  return cells.filter(allowed)
}

/**
 * The cells to run: every one with SECURITY_CELLS=full, else a sample in
 * which every pair of values of any two dimensions that some allowed cell
 * holds appears at least once (greedy, deterministic: the same cells each
 * run, so a failure repeats).
 */
export const covering = <D extends Dimensions>(
  dimensions: D,
  allowed: (cell: Cell<D>) => boolean = () => true
): Array<Cell<D>> => {
  const all = product(dimensions, allowed)
  if (FULL) return all
  const keys = Object.keys(dimensions)
  const pairsOf = (cell: Cell<D>) => {
    const values = cell as Readonly<Record<string, string>>
    return keys.flatMap((a, i) => keys.slice(i + 1).map((b) => `${a}=${values[a]}|${b}=${values[b]}`))
  }
  const uncovered = new Set(all.flatMap(pairsOf))
  // How often each value was chosen: among cells covering as many new pairs, the least used values win, so the
  // sample spreads over every value (both services, every secret) instead of piling on the first.
  const used = new Map<string, number>()
  const usage = (cell: Cell<D>) =>
    keys.reduce((n, k) => n + (used.get(`${k}=${(cell as Readonly<Record<string, string>>)[k]}`) ?? 0), 0)
  const chosen: Array<Cell<D>> = []
  while (uncovered.size > 0) {
    let best = all[0]!
    let score = [-1, 0]
    for (const cell of all) {
      const gain = pairsOf(cell).filter((p) => uncovered.has(p)).length
      const spread = -usage(cell)
      if (gain > score[0]! || (gain === score[0] && spread > score[1]!)) [best, score] = [cell, [gain, spread]]
    }
    chosen.push(best)
    for (const p of pairsOf(best)) uncovered.delete(p)
    for (const k of keys) {
      const key = `${k}=${(best as Readonly<Record<string, string>>)[k]}`
      used.set(key, (used.get(key) ?? 0) + 1)
    }
  }
  return chosen
}
