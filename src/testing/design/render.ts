/**
 * Rendered images and image fills: the links the API hands out (served by
 * the simulator's own /_sandbox/render and /_sandbox/fills until they
 * expire), and their bytes: small but valid PNG, JPEG, SVG and PDF files,
 * one solid colour derived from the file and node, so the same URL always
 * serves the same bytes and different nodes differ.
 */
import { createHash } from "node:crypto"
import { deflateSync } from "node:zlib"
import type { DocNode } from "./document.js"

const DAY_S = 86_400
/** Rendered-image links last 30 days, image-fill links at most 14 (spec section 8). */
const RENDER_URL_DAYS = 30
const FILL_URL_DAYS = 14

/** `1:2` as a path segment `1-2`; `I2:3;3:9` as `I2-3;3-9`, escaped. */
const nodeSegment = (id: string): string => encodeURIComponent(id.replace(/:/g, "-"))
export const nodeFromSegment = (segment: string): string => decodeURIComponent(segment).replace(/-/g, ":")

const expiry = (now_ms: number, days: number) => Math.floor(now_ms / 1000) + days * DAY_S

export const renderUrl = (origin: string, key: string, nodeId: string, format: string, now_ms: number) =>
  `${origin}/_sandbox/render/${key}/${nodeSegment(nodeId)}.${format}?expires=${expiry(now_ms, RENDER_URL_DAYS)}`

export const fillUrl = (origin: string, key: string, imageRef: string, now_ms: number) =>
  `${origin}/_sandbox/fills/${key}/${imageRef}.png?expires=${expiry(now_ms, FILL_URL_DAYS)}`

/** Whether a node has a rendering: not unknown, not hidden, not the document itself. */
export const renders = (node: DocNode | null): boolean =>
  node !== null && node.type !== "DOCUMENT" && node.props.visible !== false

export type RenderFormat = "jpg" | "png" | "svg" | "pdf"

export const RENDER_FORMATS: ReadonlyArray<RenderFormat> = ["jpg", "png", "svg", "pdf"]

export const CONTENT_TYPES: Record<RenderFormat, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  pdf: "application/pdf"
}

export interface Colour {
  readonly r: number
  readonly g: number
  readonly b: number
}

export const colourOf = (...parts: ReadonlyArray<string>): Colour => {
  const digest = createHash("sha1").update(parts.join("\u0000")).digest()
  return { r: digest[0] ?? 0, g: digest[1] ?? 0, b: digest[2] ?? 0 }
}

const hex = (c: Colour) => `#${[c.r, c.g, c.b].map((v) => v.toString(16).padStart(2, "0")).join("")}`

// ── PNG ─────────────────────────────────────────────────────────────────────

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

const crc32 = (bytes: Uint8Array): number => {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

const chunk = (type: string, data: Uint8Array): Buffer => {
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

export const png = (width: number, height: number, colour: Colour): Uint8Array => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit truecolour, no interlace
  const row = [0, ...Array.from({ length: width }, () => [colour.r, colour.g, colour.b]).flat()]
  const raw = Buffer.from(Array.from({ length: height }, () => row).flat())
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array(0))
  ])
}

// ── JPEG ────────────────────────────────────────────────────────────────────
// One 8x8 baseline block per component (Y, Cb, Cr), quantization 1. A flat
// block has only a DC coefficient, 8 * (sample - 128); the AC part is an
// end-of-block. DC categories 0-11 get 4-bit codes 0000-1011; EOB is "0".

class BitWriter {
  private readonly bytes: Array<number> = []
  private current = 0
  private count = 0
  write(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      this.current = (this.current << 1) | ((value >> i) & 1)
      if (++this.count === 8) this.flushByte()
    }
  }
  private flushByte(): void {
    this.bytes.push(this.current)
    if (this.current === 0xff) this.bytes.push(0x00)
    this.current = 0
    this.count = 0
  }
  finish(): Array<number> {
    while (this.count !== 0) this.write(1, 1)
    return this.bytes
  }
}

const segment = (marker: number, body: ReadonlyArray<number>): Array<number> => {
  const length = body.length + 2
  return [0xff, marker, length >> 8, length & 0xff, ...body]
}

const category = (value: number): number => {
  let magnitude = Math.abs(value)
  let bits = 0
  while (magnitude > 0) {
    bits++
    magnitude >>= 1
  }
  return bits
}

export const jpeg = (colour: Colour): Uint8Array => {
  const { b, g, r } = colour
  const samples = [
    0.299 * r + 0.587 * g + 0.114 * b,
    128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
    128 + 0.5 * r - 0.418688 * g - 0.081312 * b
  ].map((v) => Math.min(255, Math.max(0, Math.round(v))))
  const bits = new BitWriter()
  for (const sample of samples) {
    const dc = 8 * (sample - 128)
    const size = category(dc)
    bits.write(size, 4)
    if (size > 0) bits.write(dc >= 0 ? dc : dc + (1 << size) - 1, size)
    bits.write(0, 1) // end of block
  }
  const sixteen = (counts: Record<number, number>) => Array.from({ length: 16 }, (_, i) => counts[i + 1] ?? 0)
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xc4, [0x00, ...sixteen({ 4: 12 }), ...Array.from({ length: 12 }, (_, i) => i)]),
    ...segment(0xc4, [0x10, ...sixteen({ 1: 1 }), 0x00]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    ...bits.finish(),
    0xff,
    0xd9
  ])
}

// ── SVG and PDF ─────────────────────────────────────────────────────────────

export const svg = (width: number, height: number, colour: Colour, nodeId: string): Uint8Array =>
  Buffer.from(
    `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" fill="none" ` +
      `xmlns="http://www.w3.org/2000/svg">\n<rect id="${nodeId}" width="${width}" height="${height}" fill="${
        hex(colour)
      }"/>\n</svg>\n`,
    "utf8"
  )

export const pdf = (width: number, height: number, colour: Colour): Uint8Array => {
  const channel = (v: number) => (v / 255).toFixed(3)
  const content = `${channel(colour.r)} ${channel(colour.g)} ${channel(colour.b)} rg 0 0 ${width} ${height} re f\n`
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}endstream`
  ]
  let out = "%PDF-1.4\n"
  const offsets: Array<number> = []
  objects.forEach((body, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, "latin1")
}

/** The bytes of one render: `size` is the node's box, kept small for the raster formats. */
export const renderBytes = (
  format: RenderFormat,
  size: { readonly width: number; readonly height: number },
  colour: Colour,
  nodeId: string
): Uint8Array => {
  const width = Math.max(1, Math.round(size.width))
  const height = Math.max(1, Math.round(size.height))
  const small = (n: number) => Math.min(64, Math.max(1, Math.round(n / 16)))
  switch (format) {
    case "png":
      return png(small(width), small(height), colour)
    case "jpg":
      return jpeg(colour)
    case "svg":
      return svg(width, height, colour, nodeId)
    case "pdf":
      return pdf(width, height, colour)
  }
}
