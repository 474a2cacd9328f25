/** Small pieces every command line uses to declare options and read them over environment variables. */
import * as Effect from "effect/Effect"
import { refusal, typedValue } from "../allowed.js"
import { invalidInput, InvalidSettingsError } from "../errors.js"
import type { OptionValue } from "./derive.js"
import type { OptionSpec } from "./spec.js"

/** A value-taking option unless `more` says otherwise. */
export const option = (flag: string, description: string, more: Partial<OptionSpec> = {}): OptionSpec => ({
  flag,
  takesValue: true,
  description,
  required: false,
  ...more
})

/** A flag's text, else the first of the variables that is set and not blank. */
export const flagOrEnv = (
  given: Readonly<Record<string, OptionValue>>,
  flag: string,
  env: Readonly<Record<string, string | undefined>>,
  ...variables: ReadonlyArray<string>
): string | undefined => {
  const value = given[flag]
  if (typeof value === "string") return value
  for (const variable of variables) {
    const fromEnv = env[variable]
    if (fromEnv !== undefined && fromEnv.trim() !== "") return fromEnv
  }
  return undefined
}

/** Whole seconds as milliseconds, for a setting (maxWait, timeout). */
export const secondsSetting = (setting: string, raw: string | undefined) =>
  raw === undefined
    ? Effect.succeed(undefined)
    : /^\d+$/.test(raw.trim())
    ? Effect.succeed(Number(raw) * 1000)
    : Effect.fail(
      new InvalidSettingsError({ setting, message: refusal(setting, "a whole number of seconds", typedValue(raw)) })
    )

/** A whole number within bounds, for a command's own flag. */
export const wholeNumber = (field: string, flag: string, raw: string, min: number, max: number) => {
  const n = Number(raw.trim())
  return /^\d+$/.test(raw.trim()) && n >= min && n <= max
    ? Effect.succeed(n)
    : Effect.fail(invalidInput(refusal(flag, `a whole number from ${min} to ${max}`, typedValue(raw)), field))
}
