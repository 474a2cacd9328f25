/**
 * The typed records (record-schemas.ts, generated from the service's own
 * record schemas) under the names a library user looks for. Apart from
 * records.ts (the input shapes), so the command line's start-up, which needs
 * those shapes, never builds these Schemas.
 */
export {
  AttachmentResponse as Attachment,
  CustomFieldResponse as CustomField,
  CustomFieldSettingResponse as CustomFieldSetting,
  EventResponse as Event,
  GoalResponse as Goal,
  JobResponse as Job,
  MembershipResponse as Membership,
  OooEntryResponse as OutOfOffice,
  PortfolioResponse as Portfolio,
  ProjectResponse as Project,
  ProjectTemplateResponse as ProjectTemplate,
  SectionResponse as Section,
  StatusUpdateResponse as StatusUpdate,
  StoryResponse as Story,
  TagResponse as Tag,
  TaskCountResponse as TaskCount,
  TaskResponse as Task,
  TaskTemplateResponse as TaskTemplate,
  TeamResponse as Team,
  UserResponse as User,
  UserTaskListResponse as UserTaskList,
  WorkspaceResponse as Workspace
} from "./record-schemas.js"
