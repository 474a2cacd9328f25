/**
 * The deterministic world every fresh (or reset) task-management simulator
 * starts from. `taskmgrSeed` is the public part: the gids, tokens and OAuth
 * client a test or a `taskmgr sandbox` user needs. Token values say "sandbox"
 * on purpose. Gids stay below 2^53 so the numeric `id` of the token answer is exact.
 */
import { richText } from "./html.js"
import type { Project, Story, Task, TaskmgrState } from "./model.js"
import { newProject, newStory, newTask } from "./model.js"
import { fieldsSeed, seedFields } from "./seed-fields.js"
import { attachmentGids, seedAttachments } from "./seed-files.js"
import {
  big_project,
  free_project,
  free_team,
  free_user,
  free_workspace,
  other_user,
  project,
  sections,
  stories,
  tags,
  tasks,
  team,
  user,
  workspace
} from "./seed-gids.js"
import { goalsSeed, seedGoals } from "./seed-goals.js"
import { seedTemplates, templateSeed } from "./seed-templates.js"

const BIG_PROJECT_SIZE = 150
const firstBigTask = 1200000000010001n

export const taskmgrSeed = {
  /** The personal token's user: member of the paid workspace. */
  user_gid: user,
  user_name: "Sandbox User",
  user_email: "sandbox-user@example.com",
  /** A second member of the paid workspace: author of a comment the first user may not edit. */
  other_user_gid: other_user,
  /** The `free` token's user: member of the free workspace only. */
  free_user_gid: free_user,
  /** The paid (premium) workspace: search works, 1,500 requests a minute. */
  workspace_gid: workspace,
  /** A free workspace: search answers 402, 150 requests a minute. */
  free_workspace_gid: free_workspace,
  team_gid: team,
  free_team_gid: free_team,
  /** "Launch Plan": sections To do, Doing, Done, and a handful of tasks. */
  project_gid: project,
  /** "Backlog (large)": more tasks than one page, and too many to list without `limit`. */
  big_project_gid: big_project,
  big_project_task_count: BIG_PROJECT_SIZE,
  free_project_gid: free_project,
  section_gids: sections,
  tag_gids: tags,
  /** "Write the launch checklist": assigned to the user, tagged urgent, with a subtask, a dependent and stories. */
  task_gid: tasks.checklist,
  task_gids: tasks,
  /** Stories on task_gid: the user's comment, the other user's comment, and two system stories. */
  story_gids: stories,
  /** My Tasks of the user in the paid workspace. */
  user_task_list_gid: "1200000000000801",
  /** Goals, portfolios, status updates: seed-goals.ts. */
  ...goalsSeed,
  /** On task_gid: an external link ("Launch brief") and an uploaded file ("checklist.txt", 12 bytes). */
  attachment_gids: attachmentGids,
  /** Task and project templates (one of each whose job fails) and rule triggers. */
  templates: templateSeed,
  tokens: {
    /** The user's personal access token (paid workspace). */
    personal: "2/1200000000000001/sandbox-personal:7Kq2xV9mPz4Lw8Rt",
    /** The free workspace user's personal access token. */
    free: "2/1200000000000003/sandbox-free:3Hf8sN2cQw6Yb1Zu",
    /** The other user's personal access token (paid workspace). */
    other: "2/1200000000000002/sandbox-other:5Rw2kD8nBv3Qs6Ed",
    /** A token that always answers 401. */
    expired: "2/1200000000000001/sandbox-expired:0Xx0Expired0Old0"
  },
  /** The API app `auth login` uses, and an app made for the hosted tool server (invalid_client). */
  client: {
    id: "1200000000000901",
    secret: "sandbox-client-secret-9Tg4pL1vXe5Mk7Jd",
    wrong_kind_id: "1200000000000902",
    wrong_kind_secret: "sandbox-mcp-app-secret-4Vb8nC2xZq6Lp0Ws"
  },
  ...fieldsSeed
} as const

const T0 = Date.parse("2024-05-01T09:00:00.000Z")
const HOUR = 3_600_000

const baseTask = (gid: string, name: string, at: number): Task => ({
  ...newTask(gid, name, workspace, user, at),
  followers: []
})

const baseProject = (gid: string, name: string, ws: string, teamGid: string, owner: string, at: number): Project => ({
  ...newProject(gid, name, ws, teamGid, owner, at),
  color: "light-green"
})

const comment = (gid: string, author: string, text: string, at: number): Story =>
  newStory(gid, tasks.checklist, "comment", "comment_added", author, at, text)

const system = (gid: string, subtype: string, text: string, at: number): Story =>
  newStory(gid, tasks.checklist, "system", subtype, user, at, text)

/** Fills an empty state with the seed world. */
export const seedWorld = (state: TaskmgrState): void => {
  const add = <A extends { readonly gid: string }>(map: Map<string, A>, record: A) => map.set(record.gid, record)

  add(state.workspaces, {
    gid: workspace,
    name: "Sandbox Workspace",
    is_organization: true,
    premium: true,
    email_domains: ["example.com"]
  })
  add(state.workspaces, {
    gid: free_workspace,
    name: "Free Workspace",
    is_organization: false,
    premium: false,
    email_domains: []
  })
  add(state.users, { gid: user, name: taskmgrSeed.user_name, email: taskmgrSeed.user_email, workspaces: [workspace] })
  add(state.users, {
    gid: other_user,
    name: "Other Member",
    email: "other-member@example.com",
    workspaces: [workspace]
  })
  add(state.users, {
    gid: free_user,
    name: "Free Plan User",
    email: "free-user@example.com",
    workspaces: [free_workspace]
  })
  add(state.teams, { gid: team, name: "Engineering", workspace, description: "Builds the launch." })
  add(state.teams, { gid: free_team, name: "Free Team", workspace: free_workspace, description: "" })

  const main = baseProject(project, "Launch Plan", workspace, team, user, T0)
  main.members.push(other_user)
  main.notes = "Everything for the launch."
  main.html_notes = richText(main.notes)
  main.sections = [sections.todo, sections.doing, sections.done]
  add(state.projects, main)
  add(state.sections, { gid: sections.todo, name: "To do", project, created_at: T0 })
  add(state.sections, { gid: sections.doing, name: "Doing", project, created_at: T0 })
  add(state.sections, { gid: sections.done, name: "Done", project, created_at: T0 })
  const big = baseProject(big_project, "Backlog (large)", workspace, team, user, T0)
  big.sections = []
  add(state.projects, big)
  const freeProject = baseProject(free_project, "Side Project", free_workspace, free_team, free_user, T0)
  add(state.projects, freeProject)

  add(state.tags, {
    gid: tags.urgent,
    name: "urgent",
    workspace,
    color: "dark-red",
    notes: "",
    followers: [],
    created_at: T0
  })
  add(state.tags, { gid: tags.later, name: "later", workspace, color: null, notes: "", followers: [], created_at: T0 })
  add(state.tags, {
    gid: tags.free,
    name: "someday",
    workspace: free_workspace,
    color: null,
    notes: "",
    followers: [],
    created_at: T0
  })

  const checklist = baseTask(tasks.checklist, "Write the launch checklist", T0 + HOUR)
  checklist.assignee = user
  checklist.notes = "List every step of the launch."
  checklist.html_notes = richText(checklist.notes)
  checklist.memberships = [{ project, section: sections.todo }]
  checklist.tags = [tags.urgent]
  checklist.followers = [user, other_user]
  checklist.due_on = "2024-06-01"
  add(state.tasks, checklist)
  const review = baseTask(tasks.review, "Review the checklist", T0 + 2 * HOUR)
  review.memberships = [{ project, section: sections.todo }]
  review.dependencies = [tasks.checklist]
  review.assignee = user
  add(state.tasks, review)
  const sub = baseTask(tasks.subtask, "Collect the steps", T0 + 3 * HOUR)
  sub.parent = tasks.checklist
  sub.assignee = user
  add(state.tasks, sub)
  const others: Task = { ...baseTask(tasks.others, "Book the venue", T0 + 4 * HOUR), created_by: other_user }
  others.assignee = other_user
  others.memberships = [{ project, section: sections.doing }]
  others.tags = [tags.later]
  add(state.tasks, others)
  const done = baseTask(tasks.completed, "Pick a launch date", T0 + 5 * HOUR)
  done.completed = true
  done.completed_at = T0 + 6 * HOUR
  done.assignee = user
  done.memberships = [{ project, section: sections.done }]
  add(state.tasks, done)
  add(state.tasks, {
    ...baseTask(tasks.free, "Water the plants", T0 + HOUR),
    workspace: free_workspace,
    created_by: free_user,
    assignee: free_user,
    memberships: [{ project: free_project, section: null }],
    tags: [tags.free]
  })
  for (let i = 0; i < BIG_PROJECT_SIZE; i++) {
    const gid = (firstBigTask + BigInt(i)).toString()
    const task = baseTask(gid, `Backlog item ${i + 1}`, T0 + 24 * HOUR + i * 60_000)
    task.memberships = [{ project: big_project, section: null }]
    add(state.tasks, task)
  }

  add(state.stories, system(stories.system_assigned, "assigned", `${taskmgrSeed.user_name} assigned to you`, T0 + HOUR))
  add(
    state.stories,
    system(stories.system_due_date, "due_date_changed", "Sandbox User changed the due date to Jun 1", T0 + HOUR)
  )
  add(state.stories, comment(stories.my_comment, user, "First draft is in the doc.", T0 + 2 * HOUR))
  add(state.stories, comment(stories.other_comment, other_user, "Looks good, add the venue.", T0 + 3 * HOUR))

  seedAttachments(state, tasks.checklist, user, T0 + HOUR)
  seedTemplates(state, {
    user,
    workspace,
    free_workspace,
    team,
    free_team,
    free_user,
    project,
    later_tag: tags.later,
    free_tag: tags.free,
    task: tasks.checklist,
    at: T0
  })

  add(state.userTaskLists, { gid: taskmgrSeed.user_task_list_gid, owner: user, workspace })
  add(state.userTaskLists, { gid: "1200000000000802", owner: other_user, workspace })
  add(state.userTaskLists, { gid: "1200000000000803", owner: free_user, workspace: free_workspace })

  const t = taskmgrSeed.tokens
  state.tokens.set(t.personal, { user, expires_ms: null, scopes: null, grant: null })
  state.tokens.set(t.free, { user: free_user, expires_ms: null, scopes: null, grant: null })
  state.tokens.set(t.other, { user: other_user, expires_ms: null, scopes: null, grant: null })
  state.tokens.set(t.expired, { user, expires_ms: 0, scopes: null, grant: null })

  const c = taskmgrSeed.client
  state.clients.set(c.id, { id: c.id, secret: c.secret, kind: "api" })
  state.clients.set(c.wrong_kind_id, { id: c.wrong_kind_id, secret: c.wrong_kind_secret, kind: "mcp" })

  seedGoals(state)
  seedFields(state)
}
