/**
 * Documents of a requested size, for measuring a client on large files.
 *
 * A generated file is only its shape (how many pages of how many frames);
 * every node is derived from its position when it is written, so serving a
 * 200 MB document holds one frame at a time. Page p is `0:p`; frame k on it
 * is `p:(10k)` and its eight descendants `p:(10k+1)` to `p:(10k+8)`.
 */
import type { DocNode, DocumentSource, TreeOptions } from "./document.js"
import { emptyCatalog, makeRefs, nodeJson } from "./document.js"
import type { Box, NodeSpec } from "./nodes.js"
import {
  canvas,
  documentNode,
  ellipse,
  frame,
  group,
  imagePaint,
  materialize,
  rectangle,
  solid,
  text,
  vector
} from "./nodes.js"
import { hexKey } from "./seed-documents.js"

export interface GeneratedFile {
  readonly key: string
  readonly name: string
  readonly approx_bytes: number
  readonly pages: number
  readonly frames_per_page: number
  readonly frames: number
  readonly created_at: string
  readonly version: string
}

const FRAMES_PER_PAGE = 100
/** Large enough for any document a benchmark asks for, small enough to refuse a typo. */
export const MAX_GENERATED_BYTES = 4 * 1024 ** 3

const IMAGE_REFS = [0, 1, 2].map((i) => hexKey("image", "generated", String(i)))

const BODY = "Generated copy for load testing. The quick brown fox jumps over the lazy dog; " +
  "pack my box with five dozen liquor jugs. Sphinx of black quartz, judge my vow."

const box = (x: number, y: number, width: number, height: number): Box => ({ x, y, width, height })

const frameSpec = (page: number, k: number): NodeSpec => {
  const id = (n: number) => `${page}:${k * 10 + n}`
  const x = ((k - 1) % 10) * 440
  const y = Math.floor((k - 1) / 10) * 900
  const font = { family: "Inter", weight: 400, size: 16 }
  return frame({ id: id(0), name: `Screen ${page}.${k}`, box: box(x, y, 390, 844), fills: [solid("#FFFFFF")] }, [
    text({ id: id(1), name: "Title", box: box(x + 24, y + 64, 342, 39) }, `Screen ${page}.${k}`, {
      ...font,
      weight: 700,
      size: 32
    }),
    text({ id: id(2), name: "Body", box: box(x + 24, y + 120, 342, 120) }, BODY, font),
    rectangle({
      id: id(3),
      name: "Photo",
      box: box(x + 24, y + 260, 342, 220),
      fills: [imagePaint(IMAGE_REFS[k % IMAGE_REFS.length] ?? "")],
      cornerRadius: 12
    }),
    group({ id: id(4), name: "Actions", box: box(x + 24, y + 760, 342, 48) }, [
      rectangle({
        id: id(5),
        name: "Button background",
        box: box(x + 24, y + 760, 342, 48),
        fills: [solid("#6366F1")],
        cornerRadius: 8
      }),
      text({ id: id(6), name: "Button label", box: box(x + 40, y + 774, 310, 20) }, "Continue", {
        ...font,
        weight: 500
      })
    ]),
    ellipse({ id: id(7), name: "Avatar", box: box(x + 326, y + 64, 40, 40), fills: [solid("#E0E7FF")] }),
    vector({ id: id(8), name: "Icon", box: box(x + 334, y + 300, 24, 24), fills: [solid("#111827")] })
  ])
}

const framesOn = (file: GeneratedFile, page: number): number =>
  page < file.pages ? file.frames_per_page : file.frames - (file.pages - 1) * file.frames_per_page

const pageSpec = (page: number): NodeSpec => canvas(`0:${page}`, `Page ${page}`, "#F5F5F5", [])

/** Bytes one frame takes on the wire, measured once from a typical frame. */
const FRAME_BYTES = (() => {
  const options: TreeOptions = { depth: undefined, geometry: false, pluginData: new Set() }
  return [...nodeJson(materialize(frameSpec(12, 34)), options, makeRefs())].join("").length + 1
})()

/** The shape that serializes to about `approxBytes`. */
export const planGenerated = (key: string, approxBytes: number, created_at: string, serial: number): GeneratedFile => {
  const frames = Math.max(1, Math.round(approxBytes / FRAME_BYTES))
  const pages = Math.ceil(frames / FRAMES_PER_PAGE)
  return {
    key,
    name: `Generated ${approxBytes} bytes`,
    approx_bytes: approxBytes,
    pages,
    frames_per_page: FRAMES_PER_PAGE,
    frames,
    created_at,
    version: String(3_100_000_000_000_000_000n + BigInt(serial))
  }
}

/** A node whose children are made when asked for. */
const lazy = (spec: NodeSpec, children: () => Iterable<DocNode>, encloses: (id: string) => boolean): DocNode => ({
  id: spec.id,
  name: spec.name,
  type: spec.type,
  props: spec.props,
  children,
  encloses
})

const parseId = (id: string): { readonly a: number; readonly b: number } | null => {
  const match = /^(\d+):(\d+)$/.exec(id)
  return match === null ? null : { a: Number(match[1]), b: Number(match[2]) }
}

export const generatedDocument = (file: GeneratedFile): DocumentSource => {
  const frameExists = (page: number, k: number) =>
    page >= 1 && page <= file.pages && k >= 1 && k <= framesOn(file, page)

  /** Frame k of page p and the child slot c (0 = the frame itself), if the id is one. */
  const locate = (id: string): { page: number; k: number; c: number } | null => {
    const parsed = parseId(id)
    if (parsed === null) return null
    const { a: page, b } = parsed
    const k = Math.floor(b / 10)
    const c = b % 10
    return c <= 8 && frameExists(page, k) ? { page, k, c } : null
  }

  const pageNode = (page: number): DocNode =>
    lazy(
      pageSpec(page),
      function*() {
        for (let k = 1; k <= framesOn(file, page); k++) yield materialize(frameSpec(page, k))
      },
      (id) => locate(id)?.page === page
    )

  const root = lazy(
    documentNode([]),
    function*() {
      for (let page = 1; page <= file.pages; page++) yield pageNode(page)
    },
    (id) => id !== "0:0" && find(id) !== null
  )

  const find = (id: string): DocNode | null => {
    if (id === "0:0") return root
    const parsed = parseId(id)
    if (parsed !== null && parsed.a === 0) return parsed.b >= 1 && parsed.b <= file.pages ? pageNode(parsed.b) : null
    const at = locate(id)
    if (at === null) return null
    const frameNode = materialize(frameSpec(at.page, at.k))
    if (at.c === 0) return frameNode
    const search = (node: DocNode): DocNode | null => {
      if (node.id === id) return node
      for (const child of node.children?.() ?? []) {
        const found = search(child)
        if (found !== null) return found
      }
      return null
    }
    return search(frameNode)
  }

  return { root, find, catalog: emptyCatalog, imageRefs: IMAGE_REFS }
}
