/**
 * The task manager's resource groups, and the wrapper's local features that
 * are operations too (project export, the TODO scan): a module each,
 * exporting its operations and their `views`. The registry, the library's
 * methods, the command index and the tool listing are all derived from this
 * list; a new group is one line here.
 */
import * as projectExport from "../local/project-export.js"
import * as scanTodos from "../local/scan-todos.js"
import * as attachments from "./attachments.js"
import * as customFields from "./custom-fields.js"
import * as events from "./events.js"
import * as goals from "./goals.js"
import * as memberships from "./memberships.js"
import * as ooo from "./ooo.js"
import * as people from "./people.js"
import * as portfolios from "./portfolios.js"
import * as projects from "./projects.js"
import * as rules from "./rules.js"
import * as sections from "./sections.js"
import * as statusUpdates from "./status-updates.js"
import * as stories from "./stories.js"
import * as tags from "./tags.js"
import * as taskLinks from "./task-links.js"
import * as tasks from "./tasks.js"
import * as templates from "./templates.js"
import * as typeahead from "./typeahead.js"
import * as urls from "./urls.js"

export const taskmgrGroups = {
  people,
  projects,
  sections,
  tasks,
  "task-links": taskLinks,
  tags,
  stories,
  goals,
  portfolios,
  "status-updates": statusUpdates,
  "custom-fields": customFields,
  memberships,
  ooo,
  attachments,
  events,
  "project-export": projectExport,
  "scan-todos": scanTodos,
  templates,
  rules,
  typeahead,
  urls
}
