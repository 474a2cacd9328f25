/**
 * The one naming rule of both services (core/cli/derive.ts): every CLI flag
 * and positional of an operation is its tool parameter in kebab case, except
 * the paging flags the specs name both ways and an explicit allow-list of
 * view `flags` overrides, each with its reason. A new override fails here.
 */
import { describe, expect, it } from "vitest"
import { commandSpecOf, kebab, PAGING_PARAMETERS } from "../../../src/core/cli/derive.js"
import { fieldsOf } from "../../../src/core/fields.js"
import { hasTool, toolInputSchema } from "../../../src/core/mcp/derive.js"
import type { AnyOperation } from "../../../src/core/operation.js"
import type { AnyView } from "../../../src/core/view.js"
import { designViews } from "../../../src/design/operations.js"
import { taskmgrViews } from "../../../src/taskmgr/operations.js"

/** "command words.parameter" → flag, and why the rule cannot hold there. */
const ALLOWED: Readonly<Record<string, { readonly flag: string; readonly why: string }>> = {
  "developer-log list.token": { flag: "--log-token", why: "--token is the shared credential flag" },
  "webhook list.plan_api_id": { flag: "--plan", why: "the design spec names both: --plan <plan_api_id>" },
  "file context.node_ids": {
    flag: "--node-id",
    why: "the design issue names it --node-id ID ..., once per id; the tool takes the list node_ids"
  },
  "status create.status_type": {
    flag: "--type",
    why: "the task-manager issue names it --type; the tool keeps the service's field"
  },
  "task-template instantiate.timeout_seconds": {
    flag: "--timeout",
    why: "the task-manager spec names both: --timeout (tool timeout_seconds)"
  },
  "project-template instantiate.timeout_seconds": {
    flag: "--timeout",
    why: "the task-manager spec names both: --timeout (tool timeout_seconds)"
  }
}

const registries: ReadonlyArray<[string, ReadonlyArray<AnyView>]> = [["design", designViews], ["taskmgr", taskmgrViews]]

describe.each(registries)("the %s registry", (_service, views) => {
  it("names every flag and positional after its tool parameter in kebab case, but for the allow-list", () => {
    const broken: Array<string> = []
    const allowedSeen = new Set<string>()
    for (const v of views) {
      const op = v.operation as AnyOperation<never>
      const spec = commandSpecOf(v)
      const flags = new Set(spec.options.map((o) => o.flag))
      const positionals = new Set(spec.positionals.map((p) => p.name))
      const body = (v.bodyFile ?? []) as ReadonlyArray<string>
      for (const f of fieldsOf(op.input)) {
        if (body.includes(f.name)) continue
        const key = `${v.command.join(" ")}.${f.name}`
        const allowed = ALLOWED[key]
        if (allowed !== undefined) {
          allowedSeen.add(key)
          if (!flags.has(allowed.flag)) broken.push(`${key}: allowed ${allowed.flag} is not its flag`)
          continue
        }
        // A boolean that is on unless turned off is the switch that turns it off (wait: --no-wait).
        const negated = (v.negated as Record<string, string> | undefined)?.[f.name] !== undefined
        if (negated) {
          if (!flags.has(`--no-${kebab(f.name)}`) || f.kind._tag !== "boolean") {
            broken.push(`${key}: no --no-${kebab(f.name)} switch`)
          }
          continue
        }
        if (!flags.has(`--${kebab(f.name)}`) && !positionals.has(kebab(f.name))) {
          broken.push(`${key}: no --${kebab(f.name)}`)
        }
        if (!/^[a-z0-9_]+$/.test(f.name)) broken.push(`${key}: the parameter is not snake case`)
      }
    }
    expect(broken).toEqual([])
    // An allow-list entry with nothing to excuse is stale.
    const mine = (k: string) => views.some((v) => k.startsWith(`${v.command.join(" ")}.`))
    expect([...allowedSeen].sort()).toEqual(Object.keys(ALLOWED).filter(mine).sort())
  })

  it("gives a paged command's paging flags the tool parameters the specs pair them with", () => {
    for (const v of views.filter((x) => (x.operation as AnyOperation<never>).paging !== undefined && hasTool(x))) {
      const params = Object.keys((toolInputSchema(v.operation) as { properties: Record<string, unknown> }).properties)
      const paging = commandSpecOf(v).options.filter((o) => o.flag in PAGING_PARAMETERS)
      expect(paging.length, v.command.join(" ")).toBe(3)
      for (const o of paging) expect(params, `${v.command.join(" ")} ${o.flag}`).toContain(PAGING_PARAMETERS[o.flag])
    }
  })
})
