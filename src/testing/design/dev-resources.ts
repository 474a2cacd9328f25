/**
 * Dev resources: links attached to a node of a file, live at once (no
 * publishing). The bulk create and update check the body's shape as a whole
 * (a malformed body is a 400 and changes nothing), then each item on its own:
 * an item that fails lands in `errors` and the others still apply (200).
 */
import * as Either from "effect/Either"
import { isRecord } from "../core/params.js"
import type { Parsed } from "../core/rejection.js"
import { invalid } from "../core/rejection.js"
import type { Caller } from "./access.js"
import { checkFile } from "./org-access.js"
import { enterpriseSeed } from "./seed-enterprise.js"

export interface DevResource {
  readonly id: string
  name: string
  url: string
  readonly file_key: string
  readonly node_id: string
}

/** A node holds at most this many dev resources. */
export const MAX_PER_NODE = 10

const ID_BASE = 3100000000000000000n
export const devResourceId = (n: number) => String(ID_BASE + BigInt(n))

/** One simulator's dev resources; a reset brings the seed back. */
export interface DevResourceState {
  resources: Array<DevResource>
  nextId: number
}

/** The library file's seed: node 1:2 has two links, node 1:3 is at the cap. */
export const makeDevResourceState = (): DevResourceState => {
  const file_key = enterpriseSeed.file_key
  const { full_node_id, node_id } = enterpriseSeed.dev_resources
  const resources: Array<DevResource> = [
    {
      id: devResourceId(1),
      name: "Storybook: Button",
      url: "https://storybook.example.com/?path=/story/button",
      file_key,
      node_id
    },
    {
      id: devResourceId(2),
      name: "Button.tsx",
      url: "https://git.example.com/ds/blob/main/src/Button.tsx",
      file_key,
      node_id
    },
    ...Array.from({ length: MAX_PER_NODE }, (_, i) => ({
      id: devResourceId(3 + i),
      name: `Card spec part ${i + 1}`,
      url: `https://docs.example.com/card/${i + 1}`,
      file_key,
      node_id: full_node_id
    }))
  ]
  return { resources, nextId: 3 + MAX_PER_NODE }
}

export const toWire = (r: DevResource) => ({
  id: r.id,
  name: r.name,
  url: r.url,
  file_key: r.file_key,
  node_id: r.node_id
})

/** Node ids as the editor writes them: 1:2, or instance sublayers such as I1:2;3:4. */
const NODE_ID = /^I?\d+:\d+(;\d+:\d+)*$/

const isUrl = (value: string): boolean => {
  try {
    const url = new URL(value)
    return url.protocol === "https:" || url.protocol === "http:"
  } catch {
    return false
  }
}

const itemsOf = (body: unknown): Parsed<ReadonlyArray<Record<string, unknown>>> => {
  if (!isRecord(body)) return invalid("Request body must be a JSON object")
  const extra = Object.keys(body).find((k) => k !== "dev_resources")
  if (extra !== undefined) return invalid(`Unknown field '${extra}'`)
  const items = body.dev_resources
  if (!Array.isArray(items)) return invalid(`'dev_resources' must be an array`)
  const notObject = items.findIndex((item) => !isRecord(item))
  if (notObject >= 0) return invalid(`dev_resources[${notObject}] must be an object`)
  return Either.right(items as ReadonlyArray<Record<string, unknown>>)
}

const checkFields = (
  item: Record<string, unknown>,
  where: string,
  fields: Record<string, "required" | "optional">
): Parsed<void> => {
  const extra = Object.keys(item).find((k) => !(k in fields))
  if (extra !== undefined) return invalid(`${where}: unknown field '${extra}'`)
  for (const [key, need] of Object.entries(fields)) {
    const value = item[key]
    if (value === undefined && need === "optional") continue
    if (typeof value !== "string" || value.trim() === "") {
      return invalid(
        `${where}: '${key}' ${need === "required" ? "is required and " : ""}must be a non-empty string`
      )
    }
    if (key === "url" && !isUrl(value)) return invalid(`${where}: 'url' must be an http(s) URL`)
    if (key === "node_id" && !NODE_ID.test(value)) {
      return invalid(`${where}: 'node_id' must be a node id such as 1:2`)
    }
  }
  return Either.right(undefined)
}

export interface CreateResult {
  readonly links_created: ReadonlyArray<ReturnType<typeof toWire>>
  readonly errors?: ReadonlyArray<{ file_key: string | null; node_id: string | null; error: string }>
}

/** Left: the 400 message for a malformed body (nothing created). */
export const createAll = (
  resources: Array<DevResource>,
  nextId: () => string,
  caller: Caller,
  body: unknown
): Parsed<CreateResult> =>
  Either.gen(function*() {
    const items = yield* itemsOf(body)
    for (const [i, item] of items.entries()) {
      yield* checkFields(item, `dev_resources[${i}]`, {
        name: "required",
        url: "required",
        file_key: "required",
        node_id: "required"
      })
    }
    const created: Array<DevResource> = []
    const errors: Array<{ file_key: string | null; node_id: string | null; error: string }> = []
    for (const item of items) {
      const [name, url, file_key, node_id] = [item.name, item.url, item.file_key, item.node_id] as Array<string>
      const onNode = resources.filter((r) => r.file_key === file_key && r.node_id === node_id)
      const file = checkFile(caller, file_key!, { enterprise: false, access: "edit" })
      const error = Either.isLeft(file)
        ? file.left.status === 404 ? "File not found" : file.left.message
        : onNode.length >= MAX_PER_NODE
        ? `Node already has the maximum of ${MAX_PER_NODE} dev resources`
        : onNode.some((r) => r.url === url)
        ? "A dev resource with this URL already exists on this node"
        : null
      if (error !== null) {
        errors.push({ file_key: file_key!, node_id: node_id!, error })
        continue
      }
      const resource: DevResource = { id: nextId(), name: name!, url: url!, file_key: file_key!, node_id: node_id! }
      resources.push(resource)
      created.push(resource)
    }
    return errors.length === 0
      ? { links_created: created.map(toWire) }
      : { links_created: created.map(toWire), errors }
  })

export interface UpdateResult {
  readonly links_updated: ReadonlyArray<ReturnType<typeof toWire>>
  readonly errors?: ReadonlyArray<{ id: string; error: string }>
}

export const updateAll = (resources: Array<DevResource>, caller: Caller, body: unknown): Parsed<UpdateResult> =>
  Either.gen(function*() {
    const items = yield* itemsOf(body)
    for (const [i, item] of items.entries()) {
      yield* checkFields(item, `dev_resources[${i}]`, { id: "required", name: "optional", url: "optional" })
    }
    const updated: Array<DevResource> = []
    const errors: Array<{ id: string; error: string }> = []
    for (const item of items) {
      const id = item.id as string
      const resource = resources.find((r) => r.id === id)
      const file = resource && checkFile(caller, resource.file_key, { enterprise: false, access: "edit" })
      const url = item.url as string | undefined
      const error = resource === undefined || file === undefined
        ? "Dev resource not found"
        : Either.isLeft(file)
        ? file.left.message
        : url !== undefined &&
            resources.some((r) =>
              r !== resource && r.node_id === resource.node_id && r.file_key === resource.file_key && r.url === url
            )
        ? "A dev resource with this URL already exists on this node"
        : null
      if (error !== null || resource === undefined) {
        errors.push({ id, error: error ?? "Dev resource not found" })
        continue
      }
      if (typeof item.name === "string") resource.name = item.name
      if (url !== undefined) resource.url = url
      updated.push(resource)
    }
    return errors.length === 0
      ? { links_updated: updated.map(toWire) }
      : { links_updated: updated.map(toWire), errors }
  })
