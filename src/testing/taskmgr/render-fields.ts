/**
 * Wire records of custom fields, their settings, memberships and
 * out-of-office entries, and the compact sets their lists answer when the
 * caller names no `opt_fields`.
 */
import type { CustomField, CustomFieldSetting, EnumOption, MembershipRecord, OooEntry } from "./model-fields.js"
import type { TaskmgrState } from "./model.js"
import type { RenderContext, Wire } from "./refs.js"
import { projectRef, userRef } from "./refs.js"

const nameOf = (state: TaskmgrState, kind: string, gid: string): string | undefined => {
  switch (kind) {
    case "project":
      return state.projects.get(gid)?.name
    case "team":
      return state.teams.get(gid)?.name
    case "user":
      return state.users.get(gid)?.name
    case "portfolio":
      return state.portfolios.get(gid)?.name
    case "goal":
      return state.goals.get(gid)?.name
    default:
      return undefined
  }
}

/** A compact reference to a parent or member of any kind (opt_fields expands it). */
export const refOf = (state: TaskmgrState, kind: string, gid: string): Wire => ({
  gid,
  resource_type: kind,
  name: nameOf(state, kind, gid) ?? ""
})

export const enumOption = (option: EnumOption): Wire => ({
  gid: option.gid,
  resource_type: "enum_option",
  name: option.name,
  enabled: option.enabled,
  color: option.color
})

const hasOptions = (field: CustomField) => field.resource_subtype === "enum" || field.resource_subtype === "multi_enum"

export const fullCustomField = (ctx: RenderContext, field: CustomField): Wire => ({
  gid: field.gid,
  resource_type: "custom_field",
  name: field.name,
  description: field.description,
  type: field.resource_subtype,
  resource_subtype: field.resource_subtype,
  representation_type: field.resource_subtype,
  ...(hasOptions(field) ? { enum_options: field.enum_options.map(enumOption) } : {}),
  ...(field.precision === null ? {} : { precision: field.precision }),
  format: "none",
  currency_code: null,
  custom_label: null,
  custom_label_position: null,
  id_prefix: null,
  is_formula_field: false,
  is_global_to_workspace: true,
  is_value_read_only: false,
  has_notifications_enabled: true,
  privacy_setting: "public_with_guests",
  default_access_level: "editor",
  created_by: userRef(ctx.state, field.created_by)
})

export const fullCustomFieldSetting = (ctx: RenderContext, setting: CustomFieldSetting): Wire => {
  const field = ctx.state.customFields.get(setting.custom_field)
  return {
    gid: setting.gid,
    resource_type: "custom_field_setting",
    is_important: setting.is_important,
    parent: refOf(ctx.state, setting.parent_kind, setting.parent),
    // Deprecated, and only ever a project.
    ...(setting.parent_kind === "project" ? { project: projectRef(ctx.state, setting.parent) } : {}),
    custom_field: field === undefined
      ? { gid: setting.custom_field, resource_type: "custom_field" }
      : fullCustomField(ctx, field)
  }
}

export const fullMembership = (ctx: RenderContext, membership: MembershipRecord): Wire => ({
  gid: membership.gid,
  resource_type: "membership",
  resource_subtype: `${membership.parent_kind}_membership`,
  parent: refOf(ctx.state, membership.parent_kind, membership.parent),
  member: refOf(ctx.state, membership.member_kind, membership.member),
  access_level: membership.access_level
})

export const fullOooEntry = (ctx: RenderContext, entry: OooEntry): Wire => ({
  gid: entry.gid,
  resource_type: "ooo_entry",
  start_date: entry.start_date,
  end_date: entry.end_date,
  user: userRef(ctx.state, entry.user),
  created_by: userRef(ctx.state, entry.created_by)
})

/** What a list answers without `opt_fields`, besides gid and resource_type. */
export const COMPACT = {
  custom_field: ["name", "type", "resource_subtype", "representation_type", "enum_options"],
  custom_field_setting: ["is_important", "parent", "project", "custom_field"],
  membership: ["resource_subtype", "parent", "member", "access_level"],
  ooo_entry: ["start_date", "end_date", "user", "created_by"]
} as const
