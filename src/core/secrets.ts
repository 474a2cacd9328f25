/**
 * Masking of secrets wherever a request is shown to people: debug lines,
 * `auth status`, error messages. The one list of what counts as secret.
 */
import * as Redacted from "effect/Redacted"

export const SECRET_HEADER = /authorization|cookie|token|secret|passcode|api-key|apikey/i
const SECRET_PARAM = /token|secret|passcode|password|code_verifier|^code$|^key$/i

export const maskHeaders = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => {
      if (!SECRET_HEADER.test(name)) return [name, value]
      const scheme = /^(Bearer|Basic)\s/i.exec(value)?.[1]
      return [name, scheme === undefined ? "***" : `${scheme} ***`]
    })
  )

/** A URL with any user:password and secret query values replaced by ***. */
export const maskUrl = (raw: string): string => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return raw.replace(/\/\/[^/@]*@/, "//***@")
  }
  if (url.username !== "" || url.password !== "") {
    url.username = "***"
    url.password = ""
  }
  for (const key of [...url.searchParams.keys()]) {
    if (SECRET_PARAM.test(key)) url.searchParams.set(key, "***")
  }
  const href = url.href.replaceAll("%2A%2A%2A", "***")
  return raw.endsWith("/") || url.pathname !== "/" ? href : href.replace(/\/$/, "")
}

/** A token shown to people: enough to recognise it, never enough to use it. */
export const maskToken = (token: Redacted.Redacted<string>): string => {
  const value = Redacted.value(token)
  return value.length <= 8 ? "****" : `${value.slice(0, 4)}${"*".repeat(12)}`
}
