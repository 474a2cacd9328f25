/**
 * A request path as a route template, for spans: each segment that carries
 * one of the input's values becomes `{field}`, and any other all-digit
 * segment (a gid from the settings) `{gid}`. Ids stay out of span names and
 * attributes, where they would make every call a route of its own.
 */
export const routeTemplate = (path: string, input: unknown): string => {
  const fields = new Map<string, string>()
  if (typeof input === "object" && input !== null) {
    for (const [field, value] of Object.entries(input)) {
      if ((typeof value === "string" && value !== "") || typeof value === "number") {
        fields.set(encodeURIComponent(String(value)), field)
      }
    }
  }
  return path.split("/").map((segment) => {
    const field = fields.get(segment)
    return field !== undefined ? `{${field}}` : /^\d+$/.test(segment) ? "{gid}" : segment
  }).join("/")
}
