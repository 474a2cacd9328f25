/**
 * The design service's property values as the design context writes them
 * (design-context.ts): paints as CSS colours and gradients, effects as CSS
 * shadows and blurs, type styles with their defaults left out, auto-layout as
 * flexbox words, and sizes as numbers or "fill" and "hug". Each reads the
 * wire defensively: a missing or malformed value is left out, never thrown.
 */

/** A node, paint or style of the service's document: every property as it came. */
export type Raw = Readonly<Record<string, unknown>>

export type Size = number | "fill" | "hug"

/** A colour, a CSS gradient or a style's name; an image fill; or several of these, top-most first. */
export type Paint = string | { readonly image: string; readonly scale?: string; readonly opacity?: number }
export type Paints = Paint | ReadonlyArray<Paint>

/** A type style with its defaults (auto line height, no case, decoration or italic) left out. */
export interface TextStyle {
  readonly family?: string
  readonly weight?: number
  readonly size?: number
  readonly italic?: true
  readonly lineHeight?: number
  readonly letterSpacing?: number
  readonly case?: string
  readonly decoration?: string
  readonly paragraphSpacing?: number
}

/** CSS shadows and blurs: one, or several. */
export type Effects = string | ReadonlyArray<string>

export const isRecord = (u: unknown): u is Raw => typeof u === "object" && u !== null && !Array.isArray(u)
export const str = (u: unknown): string | undefined => (typeof u === "string" ? u : undefined)
export const num = (u: unknown): number | undefined => (typeof u === "number" && Number.isFinite(u) ? u : undefined)
export const list = (u: unknown): ReadonlyArray<unknown> => (Array.isArray(u) ? u : [])
export const records = (u: unknown): ReadonlyArray<Raw> => list(u).filter(isRecord)

/** Two decimals: what a screen shows, and no float noise (0.30000000000000004) in the output. */
export const round = (n: number): number => Math.round(n * 100) / 100

export const isVisible = (u: Raw): boolean => u.visible !== false

/** "SPACE_BETWEEN" as CSS writes it: "space-between". */
export const cssWord = (s: string): string => s.toLowerCase().replace(/_/g, "-")

export interface Box {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

export const boxOf = (node: Raw): Box | undefined => {
  const b = node.absoluteBoundingBox
  if (!isRecord(b)) return undefined
  const [x, y, width, height] = [num(b.x), num(b.y), num(b.width), num(b.height)]
  return x === undefined || y === undefined || width === undefined || height === undefined
    ? undefined
    : { x, y, width, height }
}

// ---- paints ------------------------------------------------------------------------------------

const hex2 = (channel: number) =>
  Math.round(Math.min(1, Math.max(0, channel)) * 255).toString(16).padStart(2, "0").toUpperCase()

/** "#RRGGBB", or "#RRGGBBAA" when not opaque; the channels are 0..1 on the wire. */
export const colourOf = (color: Raw, opacity = 1): string => {
  const alpha = (num(color.a) ?? 1) * opacity
  const rgb = `#${hex2(num(color.r) ?? 0)}${hex2(num(color.g) ?? 0)}${hex2(num(color.b) ?? 0)}`
  return hex2(alpha) === "FF" ? rgb : `${rgb}${hex2(alpha)}`
}

const GRADIENTS: Readonly<Record<string, string>> = {
  GRADIENT_LINEAR: "linear-gradient",
  GRADIENT_RADIAL: "radial-gradient",
  GRADIENT_ANGULAR: "conic-gradient",
  GRADIENT_DIAMOND: "radial-gradient"
}

const gradientOf = (paint: Raw, fn: string): string => {
  const opacity = num(paint.opacity) ?? 1
  const stops = records(paint.gradientStops)
    .map((s) => ({ at: num(s.position) ?? 0, colour: isRecord(s.color) ? colourOf(s.color, opacity) : "#000000" }))
    .sort((a, b) => a.at - b.at)
    .map((s) => `${s.colour} ${round(s.at * 100)}%`)
    .join(", ")
  const [from, to] = records(paint.gradientHandlePositions)
  if (fn !== "linear-gradient" || from === undefined || to === undefined) return `${fn}(${stops})`
  // The handles run from the first stop to the last; CSS measures the angle clockwise from "to top".
  const dx = (num(to.x) ?? 0) - (num(from.x) ?? 0)
  const dy = (num(to.y) ?? 0) - (num(from.y) ?? 0)
  const degrees = Math.round(((Math.atan2(dy, dx) * 180) / Math.PI + 90 + 360) % 360)
  return `${fn}(${degrees}deg, ${stops})`
}

const paintOf = (paint: Raw): Paint | undefined => {
  const type = str(paint.type)
  if (type === "SOLID") return isRecord(paint.color) ? colourOf(paint.color, num(paint.opacity) ?? 1) : undefined
  if (type === "IMAGE") {
    const ref = str(paint.imageRef)
    if (ref === undefined) return undefined
    const scale = str(paint.scaleMode)
    const opacity = num(paint.opacity)
    return {
      image: ref,
      ...(scale === undefined || scale === "FILL" ? {} : { scale: cssWord(scale) }),
      ...(opacity === undefined || opacity === 1 ? {} : { opacity: round(opacity) })
    }
  }
  const gradient = type === undefined ? undefined : GRADIENTS[type]
  return gradient === undefined ? undefined : gradientOf(paint, gradient)
}

/** The wire lists paints bottom-most first; CSS, and this, top-most first. One paint is written alone. */
export const paintsOf = (u: unknown, hidden: boolean): Paints | undefined => {
  const paints = records(u).filter((p) => hidden || isVisible(p)).map(paintOf).filter((p) => p !== undefined)
    .reverse()
  return paints.length === 0 ? undefined : paints.length === 1 ? paints[0] : paints
}

// ---- effects -----------------------------------------------------------------------------------

const px = (n: number) => (n === 0 ? "0" : `${round(n)}px`)

const effectOf = (effect: Raw): string | undefined => {
  const type = str(effect.type)
  const radius = num(effect.radius) ?? 0
  if (type === "DROP_SHADOW" || type === "INNER_SHADOW") {
    const offset = isRecord(effect.offset) ? effect.offset : {}
    const spread = num(effect.spread) ?? 0
    const colour = isRecord(effect.color) ? colourOf(effect.color) : "#000000"
    const lengths = [px(num(offset.x) ?? 0), px(num(offset.y) ?? 0), px(radius), ...(spread === 0 ? [] : [px(spread)])]
    return `${type === "INNER_SHADOW" ? "inset " : ""}${lengths.join(" ")} ${colour}`
  }
  // CSS blur() takes a standard deviation, about half the design tool's radius.
  if (type === "LAYER_BLUR") return `blur(${px(radius / 2)})`
  if (type === "BACKGROUND_BLUR") return `backdrop blur(${px(radius / 2)})`
  return undefined
}

export const effectsOf = (u: unknown, hidden: boolean): Effects | undefined => {
  const effects = records(u).filter((e) => hidden || isVisible(e)).map(effectOf).filter((e) => e !== undefined)
  return effects.length === 0 ? undefined : effects.length === 1 ? effects[0] : effects
}

// ---- text --------------------------------------------------------------------------------------

/** Alignment is not here: it is the text's own (`textAlign`), as the design tool's text styles do not hold it. */
export const textStyleOf = (style: Raw): TextStyle => {
  const family = str(style.fontFamily)
  const weight = num(style.fontWeight)
  const size = num(style.fontSize)
  const unit = str(style.lineHeightUnit)
  const lineHeight = unit === undefined || unit === "INTRINSIC_%" ? undefined : num(style.lineHeightPx)
  const letterSpacing = num(style.letterSpacing)
  const textCase = str(style.textCase)
  const decoration = str(style.textDecoration)
  const paragraph = num(style.paragraphSpacing)
  return {
    ...(family === undefined ? {} : { family }),
    ...(weight === undefined ? {} : { weight }),
    ...(size === undefined ? {} : { size: round(size) }),
    ...(style.italic === true ? { italic: true as const } : {}),
    ...(lineHeight === undefined ? {} : { lineHeight: round(lineHeight) }),
    ...(letterSpacing === undefined || letterSpacing === 0 ? {} : { letterSpacing: round(letterSpacing) }),
    ...(textCase === undefined || textCase === "ORIGINAL" ? {} : { case: cssWord(textCase) }),
    ...(decoration === undefined || decoration === "NONE" ? {} : { decoration: cssWord(decoration) }),
    ...(paragraph === undefined || paragraph === 0 ? {} : { paragraphSpacing: round(paragraph) })
  }
}

/** What an override of the style table changes of the text's own style, its colour included. */
const spanChanges = (base: TextStyle, override: Raw, hidden: boolean): Record<string, unknown> => {
  const changes: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(textStyleOf(override))) {
    if (JSON.stringify(value) !== JSON.stringify(base[key as keyof TextStyle])) changes[key] = value
  }
  const fill = override.fills === undefined ? undefined : paintsOf(override.fills, hidden)
  if (fill !== undefined) changes.fill = fill
  return changes
}

export type Span = readonly [start: number, end: number, changes: Readonly<Record<string, unknown>>]

/** Runs of characters styled otherwise than the text: [start, end, what differs], in UTF-16 offsets. */
export const spansOf = (node: Raw, base: TextStyle, hidden: boolean): ReadonlyArray<Span> => {
  const overrides = list(node.characterStyleOverrides)
  const table = isRecord(node.styleOverrideTable) ? node.styleOverrideTable : {}
  const spans: Array<Span> = []
  let start = 0
  for (let i = 1; i <= overrides.length; i++) {
    if (i < overrides.length && overrides[i] === overrides[start]) continue
    const id = overrides[start]
    const override = id === 0 || id === undefined ? undefined : table[String(id)]
    if (isRecord(override)) {
      const changes = spanChanges(base, override, hidden)
      if (Object.keys(changes).length > 0) spans.push([start, i, changes])
    }
    start = i
  }
  return spans
}

// ---- layout ------------------------------------------------------------------------------------

export const LAYOUTS: Readonly<Record<string, "row" | "column" | "grid">> = {
  HORIZONTAL: "row",
  VERTICAL: "column",
  GRID: "grid"
}

export const layoutModeOf = (node: Raw): "row" | "column" | "grid" | undefined => LAYOUTS[str(node.layoutMode) ?? ""]

const ALIGNS: Readonly<Record<string, string>> = {
  CENTER: "center",
  MAX: "end",
  SPACE_BETWEEN: "space-between",
  BASELINE: "baseline"
}

/** CSS's shortest unambiguous form: 8, [8, 16] (vertical, horizontal), or [top, right, bottom, left]. */
export const sides = (top: number, right: number, bottom: number, left: number): number | ReadonlyArray<number> =>
  top === right && right === bottom && bottom === left
    ? top
    : top === bottom && left === right
    ? [top, right]
    : [top, right, bottom, left]

/** An auto-layout frame's flexbox: direction, gaps, padding and alignment, defaults (start, 0) left out. */
export const layoutOf = (node: Raw): Record<string, unknown> => {
  const mode = layoutModeOf(node)
  if (mode === undefined) return {}
  const out: Record<string, unknown> = { layout: mode }
  const justify = ALIGNS[str(node.primaryAxisAlignItems) ?? ""]
  if (mode === "grid") {
    const rowGap = round(num(node.gridRowGap) ?? 0)
    const columnGap = round(num(node.gridColumnGap) ?? 0)
    if (rowGap !== 0 || columnGap !== 0) out.gap = rowGap === columnGap ? rowGap : [rowGap, columnGap]
  } else {
    const gap = round(num(node.itemSpacing) ?? 0)
    // With space-between the layout spreads the children, and the gap is not used.
    if (gap !== 0 && justify !== "space-between") out.gap = gap
  }
  const [t, r, b, l] = [node.paddingTop, node.paddingRight, node.paddingBottom, node.paddingLeft].map((p) =>
    round(num(p) ?? 0)
  ) as [number, number, number, number]
  if (t !== 0 || r !== 0 || b !== 0 || l !== 0) out.padding = sides(t, r, b, l)
  if (mode !== "grid") {
    if (justify !== undefined) out.justify = justify
    const align = ALIGNS[str(node.counterAxisAlignItems) ?? ""]
    if (align !== undefined) out.align = align
    if (node.layoutWrap === "WRAP") {
      out.wrap = true
      const rowGap = round(num(node.counterAxisSpacing) ?? 0)
      if (rowGap !== 0) out.rowGap = rowGap
    }
  }
  return out
}

/**
 * One axis of a node's size: "fill" or "hug" where the layout decides it,
 * else its number. `parentMode` is the auto-layout the node sits in, if any.
 */
export const axisSize = (
  node: Raw,
  box: Box,
  axis: "Horizontal" | "Vertical",
  parentMode: string | undefined
): Size => {
  const sizing = str(node[`layoutSizing${axis}`])
  const measure = round(axis === "Horizontal" ? box.width : box.height)
  if (sizing === "FILL") {
    return parentMode === "row" || parentMode === "column" || parentMode === "grid"
      ? "fill"
      : measure
  }
  if (sizing === "HUG") return "hug"
  if (sizing !== undefined) return measure
  // Files from before the sizing fields say it with grow, align and the frame's own sizing modes.
  const along = parentMode === (axis === "Horizontal" ? "row" : "column")
  const across = parentMode === (axis === "Horizontal" ? "column" : "row")
  if ((along && node.layoutGrow === 1) || (across && node.layoutAlign === "STRETCH")) return "fill"
  const own = layoutModeOf(node)
  if (own === "row" || own === "column") {
    const primary = own === (axis === "Horizontal" ? "row" : "column")
    if (str(node[primary ? "primaryAxisSizingMode" : "counterAxisSizingMode"]) === "AUTO") return "hug"
  }
  return measure
}

export const radiusOf = (node: Raw): number | ReadonlyArray<number> | undefined => {
  const corners = list(node.rectangleCornerRadii).map(num)
  if (corners.length === 4 && corners.every((c) => c !== undefined)) {
    const [a, b, c, d] = (corners as Array<number>).map(round) as [number, number, number, number]
    return a === b && b === c && c === d ? (a === 0 ? undefined : a) : [a, b, c, d]
  }
  const radius = num(node.cornerRadius)
  return radius === undefined || radius === 0 ? undefined : round(radius)
}

// ---- component properties ----------------------------------------------------------------------

/** A property's name as the design tool shows it: the wire adds "#id" to all but variants ("Label#12:3"). */
const shownName = (name: string) => name.replace(/#[^#]*$/, "")

/** Each property by its shown name, or by its wire name where two would show alike. */
const byShownName = <A>(entries: ReadonlyArray<readonly [string, A]>): Record<string, A> => {
  const shown = entries.map(([name]) => shownName(name))
  const unique = (i: number) => shown.indexOf(shown[i]!) === shown.lastIndexOf(shown[i]!)
  return Object.fromEntries(entries.map(([name, value], i) => [unique(i) ? shown[i]! : name, value]))
}

/** An instance's property values, variants included. */
export const propValues = (u: unknown): Record<string, string | boolean> =>
  byShownName(
    Object.entries(isRecord(u) ? u : {}).flatMap(([name, p]): Array<readonly [string, string | boolean]> =>
      isRecord(p) && (typeof p.value === "string" || typeof p.value === "boolean") ? [[name, p.value]] : []
    )
  )

export type PropDefinition = ReadonlyArray<string> | string | boolean

/** A component's or set's properties: a variant's options, or another kind's default value. */
export const propDefinitions = (u: unknown): Record<string, PropDefinition> =>
  byShownName(
    Object.entries(isRecord(u) ? u : {}).flatMap(([name, d]): Array<readonly [string, PropDefinition]> => {
      if (!isRecord(d)) return []
      const options = list(d.variantOptions).filter((o) => typeof o === "string")
      if (d.type === "VARIANT" && options.length > 0) return [[name, options]]
      return typeof d.defaultValue === "string" || typeof d.defaultValue === "boolean" ? [[name, d.defaultValue]] : []
    })
  )

/** Which of a layer's fields a component property sets (its text is `characters` on the wire). */
export const propReferences = (u: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries(isRecord(u) ? u : {}).flatMap(([field, name]) =>
      typeof name === "string" ? [[field === "characters" ? "text" : field, shownName(name)]] : []
    )
  )
