/**
 * The design service's resource groups: a module each, exporting its
 * operations and their `views`. The registry, the library's methods, the
 * command index and the tool listing are all derived from this list; a new
 * group is one line here.
 */
import * as analytics from "./analytics.js"
import * as comments from "./comments.js"
import * as devResources from "./dev-resources.js"
import * as files from "./files.js"
import * as library from "./library.js"
import * as oembed from "./oembed.js"
import * as org from "./org.js"
import * as payments from "./payments.js"
import * as projects from "./projects.js"
import * as users from "./users.js"
import * as variables from "./variables.js"
import * as webhooks from "./webhooks.js"

export const designGroups = {
  webhooks,
  users,
  files,
  projects,
  comments,
  library,
  variables,
  "dev-resources": devResources,
  analytics,
  org,
  payments,
  oembed
}
