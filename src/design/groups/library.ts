/**
 * Published library content (spec: "Library content", all tier 3,
 * read-only): components, component sets and styles, each listed by team
 * (paged by the id cursor, page_size at most 1000), listed by file (no
 * paging; the main file, never a branch) and read by key. The three kinds
 * share one shape, so each operation is made once per kind.
 *
 * One toolset, `library`, holds all nine tools: the issue lists them as one
 * group, they are all tier-3 reads, and an agent reading a design system
 * wants components and styles together.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { invalidInput } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import { idCursor } from "../../core/paginate.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { FileKeyOrUrl as FileArg, mainFileKeyOf, teamIdOf, TeamIdOrUrl as TeamArg } from "../refs.js"
import type { DesignClient } from "../service.js"

// ---- wire shapes -----------------------------------------------------------

const WireId = Schema.Union(Schema.String, Schema.Number).pipe(
  Schema.transform(Schema.String, { decode: String, encode: (s) => s })
)

const LibraryUser = Schema.Struct({ id: WireId, handle: Schema.String, img_url: Schema.optional(Schema.String) })

const ContainingFrame = Schema.Struct({
  name: Schema.optional(Schema.String),
  nodeId: Schema.optional(Schema.String),
  pageId: Schema.optional(Schema.String),
  pageName: Schema.optional(Schema.String),
  backgroundColor: Schema.optional(Schema.Unknown),
  containingComponentSet: Schema.optional(Schema.NullOr(Schema.Struct({ name: Schema.String, nodeId: Schema.String })))
})

/** A published component, component set or style; styles add style_type and sort_position. */
const LibraryItemStruct = Schema.Struct({
  key: Schema.String,
  file_key: Schema.String,
  node_id: Schema.String,
  thumbnail_url: Schema.optional(Schema.String),
  name: Schema.String,
  description: Schema.String,
  created_at: Schema.String,
  updated_at: Schema.String,
  user: LibraryUser,
  containing_frame: Schema.optional(ContainingFrame),
  style_type: Schema.optional(Schema.String),
  sort_position: Schema.optional(Schema.String)
})
/** A published component, component set or style. */
export interface LibraryItem extends Schema.Schema.Type<typeof LibraryItemStruct> {}
export const LibraryItem: Schema.Schema<LibraryItem, typeof LibraryItemStruct.Encoded> = LibraryItemStruct

const Cursor = Schema.Struct({ before: Schema.optional(Schema.Number), after: Schema.optional(Schema.Number) })

/** A page's items under the kind's key: `components`, `component_sets` or `styles`. */
export type Items<K extends string> = { readonly [P in K]: ReadonlyArray<LibraryItem> }

/** A team list page: the items and the id cursor (`after` while more follow). */
export type TeamPage<K extends string> = {
  readonly meta: Items<K> & {
    readonly cursor?: { readonly before?: number | undefined; readonly after?: number | undefined } | undefined
  }
}

// ---- inputs -------------------------------------------------------------------

// A refusal and the help say the range themselves (core/allowed.ts).
const PageSize = Schema.Number.pipe(Schema.int(), Schema.between(1, 1000)).annotations({
  description: "Items a page (default 30)"
})

const ItemKey = Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_-]+$/, { message: () => "must be a library item key" }))

// ---- helpers ------------------------------------------------------------------

const GROUP = "library"
const TIER = 3 as const

const teamOf = (client: DesignClient, team: string | undefined) =>
  team === undefined
    ? Option.match(client.settings.teamId, {
      onNone: () => Effect.fail(invalidInput("No team is configured: give a team id or team URL.", "team")),
      onSome: (id) => Effect.succeed(id)
    })
    : Effect.succeed(teamIdOf(team))

/** One kind of library item: its wire key, the command word, and how people name one. */
interface Kind<K extends string> {
  readonly key: K
  readonly command: string
  readonly noun: string
  readonly plural: string
  readonly method: string
}

const kindOperations = <K extends string>(kind: Kind<K>) => {
  // Computed keys defeat Struct's inference: the shapes are stated once here and checked by the Schemas below.
  const items = Schema.Array(LibraryItem)
  const TeamPage = Schema.Struct({
    meta: Schema.Struct({ [kind.key]: items, cursor: Schema.optional(Cursor) })
  }) as unknown as Schema.Schema<
    TeamPage<K>
  >
  const FileList = Schema.Struct({ meta: Schema.Struct({ [kind.key]: items }) }) as unknown as Schema.Schema<
    { readonly meta: Items<K> }
  >
  const itemsOf = (meta: Items<K>): ReadonlyArray<LibraryItem> => meta[kind.key]

  const teamList = designOperation({
    name: `${kind.method}TeamList`,
    group: GROUP,
    summary: `A team's published ${kind.plural}.`,
    input: Schema.Struct({ team: Schema.optional(TeamArg), page_size: Schema.optional(PageSize) }),
    impact: "read",
    idempotent: true,
    tier: TIER,
    subject: (i) => `${kind.plural} of team ${i.team === undefined ? "(configured)" : teamIdOf(i.team)}`,
    request: (i, client) =>
      Effect.map(teamOf(client, i.team), (team) => ({
        method: "GET" as const,
        path: `/v1/teams/${pathOf(team, kind.key)}`,
        query: { page_size: i.page_size }
      })),
    response: TeamPage,
    paging: { model: idCursor, items: (page) => itemsOf(page.meta), itemsKey: kind.key, key: (item) => item.key }
  })

  const fileList = designOperation({
    name: `${kind.method}FileList`,
    group: GROUP,
    summary: `A file's published ${kind.plural}.`,
    input: Schema.Struct({ file_key: FileArg }),
    impact: "read",
    idempotent: true,
    tier: TIER,
    subject: (i) => `${kind.plural} of file ${mainFileKeyOf(i.file_key)}`,
    // A branch URL names its main file too: the lists read the main file.
    request: (i) => ({ method: "GET", path: `/v1/files/${pathOf(mainFileKeyOf(i.file_key), kind.key)}` }),
    response: FileList,
    result: (body): Items<K> => body.meta
  })

  const get = designOperation({
    name: `${kind.method}Get`,
    group: GROUP,
    summary: `One published ${kind.noun} by key.`,
    input: Schema.Struct({ key: ItemKey.annotations({ description: `${kind.noun} key` }) }),
    impact: "read",
    idempotent: true,
    tier: TIER,
    subject: (i) => `${kind.noun} ${i.key}`,
    request: (i) => ({ method: "GET", path: `/v1/${kind.key}/${pathOf(i.key)}` }),
    response: Schema.Struct({ meta: LibraryItem }),
    result: (body) => body.meta
  })
  return { teamList, fileList, get }
}

const COMPONENTS: Kind<"components"> = {
  key: "components",
  command: "component",
  noun: "Component",
  plural: "components",
  method: "component"
}
const COMPONENT_SETS: Kind<"component_sets"> = {
  key: "component_sets",
  command: "component-set",
  noun: "Component set",
  plural: "component sets",
  method: "componentSet"
}
const STYLES: Kind<"styles"> = {
  key: "styles",
  command: "style",
  noun: "Style",
  plural: "styles",
  method: "style"
}

const components = kindOperations(COMPONENTS)
const componentSets = kindOperations(COMPONENT_SETS)
const styles = kindOperations(STYLES)

// Names the registry checks against each operation's own name.
export const componentTeamList = components.teamList
export const componentFileList = components.fileList
export const componentGet = components.get
export const componentSetTeamList = componentSets.teamList
export const componentSetFileList = componentSets.fileList
export const componentSetGet = componentSets.get
export const styleTeamList = styles.teamList
export const styleFileList = styles.fileList
export const styleGet = styles.get

// ---- how the front ends show them -----------------------------------------------------

const FILE = "SbxF1leKey0000Sandbox01"

const row = (item: LibraryItem) => ({
  key: item.key,
  name: item.name,
  ...(item.style_type === undefined ? {} : { style_type: item.style_type }),
  node_id: item.node_id,
  file_key: item.file_key,
  description: item.description,
  updated_at: item.updated_at,
  user: item.user.handle
})

const record = (item: LibraryItem) => ({
  ...row(item),
  created_at: item.created_at,
  thumbnail_url: item.thumbnail_url,
  frame: item.containing_frame?.name,
  page: item.containing_frame?.pageName,
  component_set: item.containing_frame?.containingComponentSet?.name,
  sort_position: item.sort_position
})

const kindViews = <K extends string>(kind: Kind<K>, ops: ReturnType<typeof kindOperations<K>>) => {
  const columns = ["key", "name", ...(kind.key === "styles" ? ["style_type"] : []), "node_id", "updated_at"]
  return [
    view(ops.teamList, {
      command: [kind.command, "team-list"],
      positional: ["team"],
      valueNames: { team: "TEAM|URL" },
      text: { kind: "table", rows: (o) => o.items.map(row), columns, noun: kind.plural },
      examples: [
        `design ${kind.command} team-list`,
        `design ${kind.command} team-list 1300000000000000001 --page-size 100 --all`
      ]
    }),
    view(ops.fileList, {
      command: [kind.command, "file-list"],
      positional: ["file_key"],
      valueNames: { file_key: "KEY|URL" },
      text: { kind: "table", rows: (o) => itemsOfOutput(o, kind.key).map(row), columns, noun: kind.plural },
      examples: [`design ${kind.command} file-list ${FILE}`]
    }),
    view(ops.get, {
      command: [kind.command, "get"],
      positional: ["key"],
      text: { kind: "record", record },
      examples: [`design ${kind.command} get KEY`]
    })
  ] as const
}

const itemsOfOutput = <K extends string>(o: Items<K>, key: K): ReadonlyArray<LibraryItem> => o[key]

export const views = [
  ...kindViews(COMPONENTS, components),
  ...kindViews(COMPONENT_SETS, componentSets),
  ...kindViews(STYLES, styles)
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  component: "Published components: by team, by file, by key",
  "component-set": "Published component sets: by team, by file, by key",
  style: "Published styles: by team, by file, by key"
}
