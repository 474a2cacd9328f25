/**
 * The newer endpoint groups in one router: variables, dev resources, library
 * analytics, the org-level endpoints, payments and oEmbed. Each answers its
 * own errors in the rich `{error, status, message, i18n}` body.
 */
import * as HttpRouter from "@effect/platform/HttpRouter"
import { analyticsRoutes } from "./routes-analytics.js"
import { devResourceRoutes } from "./routes-dev-resources.js"
import { miscRoutes } from "./routes-misc.js"
import { orgRoutes } from "./routes-org.js"
import { variableRoutes } from "./routes-variables.js"
import type { SimState } from "./state.js"

export const newerRoutes = (state: SimState) =>
  HttpRouter.concatAll(
    variableRoutes(state),
    devResourceRoutes(state),
    analyticsRoutes(state),
    orgRoutes(state),
    miscRoutes(state)
  )

export { ANALYTICS_PAGE_SIZE } from "./analytics.js"
