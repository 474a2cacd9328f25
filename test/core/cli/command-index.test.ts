/**
 * The light command index (core/cli/command-index.ts) the command line starts
 * from: it must say exactly what the definitions say, and the lazy group
 * modules must hold exactly the registry's views, so help, resolution and the
 * command that runs can never disagree.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { commandIndexOf, type GroupLoaders, type IndexedCommand } from "../../../src/core/cli/command-index.js"
import { programTree } from "../../../src/core/cli/runtime.js"
import { runProgram } from "../../../src/core/cli/runtime.js"
import type { GroupModule } from "../../../src/core/service/registry.js"
import type { AnyView } from "../../../src/core/view.js"
import { designCommandIndex, designGroupLoaders } from "../../../src/design/cli/command-index.js"
import { designProgram } from "../../../src/design/cli/program.js"
import { designGroups } from "../../../src/design/groups/index.js"
import { designViews } from "../../../src/design/operations.js"
import { taskmgrCommandIndex, taskmgrGroupLoaders } from "../../../src/taskmgr/cli/command-index.js"
import { taskmgrProgram } from "../../../src/taskmgr/cli/program.js"
import { taskmgrGroups } from "../../../src/taskmgr/groups/index.js"
import { taskmgrViews } from "../../../src/taskmgr/operations.js"
import { memoryIO } from "../../e2e/in-process.js"

describe.each(
  [
    {
      name: "design",
      index: designCommandIndex,
      groups: designGroups,
      loaders: designGroupLoaders,
      views: designViews,
      program: designProgram
    },
    {
      name: "taskmgr",
      index: taskmgrCommandIndex,
      groups: taskmgrGroups,
      loaders: taskmgrGroupLoaders,
      views: taskmgrViews,
      program: taskmgrProgram
    }
  ] satisfies Array<
    {
      name: string
      index: ReadonlyArray<IndexedCommand>
      groups: Readonly<Record<string, GroupModule>>
      loaders: GroupLoaders
      views: ReadonlyArray<AnyView>
      program: unknown
    }
  >
)(
  "the $name command index",
  ({ groups, index, loaders, name, program, views }) => {
    it("matches the definitions it was generated from (node scripts/command-index.mjs rewrites it)", async () => {
      expect(index).toEqual(commandIndexOf(groups))
    })

    it("covers every view of the registry once, and the group loaders load exactly the registry's modules", async () => {
      expect(Object.keys(loaders)).toEqual(Object.keys(groups))
      const loaded = await Promise.all(Object.values(loaders).map((load) => load()))
      expect(loaded).toEqual(Object.values(groups))
      const lazy = loaded.flatMap((group) => group.views)
      expect(lazy.map((v) => v.command.join(" ")).sort()).toEqual(views.map((v) => v.command.join(" ")).sort())
      expect(new Set(lazy).size).toBe(views.length)
      for (const v of lazy) expect(views).toContain(v)
    })

    it("gives the program one command per indexed operation, each in the tree help and completion walk", () => {
      const tree = programTree(program)
      const find = (path: ReadonlyArray<string>) =>
        path.reduce<typeof tree | undefined>((node, word) => node?.subcommands.find((c) => c.name === word), tree)
      for (const entry of index) expect(find(entry.path), `${name} ${entry.path.join(" ")}`).toBeDefined()
    })

    it("runs a command by loading its group module: a bad input is refused in the group's words", async () => {
      const entry = index.find((e) => e.spec.positionals.some((p) => p.required))!
      const memory = memoryIO({ NO_COLOR: "1" })
      const code = await Effect.runPromise(runProgram(program, [...entry.path, "--json"], memory.io))
      expect(code, memory.stderr()).toBe(2)
      expect(memory.stderr()).toMatch(/^Error: /)
    })
  }
)
