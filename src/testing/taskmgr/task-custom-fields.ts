/**
 * Custom-field values on tasks: what a create or update body's
 * `custom_fields` (field gid to value) may hold, checked whole before
 * anything is stored, and the `custom_fields` a task record answers (every
 * field its projects carry, with the task's value or null).
 *
 * The service takes an option's gid for an enum field (never its name), a
 * number for a number field, a string for a text field, `{date}` or
 * `{date_time}` for a date field, user gids for a people field, and null to
 * clear; a field that none of the task's projects carries is refused.
 */
import * as Either from "effect/Either"
import type { Parsed } from "../core/rejection.js"
import { badRequest } from "./errors.js"
import type { CustomField, FieldValue } from "./model-fields.js"
import type { Task, TaskmgrState } from "./model.js"
import type { RenderContext, Wire } from "./refs.js"
import { userRef } from "./refs.js"
import { enumOption } from "./render-fields.js"

/** What these read of a call: the state (not the whole context, whose module renders through this one). */
type Holder = { readonly state: TaskmgrState }
/** A request body's data object (input.ts's Data). */
type Data = Record<string, unknown>

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The custom fields a task's projects carry, in project then setting order, each once. */
export const fieldsOnTask = (state: TaskmgrState, task: Task): Array<CustomField> => {
  const seen = new Set<string>()
  const fields: Array<CustomField> = []
  for (const membership of task.memberships) {
    for (const setting of state.customFieldSettings.values()) {
      if (setting.parent_kind !== "project" || setting.parent !== membership.project) continue
      const field = state.customFields.get(setting.custom_field)
      if (field === undefined || seen.has(field.gid)) continue
      seen.add(field.gid)
      fields.push(field)
    }
  }
  return fields
}

const isGid = (value: unknown): value is string => typeof value === "string" && /^\d+$/.test(value)

const optionGid = (field: CustomField, value: unknown): Parsed<string> => {
  const option = isGid(value) ? field.enum_options.find((o) => o.gid === value) : undefined
  if (option === undefined) {
    return badRequest(
      `custom_fields: ${JSON.stringify(value)} is not an enum option gid of custom field ${field.gid}`
    )
  }
  return option.enabled
    ? Either.right(option.gid)
    : badRequest(`custom_fields: enum option ${option.gid} of custom field ${field.gid} is disabled`)
}

const valueOf = (ctx: Holder, field: CustomField, value: unknown): Parsed<FieldValue | null> => {
  if (value === null) return Either.right(null)
  const wrong = (expected: string) =>
    badRequest(`custom_fields: custom field ${field.gid} (${field.resource_subtype}) takes ${expected}`)
  switch (field.resource_subtype) {
    case "text":
      return typeof value === "string" ? Either.right({ kind: "text", text: value }) : wrong("a string")
    case "number":
      return typeof value === "number" && Number.isFinite(value)
        ? Either.right({ kind: "number", number: value })
        : wrong("a number")
    case "enum":
      return Either.map(optionGid(field, value), (option) => ({ kind: "enum", option }))
    case "multi_enum":
      return Array.isArray(value)
        ? Either.map(
          Either.all(value.map((v) => optionGid(field, v))),
          (options) => ({ kind: "multi_enum", options: [...new Set(options)] })
        )
        : wrong("an array of enum option gids")
    case "date": {
      const given = typeof value === "object" && !Array.isArray(value) ? value as Record<string, unknown> : {}
      const dateTime = typeof given.date_time === "string" && !Number.isNaN(Date.parse(given.date_time))
        ? new Date(given.date_time).toISOString()
        : null
      const day = typeof given.date === "string" && DATE.test(given.date) ? given.date : dateTime?.slice(0, 10)
      return day === undefined
        ? wrong("{\"date\": \"YYYY-MM-DD\"} or {\"date_time\": ISO 8601}")
        : Either.right({ kind: "date", date: day, date_time: dateTime })
    }
    case "people":
      return Array.isArray(value) && value.every((v) => isGid(v) && ctx.state.users.has(v))
        ? Either.right({ kind: "people", users: value as Array<string> })
        : wrong("an array of user gids")
  }
}

/** The body's `custom_fields`, checked whole against `task` (nothing applied): undefined when absent. */
export const parseCustomFieldValues = (
  ctx: Holder,
  task: Task,
  data: Data
): Parsed<Map<string, FieldValue | null> | undefined> =>
  Either.gen(function*() {
    const given = data.custom_fields
    if (given === undefined) return undefined
    if (given === null || typeof given !== "object" || Array.isArray(given)) {
      return yield* badRequest("custom_fields: Must be an object of custom field gids to values")
    }
    const onTask = new Map(fieldsOnTask(ctx.state, task).map((field) => [field.gid, field]))
    const values = new Map<string, FieldValue | null>()
    for (const [gid, value] of Object.entries(given)) {
      const field = onTask.get(gid)
      if (field === undefined) {
        return yield* badRequest(`custom_fields: Custom field with ID ${gid} is not on given object`)
      }
      values.set(gid, yield* valueOf(ctx, field, value))
    }
    return values
  })

/** Stores checked values on the task; null clears. */
export const storeCustomFieldValues = (task: Task, values: Map<string, FieldValue | null> | undefined): void => {
  if (values === undefined) return
  for (const [gid, value] of values) {
    if (value === null) task.custom_field_values.delete(gid)
    else task.custom_field_values.set(gid, value)
  }
}

const displayOf = (state: TaskmgrState, field: CustomField, value: FieldValue | undefined): string | null => {
  if (value === undefined) return null
  const optionName = (gid: string) => field.enum_options.find((o) => o.gid === gid)?.name ?? ""
  switch (value.kind) {
    case "text":
      return value.text
    case "number":
      return field.precision === null ? String(value.number) : value.number.toFixed(field.precision)
    case "enum":
      return optionName(value.option)
    case "multi_enum":
      return value.options.map(optionName).join(", ")
    case "date":
      return value.date_time ?? value.date
    case "people":
      return value.users.map((gid) => state.users.get(gid)?.name ?? "").join(", ")
  }
}

/** One entry of a task's `custom_fields`: the field and the task's value (null when unset). */
const fieldWithValue = (ctx: RenderContext, field: CustomField, value: FieldValue | undefined): Wire => {
  const option = (gid: string) => {
    const found = field.enum_options.find((o) => o.gid === gid)
    return found === undefined ? { gid, resource_type: "enum_option" } : enumOption(found)
  }
  const base: Wire = {
    gid: field.gid,
    resource_type: "custom_field",
    name: field.name,
    type: field.resource_subtype,
    resource_subtype: field.resource_subtype,
    representation_type: field.resource_subtype,
    enabled: true,
    display_value: displayOf(ctx.state, field, value)
  }
  switch (field.resource_subtype) {
    case "text":
      return { ...base, text_value: value?.kind === "text" ? value.text : null }
    case "number":
      return {
        ...base,
        number_value: value?.kind === "number" ? value.number : null,
        ...(field.precision === null ? {} : { precision: field.precision })
      }
    case "enum":
      return {
        ...base,
        enum_options: field.enum_options.map(enumOption),
        enum_value: value?.kind === "enum" ? option(value.option) : null
      }
    case "multi_enum":
      return {
        ...base,
        enum_options: field.enum_options.map(enumOption),
        multi_enum_values: value?.kind === "multi_enum" ? value.options.map(option) : []
      }
    case "date":
      return {
        ...base,
        date_value: value?.kind === "date"
          ? { date: value.date, ...(value.date_time === null ? {} : { date_time: value.date_time }) }
          : null
      }
    case "people":
      return {
        ...base,
        people_value: value?.kind === "people" ? value.users.map((gid) => userRef(ctx.state, gid)) : []
      }
  }
}

/** A task record's `custom_fields`. */
export const taskCustomFields = (ctx: RenderContext, task: Task): Array<Wire> =>
  fieldsOnTask(ctx.state, task).map((field) => fieldWithValue(ctx, field, task.custom_field_values.get(field.gid)))
