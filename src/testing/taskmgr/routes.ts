/** Every API route of the simulator, batch last (it dispatches to the others). */
import { batchRoute } from "./batch.js"
import type { ApiRoute } from "./context.js"
import { attachmentRoutes } from "./routes-attachments.js"
import { customFieldRoutes } from "./routes-custom-fields.js"
import { eventRoutes } from "./routes-events.js"
import { goalRoutes } from "./routes-goals.js"
import { membershipRoutes } from "./routes-memberships.js"
import { oooRoutes } from "./routes-ooo.js"
import { peopleRoutes } from "./routes-people.js"
import { portfolioRoutes } from "./routes-portfolios.js"
import { projectRoutes } from "./routes-projects.js"
import { ruleRoutes } from "./routes-rules.js"
import { searchRoutes } from "./routes-search.js"
import { sectionRoutes } from "./routes-sections.js"
import { statusUpdateRoutes } from "./routes-status-updates.js"
import { storyRoutes } from "./routes-stories.js"
import { tagRoutes } from "./routes-tags.js"
import { taskLinkRoutes } from "./routes-task-links.js"
import { taskRoutes } from "./routes-tasks.js"
import { templateRoutes } from "./routes-templates.js"
import { typeaheadRoutes } from "./routes-typeahead.js"

const actionRoutes: ReadonlyArray<ApiRoute> = [
  ...peopleRoutes,
  ...projectRoutes,
  ...searchRoutes,
  ...taskRoutes,
  ...taskLinkRoutes,
  ...sectionRoutes,
  ...tagRoutes,
  ...storyRoutes,
  ...goalRoutes,
  ...portfolioRoutes,
  ...statusUpdateRoutes,
  ...customFieldRoutes,
  ...membershipRoutes,
  ...oooRoutes,
  ...attachmentRoutes,
  ...eventRoutes,
  ...templateRoutes,
  ...ruleRoutes,
  ...typeaheadRoutes
]

export const apiRoutes: ReadonlyArray<ApiRoute> = [...actionRoutes, batchRoute(() => actionRoutes)]
