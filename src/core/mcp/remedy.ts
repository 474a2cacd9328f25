/** The tool server's words for remedies (parameter names, the server's variables) and its waiting budget. */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { InvalidSettingsError } from "../errors.js"
import type { Vocabulary } from "../remedy.js"

/** Official clients give up on a request after 60 s; a call stops waiting before that. */
export const DEFAULT_TOOL_BUDGET = Duration.seconds(50)

export const toolBudget = (raw: string | undefined): Effect.Effect<Duration.Duration, InvalidSettingsError> => {
  if (raw === undefined || raw.trim() === "") return Effect.succeed(DEFAULT_TOOL_BUDGET)
  return /^\d+$/.test(raw.trim())
    ? Effect.succeed(Duration.seconds(Number(raw)))
    : Effect.fail(
      new InvalidSettingsError({
        setting: "budget",
        message: `The tool-call waiting budget must be whole seconds; got "${raw}".`
      })
    )
}

/** `prefix` names the server's variables: DESIGN → DESIGN_MAX_WAIT, ... */
export const toolVocabulary = (tokenVariable: string, prefix: string, authModes = true): Vocabulary => {
  const settings: Record<string, string> = {
    token: tokenVariable,
    authMode: `${prefix}_AUTH_MODE in the server's environment`,
    baseUrl: `${prefix}_BASE_URL in the server's environment`,
    maxWait: `${prefix}_MAX_WAIT (and ${prefix}_MCP_BUDGET, the most a call may wait, default 50 s)`,
    budget: `the server's budget, ${prefix}_MCP_BUDGET seconds (default 50; clients give up at 60)`,
    timeout: `${prefix}_TIMEOUT in the server's environment`
  }
  return {
    supplyToken: `Set ${tokenVariable} in the tool server's environment and restart it`,
    // A name that is already a variable (DESIGN_ACCESS_TOKEN) is said as it is.
    setting: (name) =>
      settings[name] ??
        (/^[A-Z0-9_]+$/.test(name) ? name : `${prefix}_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`),
    field: (name) => name,
    help: "See the tool's input schema",
    authMode: authModes ? (mode) => `${prefix}_AUTH_MODE=${mode}` : undefined
  }
}
