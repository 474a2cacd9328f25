/**
 * "design-taskmgr/taskmgr": the task manager's records, each a named
 * interface (what hovers and type errors say) and its Schema, generated from
 * the service's own record schemas; the service itself, `TaskmgrApi`, is in
 * the package's root.
 *
 * A record's fields are all optional but `gid` (`fields` chooses what the
 * service sends), enums admit the values the service adds (`Undocumented`),
 * and fields this version does not know are kept on the record as they came:
 * read them with `unknownFields(record)`. There is no index signature, so a
 * misspelt field does not compile.
 */
export type { FieldPath, Selected } from "../core/field-paths.js"
export { type Undocumented, unknownFields } from "../core/open-record.js"
export type { TaskmgrApiMethods, TaskmgrApiStreams } from "./api-methods.js"
export type { ListPage } from "./define.js"
export type { EventFeed, FollowOptions as EventFollowOptions } from "./groups/events.js"
export * from "./records/record-schemas.js"
