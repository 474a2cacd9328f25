/**
 * The rate store on Redis, so processes on several machines share one budget
 * per counting scope. Loaded only when a store is configured (the CLI bundles
 * it apart, with ioredis): plain Promises and no Effect, so a bundle of its own
 * never mixes two copies of Effect.
 *
 * Each operation is one Lua script, atomic in Redis, over a hash per key:
 * `tat` (the GCRA's theoretical arrival time, as in leaky-bucket.ts), `paused`
 * (until when a 429 stopped the scope) and `pm`/`pb` (a pace learned from a
 * 429). Time is Redis's own (TIME), so the clocks of the machines sharing the
 * store do not matter.
 *
 * Whoever can write to the store can write anything there: a field that is
 * not a finite number is answered as such ("bad FIELD"), and a reservation
 * whose wait is longer than the caller allows is answered without being taken,
 * so the caller can refuse it (rate-limit.ts).
 */
import { Redis } from "ioredis"
import type { Pace } from "./leaky-bucket.js"

const NOW = `local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function num(v)
  if not v then return nil, true end
  local n = tonumber(v)
  if n == nil or n ~= n or n == math.huge or n == -math.huge then return nil, false end
  return n, true
end`

/** A key unused for an hour past its last slot is forgotten; whatever it holds, within two hours. */
const KEEP =
  `redis.call("PEXPIRE", KEYS[1], math.min(7200000, math.max(0, math.ceil(math.max(tat or 0, paused or 0) - now)) + 3600000))`

/** ARGV: perMinute, burst ("" for the learned pace), cost, the longest wait allowed. Returns the wait in ms. */
const RESERVE = `${NOW}
local f = redis.call("HMGET", KEYS[1], "tat", "paused", "pm", "pb")
local tat, okTat = num(f[1])
if not okTat then return "bad tat" end
local paused, okPaused = num(f[2])
if not okPaused then return "bad paused" end
local pm = tonumber(ARGV[1])
local pb = tonumber(ARGV[2])
if not pm then
  local okPm, okPb
  pm, okPm = num(f[3])
  pb, okPb = num(f[4])
  if not okPm or (pm and pm <= 0) then return "bad pm" end
  if not okPb then return "bad pb" end
end
if not pm then
  return tostring(math.max(0, math.ceil((paused or 0) - now)))
end
local cost = tonumber(ARGV[3])
local interval = 60000 / pm
local tolerance = (math.max(1, pb or 1) - 1) * interval
tat = math.max(tat or now, now)
if paused then tat = math.max(tat, paused + tolerance) end
local wait = math.max(0, math.ceil(tat + (cost - 1) * interval - tolerance - now))
if wait > tonumber(ARGV[4]) then return tostring(wait) end
tat = tat + cost * interval
redis.call("HSET", KEYS[1], "tat", tostring(tat))
${KEEP}
return tostring(wait)`

/** Returns the ms left of the key's pause. */
const PAUSED_FOR = `${NOW}
local paused, ok = num(redis.call("HGET", KEYS[1], "paused"))
if not ok then return "bad paused" end
return tostring(math.max(0, math.ceil((paused or 0) - now)))`

/** ARGV: ms, perMinute, burst (both "" when nothing was learned). A pause that is not a number is replaced. */
const PAUSE = `${NOW}
local stored = num(redis.call("HGET", KEYS[1], "paused"))
local paused = math.max(stored or 0, now + tonumber(ARGV[1]))
redis.call("HSET", KEYS[1], "paused", tostring(paused))
if ARGV[2] ~= "" then redis.call("HSET", KEYS[1], "pm", ARGV[2], "pb", ARGV[3]) end
local tat = num(redis.call("HGET", KEYS[1], "tat"))
${KEEP}
return 0`

/** A wait in ms, or the field that holds something no process writes. */
export type StoreAnswer = { readonly ms: number } | { readonly bad: string }

export interface RedisRateStore {
  /** Takes `cost` slots unless the wait for them is longer than `boundMs`; the wait either way. */
  readonly reserve: (key: string, pace: Pace | undefined, cost: number, boundMs: number) => Promise<StoreAnswer>
  readonly pausedFor: (key: string) => Promise<StoreAnswer>
  readonly pause: (key: string, ms: number, learned: Pace | undefined) => Promise<void>
  readonly close: () => Promise<void>
}

interface Scripted extends Redis {
  paceReserve(key: string, perMinute: string, burst: string, cost: string, bound: string): Promise<string>
  pacePausedFor(key: string): Promise<string>
  pacePause(key: string, ms: string, perMinute: string, burst: string): Promise<number>
}

const PREFIX = "design-taskmgr:pace:"

const answerOf = (reply: string): StoreAnswer =>
  reply.startsWith("bad ") ? { bad: reply.slice(4) } : { ms: Number(reply) }

/** The connection's settings from a URL checked by `checkRateStore`: exactly what was checked is used. */
const optionsOf = (href: string) => {
  const url = new URL(href)
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port === "" ? 6379 : Number(url.port),
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    ...(url.username === "" ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === "" ? {} : { password: decodeURIComponent(url.password) }),
    // TLS names the server by the host, as Node does by default.
    ...(url.protocol === "rediss:" ? { tls: {} } : {})
  }
}

/**
 * Connects to `href` (a URL checked by `checkRateStore`). Fails fast instead
 * of queueing: no offline queue, no reconnection of its own, short timeouts,
 * so the caller can pace in-process meanwhile and connect anew later, when it
 * needs the store (no timer of ours holds a process open). The socket holds
 * the process open only while a command is pending.
 */
export const connectRedisStore = async (href: string): Promise<RedisRateStore> => {
  const redis = new Redis({
    ...optionsOf(href),
    // Named, so an operator sees in CLIENT LIST whose connections these are.
    connectionName: "design-taskmgr-pacing",
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2_000,
    commandTimeout: 2_000
  }) as Scripted
  // Without a listener ioredis prints every connection error itself; the caller reports the failure once,
  // with the system's reason (ECONNREFUSED) rather than ioredis's "Connection is closed."
  let lastError: unknown
  redis.on("error", (error: unknown) => void (lastError = error))
  redis.defineCommand("paceReserve", { numberOfKeys: 1, lua: RESERVE })
  redis.defineCommand("pacePausedFor", { numberOfKeys: 1, lua: PAUSED_FOR })
  redis.defineCommand("pacePause", { numberOfKeys: 1, lua: PAUSE })
  await redis.connect().catch((error: unknown) => {
    redis.disconnect()
    throw lastError ?? error
  })
  let pending = 0
  const socket = () => (redis as unknown as { stream?: { ref?: () => void; unref?: () => void } }).stream
  socket()?.unref?.()
  const held = async <A>(command: () => Promise<A>): Promise<A> => {
    if (pending++ === 0) socket()?.ref?.()
    try {
      return await command()
    } catch (error) {
      // A command refused because the connection is gone says so in ioredis's words: the system's reason is better.
      throw redis.status === "end" && lastError !== undefined ? lastError : error
    } finally {
      if (--pending === 0) socket()?.unref?.()
    }
  }
  const paceArgs = (pace: Pace | undefined) =>
    pace === undefined ? ["", ""] as const : [String(pace.perMinute), String(pace.burst)] as const
  return {
    reserve: (key, pace, cost, boundMs) =>
      held(() => redis.paceReserve(PREFIX + key, ...paceArgs(pace), String(cost), String(boundMs))).then(answerOf),
    pausedFor: (key) => held(() => redis.pacePausedFor(PREFIX + key)).then(answerOf),
    pause: (key, ms, learned) =>
      held(() => redis.pacePause(PREFIX + key, String(Math.ceil(ms)), ...paceArgs(learned))).then(() => undefined),
    // Done once the connection has ended: the server has let go of it by then. The socket is held while it
    // closes, as for any command: unheld, a process with nothing else to do would exit before the answer.
    close: () =>
      new Promise<void>((resolve) => {
        if (redis.status === "end") return resolve()
        redis.once("end", () => resolve())
        socket()?.ref?.()
        redis.quit().catch(() => redis.disconnect())
      })
  }
}
