/**
 * Portfolios: list (a workspace's, by owner: you unless told), their items
 * (projects), get, create, update and delete.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { CalendarDate } from "../../core/calendar.js"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { notAfter, rules, someOf } from "../input-rules.js"
import { Gid, NonBlank, Toggle, UserGid } from "../records/records.js"
import { Portfolio, Project } from "../records/typed-records.js"
import { gidNamed, Ref } from "../refs.js"
import { workspaceOf } from "./people.js"

const PortfolioGid = Ref("portfolio")
const WorkspaceGid = Gid.annotations({ description: "The workspace (default: the configured one)" })

const HUES = ["pink", "green", "blue", "red", "teal", "brown", "orange", "purple", "warm-gray"] as const
/** The palette in words, for every colour a tool or flag takes (portfolios, projects, tags): each hue dark or light. */
export const COLOR_WORDS = `dark-|light- and ${HUES.join(", ")}`

export const PORTFOLIO_COLORS = [...HUES.map((h) => `dark-${h}` as const), ...HUES.map((h) => `light-${h}` as const)]

const writable = {
  // The 18 names are checked here but said in words: an agent pays for every byte of the tool listing.
  color: Schema.optional(
    Schema.Literal(...PORTFOLIO_COLORS).annotations({
      jsonSchema: { type: "string" },
      description: COLOR_WORDS
    })
  ),
  public: Schema.optional(Toggle.annotations({ description: "true: public to the workspace; false: members only" })),
  start_on: Schema.optional(CalendarDate.annotations({ description: "Start date" })),
  due_on: Schema.optional(CalendarDate.annotations({ description: "Due date" })),
  default_access_level: Schema.optional(
    Schema.Literal("admin", "editor", "viewer").annotations({ description: "Access for members added later" })
  )
}

type Writable = { readonly [K in keyof typeof writable]?: Schema.Schema.Type<(typeof writable)[K]> }

const bodyOf = (i: Writable & { readonly name?: string | undefined; readonly archived?: boolean | undefined }) => ({
  name: i.name,
  color: i.color,
  public: i.public,
  start_on: i.start_on,
  due_on: i.due_on,
  default_access_level: i.default_access_level,
  archived: i.archived
})

export const portfolioList = taskmgrList({
  name: "portfolioList",
  group: "portfolios",
  summary: "Portfolios of a workspace owned by a user (default: you).",
  input: Schema.Struct({
    workspace_gid: Schema.optional(WorkspaceGid),
    owner: Schema.optional(UserGid.annotations({ description: "User gid or me (default)" })),
    ...listFields
  }),
  subject: (i) => `portfolios of ${i.owner ?? "me"}`,
  request: (i, client) =>
    Effect.map(workspaceOf(client, i.workspace_gid), (workspace) => ({
      method: "GET" as const,
      path: "/portfolios",
      query: { workspace, owner: i.owner ?? "me" }
    })),
  item: Portfolio,
  defaultFields: ["name", "color", "owner.name"],
  itemsKey: "portfolios"
})

export const portfolioItemList = taskmgrList({
  name: "portfolioItemList",
  group: "portfolios",
  summary: "The projects in a portfolio.",
  input: Schema.Struct({ portfolio_gid: PortfolioGid, ...listFields }),
  subject: (i) => `items of portfolio ${i.portfolio_gid}`,
  request: (i) => ({ method: "GET", path: `/portfolios/${pathOf(i.portfolio_gid)}/items` }),
  item: Project,
  defaultFields: ["name", "archived", "owner.name"],
  itemsKey: "projects"
})

export const portfolioGet = taskmgrOperation({
  name: "portfolioGet",
  group: "portfolios",
  summary: "One portfolio.",
  input: Schema.Struct({ portfolio_gid: PortfolioGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `portfolio ${i.portfolio_gid}`,
  request: (i) => ({ method: "GET", path: `/portfolios/${pathOf(i.portfolio_gid)}` }),
  data: Portfolio
})

export const portfolioCreate = taskmgrOperation({
  name: "portfolioCreate",
  group: "portfolios",
  summary: "Create a portfolio (you own it).",
  input: Schema.Struct({
    name: NonBlank.annotations({ description: "Portfolio name" }),
    workspace_gid: Schema.optional(WorkspaceGid),
    ...writable
  }).pipe(Schema.filter(rules(notAfter("start_on", "due_on")))),
  impact: "write",
  idempotent: false,
  subject: (i) => `new portfolio "${i.name}"`,
  request: (i, client) =>
    Effect.map(workspaceOf(client, i.workspace_gid), (workspace) => ({
      method: "POST" as const,
      path: "/portfolios",
      body: dataBody({ ...bodyOf(i), workspace })
    })),
  data: Portfolio
})

export const portfolioUpdate = taskmgrOperation({
  name: "portfolioUpdate",
  group: "portfolios",
  summary: "Change a portfolio's fields.",
  input: Schema.Struct({
    portfolio_gid: PortfolioGid,
    name: Schema.optional(NonBlank.annotations({ description: "New name" })),
    archived: Schema.optional(Toggle.annotations({ description: "true: archive it; false: restore it" })),
    ...writable
  }).pipe(
    Schema.filter(
      rules(someOf(["name", "archived", ...Object.keys(writable)], "nothing to update"), notAfter("start_on", "due_on"))
    )
  ),
  impact: "write",
  idempotent: true,
  subject: (i) => `portfolio ${i.portfolio_gid}`,
  request: (i) => ({ method: "PUT", path: `/portfolios/${pathOf(i.portfolio_gid)}`, body: dataBody(bodyOf(i)) }),
  data: Portfolio
})

export const portfolioDelete = absentIsDone(
  taskmgrOperation({
    name: "portfolioDelete",
    group: "portfolios",
    summary: "Delete a portfolio; its projects stay.",
    input: Schema.Struct({ portfolio_gid: PortfolioGid }),
    impact: "destroy",
    idempotent: true,
    subject: (i) => `portfolio ${i.portfolio_gid}`,
    request: (i) => ({ method: "DELETE", path: `/portfolios/${pathOf(i.portfolio_gid)}` }),
    data: Schema.Struct({})
  }),
  (i) => ({ portfolio_gid: gidNamed(i.portfolio_gid, "portfolio") })
)

const nameOf = (value: unknown) => (typeof value === "object" && value !== null && "name" in value ? value.name : value)

const valueNames = { public: "true|false", start_on: "YYYY-MM-DD", due_on: "YYYY-MM-DD" } as const

export const views = [
  view(portfolioList, {
    command: ["portfolio", "list"],
    valueNames: { workspace_gid: "GID", owner: "GID|me" },
    text: {
      kind: "table",
      rows: (o) => o.items.map((p) => ({ gid: p.gid, name: p.name, color: p.color, owner: nameOf(p.owner) })),
      columns: ["gid", "name", "color", "owner"],
      noun: "portfolios"
    },
    examples: ["taskmgr portfolio list", "taskmgr portfolio list --owner 1200000000000002"]
  }),
  view(portfolioItemList, {
    command: ["portfolio", "items"],
    positional: ["portfolio_gid"],
    text: {
      kind: "table",
      rows: (o) => o.items.map((p) => ({ gid: p.gid, name: p.name, archived: p.archived, owner: nameOf(p.owner) })),
      columns: ["gid", "name", "archived", "owner"],
      noun: "projects"
    },
    examples: ["taskmgr portfolio items 1200000000001201"]
  }),
  view(portfolioGet, {
    command: ["portfolio", "get"],
    positional: ["portfolio_gid"],
    text: { kind: "record" },
    examples: ["taskmgr portfolio get 1200000000001201"]
  }),
  view(portfolioCreate, {
    command: ["portfolio", "create"],
    positional: ["name"],
    valueNames: { ...valueNames, workspace_gid: "GID" },
    text: { kind: "record" },
    examples: ["taskmgr portfolio create 'Q3 launches' --color light-blue --public true"]
  }),
  view(portfolioUpdate, {
    command: ["portfolio", "update"],
    positional: ["portfolio_gid"],
    valueNames: { ...valueNames, archived: "true|false" },
    text: { kind: "record" },
    examples: ["taskmgr portfolio update 1200000000001201 --name 'Launches' --due-on 2024-09-30"]
  }),
  view(portfolioDelete, {
    command: ["portfolio", "delete"],
    positional: ["portfolio_gid"],
    text: { kind: "record" },
    examples: ["taskmgr portfolio delete 1200000000001201"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  portfolio: "Portfolios and their projects"
}
