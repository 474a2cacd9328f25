/**
 * A webhook context id given as an id or as a team, project or file URL
 * (https://host/files/team/123/..., .../files/project/456/..., .../design/KEY/...).
 */
import * as Effect from "effect/Effect"
import { type InvalidInputError, invalidInput } from "../core/errors.js"

export type ContextKind = "team" | "project" | "file"

const FILE_SEGMENTS = new Set(["file", "design", "board", "slides", "proto", "site", "make", "deck"])

export interface ContextRef {
  readonly context: ContextKind | undefined
  readonly id: string
}

export const parseContextRef = (value: string, field: string): Effect.Effect<ContextRef, InvalidInputError> => {
  const trimmed = value.trim()
  if (!/^[a-z]+:\/\//i.test(trimmed)) {
    return /^[A-Za-z0-9_-]+$/.test(trimmed)
      ? Effect.succeed({ context: undefined, id: trimmed })
      : Effect.fail(invalidInput(`${field}: "${value}" is neither an id nor a team, project or file URL.`, field))
  }
  let segments: Array<string>
  try {
    segments = new URL(trimmed).pathname.split("/").filter((s) => s !== "")
  } catch {
    return Effect.fail(invalidInput(`${field}: "${value}" is not a valid URL.`, field))
  }
  for (let i = 0; i < segments.length - 1; i++) {
    const seg = segments[i]!
    const next = segments[i + 1]!
    if (seg === "team" || seg === "project") return Effect.succeed({ context: seg, id: next })
    if (FILE_SEGMENTS.has(seg)) return Effect.succeed({ context: "file", id: next })
  }
  return Effect.fail(invalidInput(`${field}: no team, project or file id in the URL ${value} (expected /team/ID, /project/ID or /file/KEY).`, field))
}
