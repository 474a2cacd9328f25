/**
 * GET /v1/me and GET /v1/files/{file_key}/meta (both tier 3, `{status, err}`
 * errors). Plan tokens never hold current_user:read, so /v1/me answers them
 * with the scope error; file meta works in every mode.
 */
import * as Either from "effect/Either"
import { route } from "../core/route.js"
import { accessTo, findContext, findFile, publicUser, roleOf } from "./access.js"
import type { ApiRoute, CallerCtx } from "./gate.js"
import { endpoint } from "./gate.js"
import { invalidToken, json, notFoundPlain, plainError } from "./responses.js"

const me = ({ caller }: CallerCtx) => {
  const user = caller.user
  if (user === null) return invalidToken()
  return Either.right(json(200, { id: user.id, handle: user.handle, img_url: user.img_url, email: user.email }))
}

const slug = (name: string) => name.replace(/[^A-Za-z0-9]+/g, "-")

const fileMeta = ({ caller, params }: CallerCtx) => {
  const file = findFile(params.file_key ?? "")
  const context = file && findContext("FILE", file.key)
  if (file === null || context === null) return notFoundPlain()
  const access = accessTo(caller, context)
  if (access === "none") return plainError(403, "You do not have access to this file")
  const role = roleOf(caller, file, access)
  return Either.right(json(200, {
    file: {
      name: file.name,
      folder_name: context.project?.name ?? "",
      last_touched_at: file.last_touched_at,
      creator: publicUser(file.creator_id),
      last_touched_by: publicUser(file.last_touched_by_id),
      thumbnail_url: `https://design.example/thumbnails/${file.key}.png`,
      editorType: "design",
      ...(role === undefined ? {} : { role }),
      link_access: file.link_access,
      url: `https://design.example/design/${file.key}/${slug(file.name)}`,
      version: file.version
    }
  }))
}

export const fileRoutes: ReadonlyArray<ApiRoute> = [
  route("GET", "/v1/me", endpoint(3, "current_user:read"), me),
  route("GET", "/v1/files/:file_key/meta", endpoint(3, "file_metadata:read"), fileMeta)
]
