/**
 * The typed records (record-schemas.ts, generated from the service's own
 * record schemas) a library user looks for: each a named interface and its
 * Schema. Apart from records.ts (the input shapes), so the command line's
 * start-up, which needs those shapes, never builds these Schemas.
 */
export {
  Attachment,
  CustomField,
  CustomFieldSetting,
  Event,
  Goal,
  Job,
  Membership,
  OutOfOffice,
  Portfolio,
  Project,
  ProjectTemplate,
  Section,
  StatusUpdate,
  Story,
  Tag,
  Task,
  TaskCount,
  TaskTemplate,
  Team,
  User,
  UserTaskList,
  Workspace
} from "./record-schemas.js"
