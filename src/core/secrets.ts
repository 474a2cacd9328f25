/**
 * Masking of secrets wherever a request is shown to people: debug lines,
 * `auth status`, error messages. The one list of what counts as secret.
 */
import * as Redacted from "effect/Redacted"
import { sha256Hex } from "./sha256.js"

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

/**
 * A token's stand-in where a budget is keyed by who calls (a pacing scope, a
 * key in the shared Redis store): the first 16 hex digits of its SHA-256, so
 * the token itself is never stored or shown.
 */
export const tokenFingerprint = (token: Redacted.Redacted<string>): string =>
  sha256Hex(Redacted.value(token)).slice(0, 16)

/*
 * Every credential this process holds, so that service text (an error body
 * that echoes a token, a passcode repeated in a 400) is masked before it
 * becomes a message on any surface. Fed where credentials enter: the
 * configuration at start (every token, client secret and store password it
 * holds, used by the command or not: cli/service-settings.ts), the
 * pipeline's credential headers, decoded input (its Redacted fields), token
 * answers and the credential store. Process-wide on purpose: masking another
 * client's token too costs nothing, and no message needs an unmasked one.
 */

/** Shorter values would mask ordinary words; a secret this short protects nothing anyway. */
const MIN_SECRET = 4
/** A long-lived tool server meets many passcodes; the oldest give way first. */
const MAX_KNOWN = 512
const known = new Set<string>()
/** The configuration's secrets (secrets.ts's callers say which): never given way to, however many others come. */
const pinned = new Set<string>()
let ordered: Array<string> = []

/**
 * Adds a secret (its raw and URL-encoded forms) to what every message is
 * scrubbed of. `pinned`: one the configuration holds, kept for the process's
 * life; the others (passcodes given as input, tokens in use) give way oldest
 * first past MAX_KNOWN.
 */
export const rememberSecret = (
  secret: string | Redacted.Redacted<string>,
  options?: { readonly pinned: true }
): void => {
  const value = Redacted.isRedacted(secret) ? Redacted.value(secret) : secret
  if (typeof value !== "string" || value.length < MIN_SECRET) return
  let added = false
  for (const form of new Set([value, encodeURIComponent(value)])) {
    if (options?.pinned === true && !pinned.has(form)) {
      pinned.add(form)
      known.delete(form)
      added = true
    }
    if (pinned.has(form) || known.has(form)) continue
    known.add(form)
    added = true
    if (known.size > MAX_KNOWN) known.delete(known.values().next().value!)
  }
  // Longest first, so a secret containing another is masked whole. (Every request re-announces its token.)
  if (added) ordered = [...pinned, ...known].sort((a, b) => b.length - a.length)
}

/** Remembers every Redacted string found in a value (a decoded input, a token answer, a stored credential). */
export const rememberSecretsIn = (value: unknown, depth = 0): void => {
  if (Redacted.isRedacted(value)) {
    const inner = Redacted.value(value)
    if (typeof inner === "string") rememberSecret(inner)
    return
  }
  if (depth > 8 || typeof value !== "object" || value === null) return
  for (const item of Array.isArray(value) ? value : Object.values(value)) rememberSecretsIn(item, depth + 1)
}

/**
 * The password of a URL's userinfo (redis://:PASSWORD@host) and its secret
 * query values, as written and decoded, even when the URL does not parse
 * (a password holding `/` or `@` is where a parser gives up).
 */
export const rememberUrlSecrets = (raw: string, options?: { readonly pinned: true }): void => {
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/(.*)@[^@]*$/is.exec(raw.trim())?.[1]
  const colon = userinfo?.indexOf(":") ?? -1
  const passwords = userinfo === undefined ? [] : [colon < 0 ? userinfo : userinfo.slice(colon + 1)]
  try {
    const url = new URL(raw.trim())
    passwords.push(url.password)
    for (const [key, value] of url.searchParams) if (SECRET_PARAM.test(key)) passwords.push(value)
  } catch {
    // Not a URL: the userinfo read above is all there is.
  }
  for (const password of passwords) {
    rememberSecret(password, options)
    try {
      rememberSecret(decodeURIComponent(password), options)
    } catch {
      // A malformed escape: the password as written is remembered.
    }
  }
}

/** The credentials in request headers: the value after a Bearer/Basic scheme, or the whole value. */
export const rememberHeaderSecrets = (headers: Readonly<Record<string, string>>): void => {
  for (const [name, value] of Object.entries(headers)) {
    if (SECRET_HEADER.test(name)) rememberSecret(value.replace(/^(Bearer|Basic)\s+/i, ""))
  }
}

/** A text with every credential the process holds replaced by ***. */
export const scrubSecrets = (text: string): string =>
  ordered.reduce((t, secret) => (t.includes(secret) ? t.split(secret).join("***") : t), text)

/** Every string in a value (a parsed error body, headers) scrubbed; the shape is kept. */
export const scrubDeep = <A>(value: A, depth = 0): A => {
  if (typeof value === "string") return scrubSecrets(value) as A
  if (depth > 32 || typeof value !== "object" || value === null || ordered.length === 0) return value
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v, depth + 1)) as A
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [scrubSecrets(k), scrubDeep(v, depth + 1)])) as A
}
