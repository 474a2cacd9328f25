/**
 * Every answer the task-management simulator gives to every help example of `taskmgr`, checked against the
 * service's published description: the operation's row of reference/taskmgr-operations.tsv (its status and
 * envelope) and the record it names in reference/taskmgr-records.json (no undocumented field, each of the
 * documented type, enum value and nullability). A list asked for `opt_fields` answers the full record's fields, so
 * it is checked against the full record. Refusals answer the described `{"errors": [...]}` body.
 */
import * as Effect from "effect/Effect"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { taskmgrProgram } from "../../../src/taskmgr/cli/program.js"
import { taskmgrSeed } from "../../../src/testing/taskmgr/index.js"
import { makeTaskmgrSimulator } from "../../../src/testing/taskmgr/simulator.js"
import { type Answer, figuresOf, type JsonSchema } from "../core/described.js"
import { problemsWith } from "../core/described.js"
import { runExamples } from "../core/recorded-examples.js"

// A record's `required` names what a write must send; a read answers the fields opt_fields selects.
const records: Record<string, JsonSchema> = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync("reference/taskmgr-records.json", "utf8")).definitions as Record<string, JsonSchema>
  ).map(([name, { required: _, ...schema }]) => [name, schema])
)
const definitions: Record<string, JsonSchema> = {
  ...records,
  // "An empty object": nothing in it.
  EmptyResponse: { type: "object", properties: {} }
}
const problems = problemsWith(definitions)
/**
 * With opt_fields, dotted paths select fields of nested records too (current_status_update.status_type): a
 * nested compact record may then carry any field of its full record.
 */
const problemsSelected = problemsWith(Object.fromEntries(
  Object.entries(definitions).map(([name, schema]) => {
    const full = definitions[name.replace(/Compact$/, "Response")]
    return [name, name.endsWith("Compact") && full !== undefined ? full : schema]
  })
))

interface Described {
  readonly method: string
  readonly pattern: RegExp
  readonly path: string
  readonly status: number
  readonly record: string
  readonly many: boolean
  /** The envelope's keys besides data: next_page; sync and has_more. */
  readonly keys: ReadonlyArray<string>
}

const described: ReadonlyArray<Described> = readFileSync("reference/taskmgr-operations.tsv", "utf8")
  .split("\n").slice(1).filter((line) => line.trim() !== "").flatMap((line) => {
    const [, method, path, , , , , , , , response, pagination] = line.split("\t")
    const match = /^(\d{3}) \{data: (\w+)(\[\])?((?:, \w+)*)\}$/.exec(response ?? "")
    if (method === undefined || path === undefined || match === null) return []
    const pattern = new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`, "i")
    return [{
      method,
      pattern,
      path,
      status: Number(match[1]),
      record: match[2]!,
      many: match[3] !== undefined,
      // The pagination column names next_page where the response column leaves it out (GET /task_templates).
      keys: [
        ...(match[4] ?? "").split(",").map((k) => k.trim()).filter((k) => k !== ""),
        ...(pagination?.includes("next_page") === true ? ["next_page"] : [])
      ]
    }]
  })

const ERROR_BODY: JsonSchema = {
  type: "object",
  required: ["errors"],
  properties: {
    errors: {
      type: "array",
      items: {
        type: "object",
        required: ["message"],
        properties: { message: { type: "string" }, help: { type: "string" }, phrase: { type: "string" } }
      }
    },
    // The events feed's 412 hands over a fresh sync token.
    sync: { type: "string" }
  }
}

const NEXT_PAGE: JsonSchema = {
  type: ["object", "null"],
  required: ["offset", "path", "uri"],
  properties: { offset: { type: "string" }, path: { type: "string" }, uri: { type: "string" } }
}

const API = "/api/1.0"

/** The problems of one answer, or null when no operation of the description answers its route. */
export const answerProblems = (answer: Answer): ReadonlyArray<string> | null => {
  const path = answer.path.startsWith(API) ? answer.path.slice(API.length) : answer.path
  const row = described.find((d) => d.method === answer.method && d.pattern.test(path))
  if (row === undefined) return null
  if (answer.status >= 400) return problems(ERROR_BODY, answer.body, "body")
  if (answer.status !== row.status) return [`status ${answer.status}, described ${row.status}`]
  const full = answer.query.has("opt_fields") && row.record.endsWith("Compact")
    ? row.record.replace(/Compact$/, "Response")
    : row.record
  const record = definitions[full] === undefined ? row.record : full
  const envelope: JsonSchema = {
    type: "object",
    required: ["data"],
    properties: {
      data: row.many
        ? { type: "array", items: { $ref: `#/definitions/${record}` } }
        : { $ref: `#/definitions/${record}` },
      ...(row.keys.includes("next_page") ? { next_page: NEXT_PAGE } : {}),
      ...(row.keys.includes("sync") ? { sync: { type: "string" } } : {}),
      ...(row.keys.includes("has_more") ? { has_more: { type: "boolean" } } : {})
    }
  }
  return (answer.query.has("opt_fields") ? problemsSelected : problems)(envelope, answer.body, record)
}

const seed = taskmgrSeed
/** What the examples leave unanswered (a section that is not empty, another user's portfolio): the seed's ids. */
const SEQUENCES: ReadonlyArray<ReadonlyArray<string>> = [
  [
    `taskmgr task project add ${seed.task_gids.others} --project ${seed.project_gid} --section ${seed.section_gids.todo}`,
    `taskmgr section delete ${seed.section_gids.doing}`
  ],
  [
    `taskmgr tag task add ${seed.task_gid} --tag ${seed.tag_gids.urgent}`,
    `taskmgr tag task remove ${seed.task_gid} --tag ${seed.tag_gids.urgent}`
  ],
  [`taskmgr portfolio delete ${seed.portfolio_gid}`],
  [`taskmgr membership create --parent ${seed.big_project_gid} --member ${seed.other_user_gid} --access-level viewer`],
  [`taskmgr attachment get ${seed.attachment_gids.link}`, `taskmgr attachment delete ${seed.attachment_gids.link}`],
  [`taskmgr job get ${seed.templates.job_gid}`]
]

describe("the task-management simulator against the published description", () => {
  it("answers every help example of taskmgr as described", async () => {
    const simulator = Effect.runSync(makeTaskmgrSimulator)
    const home = mkdtempSync(join(tmpdir(), "taskmgr-described-"))
    const runs = await runExamples(taskmgrProgram, simulator, [(origin) => ({
      HOME: home,
      TASKMGR_BASE_URL: `${origin}${API}`,
      TASKMGR_TOKEN: taskmgrSeed.tokens.personal,
      TASKMGR_WORKSPACE: taskmgrSeed.workspace_gid
    })], SEQUENCES)
    const figures = figuresOf(runs, answerProblems)
    // Every command that asks the service something got a described answer of success (or, for the events
    // feed, the 412 that hands over its first sync token).
    const answeredWell = (command: string) =>
      runs.some((r) =>
        r.example.split(" && ").some((line) => `${line} `.startsWith(`taskmgr ${command} `)) &&
        r.answers.some((a) => a.status < 300 || a.status === 412)
      )
    const unanswered = taskmgrProgram.leaves.filter((leaf) =>
      leaf.spec.examples.some((e) => runs.some((r) => r.example === e && r.answers.length > 0)) &&
      !answeredWell(leaf.path.join(" "))
    ).map((leaf) => leaf.path.join(" "))
    expect(unanswered, "commands never answered with success").toEqual([])
    console.log(
      `taskmgr simulator: ${figures.checked} answers checked, ${figures.valid} valid, ` +
        `${figures.undescribed.length} undescribed, from ${runs.length} examples`
    )
    expect(figures.invalid).toEqual([])
    expect(figures.undescribed).toEqual([])
    expect(figures.checked).toBeGreaterThan(runs.length)
  }, 240_000)
})
