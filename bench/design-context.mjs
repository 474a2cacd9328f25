// The design context (`design file context`, tool design_file_context) against the most used design-file tool
// server's simplifier, Framelink's figma-developer-mcp `simplifyRawFigmaObject(answer, allExtractors)`, on the same
// service answers: the sandbox's files (whole, a page, a frame) and the scene file test/design/fixtures/
// product-screen.json (a shop's product page: nested auto-layout, styles, variant instances, image fills).
// For each document it prints both sizes as compact JSON and their ratio (goal: ours at most half of theirs), and
// checks that every fact theirs carries is in ours: node ids and names, text, dimensions, colours, auto-layout
// direction, gap, padding and component references (instances' component ids and those components' names).
// Ours is read with its `like` and `copy` references resolved; the shapes inside boolean operations are vector
// internals, which ours leaves out unless asked: they are counted apart, and checked present when asked for.
// Each sandbox row's bytes are also checked to be what `design file context` prints.
//
// Needs the build (npm run build) and the dev dependency figma-developer-mcp; installs and fetches nothing else.
// Usage: node bench/design-context.mjs            (exit 1 when a goal document is over half or a fact is missing)
import { execFileSync, spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { createInterface } from "node:readline"

const { designContext } = await import("../lib/design/local/design-context.js").catch(() => {
  throw new Error("lib/ is missing: run npm run build first")
})
const { allExtractors, simplifyRawFigmaObject } = await import("figma-developer-mcp").catch(() => {
  throw new Error("figma-developer-mcp is missing: npm ci installs it (a devDependency)")
})

// ---- the documents -------------------------------------------------------------------------------------

const node = process.execPath
const base = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NO_COLOR: "1" }
const sandbox = spawn(node, ["dist/design.js", "sandbox"], { env: base, stdio: ["ignore", "pipe", "inherit"] })
const seed = JSON.parse(
  await new Promise((resolve) => createInterface({ input: sandbox.stdout }).once("line", resolve))
)

const answer = async (path, token = seed.tokens.personal) => {
  const r = await fetch(`${seed.base_url}${path}`, { headers: { "x-design-token": token } })
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`)
  return r.json()
}

/** What `design file context ARGS` prints, as the product runs it. */
const printed = (args, token = seed.tokens.personal) =>
  execFileSync(node, ["dist/design.js", "file", "context", ...args], {
    env: { ...base, DESIGN_BASE_URL: seed.base_url, DESIGN_ACCESS_TOKEN: token },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024
  }).trimEnd()

/** A nodes answer for one node of a whole-file answer, as GET /v1/files/KEY/nodes?ids=ID answers it. */
const nodesAnswer = (file, id) => {
  const find = (n) => n.id === id ? n : (n.children ?? []).map(find).find((x) => x !== undefined)
  const { components, componentSets, document, schemaVersion, styles, ...fields } = file
  return {
    ...fields,
    nodes: { [id]: { document: find(document), components, componentSets, schemaVersion, styles } }
  }
}

const key = seed.file_key
const scene = JSON.parse(readFileSync(new URL("../test/design/fixtures/product-screen.json", import.meta.url), "utf8"))
const documents = [
  { name: "Sandbox File (whole)", raw: await answer(`/v1/files/${key}`), cli: [key] },
  {
    name: "Sandbox File, page Screens",
    raw: await answer(`/v1/files/${key}/nodes?ids=0:2`),
    cli: [key, "--node-id", "0:2"]
  },
  {
    name: "Sandbox File, frame Home",
    raw: await answer(`/v1/files/${key}/nodes?ids=2:1`),
    cli: [key, "--node-id", "2:1"]
  },
  {
    name: "Sandbox File, page Components",
    raw: await answer(`/v1/files/${key}/nodes?ids=0:3`),
    cli: [key, "--node-id", "0:3"]
  },
  {
    name: "Starter File (whole)",
    raw: await answer(`/v1/files/${seed.starter_file_key}`, seed.tokens.starter),
    cli: [seed.starter_file_key],
    token: seed.tokens.starter
  },
  { name: "Scene: product page (whole)", raw: scene },
  { name: "Scene: product page, screen", raw: nodesAnswer(scene, "10:1") }
]
// A load-test document (POST /_sandbox/files): copies of one synthetic frame. Shown, not a goal document.
{
  const r = await fetch(`${seed.base_url}/_sandbox/files`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ approx_bytes: 150_000 })
  })
  const { file_key } = await r.json()
  documents.push({ name: "Generated load-test file", raw: await answer(`/v1/files/${file_key}`), informational: true })
}

// ---- facts -----------------------------------------------------------------------------------------

/** "#RRGGBB", "#RRGGBBAA" and "rgba(r, g, b, a)" in any text, as "RRGGBB/alpha" with alpha to two decimals. */
const colours = (text) => {
  const out = new Set()
  for (const m of text.matchAll(/#([0-9A-Fa-f]{6})([0-9A-Fa-f]{2})?\b/g)) {
    out.add(`${m[1].toUpperCase()}/${m[2] === undefined ? 1 : Math.round((parseInt(m[2], 16) / 255) * 100) / 100}`)
  }
  for (const m of text.matchAll(/rgba\((\d+), (\d+), (\d+), ([\d.]+)\)/g)) {
    const hex = [m[1], m[2], m[3]].map((c) => Number(c).toString(16).padStart(2, "0")).join("").toUpperCase()
    out.add(`${hex}/${Math.round(Number(m[4]) * 100) / 100}`)
  }
  return out
}

/** A CSS length list ("16px 24px") as four sides, top first. */
const fourSides = (v) => {
  const n = typeof v === "number" ? [v] : Array.isArray(v) ? v : String(v).split(" ").map((x) => parseFloat(x))
  const [t, r = t, b = t, l = r] = n
  return [t, r, b, l].join(",")
}

/** The distinct gaps of a layout (between items, between wrapped rows). */
const gaps = (values) => [...new Set(values)].sort((a, b) => a - b).join(",")

/** Their text has markdown: escapes, **bold**, *italic*, ~~strike~~ and {tsN}…{/tsN} runs. */
const plainText = (s) => s.replace(/\{\/?ts\d+\}/g, "").replace(/\\n/g, "\n").replace(/[\\*~]/g, "")

/** Theirs, each node with its templates and named values resolved: id → facts. */
const theirFacts = (out) => {
  const styles = out.globalVars?.styles ?? {}
  const value = (v) => (typeof v === "string" && v in styles ? styles[v] : v)
  const facts = new Map()
  const walk = (n) => {
    const body = n.template === undefined ? n : { ...out.elements[n.template], ...n }
    const layout = value(body.layout) ?? {}
    const visual = JSON.stringify([value(body.fills), value(body.strokes), value(body.effects), value(body.textStyle)])
    facts.set(body.id, {
      name: body.name,
      text: body.text === undefined ? undefined : plainText(body.text),
      width: layout.dimensions?.width,
      height: layout.dimensions?.height,
      colours: colours(visual),
      direction: layout.mode === "row" || layout.mode === "column" ? layout.mode : undefined,
      gap: layout.gap === undefined ? undefined : gaps(String(layout.gap).split(" ").map(parseFloat)),
      padding: layout.padding === undefined ? undefined : fourSides(layout.padding),
      component: body.componentId,
      componentName: body.componentId === undefined ? undefined : out.components?.[body.componentId]?.name
    })
    for (const c of n.children ?? []) walk(c)
  }
  for (const n of out.nodes) walk(n)
  return facts
}

const headOf = (n) => {
  const [head, name] = Object.entries(n)[0]
  const at = head.indexOf(" ")
  return { type: head.slice(0, at), id: head.slice(at + 1), name }
}

/** Ours, each node with `like` and `copy` resolved and named styles looked up: id → facts. */
const ourFacts = (out) => {
  const styles = out.styles ?? {}
  const value = (v) => (typeof v === "string" && v in styles ? styles[v] : v)
  const whole = new Map()
  /** A node's members: those of the node its `like` names, then its own (null: without that one). */
  const resolve = (n) => {
    const { children: _children, copy: _copy, like, ...own } = n
    delete own[Object.keys(n)[0]]
    const merged = { ...(like === undefined ? {} : whole.get(like)), ...own }
    return Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== null))
  }
  const below = new Map()
  /** [id, name, members] of a node and every node below it, a `copy` taking its instance's with ids re-rooted. */
  const expand = (n) => {
    const { id, name } = headOf(n)
    let entries
    if (n.copy !== undefined) {
      entries = below.get(n.copy).map(([layer, layerName, body], i) =>
        i === 0 ? [id, name, body] : [layer.replace(`I${n.copy};`, `I${id};`), layerName, body]
      )
    } else {
      const body = resolve(n)
      whole.set(id, body)
      entries = [[id, name, body], ...(n.children ?? []).flatMap(expand)]
    }
    below.set(id, entries)
    return entries
  }
  const facts = new Map()
  for (const [id, name, body] of out.nodes.flatMap(expand)) {
    const size = body.box === undefined ? body.size : body.box.slice(2)
    const visual = JSON.stringify([
      value(body.fill),
      value(body.stroke),
      value(body.effects),
      value(body.font),
      body.spans
    ])
    const named = body.component === undefined ? undefined : out.components?.[body.component]
    facts.set(id, {
      name,
      text: body.text === undefined ? undefined : plainText(body.text),
      width: size?.[0],
      height: size?.[1],
      colours: colours(visual),
      direction: body.layout === "row" || body.layout === "column" ? body.layout : undefined,
      gap: body.gap === undefined && body.rowGap === undefined
        ? undefined
        : gaps([body.gap ?? 0, body.rowGap ?? []].flat()),
      padding: body.padding === undefined ? undefined : fourSides(body.padding),
      component: body.component,
      componentName: typeof named === "string" ? named : named?.name
    })
  }
  return facts
}

const insideBooleanOperations = (raw) => {
  const ids = new Set()
  const walk = (n, inside) => {
    if (inside) ids.add(n.id)
    for (const c of n.children ?? []) walk(c, inside || n.type === "BOOLEAN_OPERATION")
  }
  if (raw.document !== undefined) walk(raw.document, false)
  for (const entry of Object.values(raw.nodes ?? {})) if (entry !== null) walk(entry.document, false)
  return ids
}

const FACTS = ["name", "text", "width", "height", "direction", "gap", "padding", "component", "componentName"]

const check = (theirs, ours, oursWithVectors, vectorInternals) => {
  const missing = []
  let checked = 0
  let byRule = 0
  for (const [id, t] of theirs) {
    if (vectorInternals.has(id)) {
      byRule++
      if (oursWithVectors.get(id)?.name !== t.name) missing.push(`${id}: not there even with vectors`)
      continue
    }
    const o = ours.get(id)
    checked++
    if (o === undefined) {
      missing.push(`${id} (${t.name}): no such node`)
      continue
    }
    for (const fact of FACTS) {
      if (t[fact] === undefined) continue
      checked++
      if (String(t[fact]) !== String(o[fact])) missing.push(`${id} ${fact}: theirs ${t[fact]}, ours ${o[fact]}`)
    }
    for (const colour of t.colours) {
      checked++
      if (!o.colours.has(colour)) missing.push(`${id} colour ${colour}: ours has ${[...o.colours].join(" ") || "none"}`)
    }
  }
  return { missing, checked, byRule }
}

// ---- the table -------------------------------------------------------------------------------------------

const rows = []
let failed = false
try {
  for (const doc of documents) {
    const ours = JSON.stringify(designContext(doc.raw))
    const theirs = JSON.stringify(await simplifyRawFigmaObject(doc.raw, allExtractors))
    if (doc.cli !== undefined && printed(doc.cli, doc.token) !== ours) {
      throw new Error(`${doc.name}: design file context prints other bytes than the context measured here`)
    }
    const facts = check(
      theirFacts(JSON.parse(theirs)),
      ourFacts(JSON.parse(ours)),
      ourFacts(designContext(doc.raw, { vectors: true })),
      insideBooleanOperations(doc.raw)
    )
    const ratio = ours.length / theirs.length
    const goal = doc.informational === true ? "info" : ratio <= 0.5 ? "ok" : "OVER"
    if (doc.informational !== true && (ratio > 0.5 || facts.missing.length > 0)) failed = true
    rows.push({ ...doc, ours: ours.length, theirs: theirs.length, ratio, goal, ...facts })
  }
} finally {
  sandbox.kill()
}

const pad = (s, n) => String(s).padEnd(n)
const num = (s, n) => String(s).padStart(n)
console.log(
  `${pad("document", 32)}${num("answer", 9)}${num("ours", 9)}${num("theirs", 9)}${num("ratio", 7)}  goal` +
    `${num("facts", 8)}  missing  vector internals`
)
for (const r of rows) {
  console.log(
    `${pad(r.name, 32)}${num(JSON.stringify(r.raw).length, 9)}${num(r.ours, 9)}${num(r.theirs, 9)}` +
      `${num(r.ratio.toFixed(3), 7)}  ${pad(r.goal, 4)}${num(r.checked, 8)}  ${num(r.missing.length, 7)}  ${r.byRule}`
  )
  for (const m of r.missing.slice(0, 10)) console.log(`    missing: ${m}`)
}
console.log(
  "\nBytes of compact JSON (JSON.stringify). answer: the service's own JSON. facts: theirs checked in ours (node ids, " +
    "names, text, dimensions, colours, direction, gap, padding, component references). vector internals: nodes inside " +
    "boolean operations, which ours leaves out unless asked for (checked present with vectors). info: a load-test " +
    "document (copies of one synthetic frame), shown but not held to the goal."
)
process.exit(failed ? 1 : 0)
