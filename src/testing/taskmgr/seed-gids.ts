/**
 * The gids of the seed's base world (users, workspaces, teams, projects,
 * sections, tags, tasks, stories), in one place for seed.ts and the seed
 * modules of the other groups.
 */
export const user = "1200000000000001"
export const other_user = "1200000000000002"
export const free_user = "1200000000000003"
export const workspace = "1200000000000101"
export const free_workspace = "1200000000000102"
export const team = "1200000000000201"
export const free_team = "1200000000000202"
export const project = "1200000000000301"
export const big_project = "1200000000000302"
export const free_project = "1200000000000303"
export const sections = { todo: "1200000000000401", doing: "1200000000000402", done: "1200000000000403" }
export const tags = { urgent: "1200000000000501", later: "1200000000000502", free: "1200000000000503" }
export const tasks = {
  checklist: "1200000000000601",
  review: "1200000000000602",
  subtask: "1200000000000603",
  others: "1200000000000604",
  completed: "1200000000000605",
  free: "1200000000000606"
}
export const stories = {
  my_comment: "1200000000000701",
  other_comment: "1200000000000702",
  system_assigned: "1200000000000703",
  system_due_date: "1200000000000704"
}
