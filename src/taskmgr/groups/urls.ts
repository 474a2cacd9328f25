/**
 * `url parse`: what an app URL names (a task, a project, a team, a tag, a
 * portfolio or a goal, with the gids around it), read by the same rule that
 * takes URLs wherever a gid is expected (refs.ts). Nothing is sent.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { Operation } from "../../core/operation.js"
import { view } from "../../core/view.js"
import type { TaskmgrError } from "../define.js"
import { type AppTarget, appTargetOf } from "../refs.js"
import type { TaskmgrClient } from "../service.js"

/** What the URL names, under the parameter names the other operations take. */
export interface UrlTarget {
  readonly kind: AppTarget["kind"]
  readonly gid: string
  readonly workspace_gid?: string
  readonly project_gid?: string
  readonly task_gid?: string
  readonly view?: string
}

const Input = Schema.Struct({ url: Schema.String.annotations({ description: "A URL of the app" }) })

const named = (target: AppTarget): UrlTarget => ({
  kind: target.kind,
  gid: target.gid,
  ...(target.workspace === undefined ? {} : { workspace_gid: target.workspace }),
  ...(target.project === undefined ? {} : { project_gid: target.project }),
  ...(target.task === undefined ? {} : { task_gid: target.task }),
  ...(target.view === undefined ? {} : { view: target.view })
})

export const urlParse: Operation<typeof Input.Type, typeof Input.Encoded, UrlTarget, TaskmgrError, TaskmgrClient> = {
  name: "urlParse",
  group: "urls",
  summary: "What an app URL names: kind and gids (nothing is sent).",
  input: Input,
  impact: "read",
  idempotent: true,
  run: (client, input) => Effect.map(appTargetOf(input.url, "url", client.settings.appUrl), named)
}

export const views = [
  view(urlParse, {
    command: ["url", "parse"],
    positional: ["url"],
    text: { kind: "record" },
    examples: ["taskmgr url parse https://app.example.com/0/1200000000000301/1200000000000601"]
  })
] as const
