/**
 * Checks an answer against a published description written as JSON Schema
 * (the subset the descriptions use: type, enum, properties, items, $ref,
 * anyOf/oneOf/allOf, and `$comment: "accepts null"`): no field it does not
 * document, each of the documented type, enum value and nullability.
 */
export interface JsonSchema {
  readonly type?: string | ReadonlyArray<string>
  readonly enum?: ReadonlyArray<unknown>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  /** Field names that must be present. */
  readonly required?: ReadonlyArray<string>
  /** The schema of every value of a map (an object keyed by ids). */
  readonly additionalProperties?: JsonSchema
  readonly items?: JsonSchema
  readonly $ref?: string
  readonly $comment?: string
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly allOf?: ReadonlyArray<JsonSchema>
}

const kindOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value

/** Where `value` breaks `schema`, as `path: problem` lines (none when it conforms); `$ref`s name `definitions`. */
export const problemsWith = (definitions: Readonly<Record<string, JsonSchema>>) => {
  const problems = (schema: JsonSchema, value: unknown, path: string): Array<string> => {
    if (schema.$ref !== undefined) {
      const name = schema.$ref.replace("#/definitions/", "")
      const target = definitions[name]
      if (target === undefined) return [`${path}: the description has no ${name}`]
      return problems(target, value, path)
    }
    if (value === null && schema.$comment?.includes("accepts null")) return []
    if (schema.allOf !== undefined) return schema.allOf.flatMap((s) => problems(s, value, path))
    const members = schema.anyOf ?? schema.oneOf
    if (members !== undefined) {
      const each = members.map((s) => problems(s, value, path))
      return each.some((p) => p.length === 0)
        ? []
        : [`${path}: matches none of its ${members.length} forms (${each.map((p) => p[0]).join("; ")})`]
    }
    const types = schema.type === undefined ? [] : typeof schema.type === "string" ? [schema.type] : schema.type
    const kind = kindOf(value)
    if (types.length > 0 && !types.includes(kind) && !(kind === "integer" && types.includes("number"))) {
      return [`${path}: ${kind}, documented ${types.join(" or ")}`]
    }
    if (schema.enum !== undefined && value !== null && !schema.enum.includes(value)) {
      return [`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.join(", ")}`]
    }
    if (kind === "array" && schema.items !== undefined) {
      return (value as Array<unknown>).flatMap((v, i) => problems(schema.items!, v, `${path}[${i}]`))
    }
    if (kind === "object") {
      const record = value as Record<string, unknown>
      const missing = (schema.required ?? []).filter((key) => !(key in record)).map((key) => `${path}.${key}: missing`)
      if (schema.additionalProperties !== undefined) {
        return [
          ...missing,
          ...Object.entries(record).flatMap(([key, v]) =>
            schema.properties?.[key] !== undefined
              ? problems(schema.properties[key], v, `${path}.${key}`)
              : problems(schema.additionalProperties!, v, `${path}[${JSON.stringify(key)}]`)
          )
        ]
      }
      if (schema.properties !== undefined) {
        return [
          ...missing,
          ...Object.entries(record).flatMap(([key, v]) =>
            schema.properties![key] === undefined
              ? [`${path}.${key}: not a documented field`]
              : problems(schema.properties![key]!, v, `${path}.${key}`)
          )
        ]
      }
      return missing
    }
    return []
  }
  return problems
}

/** One answer a simulator gave, as a checker sees it. */
export interface Answer {
  readonly method: string
  /** Without the query string. */
  readonly path: string
  readonly query: URLSearchParams
  readonly status: number
  readonly body: unknown
}

/** The figures a conformance run reports. */
export interface Figures {
  readonly checked: number
  readonly valid: number
  /** `METHOD path status: problem` for each invalid answer (its first problem). */
  readonly invalid: ReadonlyArray<string>
  /** Answers no description covers (a route the description does not have). */
  readonly undescribed: ReadonlyArray<string>
}

/**
 * A conformance run's figures: each answer of each example checked by the service's own `problemsOf` (null: no
 * description covers it), its first problems kept.
 */
export const figuresOf = (
  runs: ReadonlyArray<{ readonly example: string; readonly answers: ReadonlyArray<Answer> }>,
  problemsOf: (answer: Answer) => ReadonlyArray<string> | null
): Figures => {
  const invalid: Array<string> = []
  const undescribed: Array<string> = []
  let checked = 0
  for (const run of runs) {
    for (const answer of run.answers) {
      const found = problemsOf(answer)
      const where = `${answer.method} ${answer.path} ${answer.status} (${run.example})`
      if (found === null) {
        undescribed.push(where)
        continue
      }
      checked += 1
      if (found.length > 0) invalid.push(`${where}: ${found.slice(0, 3).join("; ")}`)
    }
  }
  return { checked, valid: checked - invalid.length, invalid, undescribed }
}
