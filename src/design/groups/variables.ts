/**
 * Variables (Enterprise only; spec section 4, design-wire section 5): the
 * local and published reads, and the atomic bulk write. The bulk body is
 * checked whole before sending (actions, the 40-mode and 5000-variable caps,
 * mode names of at most 40 characters, 4 MB), since the service refuses it
 * whole and applies nothing. Plan tokens read but never write.
 */
import * as Schema from "effect/Schema"
import { pathOf } from "../../core/http/pipeline.js"
import { view } from "../../core/view.js"
import { designOperation } from "../define.js"
import { FileKey, json } from "../params.js"
import { fileKeyOf } from "../refs.js"

const GROUP = "variables"
const ENTERPRISE = { label: "Enterprise", plan: "enterprise" } as const

// ---- wire shapes -----------------------------------------------------------

const Rgba = Schema.Struct({ r: Schema.Number, g: Schema.Number, b: Schema.Number, a: Schema.Number })
const Alias = Schema.Struct({ type: Schema.Literal("VARIABLE_ALIAS"), id: Schema.String })
const Value = Schema.Union(Schema.Boolean, Schema.Number, Schema.String, Rgba, Alias)

const LocalVariableStruct = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  key: Schema.String,
  variableCollectionId: Schema.String,
  resolvedType: Schema.String,
  valuesByMode: Schema.Record({ key: Schema.String, value: Value }),
  remote: Schema.Boolean,
  description: Schema.optional(Schema.String),
  hiddenFromPublishing: Schema.optional(Schema.Boolean),
  scopes: Schema.optional(Schema.Array(Schema.String)),
  codeSyntax: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.String }))
})
/** A variable of a file, with its value in each mode. */
export interface LocalVariable extends Schema.Schema.Type<typeof LocalVariableStruct> {}
export const LocalVariable: Schema.Schema<LocalVariable, typeof LocalVariableStruct.Encoded> = LocalVariableStruct

const LocalCollectionStruct = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  key: Schema.String,
  modes: Schema.Array(Schema.Struct({ modeId: Schema.String, name: Schema.String })),
  defaultModeId: Schema.String,
  remote: Schema.Boolean,
  hiddenFromPublishing: Schema.optional(Schema.Boolean),
  variableIds: Schema.Array(Schema.String)
})
/** A collection of a file's variables, with its modes. */
export interface LocalCollection extends Schema.Schema.Type<typeof LocalCollectionStruct> {}
export const LocalCollection: Schema.Schema<LocalCollection, typeof LocalCollectionStruct.Encoded> =
  LocalCollectionStruct

const Local = Schema.Struct({
  meta: Schema.Struct({
    variables: Schema.Record({ key: Schema.String, value: LocalVariable }),
    variableCollections: Schema.Record({ key: Schema.String, value: LocalCollection })
  })
})

const PublishedVariableStruct = Schema.Struct({
  id: Schema.String,
  subscribed_id: Schema.String,
  name: Schema.String,
  key: Schema.String,
  variableCollectionId: Schema.String,
  resolvedDataType: Schema.String,
  updatedAt: Schema.String
})
/** A variable a file publishes. */
export interface PublishedVariable extends Schema.Schema.Type<typeof PublishedVariableStruct> {}
export const PublishedVariable: Schema.Schema<PublishedVariable, typeof PublishedVariableStruct.Encoded> =
  PublishedVariableStruct

const Published = Schema.Struct({
  meta: Schema.Struct({
    variables: Schema.Record({ key: Schema.String, value: PublishedVariable }),
    variableCollections: Schema.Record({
      key: Schema.String,
      value: Schema.Struct({
        id: Schema.String,
        subscribed_id: Schema.String,
        name: Schema.String,
        key: Schema.String,
        updatedAt: Schema.String
      })
    })
  })
})

const Applied = Schema.Struct({
  meta: Schema.Struct({ tempIdToRealId: Schema.Record({ key: Schema.String, value: Schema.String }) })
})

// ---- the bulk body -----------------------------------------------------------

/** Limits of spec section 8 and design-wire section 5. */
export const MAX_MODES = 40
export const MAX_MODE_NAME = 40
export const MAX_VARIABLES = 5000
export const MAX_BODY_BYTES = 4 * 1024 * 1024

const Action = Schema.Literal("CREATE", "UPDATE", "DELETE")
// Emptiness is checked here but left out of the tools' JSON Schema: it says little and costs every agent bytes.
const Id = Schema.String.pipe(Schema.filter((s) => s.length > 0 || "must not be empty"))
const Name = Id

type Change = { readonly action: "CREATE" | "UPDATE" | "DELETE"; readonly id?: string | undefined }

interface ActionRule {
  /** Fields a create needs. */
  readonly create: ReadonlyArray<string>
  /** Fields an update needs besides the id. */
  readonly update?: ReadonlyArray<string>
  /** Fields an update may carry; a delete carries the id alone. */
  readonly updatable: ReadonlyArray<string>
}

/** What each action needs and allows, as the service checks it (it refuses the whole body otherwise). */
const actionRule = (rule: ActionRule) => (c: Change & Record<string, unknown>) => {
  if (c.action !== "CREATE" && c.id === undefined) {
    return { path: ["id"], message: `is required to ${c.action.toLowerCase()}` }
  }
  const needed = c.action === "CREATE" ? rule.create : c.action === "UPDATE" ? rule.update ?? [] : []
  const missing = needed.find((k) => c[k] === undefined)
  if (missing !== undefined) return { path: [missing], message: `is required to ${c.action.toLowerCase()}` }
  const allowed = c.action === "UPDATE"
    ? ["action", "id", ...rule.updatable]
    : c.action === "DELETE"
    ? ["action", "id"]
    : undefined
  const stray = allowed === undefined
    ? undefined
    : Object.keys(c).find((k) => c[k] !== undefined && !allowed.includes(k))
  return stray === undefined || { path: [stray], message: `is not allowed with ${c.action}` }
}

const CollectionChange = Schema.Struct({
  action: Action,
  id: Schema.optional(Id),
  name: Schema.optional(Name),
  initialModeId: Schema.optional(Id),
  hiddenFromPublishing: Schema.optional(Schema.Boolean)
}).pipe(Schema.filter(actionRule({ create: ["name"], updatable: ["name", "hiddenFromPublishing"] })))

const ModeChange = Schema.Struct({
  action: Action,
  id: Schema.optional(Id),
  name: Schema.optional(
    Name.pipe(Schema.maxLength(MAX_MODE_NAME, { message: () => `mode names are at most ${MAX_MODE_NAME} characters` }))
  ),
  variableCollectionId: Schema.optional(Id)
}).pipe(
  Schema.filter(
    actionRule({
      create: ["name", "variableCollectionId"],
      update: ["variableCollectionId"],
      updatable: ["name", "variableCollectionId"]
    })
  )
)

const VariableChange = Schema.Struct({
  action: Action,
  id: Schema.optional(Id),
  name: Schema.optional(Name.pipe(Schema.filter((s) => !/[.{}]/.test(s) || "must not contain . { or }"))),
  variableCollectionId: Schema.optional(Id),
  resolvedType: Schema.optional(Schema.Literal("BOOLEAN", "FLOAT", "STRING", "COLOR")),
  description: Schema.optional(Schema.String),
  hiddenFromPublishing: Schema.optional(Schema.Boolean),
  scopes: Schema.optional(Schema.Array(Schema.String)),
  codeSyntax: Schema.optional(
    Schema.Struct({
      WEB: Schema.optional(Schema.String),
      ANDROID: Schema.optional(Schema.String),
      iOS: Schema.optional(Schema.String)
    })
      .annotations({ jsonSchema: { type: "object", description: "WEB, ANDROID, iOS" } })
  )
}).pipe(Schema.filter(actionRule({
  create: ["name", "variableCollectionId", "resolvedType"],
  updatable: ["name", "description", "hiddenFromPublishing", "scopes", "codeSyntax"]
})))

const Unit = Schema.Number.pipe(Schema.filter((n) => (n >= 0 && n <= 1) || "must be between 0 and 1"))
const InputValue = Schema.Union(
  Schema.Boolean,
  Schema.Number,
  Schema.String,
  Schema.Struct({ r: Unit, g: Unit, b: Unit, a: Schema.optional(Unit) }),
  Schema.Struct({ type: Schema.Literal("VARIABLE_ALIAS"), id: Id })
)
const isInputValue = Schema.is(InputValue)
const VALUE_FORMS = "boolean, number, string, {r,g,b,a} in 0-1, or {type:VARIABLE_ALIAS,id}"

const ModeValue = Schema.Struct({
  variableId: Id,
  modeId: Id,
  // Said in a line rather than as five schemas in the tool's listing, which every agent pays for.
  value: Schema.Unknown.pipe(
    Schema.filter((u): u is typeof InputValue.Type => isInputValue(u), { message: () => `must be a ${VALUE_FORMS}` })
  )
    .annotations({ description: VALUE_FORMS })
})

type Bulk = {
  readonly variableCollections?: ReadonlyArray<typeof CollectionChange.Type> | undefined
  readonly variableModes?: ReadonlyArray<typeof ModeChange.Type> | undefined
  readonly variables?: ReadonlyArray<typeof VariableChange.Type> | undefined
  readonly variableModeValues?: ReadonlyArray<typeof ModeValue.Type> | undefined
}

const BODY_KEYS = ["variableCollections", "variableModes", "variables", "variableModeValues"] as const

const bodyOf = (input: Bulk) => {
  const body: Record<string, unknown> = {}
  for (const key of BODY_KEYS) if (input[key] !== undefined) body[key] = input[key]
  return body
}

const countBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string | undefined) => {
  const counts = new Map<string, number>()
  for (const item of items) {
    const k = key(item)
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1)
  }
  return counts
}

/** The whole body's limits: something to change, the caps a body alone can break, its size. */
const checkBulk = (input: Bulk) => {
  const changes = BODY_KEYS.reduce((n, key) => n + (input[key]?.length ?? 0), 0)
  if (changes === 0) return { path: ["variables"], message: `give at least one change (${BODY_KEYS.join(", ")})` }
  // A collection created in this body starts with one mode of its own.
  const created = new Set((input.variableCollections ?? []).filter((c) => c.action === "CREATE").map((c) => c.id))
  for (
    const [collection, n] of countBy(
      (input.variableModes ?? []).filter((m) => m.action === "CREATE"),
      (m) => m.variableCollectionId
    )
  ) {
    const total = n + (created.has(collection) ? 1 : 0)
    if (total > MAX_MODES) {
      return {
        path: ["variableModes"],
        message: `collection ${collection} would have ${total} modes; at most ${MAX_MODES}`
      }
    }
  }
  for (
    const [collection, n] of countBy(
      (input.variables ?? []).filter((v) => v.action === "CREATE"),
      (v) => v.variableCollectionId
    )
  ) {
    if (n > MAX_VARIABLES) {
      return {
        path: ["variables"],
        message: `${n} variables created in collection ${collection}; at most ${MAX_VARIABLES}`
      }
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(bodyOf(input)))
  return bytes <= MAX_BODY_BYTES ||
    { path: ["variables"], message: `the body is ${bytes} bytes; at most 4 MB (${MAX_BODY_BYTES})` }
}

export const VariableApplyInput = Schema.Struct({
  file_key: FileKey,
  variableCollections: Schema.optional(
    Schema.Array(CollectionChange).annotations({ description: "Collection changes" })
  ),
  variableModes: Schema.optional(
    Schema.Array(ModeChange).annotations({ description: "Mode changes" })
  ),
  variables: Schema.optional(
    Schema.Array(VariableChange).annotations({ description: "Variable changes" })
  ),
  variableModeValues: Schema.optional(
    Schema.Array(ModeValue).annotations({ description: "A value per variable and mode" })
  )
}).pipe(Schema.filter(checkBulk))

// ---- operations --------------------------------------------------------------

const ByFile = Schema.Struct({ file_key: FileKey })
const variablesPath = (key: string, ...rest: Array<string>) =>
  `/v1/files/${pathOf(key)}/variables${rest.map((r) => `/${r}`).join("")}`

export const variableLocal = designOperation({
  name: "variableLocal",
  group: GROUP,
  summary: "Local variables and collections, values per mode.",
  input: ByFile,
  impact: "read",
  idempotent: true,
  tier: 2,
  planGate: ENTERPRISE,
  subject: (i) => `the local variables of file ${fileKeyOf(i.file_key)}`,
  request: (i) => ({ method: "GET", path: variablesPath(fileKeyOf(i.file_key), "local") }),
  response: Local,
  result: (b) => b.meta
})

export const variablePublished = designOperation({
  name: "variablePublished",
  group: GROUP,
  summary: "A library's published variables.",
  input: ByFile,
  impact: "read",
  idempotent: true,
  tier: 2,
  planGate: ENTERPRISE,
  subject: (i) => `the published variables of file ${fileKeyOf(i.file_key)}`,
  request: (i) => ({ method: "GET", path: variablesPath(fileKeyOf(i.file_key), "published") }),
  response: Published,
  result: (b) => b.meta
})

export const variableApply = designOperation({
  name: "variableApply",
  group: GROUP,
  summary: "Bulk variable changes, all or nothing.",
  input: VariableApplyInput,
  // DELETE changes remove collections, modes and variables.
  impact: "destroy",
  idempotent: false,
  tier: 3,
  modes: ["personal", "oauth"],
  planGate: ENTERPRISE,
  subject: (i) => `the variables of file ${fileKeyOf(i.file_key)}`,
  request: (i) => ({ method: "POST", path: variablesPath(fileKeyOf(i.file_key)), body: json(bodyOf(i)) }),
  response: Applied,
  result: (b, i) => ({
    file_key: i.file_key,
    changes: BODY_KEYS.reduce((n, key) => n + (i[key]?.length ?? 0), 0),
    tempIdToRealId: b.meta.tempIdToRealId
  })
})

// ---- views -------------------------------------------------------------------

type Meta = typeof Local.Type["meta"]

const localRows = (m: Meta) =>
  Object.values(m.variables).map((v) => ({
    id: v.id,
    name: v.name,
    type: v.resolvedType,
    collection: m.variableCollections[v.variableCollectionId]?.name ?? v.variableCollectionId,
    modes: Object.keys(v.valuesByMode).length
  }))

export const views = [
  view(variableLocal, {
    command: ["variable", "local"],
    positional: ["file_key"],
    text: {
      kind: "table",
      rows: localRows,
      columns: ["id", "name", "type", "collection", "modes"],
      noun: "local variables"
    },
    examples: ["design variable local SbxF1leKey0000Enterpr03", "design variable local SbxF1leKey0000Enterpr03 --json"]
  }),
  view(variablePublished, {
    command: ["variable", "published"],
    positional: ["file_key"],
    text: {
      kind: "table",
      rows: (m) =>
        Object.values(m.variables).map((v) => ({
          id: v.id,
          name: v.name,
          type: v.resolvedDataType,
          collection: m.variableCollections[v.variableCollectionId]?.name ?? v.variableCollectionId,
          updated: v.updatedAt
        })),
      columns: ["id", "name", "type", "collection", "updated"],
      noun: "published variables"
    },
    examples: ["design variable published SbxF1leKey0000Enterpr03"]
  }),
  view(variableApply, {
    command: ["variable", "apply"],
    positional: ["file_key"],
    bodyFile: ["variableCollections", "variableModes", "variables", "variableModeValues"],
    help: [
      "Create, update and delete variable collections, modes, variables and their values in one call; the service applies all of it or none.",
      `The body is the service's: each change has an action (CREATE, UPDATE, DELETE) and, on create, an optional temporary id that later changes may use. It is checked before sending: at most ${MAX_MODES} modes a collection, mode names of at most ${MAX_MODE_NAME} characters, at most ${MAX_VARIABLES} variables a collection, at most 4 MB.`
    ].join("\n\n"),
    text: {
      kind: "record",
      record: (o) => ({
        file_key: o.file_key,
        changes: o.changes,
        new_ids: Object.entries(o.tempIdToRealId).map(([temp, id]) => `${temp}=${id}`).join(", ")
      })
    },
    examples: [
      "design variable apply SbxF1leKey0000Enterpr03 --body-file changes.json",
      "cat changes.json | design variable apply SbxF1leKey0000Enterpr03 --body-file -"
    ]
  })
] as const

/** Help's line for each command group of this module (`design --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  variable: "Variables (Enterprise): local, published, bulk apply"
}
