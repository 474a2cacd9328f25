/**
 * The import graph of src: no module reaches itself through its imports, and
 * the layers point one way. core knows neither service nor the simulators;
 * the simulators (src/testing) are reached from outside only through the
 * package's testing entry and by the two `sandbox` commands that serve them.
 *
 * Every relative module specifier counts: static imports, `export ... from`,
 * type-only imports and dynamic `import()`. TypeScript's own pre-processor
 * reads them, so comments and strings that merely look like imports do not.
 */
import { describe, expect, it } from "@effect/vitest"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import ts from "typescript"

const ROOT = resolve(import.meta.dirname, "../..")
const SRC = join(ROOT, "src")

type Graph = ReadonlyMap<string, ReadonlyArray<string>>

/** The relative module specifiers a source text imports or re-exports, in order. */
const specifiers = (text: string): ReadonlyArray<string> =>
  ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName).filter((name) => name.startsWith("."))

/** `./x.js` names the TypeScript module `./x.ts` (NodeNext); a folder names its index. */
const resolveModule = (from: string, specifier: string): string | null => {
  const target = resolve(dirname(from), specifier)
  const candidates = [target.replace(/\.js$/, ".ts"), target, `${target}.ts`, join(target, "index.ts")]
  return candidates.find((candidate) => candidate.endsWith(".ts") && existsSync(candidate)) ?? null
}

const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith(".ts") ? [path] : []
  })

/** Module -> the modules it imports, paths relative to the repository. */
const importGraph = (dir: string): Graph => {
  const graph = new Map<string, ReadonlyArray<string>>()
  for (const file of sourceFiles(dir)) {
    const targets = specifiers(readFileSync(file, "utf8")).flatMap((specifier) => {
      const target = resolveModule(file, specifier)
      if (target === null) throw new Error(`${relative(ROOT, file)} imports ${specifier}, which is no module`)
      return [relative(ROOT, target)]
    })
    graph.set(relative(ROOT, file), [...new Set(targets)])
  }
  return graph
}

/**
 * Every import cycle, one per group of modules that reach each other
 * (Tarjan's strongly connected components), each shown as a shortest loop
 * through the group's first module: `a.ts -> b.ts -> a.ts`.
 */
const importCycles = (graph: Graph): ReadonlyArray<string> => {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: Array<string> = []
  const onStack = new Set<string>()
  const groups: Array<ReadonlyArray<string>> = []
  const connect = (node: string): void => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const group: Array<string> = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort())
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node)
  return groups.map((group) => loopThrough(graph, new Set(group), group[0]!).join(" -> ")).sort()
}

/** A shortest path from `start` back to itself inside `group` (breadth first). */
const loopThrough = (graph: Graph, group: ReadonlySet<string>, start: string): ReadonlyArray<string> => {
  const cameFrom = new Map<string, string>()
  const queue = [start]
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const next of graph.get(at) ?? []) {
      if (!group.has(next)) continue
      if (next === start) {
        const path = [start]
        for (let step: string | undefined = at; step !== start && step !== undefined; step = cameFrom.get(step)) {
          path.splice(1, 0, step)
        }
        return [...path, start]
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, at)
        queue.push(next)
      }
    }
  }
  return [start]
}

const under = (path: string, folder: string) => path.startsWith(`${folder}/`)

/** Imports that break the layering, as `importer -> imported`. */
const layerBreaches = (graph: Graph): ReadonlyArray<string> =>
  [...graph].flatMap(([from, targets]) =>
    targets.filter((to) => {
      if (under(from, "src/core")) {
        return ["src/design", "src/taskmgr", "src/testing"].some((layer) => under(to, layer))
      }
      if (under(from, "src/testing") || !under(to, "src/testing")) return false
      // The sandbox commands serve the simulators; anyone may use the package's testing entry.
      return !/^src\/[^/]+\/cli\/sandbox\.ts$/.test(from) && to !== "src/testing/index.ts"
    }).map((to) => `${from} -> ${to}`)
  )

describe("the import graph of src", () => {
  const graph = importGraph(SRC)

  it("has no cycle", () => {
    expect(importCycles(graph)).toEqual([])
  })

  it("points one way: core below the services and simulators, simulators reached only through their entries", () => {
    expect(layerBreaches(graph)).toEqual([])
  })

  it("is read whole: every module of src is in it, with the imports of each kind", () => {
    expect(graph.size).toBe(sourceFiles(SRC).length)
    // The testing entry re-exports both simulators and imports core's types.
    expect(graph.get("src/testing/index.ts")).toEqual(
      expect.arrayContaining(["src/testing/design/index.ts", "src/testing/taskmgr/index.ts"])
    )
  })
})

describe("the checks themselves", () => {
  it("read static, re-exported, type-only and dynamic imports, and not comments or strings", () => {
    const text = [
      `import type { A } from "./a.js"`,
      `export { B } from "./b.js"`,
      `export type * from "./c.js"`,
      `// import { D } from "./d.js"`,
      `const e = () => import("./e.js")`,
      `const f = "import g from './g.js'"`,
      `import { H } from "effect/H"`
    ].join("\n")
    expect(specifiers(text)).toEqual(["./a.js", "./b.js", "./c.js", "./e.js"])
  })

  it("name each cycle as a loop, and find none in a graph without one", () => {
    const looped: Graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "d.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["d.ts"]],
      ["e.ts", ["a.ts"]]
    ])
    expect(importCycles(looped)).toEqual(["a.ts -> b.ts -> c.ts -> a.ts", "d.ts -> d.ts"])
    expect(importCycles(new Map([["a.ts", ["b.ts"]], ["b.ts", []], ["c.ts", ["a.ts", "b.ts"]]]))).toEqual([])
  })

  it("flag core reaching a service and a module reaching into the simulators", () => {
    const breaching: Graph = new Map([
      ["src/core/http.ts", ["src/testing/core/serve.ts", "src/core/errors.ts"]],
      ["src/design/api.ts", ["src/testing/design/seed.ts", "src/testing/index.ts"]],
      ["src/design/cli/sandbox.ts", ["src/testing/design/index.ts"]],
      ["src/testing/design/layers.ts", ["src/design/api.ts"]]
    ])
    expect(layerBreaches(breaching)).toEqual([
      "src/core/http.ts -> src/testing/core/serve.ts",
      "src/design/api.ts -> src/testing/design/seed.ts"
    ])
  })
})
