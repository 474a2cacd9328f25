// The task manager's records a library user reads, by the reference's name (reference/taskmgr-records.json) and
// the name the library gives them: written by scripts/taskmgr-records.mjs, read back by the records' tests.
export const RECORD_NAMES = {
  AttachmentResponse: "Attachment",
  CustomFieldResponse: "CustomField",
  CustomFieldSettingResponse: "CustomFieldSetting",
  EventResponse: "Event",
  GoalResponse: "Goal",
  JobResponse: "Job",
  MembershipResponse: "Membership",
  OooEntryResponse: "OutOfOffice",
  PortfolioResponse: "Portfolio",
  ProjectResponse: "Project",
  ProjectTemplateResponse: "ProjectTemplate",
  SectionResponse: "Section",
  StatusUpdateResponse: "StatusUpdate",
  StoryResponse: "Story",
  TagResponse: "Tag",
  TaskCountResponse: "TaskCount",
  TaskResponse: "Task",
  TaskTemplateResponse: "TaskTemplate",
  TeamResponse: "Team",
  UserResponse: "User",
  UserTaskListResponse: "UserTaskList",
  WorkspaceResponse: "Workspace"
}
