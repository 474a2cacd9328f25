/**
 * GET /v1/me and GET /v1/files/{file_key}/meta (both tier 3, `{status, err}`
 * errors). Plan tokens never hold current_user:read, so /v1/me answers them
 * with the scope error; file meta works in every mode.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import * as Effect from "effect/Effect"
import type { Caller } from "./access.js"
import { accessTo, findContext, findFile } from "./access.js"
import { guarded } from "./guard.js"
import { json, notFoundPlain, plainError } from "./responses.js"
import { seedWorld } from "./seed.js"
import type { FileRecord, UserRecord } from "./seed.js"
import type { SimState } from "./state.js"

const me = (caller: Caller) => {
  const user = caller.user
  if (user === null) return plainError(403, "Invalid token")
  return json(200, { id: user.id, handle: user.handle, img_url: user.img_url, email: user.email })
}

/** Users as other endpoints show them: without email. */
export const publicUser = (id: string) => {
  const user: UserRecord | undefined = seedWorld.users.find((u) => u.id === id)
  return user && { id: user.id, handle: user.handle, img_url: user.img_url }
}

const slug = (name: string) => name.replace(/[^A-Za-z0-9]+/g, "-")

/** The caller's role on the file; plan tokens act for no user, so they get none. */
export const roleOf = (caller: Caller, file: FileRecord, access: string): string | undefined => {
  if (caller.record.mode === "plan") return undefined
  if (caller.record.user_id === file.creator_id) return "owner"
  return access === "view" ? "viewer" : "editor"
}

const fileMeta = (fileKey: string) => (caller: Caller) => {
  const file = findFile(fileKey)
  const context = file && findContext("FILE", file.key)
  if (file === null || context === null) return notFoundPlain()
  const access = accessTo(caller, context)
  if (access === "none") return plainError(403, "You do not have access to this file")
  const role = roleOf(caller, file, access)
  return json(200, {
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
  })
}

export const fileRoutes = (state: SimState) =>
  HttpRouter.empty.pipe(
    HttpRouter.get("/v1/me", guarded(state, { tier: 3, scope: "current_user:read" }, me)),
    HttpRouter.get(
      "/v1/files/:file_key/meta",
      Effect.flatMap(
        HttpRouter.params,
        (params) => guarded(state, { tier: 3, scope: "file_metadata:read" }, fileMeta(params.file_key ?? ""))
      )
    )
  )
