/**
 * The file-content part of the design simulator in two routers: API routes
 * (files, nodes, images, versions, comments, projects, library, OAuth) and
 * control routes under /_sandbox (generated files, render and fill bytes).
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import { commentRoutes } from "./routes-comments.js"
import { fileContentRoutes } from "./routes-file-content.js"
import { imageRoutes } from "./routes-images.js"
import { libraryRoutes } from "./routes-library.js"
import { oauthRoutes } from "./routes-oauth.js"
import { projectRoutes } from "./routes-projects.js"
import { sandboxContentRoutes } from "./routes-sandbox-content.js"
import type { SimState } from "./state.js"

export const contentApiRoutes = (state: SimState) =>
  HttpRouter.concatAll(
    fileContentRoutes(state),
    imageRoutes(state),
    commentRoutes(state),
    projectRoutes(state),
    libraryRoutes(state),
    oauthRoutes(state)
  )

export const contentControlRoutes = (state: SimState) => sandboxContentRoutes(state)
