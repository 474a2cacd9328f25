/** Every API route of the simulator, batch last (it dispatches to the others). */
import { batchRoute } from "./batch.js"
import type { Route } from "./router.js"
import { peopleRoutes } from "./routes-people.js"
import { projectRoutes } from "./routes-projects.js"
import { searchRoutes } from "./routes-search.js"
import { sectionRoutes } from "./routes-sections.js"
import { storyRoutes } from "./routes-stories.js"
import { tagRoutes } from "./routes-tags.js"
import { taskLinkRoutes } from "./routes-task-links.js"
import { taskRoutes } from "./routes-tasks.js"
import { ruleRoutes } from "./routes-rules.js"
import { templateRoutes } from "./routes-templates.js"
import { typeaheadRoutes } from "./routes-typeahead.js"

const actionRoutes: ReadonlyArray<Route> = [
  ...peopleRoutes,
  ...projectRoutes,
  ...searchRoutes,
  ...taskRoutes,
  ...taskLinkRoutes,
  ...sectionRoutes,
  ...tagRoutes,
  ...storyRoutes,
  ...templateRoutes,
  ...ruleRoutes,
  ...typeaheadRoutes
]

export const apiRoutes: ReadonlyArray<Route> = [...actionRoutes, batchRoute(() => actionRoutes)]
