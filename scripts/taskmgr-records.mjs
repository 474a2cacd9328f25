// Writes src/taskmgr/records/record-schemas.ts: for each record of the task manager, a named interface and its
// Effect Schema, from the service's JSON Schema of its records (reference/taskmgr-records.json, given as the
// argument). Run by hand when the reference changes; test/taskmgr/records/record-schemas.test.ts checks the file
// is current whenever the reference is at hand.
//
// Rules: `gid` is always there on a record that has one; every other field is optional (opt_fields may leave it
// out), nullable where the reference says null. An enum admits the values the service adds (`Undocumented`), and a
// field the reference does not name is kept on the record as it came (core/open-record.ts): the service may move
// on, a call never fails for it, and nothing it sends is lost. The interfaces have no index signature, so a
// misspelt field does not compile. Records a library user looks for by name are written under that name (Task,
// not TaskResponse): hovers and type errors say it.
import { readFileSync, writeFileSync } from "node:fs"
import { RECORD_NAMES } from "./taskmgr-record-names.mjs"

const source = process.argv[2] ?? "reference/taskmgr-records.json"
const target = process.argv[3] ?? "src/taskmgr/records/record-schemas.ts"
const { definitions } = JSON.parse(readFileSync(source, "utf8"))

const nameOf = (definition) => RECORD_NAMES[definition] ?? definition

const refName = (ref) => ref.replace("#/definitions/", "")
const refsOf = (node, found = new Set()) => {
  if (Array.isArray(node)) node.forEach((n) => refsOf(n, found))
  else if (node && typeof node === "object") {
    if (typeof node.$ref === "string") found.add(refName(node.$ref))
    Object.values(node).forEach((n) => refsOf(n, found))
  }
  return found
}

// Definitions in dependency order; a reference back into a cycle is suspended.
const order = []
const state = new Map()
const visit = (name) => {
  if (state.get(name) === "done") return
  if (state.get(name) === "open") return
  state.set(name, "open")
  for (const dep of refsOf(definitions[name])) visit(dep)
  state.set(name, "done")
  order.push(name)
}
Object.keys(definitions).sort().forEach(visit)
const position = new Map(order.map((name, i) => [name, i]))

const isNull = (s) => s.type === "null"
const literal = (v) => JSON.stringify(v)
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name))
const FREE = { schema: "Schema.Record({ key: Schema.String, value: Schema.Unknown })", type: "RecordJson" }

/** The Schema expression and the TypeScript type of one JSON Schema node, written inside definition `owner`. */
const shapeOf = (node, owner, indent) => {
  if (node.$ref) {
    const name = refName(node.$ref)
    const shown = nameOf(name)
    return {
      schema: position.get(name) < position.get(owner) ? shown : `Schema.suspend(() => ${shown})`,
      type: shown
    }
  }
  // The reference notes where the service sends null without declaring it (an event's user).
  if (typeof node.$comment === "string" && /accepts null/.test(node.$comment)) {
    const inner = shapeOf({ ...node, $comment: undefined }, owner, indent)
    return { schema: `Schema.NullOr(${inner.schema})`, type: `${inner.type} | null` }
  }
  if (node.allOf) return node.allOf.length === 1 ? shapeOf(node.allOf[0], owner, indent) : unknown
  if (node.anyOf || node.oneOf) {
    const members = node.anyOf ?? node.oneOf
    const others = members.filter((m) => !isNull(m)).map((m) => shapeOf(m, owner, indent))
    const union = others.length === 1
      ? others[0]
      : {
        schema: `Schema.Union(${others.map((o) => o.schema).join(", ")})`,
        type: others.map((o) => o.type).join(" | ")
      }
    return members.some(isNull) ? { schema: `Schema.NullOr(${union.schema})`, type: `${union.type} | null` } : union
  }
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type]
  const nullable = types.includes("null") || node.nullable === true
  const type = types.find((t) => t !== "null")
  let base
  if (node.enum) {
    const values = node.enum.filter((v) => v !== null)
    base = {
      schema: `oneOf(${values.map(literal).join(", ")})`,
      type: `${values.map(literal).join(" | ")} | Undocumented`
    }
  } else if (type === "string") base = { schema: "Schema.String", type: "string" }
  else if (type === "boolean") base = { schema: "Schema.Boolean", type: "boolean" }
  else if (type === "integer" || type === "number") base = { schema: "Schema.Number", type: "number" }
  else if (type === "array") {
    const item = node.items ? shapeOf(node.items, owner, indent) : unknown
    base = { schema: `Schema.Array(${item.schema})`, type: `ReadonlyArray<${parenthesized(item.type)}>` }
  } else if (type === "object" || node.properties) base = recordOf(node, owner, false, indent)
  else base = unknown
  return nullable ? { schema: `Schema.NullOr(${base.schema})`, type: `${base.type} | null` } : base
}
const unknown = { schema: "Schema.Unknown", type: "unknown" }
const parenthesized = (type) => (/[|&]/.test(type) ? `(${type})` : type)

/** A description's first sentence, for JSDoc: markers such as *Opt In* said after it, links as their text. */
const summary = (text) => {
  let rest = (text ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/\s+/g, " ").trim()
  const markers = []
  for (let m = /^\*([^*]+)\*\s*/.exec(rest); m !== null; m = /^\*([^*]+)\*\s*/.exec(rest)) {
    markers.push(m[1].trim().toLowerCase())
    rest = rest.slice(m[0].length)
  }
  const sentence = rest.replace(/\*/g, "").split(/(?<=\.)\s/)[0].trim()
  const said = markers.length === 0 ? sentence : `${sentence} (${markers.join("; ")})`
  return said.replace(/\*\//g, "* /")
}
const doc = (text, indent) => (text === "" ? "" : `${indent}/** ${text} */\n`)

/** A record: its fields optional but `gid` (when `top`: a record the service answers with). */
const recordOf = (node, owner, top, indent) => {
  const properties = Object.entries(node.properties ?? {})
  if (properties.length === 0) return FREE
  const inner = `${indent}  `
  const fields = properties.map(([name, prop]) => {
    const shape = shapeOf(prop, owner, inner)
    const required = top && name === "gid"
    return {
      schema: required ? `${key(name)}: ${shape.schema}` : `${key(name)}: Schema.optional(${shape.schema})`,
      type: `${doc(summary(prop.description), inner)}${inner}readonly ${key(name)}${required ? "" : "?"}: ${shape.type}`
    }
  })
  // A record's own fields one a line, so a change of the reference shows as the fields it touched.
  return top
    ? {
      schema: `record({\n  ${fields.map((f) => f.schema).join(",\n  ")}\n})`,
      type: `{\n${fields.map((f) => f.type).join("\n")}\n${indent}}`
    }
    : {
      schema: `record({ ${fields.map((f) => f.schema).join(", ")} })`,
      type: `{\n${fields.map((f) => f.type).join("\n")}\n${indent}}`
    }
}

const lines = [
  "// Generated by scripts/taskmgr-records.mjs from the service's record schemas (reference/taskmgr-records.json): do not edit.",
  "// Every field is optional but gid (opt_fields chooses what the service sends), nullable where the service sends null;",
  "// enums admit values the service adds (Undocumented) and fields the reference does not name are kept (core/open-record.ts).",
  "/* eslint-disable */",
  `import * as Schema from "effect/Schema"`,
  `import { oneOf, record, type RecordJson, type Undocumented } from "../../core/open-record.js"`,
  ""
]
for (const definition of order) {
  const node = definitions[definition]
  const name = nameOf(definition)
  const said = summary(node.description)
  const shape = node.properties ? recordOf(node, definition, true, "") : shapeOf(node, definition, "")
  if (node.properties) {
    lines.push(`${doc(said, "")}export interface ${name} ${shape.type}`)
    lines.push(`export const ${name}: Schema.Schema<${name}, RecordJson> = ${shape.schema}`)
  } else {
    lines.push(`${doc(said, "")}export type ${name} = ${shape.type}`)
    lines.push(`export const ${name}: Schema.Schema<${name}, RecordJson> = ${shape.schema}`)
  }
}
writeFileSync(target, lines.join("\n") + "\n")
