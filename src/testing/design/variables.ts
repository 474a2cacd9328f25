/**
 * Local variables of a file: the records, the seed of the Enterprise library,
 * the two read views (local with modes and values; published without), and
 * the bulk write of POST /v1/files/{key}/variables.
 *
 * The bulk write runs on a copy: collections, then modes, then variables,
 * then mode values, each change checked as it is applied. The first failure
 * discards the copy, so a request applies all of its changes or none.
 */
import * as Either from "effect/Either"
import { isRecord } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import { enterpriseSeed } from "./seed-enterprise.js"

export type ResolvedType = "BOOLEAN" | "FLOAT" | "STRING" | "COLOR"
export interface Rgba {
  readonly r: number
  readonly g: number
  readonly b: number
  readonly a: number
}
export interface VariableAlias {
  readonly type: "VARIABLE_ALIAS"
  readonly id: string
}
export type VariableValue = boolean | number | string | Rgba | VariableAlias

export interface CodeSyntax {
  readonly WEB?: string
  readonly ANDROID?: string
  readonly iOS?: string
}

export interface VariableCollection {
  readonly id: string
  name: string
  readonly key: string
  modes: Array<{ readonly modeId: string; name: string }>
  defaultModeId: string
  readonly remote: boolean
  hiddenFromPublishing: boolean
  variableIds: Array<string>
}

export interface Variable {
  readonly id: string
  name: string
  readonly key: string
  readonly variableCollectionId: string
  readonly resolvedType: ResolvedType
  valuesByMode: Record<string, VariableValue>
  readonly remote: boolean
  description: string
  hiddenFromPublishing: boolean
  scopes: Array<string>
  codeSyntax: CodeSyntax
}

export interface FileVariables {
  collections: Record<string, VariableCollection>
  variables: Record<string, Variable>
  /** The next local id; collections, modes and variables share the counter, as node ids do. */
  nextId: number
  /** What the file last published; API writes are not published (spec section 1). */
  readonly published: PublishedView
}

export interface PublishedView {
  readonly variables: Record<string, Record<string, unknown>>
  readonly variableCollections: Record<string, Record<string, unknown>>
}

/** Limits of spec section 8 and design-wire section 5. */
export const MAX_MODES = 40
export const MAX_MODE_NAME = 40
export const MAX_VARIABLES_PER_COLLECTION = 5000
export const MAX_BODY_BYTES = 4 * 1024 * 1024

const RESOLVED_TYPES: ReadonlyArray<ResolvedType> = ["BOOLEAN", "FLOAT", "STRING", "COLOR"]

const SCOPES_BY_TYPE: Record<ResolvedType, ReadonlyArray<string>> = {
  BOOLEAN: ["ALL_SCOPES"],
  FLOAT: [
    "ALL_SCOPES",
    "TEXT_CONTENT",
    "CORNER_RADIUS",
    "WIDTH_HEIGHT",
    "GAP",
    "STROKE_FLOAT",
    "EFFECT_FLOAT",
    "OPACITY",
    "FONT_WEIGHT",
    "FONT_SIZE",
    "LINE_HEIGHT",
    "LETTER_SPACING",
    "PARAGRAPH_SPACING",
    "PARAGRAPH_INDENT",
    "FONT_VARIATIONS"
  ],
  STRING: ["ALL_SCOPES", "TEXT_CONTENT", "FONT_FAMILY", "FONT_STYLE"],
  COLOR: ["ALL_SCOPES", "ALL_FILLS", "FRAME_FILL", "SHAPE_FILL", "TEXT_FILL", "STROKE_COLOR", "EFFECT_COLOR"]
}

/** A stable 40-hex key derived from a name (FNV-1a, five salts). */
export const fakeKey = (seed: string): string => {
  let out = ""
  for (let salt = 0; salt < 5; salt++) {
    let hash = 0x811c9dc5 ^ salt
    for (let i = 0; i < seed.length; i++) {
      hash ^= seed.charCodeAt(i)
      hash = Math.imul(hash, 0x01000193)
    }
    out += (hash >>> 0).toString(16).padStart(8, "0")
  }
  return out
}

const collectionId = (n: number) => `VariableCollectionId:1:${n}`
const variableId = (n: number) => `VariableID:1:${n}`
const modeId = (n: number) => `1:${n}`

const defaultValue = (type: ResolvedType): VariableValue => {
  switch (type) {
    case "BOOLEAN":
      return false
    case "FLOAT":
      return 0
    case "STRING":
      return ""
    case "COLOR":
      return { r: 0, g: 0, b: 0, a: 1 }
  }
}

const PUBLISHED_AT = "2026-01-20T09:00:00Z"

// ---- the seeded library ----------------------------------------------------

const ids = enterpriseSeed.variables
const rgba = (r: number, g: number, b: number): Rgba => ({ r, g, b, a: 1 })

const seededVariable = (
  id: string,
  name: string,
  collection: string,
  resolvedType: ResolvedType,
  valuesByMode: Record<string, VariableValue>,
  extra: Partial<Pick<Variable, "description" | "hiddenFromPublishing" | "scopes" | "codeSyntax">> = {}
): Variable => ({
  id,
  name,
  key: fakeKey(`${enterpriseSeed.file_key}/${id}`),
  variableCollectionId: collection,
  resolvedType,
  valuesByMode,
  remote: false,
  description: "",
  hiddenFromPublishing: false,
  scopes: ["ALL_SCOPES"],
  codeSyntax: {},
  ...extra
})

const seedLibrary = (): Pick<FileVariables, "collections" | "variables" | "nextId"> => {
  const { collections: c, modes: m, variables: v } = ids
  const variables: Array<Variable> = [
    seededVariable(v.blue500, "color/blue/500", c.primitives, "COLOR", {
      [m.light]: rgba(0.05, 0.45, 0.95),
      [m.dark]: rgba(0.3, 0.6, 1)
    }, { codeSyntax: { WEB: "var(--color-blue-500)" } }),
    seededVariable(v.gray900, "color/gray/900", c.primitives, "COLOR", {
      [m.light]: rgba(0.1, 0.1, 0.12),
      [m.dark]: rgba(0.92, 0.92, 0.94)
    }),
    seededVariable(v.space4, "space/4", c.primitives, "FLOAT", { [m.light]: 16, [m.dark]: 16 }, {
      scopes: ["GAP", "WIDTH_HEIGHT"]
    }),
    seededVariable(v.radiusSmall, "radius/small", c.primitives, "FLOAT", { [m.light]: 4, [m.dark]: 4 }, {
      scopes: ["CORNER_RADIUS"],
      description: "Buttons and inputs"
    }),
    seededVariable(v.fontBody, "font/body", c.primitives, "STRING", { [m.light]: "Inter", [m.dark]: "Inter" }, {
      scopes: ["FONT_FAMILY"]
    }),
    seededVariable(v.surface, "surface/primary", c.semantic, "COLOR", {
      [m.default]: { type: "VARIABLE_ALIAS", id: v.blue500 }
    }),
    seededVariable(v.showBadges, "feature/show-badges", c.semantic, "BOOLEAN", { [m.default]: true }, {
      hiddenFromPublishing: true
    })
  ]
  const collection = (id: string, name: string, modes: Array<{ modeId: string; name: string }>) => ({
    id,
    name,
    key: fakeKey(`${enterpriseSeed.file_key}/${id}`),
    modes,
    defaultModeId: modes[0]!.modeId,
    remote: false,
    hiddenFromPublishing: false,
    variableIds: variables.filter((x) => x.variableCollectionId === id).map((x) => x.id)
  })
  return {
    collections: {
      [c.primitives]: collection(c.primitives, "Primitives", [
        { modeId: m.light, name: "Light" },
        { modeId: m.dark, name: "Dark" }
      ]),
      [c.semantic]: collection(c.semantic, "Semantic", [{ modeId: m.default, name: "Default" }])
    },
    variables: Object.fromEntries(variables.map((x) => [x.id, x])),
    nextId: 30
  }
}

/** The published view: what subscribers see; hidden variables are not published. */
const publishedOf = (local: Pick<FileVariables, "collections" | "variables">): PublishedView => ({
  variables: Object.fromEntries(
    Object.values(local.variables).filter((x) => !x.hiddenFromPublishing).map((x) => [x.id, {
      id: x.id,
      subscribed_id: `VariableID:${x.key}/${x.id.slice("VariableID:".length)}`,
      name: x.name,
      key: x.key,
      variableCollectionId: x.variableCollectionId,
      resolvedDataType: x.resolvedType,
      updatedAt: PUBLISHED_AT
    }])
  ),
  variableCollections: Object.fromEntries(
    Object.values(local.collections).filter((c) => !c.hiddenFromPublishing).map((c) => [c.id, {
      id: c.id,
      subscribed_id: `VariableCollectionId:${c.key}/${c.id.slice("VariableCollectionId:".length)}`,
      name: c.name,
      key: c.key,
      updatedAt: PUBLISHED_AT
    }])
  )
})

/** Each file's variables, made from the seed when a request first reads them. */
export type VariableState = Map<string, FileVariables>

export const makeVariableState = (): VariableState => new Map()

/** A file's variables, created from the seed on first use. */
export const variablesOf = (state: VariableState, fileKey: string): FileVariables => {
  const existing = state.get(fileKey)
  if (existing !== undefined) return existing
  const created = initialVariables(fileKey)
  state.set(fileKey, created)
  return created
}

/** The seeded library for its file key; every other file starts with no variables. */
export const initialVariables = (fileKey: string): FileVariables => {
  const local = fileKey === enterpriseSeed.file_key
    ? seedLibrary()
    : { collections: {}, variables: {}, nextId: 1 }
  return { ...local, published: publishedOf(local) }
}

/** GET .../variables/local: collections with modes, variables with valuesByMode. */
export const localView = (vars: FileVariables) => ({
  status: 200,
  error: false,
  meta: { variables: vars.variables, variableCollections: vars.collections }
})

export const publishedView = (vars: FileVariables) => ({ status: 200, error: false, meta: vars.published })

// ---- the bulk write --------------------------------------------------------

type Body = Record<string, unknown>

const ARRAYS = ["variableCollections", "variableModes", "variables", "variableModeValues"] as const

const ALLOWED: Record<string, Record<string, ReadonlyArray<string>>> = {
  variableCollections: {
    CREATE: ["action", "id", "name", "initialModeId", "hiddenFromPublishing"],
    UPDATE: ["action", "id", "name", "hiddenFromPublishing"],
    DELETE: ["action", "id"]
  },
  variableModes: {
    CREATE: ["action", "id", "name", "variableCollectionId"],
    UPDATE: ["action", "id", "name", "variableCollectionId"],
    DELETE: ["action", "id"]
  },
  variables: {
    CREATE: [
      "action",
      "id",
      "name",
      "variableCollectionId",
      "resolvedType",
      "description",
      "hiddenFromPublishing",
      "scopes",
      "codeSyntax"
    ],
    UPDATE: ["action", "id", "name", "description", "hiddenFromPublishing", "scopes", "codeSyntax"],
    DELETE: ["action", "id"]
  }
}

/** The working copy of one request: the file's variables plus the temporary ids seen so far. */
interface Work {
  readonly vars: FileVariables
  readonly temp: Record<string, string>
}

const ok = Either.right(undefined)
const bad = (where: string, message: string): Parsed<never> => invalid(`${where}: ${message}`)

const realId = (work: Work, id: string): string => work.temp[id] ?? id

const newId = (work: Work, make: (n: number) => string): string => make(work.vars.nextId++)

const field = (change: Body, key: string) => change[key]

const requiredString = (where: string, change: Body, key: string): Parsed<string> => {
  const value = field(change, key)
  if (value === undefined || value === null) return bad(where, `'${key}' is required`)
  if (typeof value !== "string" || value.trim() === "") return bad(where, `'${key}' must be a non-empty string`)
  return Either.right(value)
}

const optionalString = (where: string, change: Body, key: string): Parsed<string | undefined> => {
  const value = field(change, key)
  if (value === undefined) return Either.right(undefined)
  return typeof value === "string" ? Either.right(value) : bad(where, `'${key}' must be a string`)
}

const optionalBoolean = (where: string, change: Body, key: string): Parsed<boolean | undefined> => {
  const value = field(change, key)
  if (value === undefined) return Either.right(undefined)
  return typeof value === "boolean" ? Either.right(value) : bad(where, `'${key}' must be a boolean`)
}

/** Records a CREATE's temporary id; the same temporary id twice in a request is ambiguous. */
const registerTemp = (where: string, work: Work, change: Body, real: string): Parsed<void> => {
  const temp = field(change, "id")
  if (temp === undefined) return ok
  if (typeof temp !== "string" || temp === "") return bad(where, `'id' must be a non-empty string`)
  if (temp in work.temp) return bad(where, `temporary id "${temp}" is used more than once`)
  work.temp[temp] = real
  return ok
}

const findCollection = (where: string, work: Work, id: unknown): Parsed<VariableCollection> => {
  if (typeof id !== "string") return bad(where, `'variableCollectionId' is required`)
  const collection = work.vars.collections[realId(work, id)]
  return collection === undefined ? bad(where, `variable collection "${id}" not found`) : Either.right(collection)
}

const checkModeName = (where: string, name: string): Parsed<void> =>
  name.length > MAX_MODE_NAME
    ? bad(where, `mode name must be at most ${MAX_MODE_NAME} characters (got ${name.length})`)
    : ok

const collectionChange = (work: Work, change: Body, where: string, action: string): Parsed<void> =>
  Either.gen(function*() {
    if (action === "CREATE") {
      const name = yield* requiredString(where, change, "name")
      const hidden = yield* optionalBoolean(where, change, "hiddenFromPublishing")
      const id = newId(work, collectionId)
      yield* registerTemp(where, work, change, id)
      const initialMode = newId(work, modeId)
      const initialTemp = field(change, "initialModeId")
      if (initialTemp !== undefined) {
        if (typeof initialTemp !== "string" || initialTemp === "") {
          return yield* bad(where, `'initialModeId' must be a non-empty string`)
        }
        if (initialTemp in work.temp) return yield* bad(where, `temporary id "${initialTemp}" is used more than once`)
        work.temp[initialTemp] = initialMode
      }
      work.vars.collections[id] = {
        id,
        name,
        key: fakeKey(id + name),
        modes: [{ modeId: initialMode, name: "Mode 1" }],
        defaultModeId: initialMode,
        remote: false,
        hiddenFromPublishing: hidden ?? false,
        variableIds: []
      }
      return
    }
    const collection = yield* findCollection(where, work, field(change, "id"))
    if (action === "UPDATE") {
      const name = field(change, "name") === undefined ? undefined : yield* requiredString(where, change, "name")
      const hidden = yield* optionalBoolean(where, change, "hiddenFromPublishing")
      if (name !== undefined) collection.name = name
      if (hidden !== undefined) collection.hiddenFromPublishing = hidden
      return
    }
    for (const id of collection.variableIds) delete work.vars.variables[id]
    delete work.vars.collections[collection.id]
  })

const modeChange = (work: Work, change: Body, where: string, action: string): Parsed<void> =>
  Either.gen(function*() {
    if (action === "CREATE") {
      const name = yield* requiredString(where, change, "name")
      yield* checkModeName(where, name)
      const collection = yield* findCollection(where, work, field(change, "variableCollectionId"))
      if (collection.modes.length >= MAX_MODES) {
        return yield* bad(where, `a collection can have at most ${MAX_MODES} modes`)
      }
      const id = newId(work, modeId)
      yield* registerTemp(where, work, change, id)
      collection.modes.push({ modeId: id, name })
      // A new mode starts with each variable's value in the default mode.
      for (const variableId of collection.variableIds) {
        const variable = work.vars.variables[variableId]
        const value = variable?.valuesByMode[collection.defaultModeId]
        if (variable !== undefined && value !== undefined) variable.valuesByMode[id] = value
      }
      return
    }
    const id = field(change, "id")
    if (typeof id !== "string") return yield* bad(where, `'id' is required`)
    const real = realId(work, id)
    const owner = action === "UPDATE"
      ? yield* findCollection(where, work, field(change, "variableCollectionId"))
      : Object.values(work.vars.collections).find((c) => c.modes.some((m) => m.modeId === real))
    const mode = owner?.modes.find((m) => m.modeId === real)
    if (owner === undefined || mode === undefined) return yield* bad(where, `mode "${id}" not found`)
    if (action === "UPDATE") {
      if (field(change, "name") !== undefined) {
        const name = yield* requiredString(where, change, "name")
        yield* checkModeName(where, name)
        mode.name = name
      }
      return
    }
    if (owner.modes.length === 1) return yield* bad(where, `cannot delete the only mode of a collection`)
    owner.modes = owner.modes.filter((m) => m.modeId !== real)
    if (owner.defaultModeId === real) owner.defaultModeId = owner.modes[0]!.modeId
    for (const variableId of owner.variableIds) delete work.vars.variables[variableId]?.valuesByMode[real]
  })

const checkVariableName = (where: string, work: Work, collection: VariableCollection, name: string, self: string) => {
  if (/[.{}]/.test(name)) return bad(where, `variable names cannot contain ".", "{" or "}"`)
  const taken = collection.variableIds.some((id) => id !== self && work.vars.variables[id]?.name === name)
  return taken ? bad(where, `a variable named "${name}" already exists in this collection`) : ok
}

const scopesOf = (where: string, change: Body, type: ResolvedType): Parsed<Array<string> | undefined> => {
  const value = field(change, "scopes")
  if (value === undefined) return Either.right(undefined)
  if (!Array.isArray(value) || value.some((s) => typeof s !== "string")) {
    return bad(where, `'scopes' must be an array of strings`)
  }
  const scopes = value as Array<string>
  const invalid = scopes.find((s) => !SCOPES_BY_TYPE[type].includes(s))
  if (invalid !== undefined) return bad(where, `scope "${invalid}" is not valid for a ${type} variable`)
  if (scopes.includes("ALL_SCOPES") && scopes.length > 1) {
    return bad(where, `ALL_SCOPES cannot be combined with other scopes`)
  }
  if (scopes.includes("ALL_FILLS") && scopes.some((s) => s.endsWith("_FILL"))) {
    return bad(where, `ALL_FILLS cannot be combined with other fill scopes`)
  }
  return Either.right(scopes)
}

const codeSyntaxOf = (where: string, change: Body): Parsed<CodeSyntax | undefined> => {
  const value = field(change, "codeSyntax")
  if (value === undefined) return Either.right(undefined)
  if (!isRecord(value)) return bad(where, `'codeSyntax' must be an object`)
  const platforms = ["WEB", "ANDROID", "iOS"]
  const wrong = Object.entries(value).find(([k, v]) => !platforms.includes(k) || typeof v !== "string")
  return wrong === undefined
    ? Either.right(value as CodeSyntax)
    : bad(where, `'codeSyntax' takes WEB, ANDROID and iOS strings only (got "${wrong[0]}")`)
}

const variableChange = (work: Work, change: Body, where: string, action: string): Parsed<void> =>
  Either.gen(function*() {
    if (action === "CREATE") {
      const name = yield* requiredString(where, change, "name")
      const collection = yield* findCollection(where, work, field(change, "variableCollectionId"))
      const type = field(change, "resolvedType")
      if (!RESOLVED_TYPES.includes(type as ResolvedType)) {
        return yield* bad(where, `'resolvedType' must be one of ${RESOLVED_TYPES.join(", ")}`)
      }
      const resolvedType = type as ResolvedType
      yield* checkVariableName(where, work, collection, name, "")
      if (collection.variableIds.length >= MAX_VARIABLES_PER_COLLECTION) {
        return yield* bad(where, `a collection can have at most ${MAX_VARIABLES_PER_COLLECTION} variables`)
      }
      const description = yield* optionalString(where, change, "description")
      const hidden = yield* optionalBoolean(where, change, "hiddenFromPublishing")
      const scopes = yield* scopesOf(where, change, resolvedType)
      const codeSyntax = yield* codeSyntaxOf(where, change)
      const id = newId(work, variableId)
      yield* registerTemp(where, work, change, id)
      work.vars.variables[id] = {
        id,
        name,
        key: fakeKey(id + name),
        variableCollectionId: collection.id,
        resolvedType,
        valuesByMode: Object.fromEntries(collection.modes.map((m) => [m.modeId, defaultValue(resolvedType)])),
        remote: false,
        description: description ?? "",
        hiddenFromPublishing: hidden ?? false,
        scopes: scopes ?? ["ALL_SCOPES"],
        codeSyntax: codeSyntax ?? {}
      }
      collection.variableIds.push(id)
      return
    }
    const id = field(change, "id")
    if (typeof id !== "string") return yield* bad(where, `'id' is required`)
    const variable = work.vars.variables[realId(work, id)]
    if (variable === undefined) return yield* bad(where, `variable "${id}" not found`)
    const collection = work.vars.collections[variable.variableCollectionId]!
    if (action === "UPDATE") {
      if (field(change, "name") !== undefined) {
        const name = yield* requiredString(where, change, "name")
        yield* checkVariableName(where, work, collection, name, variable.id)
        variable.name = name
      }
      const description = yield* optionalString(where, change, "description")
      const hidden = yield* optionalBoolean(where, change, "hiddenFromPublishing")
      const scopes = yield* scopesOf(where, change, variable.resolvedType)
      const codeSyntax = yield* codeSyntaxOf(where, change)
      if (description !== undefined) variable.description = description
      if (hidden !== undefined) variable.hiddenFromPublishing = hidden
      if (scopes !== undefined) variable.scopes = scopes
      if (codeSyntax !== undefined) variable.codeSyntax = codeSyntax
      return
    }
    delete work.vars.variables[variable.id]
    collection.variableIds = collection.variableIds.filter((x) => x !== variable.id)
  })

const unit = (n: unknown) => typeof n === "number" && Number.isFinite(n) && n >= 0 && n <= 1

/** Follows aliases from `start`; true when they lead back to `target`. */
const aliasReaches = (work: Work, start: string, target: string): boolean => {
  const seen = new Set<string>()
  const queue = [start]
  while (queue.length > 0) {
    const id = queue.pop()!
    if (id === target) return true
    if (seen.has(id)) continue
    seen.add(id)
    for (const value of Object.values(work.vars.variables[id]?.valuesByMode ?? {})) {
      if (isRecord(value) && value.type === "VARIABLE_ALIAS" && typeof value.id === "string") queue.push(value.id)
    }
  }
  return false
}

const valueFor = (work: Work, where: string, variable: Variable, value: unknown): Parsed<VariableValue> => {
  if (isRecord(value) && value.type === "VARIABLE_ALIAS") {
    if (typeof value.id !== "string") return bad(where, `an alias needs the 'id' of a variable`)
    const target = work.vars.variables[realId(work, value.id)]
    if (target === undefined) return bad(where, `alias target "${value.id}" not found`)
    if (target.resolvedType !== variable.resolvedType) {
      return bad(where, `alias target is ${target.resolvedType}, the variable is ${variable.resolvedType}`)
    }
    if (aliasReaches(work, target.id, variable.id)) return bad(where, `alias would create a cycle`)
    return Either.right({ type: "VARIABLE_ALIAS", id: target.id })
  }
  const mismatch = bad(where, `value does not match the variable's type ${variable.resolvedType}`)
  switch (variable.resolvedType) {
    case "BOOLEAN":
      return typeof value === "boolean" ? Either.right(value) : mismatch
    case "FLOAT":
      return typeof value === "number" && Number.isFinite(value) ? Either.right(value) : mismatch
    case "STRING":
      return typeof value === "string" ? Either.right(value) : mismatch
    case "COLOR": {
      if (!isRecord(value) || !unit(value.r) || !unit(value.g) || !unit(value.b)) {
        return bad(where, `a COLOR value needs r, g and b between 0 and 1`)
      }
      if (value.a !== undefined && !unit(value.a)) return bad(where, `a COLOR value's a must be between 0 and 1`)
      return Either.right({
        r: value.r as number,
        g: value.g as number,
        b: value.b as number,
        a: (value.a ?? 1) as number
      })
    }
  }
}

const modeValueChange = (work: Work, change: Body, where: string): Parsed<void> =>
  Either.gen(function*() {
    const extra = Object.keys(change).find((k) => !["variableId", "modeId", "value"].includes(k))
    if (extra !== undefined) return yield* bad(where, `unknown field '${extra}'`)
    const variableRef = yield* requiredString(where, change, "variableId")
    const modeRef = yield* requiredString(where, change, "modeId")
    if (!("value" in change)) return yield* bad(where, `'value' is required`)
    const variable = work.vars.variables[realId(work, variableRef)]
    if (variable === undefined) return yield* bad(where, `variable "${variableRef}" not found`)
    const collection = work.vars.collections[variable.variableCollectionId]!
    const mode = realId(work, modeRef)
    if (!collection.modes.some((m) => m.modeId === mode)) {
      return yield* bad(where, `mode "${modeRef}" is not a mode of the variable's collection`)
    }
    variable.valuesByMode[mode] = yield* valueFor(work, where, variable, change.value)
  })

const actionChange = (
  work: Work,
  array: "variableCollections" | "variableModes" | "variables",
  change: Body,
  where: string
): Parsed<void> => {
  const action = change.action
  if (action !== "CREATE" && action !== "UPDATE" && action !== "DELETE") {
    return bad(where, `'action' must be one of CREATE, UPDATE, DELETE`)
  }
  const extra = Object.keys(change).find((k) => !ALLOWED[array]![action]!.includes(k))
  if (extra !== undefined) return bad(where, `unknown field '${extra}' for ${action}`)
  if (action !== "CREATE" && typeof change.id !== "string") return bad(where, `'id' is required`)
  switch (array) {
    case "variableCollections":
      return collectionChange(work, change, where, action)
    case "variableModes":
      return modeChange(work, change, where, action)
    case "variables":
      return variableChange(work, change, where, action)
  }
}

export interface Applied {
  readonly next: FileVariables
  readonly tempIdToRealId: Record<string, string>
}

/**
 * Applies a POST body to a copy of `current`. Left: the 400; nothing of
 * `current` has changed either way.
 */
export const applyBulk = (current: FileVariables, body: unknown): Parsed<Applied> =>
  Either.gen(function*() {
    if (!isRecord(body)) return yield* invalid("Request body must be a JSON object")
    const unknownKey = Object.keys(body).find((k) => !(ARRAYS as ReadonlyArray<string>).includes(k))
    if (unknownKey !== undefined) return yield* invalid(`Unknown field '${unknownKey}'`)
    for (const key of ARRAYS) {
      const value = body[key]
      if (value !== undefined && !Array.isArray(value)) return yield* invalid(`'${key}' must be an array`)
    }
    const work: Work = { vars: structuredClone(current), temp: {} }
    for (const key of ARRAYS) {
      const changes = (body[key] ?? []) as ReadonlyArray<unknown>
      for (const [index, change] of changes.entries()) {
        const where = `${key}[${index}]`
        if (!isRecord(change)) return yield* bad(where, "each change must be an object")
        yield* key === "variableModeValues"
          ? modeValueChange(work, change, where)
          : actionChange(work, key, change, where)
      }
    }
    return { next: work.vars, tempIdToRealId: work.temp }
  })
