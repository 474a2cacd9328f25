/**
 * What `file get` shows as text: the file's name and version, its pages and
 * how many nodes of each type it has. Read from the bytes as they arrive by a
 * small JSON scanner that keeps only a stack of open containers and the few
 * strings it needs (keys of the file and of nodes, node names and types), so
 * a document of hundreds of megabytes is summarized in constant memory.
 * `summarizeDocument` gives the same summary from a decoded document.
 */
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"

export interface PageSummary {
  readonly name: string
  /** Nodes on the page, the page itself not counted. */
  readonly nodes: number
}

export interface FileSummary {
  /** The file's own scalar fields: name, version, lastModified, editorType, ... */
  readonly fields: Readonly<Record<string, string | number | boolean | null>>
  readonly pages: ReadonlyArray<PageSummary>
  /** Every node but the document root. */
  readonly nodes: number
  /** Node count by type, most common first. */
  readonly types: ReadonlyArray<readonly [type: string, count: number]>
  readonly bytes: number
}

/** Where a container sits: the file object, a node, a node's children array, or anything else. */
type Role = "root" | "node" | "children" | "other"

interface Frame {
  readonly array: boolean
  readonly role: Role
  /** 0 for the document, 1 for a page, ... */
  readonly level: number
  /** The key whose value comes next (objects whose keys are read). */
  key: string | undefined
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const decoder = new TextDecoder()

/** Keys and values longer than this are never needed: skipped, not held. */
const MAX_CAPTURE = 4096

export class SummaryScanner {
  private readonly stack: Array<Frame> = []
  private inString = false
  private escaped = false
  private inBare = false
  private expectKey = false
  private capture: Array<number> | undefined = undefined
  private bare: Array<number> | undefined = undefined
  private stringIsKey = false
  private readonly fields: Record<string, string | number | boolean | null> = {}
  private readonly pages: Array<{ name: string; nodes: number }> = []
  private readonly types = new Map<string, number>()
  private nodes = 0
  private bytes = 0

  push(chunk: Uint8Array): void {
    this.bytes += chunk.length
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (b === BACKSLASH) this.escaped = true
        else if (b === QUOTE) {
          this.inString = false
          this.endString()
          continue
        }
        if (this.capture !== undefined) {
          if (this.capture.length < MAX_CAPTURE) this.capture.push(b)
          else this.capture = undefined
        }
        continue
      }
      if (this.inBare) {
        if (b === 0x2c || b === 0x7d || b === 0x5d || b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) {
          this.inBare = false
          this.endBare()
        } else {
          this.bare?.push(b)
          continue
        }
      }
      switch (b) {
        case QUOTE:
          this.startString()
          break
        case 0x7b: // {
          this.open(false)
          break
        case 0x5b: // [
          this.open(true)
          break
        case 0x7d: // }
        case 0x5d: // ]
          this.close()
          break
        case 0x3a: // :
          this.expectKey = false
          break
        case 0x2c: // ,
          this.expectKey = this.top()?.array === false
          break
        case 0x20:
        case 0x0a:
        case 0x0d:
        case 0x09:
          break
        default:
          this.inBare = true
          this.bare = this.wantsValue() ? [b] : undefined
      }
    }
  }

  summary(): FileSummary {
    if (this.inBare) {
      this.inBare = false
      this.endBare()
    }
    return {
      fields: { ...this.fields },
      pages: this.pages.map((p) => ({ ...p })),
      nodes: this.nodes,
      types: [...this.types].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
      bytes: this.bytes
    }
  }

  private top(): Frame | undefined {
    return this.stack[this.stack.length - 1]
  }

  /** Whether the scalar about to be read matters: a file field, or a node's name or type. */
  private wantsValue(): boolean {
    const top = this.top()
    if (top === undefined || top.array) return false
    return top.role === "root" || (top.role === "node" && (top.key === "name" || top.key === "type"))
  }

  private startString() {
    this.inString = true
    this.escaped = false
    const top = this.top()
    this.stringIsKey = this.expectKey
    const keyed = top !== undefined && !top.array && (top.role === "root" || top.role === "node")
    this.capture = (this.stringIsKey ? keyed : this.wantsValue()) ? [] : undefined
  }

  private endString() {
    const top = this.top()
    const captured = this.capture
    this.capture = undefined
    if (top === undefined || top.array) return
    if (this.stringIsKey) {
      top.key = captured === undefined ? undefined : text(captured)
      return
    }
    if (captured === undefined) return
    this.scalar(top, JSON.parse(`"${text(captured)}"`) as string)
  }

  private endBare() {
    const top = this.top()
    const captured = this.bare
    this.bare = undefined
    if (top === undefined || captured === undefined) return
    let value: unknown
    try {
      value = JSON.parse(text(captured))
    } catch {
      return
    }
    if (typeof value === "number" || typeof value === "boolean" || value === null) this.scalar(top, value)
  }

  private scalar(top: Frame, value: string | number | boolean | null) {
    if (top.key === undefined) return
    if (top.role === "root") {
      this.fields[top.key] = value
      return
    }
    if (typeof value !== "string") return
    if (top.key === "type") {
      this.types.set(value, (this.types.get(value) ?? 0) + 1)
    } else if (top.key === "name" && top.level === 1) {
      const page = this.pages[this.pages.length - 1]
      if (page !== undefined) page.name = value
    }
  }

  private open(array: boolean) {
    const parent = this.top()
    let role: Role = "other"
    let level = parent?.level ?? -1
    if (parent === undefined) role = array ? "other" : "root"
    else if (!array && parent.role === "root" && parent.key === "document") {
      role = "node"
      level = 0
    } else if (array && parent.role === "node" && parent.key === "children") {
      role = "children"
      level = parent.level + 1
    } else if (!array && parent.role === "children") role = "node"
    if (role === "node" && level >= 1) {
      this.nodes += 1
      if (level === 1) this.pages.push({ name: "", nodes: 0 })
      else {
        const page = this.pages[this.pages.length - 1]
        if (page !== undefined) page.nodes += 1
      }
    }
    this.stack.push({ array, role, level, key: undefined })
    this.expectKey = !array
  }

  private close() {
    this.stack.pop()
    this.expectKey = false
  }
}

const text = (bytes: ReadonlyArray<number>): string => {
  let ascii = true
  for (const b of bytes) {
    if (b > 0x7f) {
      ascii = false
      break
    }
  }
  return ascii ? String.fromCharCode(...bytes) : decoder.decode(Uint8Array.from(bytes))
}

/** The summary of a document's bytes, read as they arrive. */
export const summarizeBytes = <E, R>(bytes: Stream.Stream<Uint8Array, E, R>): Effect.Effect<FileSummary, E, R> =>
  Effect.suspend(() => {
    const scanner = new SummaryScanner()
    return Effect.as(Stream.runForEach(bytes, (chunk) => Effect.sync(() => scanner.push(chunk))), undefined).pipe(
      Effect.map(() => scanner.summary())
    )
  })

interface TreeNode {
  readonly name?: unknown
  readonly type?: unknown
  readonly children?: unknown
}

const childrenOf = (node: unknown): ReadonlyArray<unknown> => {
  const children = (node as TreeNode | null)?.children
  return Array.isArray(children) ? children : []
}

/** The same summary from a decoded file (its fields and document tree). */
export const summarizeDocument = (file: Readonly<Record<string, unknown>>): FileSummary => {
  const fields: Record<string, string | number | boolean | null> = {}
  for (const [key, value] of Object.entries(file)) {
    if (value === null || typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      fields[key] = value
    }
  }
  const types = new Map<string, number>()
  let nodes = 0
  const walk = (node: unknown): number => {
    let below = 0
    for (const child of childrenOf(node)) {
      nodes += 1
      below += 1
      const type = (child as TreeNode | null)?.type
      if (typeof type === "string") types.set(type, (types.get(type) ?? 0) + 1)
      below += walk(child)
    }
    return below
  }
  const root = file.document
  const rootType = (root as TreeNode | null | undefined)?.type
  if (typeof rootType === "string") types.set(rootType, 1)
  const pages: Array<PageSummary> = []
  for (const page of childrenOf(root)) {
    nodes += 1
    const type = (page as TreeNode | null)?.type
    if (typeof type === "string") types.set(type, (types.get(type) ?? 0) + 1)
    const name = (page as TreeNode | null)?.name
    pages.push({ name: typeof name === "string" ? name : "", nodes: walk(page) })
  }
  return {
    fields,
    pages,
    nodes,
    types: [...types].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)),
    bytes: 0
  }
}

/** The text record of a summary. */
export const summaryRecord = (s: FileSummary): Readonly<Record<string, unknown>> => ({
  name: s.fields.name,
  editor_type: s.fields.editorType,
  version: s.fields.version,
  last_modified: s.fields.lastModified,
  main_file_key: s.fields.mainFileKey,
  pages: s.pages.map((p) => `${p.name} (${p.nodes})`).join(", "),
  nodes: s.nodes,
  types: s.types.map(([t, n]) => `${t} ${n}`).join(", "),
  size: s.bytes === 0 ? undefined : `${s.bytes} bytes`
})
