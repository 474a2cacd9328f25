/** Checks every service applies to its client options, so both refuse the same things in the same words. */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { orList, refusal } from "./allowed.js"
import { InvalidSettingsError } from "./errors.js"

const HOST_EXAMPLE = "api.example.com"

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** A host on this machine (a sandbox), by name or address. */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK.test(hostname)

export const invalidSetting = (setting: string, message: string) =>
  Effect.fail(new InvalidSettingsError({ setting, message }))

/**
 * What makes a URL unusable before it is parsed, if anything: a URL parser
 * silently drops tabs and line breaks (and trims controls at the ends), so
 * `http://host/\r\n` would be used as another URL than the one given. Said
 * without quoting the URL, which may hold credentials.
 */
export const urlFault = (raw: string): string | undefined =>
  /[\r\n]/.test(raw)
    ? "contains a line break (CR or LF)"
    : /[\x00-\x1f\x7f-\x9f]/.test(raw)
    ? "contains a control character"
    : undefined

/** A URL with a line break or control character, never echoed: refused rather than cleaned (a parser would drop them). */
const faultRefusal = (setting: string, fault: string) =>
  `${
    refusal(setting, "a URL without line breaks or control characters").slice(0, -1)
  } (got one that ${fault}; it is refused rather than cleaned).`

/** HTTPS only (the services refuse plain HTTP), http:// on loopback alone (a sandbox); never credentials in the URL. */
export const checkServiceUrl = (setting: string, raw: string): Effect.Effect<string, InvalidSettingsError> => {
  // Named by the setting, which each front end words as its flag or parameter; the remedy says where it comes from.
  const fault = urlFault(raw)
  if (fault !== undefined) return invalidSetting(setting, faultRefusal(setting, fault))
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return invalidSetting(
      setting,
      refusal(setting, `a URL such as https://${HOST_EXAMPLE}`, raw.replace(/\/\/[^/@]*@/, "//***@"))
    )
  }
  if (url.username !== "" || url.password !== "") {
    // Never echoed: it holds a password.
    return invalidSetting(
      setting,
      `${refusal(setting, "a URL without credentials (user:password@)").slice(0, -1)}: the token authenticates.`
    )
  }
  if (url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.test(url.hostname))) {
    return Effect.succeed(url.href.replace(/\/+$/, ""))
  }
  return invalidSetting(
    setting,
    refusal(
      setting,
      `an https:// URL (the service accepts HTTPS only; http:// only on loopback, for a sandbox)`,
      `${url.protocol}//${url.host}`
    )
  )
}

export const oneOf = <A extends string>(setting: string, choices: ReadonlyArray<A>, value: string | undefined) => {
  if (value === undefined) return Effect.succeed(Option.none<A>())
  const lower = value.toLowerCase() as A
  return choices.includes(lower)
    ? Effect.succeed(Option.some(lower))
    : invalidSetting(setting, refusal(setting, orList(choices), value))
}

export const duration = (setting: string, value: Duration.DurationInput | undefined, fallback: Duration.Duration) => {
  if (value === undefined) return Effect.succeed(fallback)
  const decoded = Duration.decodeUnknown(value)
  return Option.isSome(decoded) && Duration.isFinite(decoded.value)
    ? Effect.succeed(decoded.value)
    : invalidSetting(setting, refusal(setting, "a finite duration"))
}

/** The per-request limit: a finite, positive duration. */
export const requestTimeout = (value: Duration.DurationInput | undefined) =>
  Effect.flatMap(
    duration("timeout", value, Duration.seconds(30)),
    (timeout) =>
      Duration.greaterThan(timeout, Duration.zero)
        ? Effect.succeed(timeout)
        : invalidSetting("timeout", refusal("timeout", "more than zero"))
  )

/**
 * A URL as it may be shown in a refusal: everything between the scheme and
 * its last `@` masked, so no user name or password shows however it is
 * written (a password may hold `/`, `@` or `:` unencoded, which ends the
 * URL's parse early).
 */
export const maskUserinfo = (raw: string): string => {
  const at = raw.lastIndexOf("@")
  if (at < 0) return raw
  const slashes = raw.indexOf("//")
  const start = slashes >= 0 && slashes < at ? slashes + 2 : 0
  return `${raw.slice(0, start)}***${raw.slice(at)}`
}

/** A host name or IPv4 address, or an IPv6 address in brackets. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*)$/i

/**
 * A shared rate store: redis://[USER:PASSWORD@]HOST[:PORT][/DB] (rediss://
 * for TLS), checked whole before anything connects: a host, a port from 1 to
 * 65535, a database number, nothing else. Its user name and password are
 * never repeated in a message.
 */
export const checkRateStore = (raw: string | undefined): Effect.Effect<Option.Option<string>, InvalidSettingsError> => {
  if (raw === undefined || raw.trim() === "") return Effect.succeed(Option.none())
  const fault = urlFault(raw)
  if (fault !== undefined) return invalidSetting("rateStore", faultRefusal("rateStore", fault))
  const refuse = (why: string) =>
    invalidSetting(
      "rateStore",
      `${refusal("rateStore", "redis://HOST:PORT/DB, such as redis://127.0.0.1:6379/0").slice(0, -1)} (got ${
        JSON.stringify(maskUserinfo(raw.trim()))
      }, which ${why}).`
    )
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return refuse("is not a URL")
  }
  if (url.protocol !== "redis:" && url.protocol !== "rediss:") return refuse(`is not a Redis URL (${url.protocol})`)
  if (url.hostname === "") return refuse("names no host")
  if (!HOST.test(url.hostname)) return refuse("names a host that is not a host name or IP address")
  if (url.port !== "" && Number(url.port) < 1) return refuse("has port 0")
  if (!/^(\/\d{0,5})?$/.test(url.pathname)) return refuse("has a database that is not a number")
  if (url.search !== "" || url.hash !== "") return refuse("has a query or fragment, which a store URL does not take")
  return Effect.succeed(Option.some(url.href))
}

/**
 * What makes a token unusable, if anything, without quoting it: a token
 * travels in a request header, so it is printable ASCII without spaces. A
 * line break (a token file saved with CRLF) would otherwise end the process
 * with Node's "Invalid character in header content".
 */
export const tokenFault = (token: string): string | undefined =>
  token.trim() === ""
    ? "is empty"
    : /[\r\n]/.test(token)
    ? "contains a line break (CR or LF)"
    : /[\x00-\x1f\x7f]/.test(token)
    ? "contains a control character"
    : /\s/.test(token)
    ? "contains a space"
    : /[^\x21-\x7e]/.test(token)
    ? "contains a character that is not ASCII"
    : undefined

const TOKEN_RULE = "printable ASCII without spaces, as a request header needs"

/** A token's fault as the end of its refusal, never quoting it. */
const tokenRefusal = (name: string, fault: string) =>
  fault === "is empty"
    ? `${name}: must not be empty.`
    : `${name}: must be ${TOKEN_RULE} (got one that ${fault}).`

/** The token setting, checked; `source` names where it came from (--token, DESIGN_ACCESS_TOKEN) when the caller knows. */
export const checkToken = (
  token: Redacted.Redacted<string>,
  source?: string
): Effect.Effect<Redacted.Redacted<string>, InvalidSettingsError> => {
  const fault = tokenFault(Redacted.value(token))
  if (fault === undefined) return Effect.succeed(token)
  // A named source is the setting itself, so every front end shows it as it is.
  return invalidSetting(source ?? "token", tokenRefusal(source ?? "token", fault))
}

/** A token read from a service's answer or a stored credential: refused by the Schema when it could not be sent. */
export const TokenText = Schema.String.pipe(Schema.filter((s) => {
  const fault = tokenFault(s)
  return fault === undefined || `the token ${fault}`
}))
