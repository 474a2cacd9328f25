// Writes each service's method interface (src/<service>/api-methods.ts) from its registry, so that the library's
// declarations carry a JSDoc block on every method: hovering `api.taskGet` in an editor says what it does, the
// request it sends, how it pages, the plan or token kind it needs, the errors it can fail with (read from its
// type by the TypeScript checker), `@deprecated` where it is, and an example. Run by the build;
// test/library/api-methods.test.ts fails when a file is stale.
//
// The request is found by running the operation, with readable values its input Schema accepts, on a client whose
// pipeline keeps the request instead of sending it. Local operations (the TODO scan, the
// project export) read and write files, so they are not run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import ts from "typescript"
import { writeRecord } from "./api-methods-record.mjs"
import { importSources } from "./import-sources.mjs"

const services = [
  {
    name: "design",
    api: "DesignApi",
    title: "the design service",
    operations: "designOperations",
    type: "DesignOperations",
    resolve: "resolveDesignOptions",
    options: { token: "probe-token-0000", teamId: "1300000000000000001", baseUrl: "http://127.0.0.1" }
  },
  {
    name: "taskmgr",
    api: "TaskmgrApi",
    title: "the task manager",
    operations: "taskmgrOperations",
    type: "TaskmgrOperations",
    resolve: "resolveTaskmgrOptions",
    options: { token: "probe-token-0000", workspace: "1200000000000101", baseUrl: "http://127.0.0.1" }
  }
]

/** Groups whose operations work on local files: never run to find a request. */
const LOCAL_GROUPS = new Set(["scan-todos", "project-export"])

const target = (service) => `src/${service.name}/api-methods.ts`

// ---- the registries, bundled from the sources --------------------------------------------------

const loadRegistries = (dir) =>
  importSources([
    `export * as Effect from "effect/Effect"`,
    `export * as Exit from "effect/Exit"`,
    `export * as Schema from "effect/Schema"`,
    `export * as SchemaAST from "effect/SchemaAST"`,
    `export * as Redacted from "effect/Redacted"`,
    `export { routeTemplate } from "./src/core/http/route.ts"`,
    ...services.map((s) => `export { ${s.operations} } from "./src/${s.name}/operations.ts"`),
    ...services.map((s) => `export { ${s.resolve} } from "./src/${s.name}/service.ts"`)
  ], dir)

// ---- the request each operation sends ----------------------------------------------------------

class Sent {
  constructor(spec) {
    this.spec = spec
  }
}

/**
 * The distinct requests (method and route template) the operation sends first: with its required fields, and
 * with each optional field besides (a list's project, section or tag each take their own route).
 */
const requestsOf = async (m, op, settings) => {
  if (LOCAL_GROUPS.has(op.group)) return []
  const fields = inputFields(m, op)
  if (fields === undefined) return []
  const required = fields.filter((f) => !f.optional)
  if (required.some((f) => f.example === undefined)) return []
  const base = Object.fromEntries(required.map((f) => [f.name, f.example.value]))
  const inputs = [
    base,
    ...fields.filter((f) => f.optional && f.example !== undefined).map((f) => ({ ...base, [f.name]: f.example.value }))
  ]
  const keep = (spec) => m.Effect.fail(new Sent(spec))
  const client = { settings, pipeline: { send: keep, download: keep } }
  const found = new Set()
  for (const input of inputs) {
    const exit = await m.Effect.runPromiseExit(
      m.Effect.timeout(m.Effect.suspend(() => op.run(client, input, undefined)), "1 second")
    )
    if (exit._tag !== "Failure" || exit.cause._tag !== "Fail" || !(exit.cause.error instanceof Sent)) continue
    const spec = exit.cause.error.spec
    found.add(`${spec.method} ${spec.route ?? m.routeTemplate(spec.path, input)}`)
  }
  return namedOnly([...found]).sort()
}

/**
 * Routes that say a field's name where another says `{gid}` (the configured workspace or team standing in for an
 * omitted field) are the same request: the named one is kept.
 */
const namedOnly = (routes) =>
  routes.filter((route) =>
    !routes.some((other) => {
      if (other === route) return false
      const [a, b] = [route.split(/[ /]/), other.split(/[ /]/)]
      return a.length === b.length && a.some((s, i) => s === "{gid}" && b[i] !== s) &&
        a.every((s, i) => s === b[i] || (s === "{gid}" && /^\{\w+\}$/.test(b[i])))
    })
  )

// ---- the errors each operation can fail with, from its type ------------------------------------

const errorTags = (dir) => {
  const probe = join(dir, "errors.ts")
  const root = process.cwd()
  writeFileSync(
    probe,
    [
      `import type { ErrorOf } from "${root}/src/core/operation.js"`,
      ...services.map((s) => `import type { ${s.type} } from "${root}/src/${s.name}/operations.js"`),
      `type Tags<Ops> = { [K in keyof Ops]: ErrorOf<Ops[K]> extends { readonly _tag: infer T } ? T : never }`,
      ...services.map((s) => `export declare const ${s.name}: Tags<${s.type}>`)
    ].join("\n")
  )
  const program = ts.createProgram([probe], {
    strict: true,
    exactOptionalPropertyTypes: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"]
  })
  const checker = program.getTypeChecker()
  const tags = {}
  for (const statement of program.getSourceFile(probe).statements) {
    if (!ts.isVariableStatement(statement)) continue
    for (const declaration of statement.declarationList.declarations) {
      const byOperation = {}
      for (const property of checker.getTypeAtLocation(declaration.name).getProperties()) {
        const type = checker.getTypeOfSymbol(property)
        byOperation[property.name] = (type.isUnion() ? type.types : [type])
          .filter((t) => t.isStringLiteral())
          .map((t) => t.value)
      }
      tags[declaration.name.text] = byOperation
    }
  }
  return tags
}

// ---- examples ----------------------------------------------------------------------------------

/** Readable values tried in turn for a text field, until its Schema accepts one. */
const TEXT_CANDIDATES = [
  "1200000000000601",
  "SbxF1leKey0000Sandbox01",
  "1:2",
  "https://hooks.example.com/design",
  ":heart:",
  "2026-03-02",
  "2026-03-02T09:00:00Z",
  "me",
  "Weekly report"
]

const valueFor = (m, ast, name) => {
  const schema = m.Schema.make(ast)
  const accepts = (value) => m.Schema.is(schema)(value)
  const literal = m.SchemaAST.isUnion(ast)
    ? ast.types.find((t) => m.SchemaAST.isLiteral(t))
    : m.SchemaAST.isLiteral(ast)
    ? ast
    : undefined
  if (literal !== undefined && accepts(literal.literal)) {
    return { value: literal.literal, text: JSON.stringify(literal.literal) }
  }
  for (const candidate of [...TEXT_CANDIDATES, name]) {
    if (accepts(candidate)) return { value: candidate, text: JSON.stringify(candidate) }
  }
  const secret = m.Redacted.make("a-shared-secret")
  if (accepts(secret)) return { value: secret, text: `Redacted.make("a-shared-secret")` }
  for (const candidate of [1, true]) if (accepts(candidate)) return { value: candidate, text: String(candidate) }
  return undefined
}

/** The input's fields, each with a readable value its Schema accepts (when one of the candidates is). */
const inputFields = (m, op) => {
  let ast = op.input.ast
  while (m.SchemaAST.isTransformation(ast) || m.SchemaAST.isRefinement(ast)) {
    ast = m.SchemaAST.isTransformation(ast) ? ast.to : ast.from
  }
  if (!m.SchemaAST.isTypeLiteral(ast)) return undefined
  return ast.propertySignatures.map((p) => ({
    name: String(p.name),
    optional: p.isOptional,
    example: valueFor(m, p.type, String(p.name))
  }))
}

/** The call with the operation's required fields, or undefined when one cannot be given a readable value. */
const exampleInput = (m, op) => {
  const required = (inputFields(m, op) ?? [{ example: undefined }]).filter((f) => !f.optional)
  if (required.some((f) => f.example === undefined)) return undefined
  const value = Object.fromEntries(required.map((f) => [f.name, f.example.value]))
  if (!m.Schema.is(m.Schema.typeSchema(op.input))(value)) return undefined
  return required.length === 0 ? "{}" : `{ ${required.map((f) => `${f.name}: ${f.example.text}`).join(", ")} }`
}

// ---- the JSDoc block -------------------------------------------------------------------------------

const IMPACT = {
  read: () => "Reads only.",
  write: (op) =>
    op.idempotent
      ? "Writes; the same call twice leaves the same state."
      : "Writes; not safe to repeat blindly: a lost answer is a `ServiceError` with `unconfirmed`, check before repeating.",
  destroy: () => "Deletes or overwrites; safe to repeat."
}

const wrap = (text, width = 110) => {
  const lines = []
  let line = ""
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line === "" ? word : `${line} ${word}`
  }
  if (line !== "") lines.push(line)
  return lines
}

const docOf = (m, service, op, requests, errors) => {
  const paragraphs = [op.summary]
  const facts = []
  if (requests.length > 0) facts.push(`Sends ${requests.map((r) => `\`${r}\``).join(" or ")}.`)
  else if (LOCAL_GROUPS.has(op.group)) facts.push("Runs here, on local files, with the requests it needs.")
  facts.push(IMPACT[op.impact](op))
  if (op.deletes) facts.push("A target already gone is success: `already_absent: true`.")
  paragraphs.push(facts.join(" "))
  if (op.paging !== undefined) {
    paragraphs.push(
      `One page (paged by ${op.paging.model.name}): give its \`next_cursor\` back as \`cursor\` for the next, ` +
        `or use \`streams.${op.name}\` for every item.`
    )
  }
  const needs = []
  if (op.plan !== undefined) needs.push(`Needs ${op.plan} (\`PlanRequiredError\` otherwise).`)
  if (op.modes !== undefined) needs.push(`Only with a ${op.modes.join(" or ")} token (\`AuthModeError\` otherwise).`)
  if (needs.length > 0) paragraphs.push(needs.join(" "))
  if (errors.length > 0) paragraphs.push(`Fails with ${errors.map((e) => `\`${e}\``).join(", ")}.`)
  const lines = paragraphs.flatMap((p, i) => [...(i === 0 ? [] : [""]), ...wrap(p)])
  if (op.deprecated !== undefined) lines.push(...wrap(`@deprecated ${op.deprecated}`))
  const input = exampleInput(m, op)
  if (input !== undefined && op.deprecated === undefined) {
    lines.push("@example")
    lines.push(`const answer = yield* api.${op.name}(${input})`)
    if (op.paging !== undefined) lines.push(`const every = api.streams.${op.name}(${input})`)
  }
  return lines
}

const block = (
  lines,
  indent
) => [
  `${indent}/**`,
  ...lines.map((l) => (l === "" ? `${indent} *` : `${indent} * ${l.replace(/\*\//g, "* /")}`)),
  `${indent} */`
]

// ---- the files -------------------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), "api-methods-"))
const written = {}
try {
  const m = await loadRegistries(dir)
  const tags = errorTags(dir)
  for (const service of services) {
    const operations = m[service.operations]
    const settings = await m.Effect.runPromise(m[service.resolve](service.options))
    const methods = []
    const streams = []
    for (const [name, op] of Object.entries(operations)) {
      const requests = await requestsOf(m, op, settings)
      const errors = [...(tags[service.name][name] ?? []), "InvalidInputError"].filter((e, i, all) =>
        all.indexOf(e) === i
      )
        .sort()
      methods.push(
        ...block(docOf(m, service, op, requests, errors), "  "),
        `  readonly ${name}: MethodOf<Ops["${name}"]>`
      )
      if (op.paging !== undefined) {
        streams.push(
          ...block(
            [
              `Every item of \`${name}\`, page after page, fetched as the stream is pulled: ${op.summary}`,
              ...(op.deprecated === undefined ? [] : wrap(`@deprecated ${op.deprecated}`))
            ],
            "  "
          ),
          `  readonly ${name}: StreamOf<Ops["${name}"]>`
        )
      }
    }
    const text = [
      `// Generated by scripts/api-methods.mjs from src/${service.name}/groups: do not edit (the build rewrites it).`,
      `import type { MethodOf, StreamOf } from "../core/service/api.js"`,
      `import type { ${service.type} as Ops } from "./operations.js"`,
      "",
      `/**`,
      ` * One method per operation of ${service.title}, each documented from its`,
      ` * definition. The examples run inside \`Effect.gen\` with \`const api = yield* ${service.api}\`.`,
      ` */`,
      `export interface ${service.api}Methods {`,
      ...methods,
      `}`,
      "",
      `/** Every item of each paged list, page after page, fetched as the stream is pulled. */`,
      `export interface ${service.api}Streams {`,
      ...streams,
      `}`,
      ""
    ].join("\n")
    // API_METHODS_OUT (a path with {service}) writes elsewhere: the staleness test compares.
    const out = process.env.API_METHODS_OUT?.replace("{service}", service.name) ?? target(service)
    const previous = (() => {
      try {
        return readFileSync(out, "utf8")
      } catch {
        return undefined
      }
    })()
    // Unchanged files keep their time, so nothing downstream sees a change.
    if (previous !== text) writeFileSync(out, text)
    written[service.name] = out
  }
  if (process.env.API_METHODS_OUT === undefined) writeRecord(written)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
