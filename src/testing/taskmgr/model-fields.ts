/**
 * The simulator's custom fields (with their enum options), the settings that
 * attach them to projects, portfolios, goals and teams, memberships, and
 * out-of-office entries. Like model.ts, records hold the gids of what they
 * point at; render-fields.ts makes wire records.
 */

export type CustomFieldSubtype = "text" | "enum" | "multi_enum" | "number" | "date" | "people"

export interface EnumOption {
  readonly gid: string
  name: string
  enabled: boolean
  color: string
}

export interface CustomField {
  readonly gid: string
  name: string
  description: string
  readonly workspace: string
  readonly resource_subtype: CustomFieldSubtype
  /** Only for enum and multi_enum fields, in display order. */
  enum_options: Array<EnumOption>
  /** Decimal places of a number field; null for the other kinds. */
  precision: number | null
  readonly created_by: string | null
}

/** A task's value of a custom field, stored, in the form its field's subtype takes on the wire (option and user gids by gid). */
export type FieldValue =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "number"; readonly number: number }
  | { readonly kind: "enum"; readonly option: string }
  | { readonly kind: "multi_enum"; readonly options: ReadonlyArray<string> }
  | { readonly kind: "date"; readonly date: string; readonly date_time: string | null }
  | { readonly kind: "people"; readonly users: ReadonlyArray<string> }

/** What a custom field can be attached to. */
export type SettingParentKind = "project" | "portfolio" | "goal" | "team"

export interface CustomFieldSetting {
  readonly gid: string
  readonly custom_field: string
  readonly parent: string
  readonly parent_kind: SettingParentKind
  /** Shown as a column in the parent's list view. */
  is_important: boolean
}

/** What a membership gives access to. */
export type MembershipParentKind = "project" | "portfolio" | "goal"

export type AccessLevel = "admin" | "editor" | "commenter" | "viewer"

/** The access levels each kind of parent knows: a portfolio has no commenters. */
export const ACCESS_LEVELS: Readonly<Record<MembershipParentKind, ReadonlyArray<AccessLevel>>> = {
  project: ["admin", "editor", "commenter", "viewer"],
  portfolio: ["admin", "editor", "viewer"],
  goal: ["admin", "editor", "commenter", "viewer"]
}

export interface MembershipRecord {
  readonly gid: string
  readonly parent: string
  readonly parent_kind: MembershipParentKind
  readonly member: string
  readonly member_kind: "user" | "team"
  access_level: AccessLevel
}

export interface OooEntry {
  readonly gid: string
  readonly user: string
  readonly workspace: string
  /** Calendar dates, YYYY-MM-DD; end_date is never before start_date. */
  start_date: string
  end_date: string
  readonly created_by: string
}

/** The maps TaskmgrState carries for these groups. */
export interface FieldsWorld {
  readonly customFields: Map<string, CustomField>
  readonly customFieldSettings: Map<string, CustomFieldSetting>
  readonly memberships: Map<string, MembershipRecord>
  readonly oooEntries: Map<string, OooEntry>
}

export const makeFieldsWorld = (): FieldsWorld => ({
  customFields: new Map(),
  customFieldSettings: new Map(),
  memberships: new Map(),
  oooEntries: new Map()
})
