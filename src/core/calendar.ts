/**
 * Dates and date-times as calendar values, for every input of both services.
 * A pattern alone lets 2026-02-30 through (and `Date.parse` rolls it over to
 * March 2), so each part is checked against the calendar: months 1-12, the
 * month's own length with February 29 in leap years only, hours 0-23, minutes
 * and seconds 0-59, and a zone offset of at most 14 hours.
 */
import * as Schema from "effect/Schema"

/** Marks an input Schema as a calendar value, so a test over the registry can find every field that uses one. */
export const CalendarKindId: unique symbol = Symbol.for("design-taskmgr/CalendarKind")
export type CalendarKind = "date" | "date-time"

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const

/** Whether the year, month (1-12) and day name a day that exists. */
export const isCalendarDay = (year: number, month: number, day: number): boolean =>
  month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeap(year) ? 29 : DAYS[month - 1]!)

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))$/

/** YYYY-MM-DD naming a real day. */
export const isCalendarDate = (text: string): boolean => {
  const m = DATE.exec(text)
  return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))
}

export interface DateTimeForm {
  /** Only `Z` as the zone (the design service's timestamps). */
  readonly utcOnly?: boolean
  /** Most digits of a second's fraction. */
  readonly fractionDigits?: number
}

/** YYYY-MM-DDTHH:MM[:SS[.fff]] and a zone (Z or ±HH:MM), naming a real moment. */
export const isCalendarDateTime = (text: string, form: DateTimeForm = {}): boolean => {
  const m = DATE_TIME.exec(text)
  if (m === null || !isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]))) return false
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? "0")]
  if (hour > 23 || minute > 59 || second > 59) return false
  if (m[7] !== undefined && m[7].length - 1 > (form.fractionDigits ?? 9)) return false
  if (m[8] === "Z") return true
  return form.utcOnly !== true && Number(m[9]) * 60 + Number(m[10]) <= 14 * 60 && Number(m[10]) <= 59
}

/** A calendar date: 2026-01-31. */
export const CalendarDate = Schema.String.pipe(
  Schema.filter(
    (s) => isCalendarDate(s) || `must be a real date in the form YYYY-MM-DD, such as 2026-01-31 (got ${s})`,
    {
      jsonSchema: { format: "date" },
      [CalendarKindId]: "date"
    }
  )
)

/** A calendar date-time with its zone: 2026-01-31T09:00:00Z or 2026-01-31T09:00:00+02:00. */
export const CalendarDateTime = Schema.String.pipe(
  Schema.filter(
    (s) =>
      isCalendarDateTime(s) ||
      `must be a real date-time with its zone, in the form YYYY-MM-DDTHH:MM:SSZ or with an offset such as +02:00 (got ${s})`,
    { jsonSchema: { format: "date-time" }, [CalendarKindId]: "date-time" }
  )
)

/** A calendar date-time in UTC, to the millisecond: 2026-01-01T00:00:00Z. */
export const UtcDateTime = Schema.String.pipe(
  Schema.filter(
    (s) =>
      isCalendarDateTime(s, { utcOnly: true, fractionDigits: 3 }) ||
      `must be a real UTC time in the form YYYY-MM-DDTHH:MM:SSZ, such as 2026-01-01T00:00:00Z (got ${s})`,
    { jsonSchema: { format: "date-time" }, [CalendarKindId]: "date-time" }
  )
)
