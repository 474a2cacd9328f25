/**
 * What the tool servers call things, by one rule for both services: a tool is
 * `<program>_` and its command words, a toolset is its operations' resource
 * group, both in snake_case (hyphens become underscores), as MCP tool names and
 * GitHub's toolsets are spelled. A view names its tool otherwise only with a
 * reason (view.ts `tool`). A name that changed is still answered for one
 * release, from the tables here, with a note naming its replacement.
 */
import * as Effect from "effect/Effect"
import type { AnyOperation } from "../operation.js"
import type { AnyView, ToolNameOverride } from "../view.js"
import type { ToolEntry } from "./types.js"

/** A view served as a tool: one that does not say why it has none. */
export type ToolView = Omit<AnyView, "tool"> & { readonly tool?: ToolNameOverride | undefined }

export const hasTool = (v: AnyView): v is ToolView => v.tool === undefined || !("none" in v.tool)

const snake = (word: string) => word.replace(/-/g, "_")

/** The rule: `design comment reaction add` is design_comment_reaction_add, `task my-tasks list` task_my_tasks_list. */
export const ruleToolName = (program: string, command: ReadonlyArray<string>): string =>
  [program, ...command].map(snake).join("_")

export const toolNameOf = (program: string, v: ToolView): string => v.tool?.name ?? ruleToolName(program, v.command)

/** The toolset of an operation: its resource group (`custom-fields` is custom_fields). */
export const toolsetOf = (op: AnyOperation<never>): string => snake(op.group)

/** A name that changed: the old one is still answered, until the release it goes away in. */
export interface Renamed {
  readonly old: string
  readonly now: string
  /** The first release without the old name. */
  readonly removedIn: string
}

/**
 * Tools renamed to the rule: each is still called under its old name (never
 * listed, so agents learn the new one), and the result says which replaces it.
 */
export const DEPRECATED_TOOL_NAMES: ReadonlyArray<Renamed> = [
  { old: "taskmgr_task_my_tasks", now: "taskmgr_task_my_tasks_list", removedIn: "0.3.0" },
  { old: "taskmgr_portfolio_item_list", now: "taskmgr_portfolio_items", removedIn: "0.3.0" },
  { old: "taskmgr_custom_field_list_for_project", now: "taskmgr_custom_field_project", removedIn: "0.3.0" },
  { old: "taskmgr_custom_field_list_for_portfolio", now: "taskmgr_custom_field_portfolio", removedIn: "0.3.0" },
  { old: "taskmgr_custom_field_list_for_goal", now: "taskmgr_custom_field_goal", removedIn: "0.3.0" },
  { old: "taskmgr_custom_field_list_for_team", now: "taskmgr_custom_field_team", removedIn: "0.3.0" }
]

/** Toolsets renamed to the rule: the old spelling is still accepted by --toolsets and <PREFIX>_TOOLSETS, with a note. */
export const DEPRECATED_TOOLSETS: ReadonlyArray<Renamed> = [
  { old: "custom-fields", now: "custom_fields", removedIn: "0.3.0" },
  { old: "status-updates", now: "status_updates", removedIn: "0.3.0" }
]

export const deprecatedToolNote = (r: Renamed): string =>
  `The tool name ${r.old} is deprecated and goes away in ${r.removedIn}: call ${r.now} instead.`

export const deprecatedToolsetNote = (r: Renamed): string =>
  `The toolset name "${r.old}" is deprecated and goes away in ${r.removedIn}: use "${r.now}" instead.`

/**
 * The old names of the tools served: each runs its tool and adds the
 * deprecation note to the result (so the result bound counts it), and says it
 * once on the server's log (`say`, stderr) for whoever configured the agent.
 */
export const aliasEntries = (
  tools: ReadonlyArray<ToolEntry>,
  renames: ReadonlyArray<Renamed>,
  say?: ((line: string) => Effect.Effect<void>) | undefined
): ReadonlyArray<ToolEntry> =>
  renames.flatMap((renamed) => {
    const tool = tools.find((t) => t.name === renamed.now)
    if (tool === undefined) return []
    const note = deprecatedToolNote(renamed)
    let said = false
    const sayOnce = Effect.suspend(() => {
      if (said || say === undefined) return Effect.void
      said = true
      return say(`Note: ${note}`)
    })
    return [{
      ...tool,
      name: renamed.old,
      unlisted: true,
      call: (args, context) =>
        Effect.zipRight(sayOnce, tool.call(args, { ...context, notes: [...(context.notes ?? []), note] }))
    }]
  })
