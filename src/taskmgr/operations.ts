/**
 * The task-management registry: every wrapped operation once, and how the
 * front ends show each. The library (api.ts), the CLI (cli.ts) and the tool
 * server (mcp.ts) all walk it.
 */
import type { AnyView } from "../core/view.js"
import {
  attachmentCreate,
  attachmentDelete,
  attachmentGet,
  attachmentList,
  attachmentViews
} from "./groups/attachments.js"
import * as customFields from "./groups/custom-fields.js"
import { eventList, eventViews } from "./groups/events.js"
import { goalCreate, goalDelete, goalGet, goalList, goalUpdate, goalViews } from "./groups/goals.js"
import * as memberships from "./groups/memberships.js"
import * as ooo from "./groups/ooo.js"
import {
  peopleViews,
  teamGet,
  teamList,
  userGet,
  userList,
  userMe,
  workspaceGet,
  workspaceList
} from "./groups/people.js"
import {
  portfolioCreate,
  portfolioDelete,
  portfolioGet,
  portfolioItemList,
  portfolioList,
  portfolioUpdate,
  portfolioViews
} from "./groups/portfolios.js"
import {
  projectCounts,
  projectCreate,
  projectDelete,
  projectGet,
  projectList,
  projectSearch,
  projectUpdate,
  projectViews
} from "./groups/projects.js"
import { ruleTrigger, ruleViews } from "./groups/rules.js"
import {
  sectionCreate,
  sectionDelete,
  sectionGet,
  sectionList,
  sectionMove,
  sectionTaskAdd,
  sectionUpdate,
  sectionViews
} from "./groups/sections.js"
import {
  statusCreate,
  statusDelete,
  statusGet,
  statusList,
  statusOverview,
  statusViews
} from "./groups/status-updates.js"
import {
  commentCreate,
  commentDelete,
  commentGet,
  commentList,
  commentUpdate,
  storyCreate,
  storyDelete,
  storyGet,
  storyList,
  storyUpdate,
  storyViews
} from "./groups/stories.js"
import {
  tagCreate,
  tagDelete,
  tagGet,
  tagList,
  tagTaskAdd,
  tagTaskList,
  tagTaskRemove,
  tagTasks,
  tagUpdate,
  tagViews
} from "./groups/tags.js"
import * as taskLinks from "./groups/task-links.js"
import * as tasks from "./groups/tasks.js"
import * as templates from "./groups/templates.js"
import { searchObjects, typeaheadViews } from "./groups/typeahead.js"
import { urlParse, urlViews } from "./groups/urls.js"
import { projectExport, projectExportView } from "./local/project-export.js"
import { scanTodosView, taskScanTodos } from "./local/scan-todos.js"

export const taskmgrOperations = {
  userMe,
  userGet,
  userList,
  teamList,
  teamGet,
  workspaceList,
  workspaceGet,
  tagList,
  tagGet,
  tagCreate,
  tagUpdate,
  tagDelete,
  tagTaskList,
  tagTaskAdd,
  tagTaskRemove,
  tagTasks,
  storyList,
  storyGet,
  storyCreate,
  storyUpdate,
  storyDelete,
  commentList,
  commentGet,
  commentCreate,
  commentUpdate,
  commentDelete,
  taskList: tasks.taskList,
  taskGet: tasks.taskGet,
  taskGetMany: tasks.taskGetMany,
  taskSearch: tasks.taskSearch,
  taskMyTasks: tasks.taskMyTasks,
  taskCreate: tasks.taskCreate,
  taskUpdate: tasks.taskUpdate,
  taskDelete: tasks.taskDelete,
  taskSubtaskList: taskLinks.taskSubtaskList,
  taskSubtaskCreate: taskLinks.taskSubtaskCreate,
  taskProjectAdd: taskLinks.taskProjectAdd,
  taskProjectRemove: taskLinks.taskProjectRemove,
  taskFollowerAdd: taskLinks.taskFollowerAdd,
  taskFollowerRemove: taskLinks.taskFollowerRemove,
  taskDependencyList: taskLinks.taskDependencyList,
  taskDependencyAdd: taskLinks.taskDependencyAdd,
  taskDependencyRemove: taskLinks.taskDependencyRemove,
  taskDependentList: taskLinks.taskDependentList,
  taskDependentAdd: taskLinks.taskDependentAdd,
  taskDependentRemove: taskLinks.taskDependentRemove,
  projectList,
  projectGet,
  projectCounts,
  projectSearch,
  projectCreate,
  projectUpdate,
  projectDelete,
  sectionList,
  sectionGet,
  sectionCreate,
  sectionUpdate,
  sectionMove,
  sectionDelete,
  sectionTaskAdd,
  goalList,
  goalGet,
  goalCreate,
  goalUpdate,
  goalDelete,
  portfolioList,
  portfolioItemList,
  portfolioGet,
  portfolioCreate,
  portfolioUpdate,
  portfolioDelete,
  statusList,
  statusGet,
  statusCreate,
  statusDelete,
  statusOverview,
  customFieldList: customFields.customFieldList,
  customFieldGet: customFields.customFieldGet,
  customFieldListForProject: customFields.customFieldListForProject,
  customFieldListForPortfolio: customFields.customFieldListForPortfolio,
  customFieldListForGoal: customFields.customFieldListForGoal,
  customFieldListForTeam: customFields.customFieldListForTeam,
  membershipList: memberships.membershipList,
  membershipGet: memberships.membershipGet,
  membershipCreate: memberships.membershipCreate,
  membershipUpdate: memberships.membershipUpdate,
  membershipDelete: memberships.membershipDelete,
  oooList: ooo.oooList,
  oooGet: ooo.oooGet,
  oooCreate: ooo.oooCreate,
  oooUpdate: ooo.oooUpdate,
  oooDelete: ooo.oooDelete,
  attachmentList,
  attachmentGet,
  attachmentCreate,
  attachmentDelete,
  eventList,
  projectExport,
  taskScanTodos,
  taskTemplateList: templates.taskTemplateList,
  taskTemplateGet: templates.taskTemplateGet,
  taskTemplateInstantiate: templates.taskTemplateInstantiate,
  projectTemplateList: templates.projectTemplateList,
  projectTemplateGet: templates.projectTemplateGet,
  projectTemplateInstantiate: templates.projectTemplateInstantiate,
  jobGet: templates.jobGet,
  ruleTrigger,
  searchObjects,
  urlParse
} as const

export type TaskmgrOperations = typeof taskmgrOperations

export const taskmgrViews: ReadonlyArray<AnyView> = [
  ...peopleViews,
  ...projectViews,
  ...sectionViews,
  ...tasks.taskViews,
  ...taskLinks.taskLinkViews,
  ...tagViews,
  ...storyViews,
  ...goalViews,
  ...portfolioViews,
  ...statusViews,
  ...customFields.customFieldViews,
  ...memberships.membershipViews,
  ...ooo.oooViews,
  ...attachmentViews,
  ...eventViews,
  projectExportView,
  scanTodosView,
  ...templates.templateViews,
  ...ruleViews,
  ...typeaheadViews,
  ...urlViews
]

/** The group summaries live beside the lazy group modules, which the command line loads without this file. */
export { taskmgrGroups } from "./groups.js"
