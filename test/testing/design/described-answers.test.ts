/**
 * Every answer the design simulator gives to every help example of `design`, checked against the service's
 * published description as reference/design-wire.md gives it (section 5's shapes, section 3's two error bodies):
 * no field a described record does not list, each of its type. What the description leaves out ("not shown": the
 * document tree, analytics rows, activity entities) is checked only as far as it is described.
 */
import * as Effect from "effect/Effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { designProgram } from "../../../src/design/cli/program.js"
import { designSeed } from "../../../src/testing/design/index.js"
import { FIRST_NEW_COMMENT_ID } from "../../../src/testing/design/seed-content.js"
import { mainLibrary } from "../../../src/testing/design/seed-documents.js"
import { makeDesignSimulator } from "../../../src/testing/design/simulator.js"
import { type Answer, figuresOf, type JsonSchema } from "../core/described.js"
import { problemsWith } from "../core/described.js"
import { runExamples } from "../core/recorded-examples.js"

// ── The description's vocabulary ────────────────────────────────────────────
const str: JsonSchema = { type: "string" }
const int: JsonSchema = { type: "integer" }
const num: JsonSchema = { type: "number" }
const bool: JsonSchema = { type: "boolean" }
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: "null" }] })
const array = (items: JsonSchema): JsonSchema => ({ type: "array", items })
const map = (values: JsonSchema): JsonSchema => ({ type: "object", additionalProperties: values })
const loose: JsonSchema = { type: "object" }
/** A record of exactly these fields; `optional` ones may be left out. */
const record = (fields: Record<string, JsonSchema>, optional: ReadonlyArray<string> = []): JsonSchema => ({
  type: "object",
  properties: fields,
  required: Object.keys(fields).filter((key) => !optional.includes(key))
})
const literal = (...values: ReadonlyArray<unknown>): JsonSchema => ({ enum: values })
const ok = (meta: JsonSchema): JsonSchema => record({ status: literal(200), error: literal(false), meta })

const user = record({ id: str, handle: str, img_url: str, email: str }, ["email"])
const reaction = record({ user, emoji: str, created_at: str })
const pagination = record({ prev_page: str, next_page: str }, ["prev_page", "next_page"])
const comment = record(
  {
    id: str,
    client_meta: loose,
    file_key: str,
    parent_id: str,
    user,
    created_at: str,
    resolved_at: nullable(str),
    message: str,
    order_id: nullable(str),
    reactions: array(reaction)
  },
  ["parent_id"]
)
/** containing_frame: the published description types backgroundColor as a string (deprecated there). */
const frameInfo = record({
  nodeId: str,
  name: str,
  backgroundColor: str,
  pageId: str,
  pageName: str,
  containingStateGroup: nullable(record({ nodeId: str, name: str }, ["nodeId", "name"])),
  containingComponentSet: nullable(record({ nodeId: str, name: str }, ["nodeId", "name"]))
}, ["nodeId", "name", "backgroundColor", "pageId", "pageName", "containingStateGroup", "containingComponentSet"])
const libraryFields = {
  key: str,
  file_key: str,
  node_id: str,
  thumbnail_url: str,
  name: str,
  description: str,
  created_at: str,
  updated_at: str,
  user,
  containing_frame: frameInfo
}
const component = record(libraryFields, ["thumbnail_url", "containing_frame"])
const style = record({ ...libraryFields, style_type: literal("FILL", "TEXT", "EFFECT", "GRID"), sort_position: str }, [
  "thumbnail_url",
  "containing_frame"
])
const itemOf = (key: string) => (key === "styles" ? style : component)
const teamList = (key: string) =>
  ok(record({ [key]: array(itemOf(key)), cursor: record({ before: int, after: int }, ["before", "after"]) }, [
    "cursor"
  ]))
const fileList = (key: string) => ok(record({ [key]: array(itemOf(key)) }))

const webhook = record({
  id: str,
  event_type: str,
  team_id: str,
  context: literal("TEAM", "PROJECT", "FILE"),
  context_id: str,
  plan_api_id: str,
  status: literal("ACTIVE", "PAUSED"),
  client_id: nullable(str),
  passcode: literal(""),
  endpoint: str,
  description: nullable(str)
})
const devResource = record({ id: str, name: str, url: str, file_key: str, node_id: str })
const variablesRead = ok(record({ variables: map(loose), variableCollections: map(loose) }))
const analytics = record({ rows: array(loose), next_page: bool, cursor: str }, ["cursor"])
const done = record({ status: literal(200), error: literal(false) })

/** Section 1's operations and section 5's answers, by method and path. */
const DESCRIBED: ReadonlyArray<readonly [method: string, path: string, answer: JsonSchema]> = [
  // The document tree's fields are "not shown"; getFile and getFileNodes are checked as objects.
  ["GET", "/v1/files/{file_key}", loose],
  ["GET", "/v1/files/{file_key}/nodes", loose],
  ["GET", "/v1/images/{file_key}", record({ err: nullable(str), images: map(nullable(str)) })],
  [
    "GET",
    "/v1/files/{file_key}/images",
    record({ error: literal(false), status: literal(200), meta: record({ images: map(str) }) })
  ],
  [
    "GET",
    "/v1/files/{file_key}/meta",
    record({
      file: record({
        name: str,
        folder_name: str,
        last_touched_at: str,
        creator: user,
        last_touched_by: user,
        thumbnail_url: str,
        editorType: str,
        role: str,
        link_access: str,
        url: str,
        version: str
      }, ["folder_name", "last_touched_by", "thumbnail_url", "role", "link_access", "url", "version"])
    })
  ],
  ["GET", "/v1/teams/{team_id}/projects", record({ name: str, projects: array(record({ id: str, name: str })) })],
  [
    "GET",
    "/v1/projects/{project_id}/meta",
    record({
      id: str,
      name: str,
      thumbnail_url: nullable(str),
      file_count: int,
      updated_at: str,
      created_at: str
    })
  ],
  [
    "GET",
    "/v1/projects/{project_id}/files",
    record({
      name: str,
      // branch_data=true (section 1) adds each file's branches.
      files: array(record({
        key: str,
        name: str,
        thumbnail_url: str,
        last_modified: str,
        branches: array(record({ key: str, name: str, thumbnail_url: str, last_modified: str }, ["thumbnail_url"]))
      }, ["thumbnail_url", "branches"]))
    })
  ],
  [
    "GET",
    "/v1/files/{file_key}/versions",
    record({
      versions: array(record({
        id: str,
        created_at: str,
        label: nullable(str),
        description: nullable(str),
        user,
        thumbnail_url: str
      }, ["thumbnail_url"])),
      pagination
    })
  ],
  ["GET", "/v1/files/{file_key}/comments", record({ comments: array(comment) })],
  ["POST", "/v1/files/{file_key}/comments", comment],
  ["DELETE", "/v1/files/{file_key}/comments/{comment_id}", done],
  ["GET", "/v1/files/{file_key}/comments/{comment_id}/reactions", record({ reactions: array(reaction), pagination })],
  ["POST", "/v1/files/{file_key}/comments/{comment_id}/reactions", done],
  ["DELETE", "/v1/files/{file_key}/comments/{comment_id}/reactions", done],
  ["GET", "/v1/me", record({ id: str, handle: str, img_url: str, email: str })],
  ...(["components", "component_sets", "styles"] as const).flatMap((key) =>
    [
      ["GET", `/v1/teams/{team_id}/${key}`, teamList(key)],
      ["GET", `/v1/files/{file_key}/${key}`, fileList(key)],
      ["GET", `/v1/${key}/{key}`, ok(itemOf(key))]
    ] as const
  ),
  ["GET", "/v2/webhooks", record({ webhooks: array(webhook), pagination }, ["pagination"])],
  ["POST", "/v2/webhooks", webhook],
  ["GET", "/v2/webhooks/{webhook_id}", webhook],
  ["PUT", "/v2/webhooks/{webhook_id}", webhook],
  ["DELETE", "/v2/webhooks/{webhook_id}", webhook],
  ["GET", "/v2/teams/{team_id}/webhooks", record({ webhooks: array(webhook) })],
  [
    "GET",
    "/v2/webhooks/{webhook_id}/requests",
    record({
      requests: array(record({
        webhook_id: str,
        request_info: record({ id: str, endpoint: str, payload: loose, sent_at: str }),
        response_info: nullable(record({ status: str, received_at: str })),
        error_msg: nullable(str)
      }))
    })
  ],
  [
    "GET",
    "/v1/activity_logs",
    ok(record({
      activity_logs: array(record({
        id: str,
        timestamp: int,
        actor: nullable(record({ type: str, id: str, name: str, email: str })),
        action: record({ type: str, details: nullable(loose) }),
        entity: { ...loose, required: ["type"] },
        context: record({
          client_name: nullable(str),
          ip_address: str,
          is_design_support_team_action: bool,
          org_id: str,
          team_id: nullable(str)
        })
      })),
      cursor: str,
      next_page: bool
    }))
  ],
  [
    "POST",
    "/v1/developer_logs",
    ok(record({
      items: array(record({
        uuid: str,
        timestamp: { type: ["string", "integer"] },
        action: record({ event_name: str, event_source: literal("rest_api", "mcp_server") }),
        actor: record({
          user_id: nullable(str),
          user_name: nullable(str),
          user_email: nullable(str),
          token_name: str,
          token_type: literal("developer_token", "plan_access_token", "oauth_token")
        }),
        resource: record({
          id_or_key: nullable(str),
          name: nullable(str),
          type: nullable(literal("file", "team", "project")),
          org_id: str
        }),
        context: record({ ip_address: str, city: nullable(str), country_region: nullable(str), country: nullable(str) })
      })),
      cursor: nullable(str),
      has_more: bool
    }))
  ],
  [
    "GET",
    "/v1/ai_usage/daily",
    record({
      rows: array(record({
        plan_id: str,
        user_id: str,
        user_email: nullable(str),
        day: str,
        editor_type: str,
        seat_credits_sum: num,
        plan_credits_sum: num,
        workspace_id: nullable(str),
        workspace_name: nullable(str),
        team_id: nullable(str),
        team_name: nullable(str),
        license_group_id: nullable(str),
        license_group_name: nullable(str),
        metering_period_start: str,
        metering_period_end: str
      })),
      next_cursor: str,
      has_next_page: bool
    })
  ],
  [
    "GET",
    "/v1/payments",
    ok(record({
      user_id: str,
      resource_id: str,
      resource_type: literal("PLUGIN", "WIDGET", "COMMUNITY_FILE"),
      payment_status: record({ type: literal("UNPAID", "PAID", "TRIAL") }),
      date_of_purchase: str
    }, ["date_of_purchase"]))
  ],
  ["GET", "/v1/files/{file_key}/variables/local", variablesRead],
  ["GET", "/v1/files/{file_key}/variables/published", variablesRead],
  ["POST", "/v1/files/{file_key}/variables", ok(record({ tempIdToRealId: map(str) }))],
  ["GET", "/v1/files/{file_key}/dev_resources", record({ dev_resources: array(devResource) })],
  [
    "POST",
    "/v1/dev_resources",
    record({
      links_created: array(devResource),
      errors: array(record({ file_key: nullable(str), node_id: nullable(str), error: str }))
    }, ["errors"])
  ],
  [
    "PUT",
    "/v1/dev_resources",
    record({
      links_updated: array(devResource),
      errors: array(record({ id: str, error: str }))
    }, ["errors"])
  ],
  ["DELETE", "/v1/files/{file_key}/dev_resources/{dev_resource_id}", loose],
  ...["component", "style", "variable"].flatMap((kind) =>
    ["actions", "usages"].map((what) =>
      ["GET", `/v1/analytics/libraries/{file_key}/${kind}/${what}`, analytics] as const
    )
  ),
  [
    "GET",
    "/v1/oembed",
    record({
      version: literal("1.0"),
      type: literal("rich"),
      title: str,
      url: str,
      provider_name: str,
      provider_url: str,
      cache_age: int,
      width: int,
      height: int,
      html: str,
      thumbnail_url: str,
      thumbnail_width: int,
      thumbnail_height: int
    }, ["thumbnail_url", "thumbnail_width", "thumbnail_height"])
  ],
  [
    "GET",
    "/v1/discovery",
    record({
      error: literal(false),
      status: literal(200),
      meta: record({ urls: map(array(str)) }),
      i18n: { type: "null" }
    })
  ]
]

/** Section 3: the older `{status, err}` body, or the newer `{error, status, message, i18n}` one. */
const ERROR_BODY: JsonSchema = {
  anyOf: [
    record({ status: int, err: str }),
    record({ error: literal(true), status: int, message: str, i18n: { type: "null" } })
  ]
}

const problems = problemsWith({})
const routes = DESCRIBED.map(([method, path, answer]) => ({
  method,
  pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`),
  answer
}))

/** The problems of one answer, or null when the description has no such operation. */
export const answerProblems = (answer: Answer): ReadonlyArray<string> | null => {
  const candidates = routes.filter((r) => r.method === answer.method && r.pattern.test(answer.path))
  if (candidates.length === 0) return null
  // The images render answers 400 with its own body: err names the parameter, images stays.
  if (answer.status >= 400 && !(answer.path.startsWith("/v1/images/") && answer.status === 400)) {
    return problems(ERROR_BODY, answer.body, "body")
  }
  // A fixed segment wins over a parameter (/v1/files/{key}/comments over /v1/files/{key}).
  const [route] = candidates.sort((a, b) => b.pattern.source.length - a.pattern.source.length)
  return problems(route!.answer, answer.body, "body")
}

const file = designSeed.file_key
const hook = "--endpoint https://hooks.example.com/design --passcode-env HOOK_SECRET"
/** What the examples leave unanswered (they name placeholders such as KEY and webhook 42): the seed's own ids. */
const { enterprise } = designSeed
const SEQUENCES: ReadonlyArray<ReadonlyArray<string | readonly [string, string]>> = [
  [
    `design webhook create --event FILE_COMMENT --context file --context-id ${file} ${hook}`,
    `design comment create ${file} --message "Seen"`,
    "design webhook get 1",
    "design webhook requests 1",
    `design webhook update 1 --event FILE_UPDATE ${hook} --status PAUSED`,
    `design webhook list --context file --context-id ${file}`,
    "design webhook delete 1"
  ],
  [
    `design comment list ${file} --as-md --json`,
    `design comment create ${file} --message "On this frame"`,
    `design component get ${mainLibrary.components[0]!.key}`,
    `design component-set get ${mainLibrary.component_sets[0]!.key}`,
    `design style get ${mainLibrary.styles[0]!.key}`,
    `design comment reaction add ${file} ${designSeed.comment_ids.root} --emoji :heart:`,
    `design comment reaction delete ${file} ${designSeed.comment_ids.root} --emoji :heart:`,
    // The comment this sequence made: the first new comment's id.
    `design comment delete ${file} ${FIRST_NEW_COMMENT_ID}`
  ],
  [
    [
      `design variable apply ${enterprise.file_key} --body-file -`,
      JSON.stringify({
        variables: [{
          action: "CREATE",
          id: "tmp",
          name: "space/8",
          variableCollectionId: enterprise.variables.collections.primitives,
          resolvedType: "FLOAT"
        }]
      })
    ]
  ]
]

describe("the design simulator against the published description", () => {
  it("answers every help example of design as described", async () => {
    const simulator = Effect.runSync(makeDesignSimulator)
    const home = mkdtempSync(join(tmpdir(), "design-described-"))
    const as = (token: string, mode: string) => (origin: string) => ({
      HOME: home,
      HOOK_SECRET: "s3cret-passcode",
      DESIGN_BASE_URL: origin,
      DESIGN_ACCESS_TOKEN: token,
      DESIGN_AUTH_MODE: mode,
      DESIGN_TEAM_ID: designSeed.team_id
    })
    // The personal token first; then the Enterprise group's user-level OAuth, plan and org-level OAuth tokens.
    const runs = await runExamples(designProgram, simulator, [
      as(designSeed.tokens.personal, "personal"),
      as(enterprise.tokens.oauth, "oauth"),
      as(enterprise.tokens.plan, "plan"),
      as(enterprise.tokens.oauth_org, "oauth")
    ], SEQUENCES)
    const figures = figuresOf(runs, answerProblems)
    const answered = (method: string, pattern: RegExp) =>
      runs.some((r) => r.answers.some((a) => a.method === method && pattern.test(a.path) && a.status < 300))
    const unanswered = routes.filter((r) => !answered(r.method, r.pattern)).map((r) =>
      `${r.method} ${r.pattern.source}`
    )
    expect(unanswered, "operations never answered with success").toEqual([])
    console.log(
      `design simulator: ${figures.checked} answers checked, ${figures.valid} valid, ` +
        `${figures.undescribed.length} undescribed, from ${runs.length} examples`
    )
    expect(figures.invalid).toEqual([])
    expect(figures.undescribed.filter((u) => !u.includes("/v1/oauth/"))).toEqual([])
    expect(figures.checked).toBeGreaterThan(runs.length)
  }, 240_000)
})
