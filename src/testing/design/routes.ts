/**
 * Every route of the design simulator, in three tables: the API behind the
 * gate, OAuth's own endpoints (no token), and the design-only /_sandbox
 * controls served beside the common ones.
 */
import type { ControlRoute } from "../core/control-routes.js"
import type { ApiRoute, OpenRoute } from "./gate.js"
import { receiverRoutes } from "./receivers.js"
import { analyticsRoutes } from "./routes-analytics.js"
import { commentRoutes } from "./routes-comments.js"
import { devResourceRoutes } from "./routes-dev-resources.js"
import { fileContentRoutes } from "./routes-file-content.js"
import { fileRoutes } from "./routes-files.js"
import { imageRoutes } from "./routes-images.js"
import { libraryRoutes } from "./routes-library.js"
import { oauthRoutes } from "./routes-oauth.js"
import { oembedRoutes } from "./routes-oembed.js"
import { orgRoutes } from "./routes-org.js"
import { paymentRoutes } from "./routes-payments.js"
import { projectRoutes } from "./routes-projects.js"
import { contentControlRoutes } from "./routes-sandbox-content.js"
import { variableRoutes } from "./routes-variables.js"
import { webhookRoutes } from "./routes-webhooks.js"
import type { DesignState } from "./state.js"

export const apiRoutes: ReadonlyArray<ApiRoute> = [
  ...webhookRoutes,
  ...fileRoutes,
  ...fileContentRoutes,
  ...imageRoutes,
  ...commentRoutes,
  ...projectRoutes,
  ...libraryRoutes,
  ...variableRoutes,
  ...devResourceRoutes,
  ...analyticsRoutes,
  ...orgRoutes,
  ...paymentRoutes,
  ...oembedRoutes
]

/** OAuth's authorization page and token endpoints. */
export const openRoutes: ReadonlyArray<OpenRoute> = oauthRoutes

export const controlRoutes: ReadonlyArray<ControlRoute<DesignState>> = [...receiverRoutes, ...contentControlRoutes]
