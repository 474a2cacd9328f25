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
 */
import { Redis } from "ioredis"
import type { Pace } from "./leaky-bucket.js"

const NOW = `local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`

/** A key unused for an hour past its last slot is forgotten. */
const KEEP = `redis.call("PEXPIRE", KEYS[1], math.max(0, math.ceil(math.max(tat or 0, paused or 0) - now)) + 3600000)`

/** ARGV: perMinute, burst ("" for the learned pace). Returns the wait in ms. */
const RESERVE = `${NOW}
local f = redis.call("HMGET", KEYS[1], "tat", "paused", "pm", "pb")
local tat = tonumber(f[1])
local paused = tonumber(f[2])
local pm = tonumber(ARGV[1]) or tonumber(f[3])
local pb = tonumber(ARGV[2]) or tonumber(f[4])
if not pm then
  return math.max(0, math.ceil((paused or 0) - now))
end
local interval = 60000 / pm
local tolerance = (math.max(1, pb or 1) - 1) * interval
tat = math.max(tat or now, now)
if paused then tat = math.max(tat, paused + tolerance) end
local wait = math.max(0, math.ceil(tat - tolerance - now))
tat = tat + interval
redis.call("HSET", KEYS[1], "tat", tostring(tat))
${KEEP}
return wait`

/** Returns the ms left of the key's pause. */
const PAUSED_FOR = `${NOW}
local paused = tonumber(redis.call("HGET", KEYS[1], "paused")) or 0
return math.max(0, math.ceil(paused - now))`

/** ARGV: ms, perMinute, burst (both "" when nothing was learned). */
const PAUSE = `${NOW}
local paused = math.max(tonumber(redis.call("HGET", KEYS[1], "paused")) or 0, now + tonumber(ARGV[1]))
redis.call("HSET", KEYS[1], "paused", tostring(paused))
if ARGV[2] ~= "" then redis.call("HSET", KEYS[1], "pm", ARGV[2], "pb", ARGV[3]) end
local tat = tonumber(redis.call("HGET", KEYS[1], "tat"))
${KEEP}
return 0`

export interface RedisRateStore {
  readonly reserve: (key: string, pace: Pace | undefined) => Promise<number>
  readonly pausedFor: (key: string) => Promise<number>
  readonly pause: (key: string, ms: number, learned: Pace | undefined) => Promise<void>
  readonly close: () => Promise<void>
}

interface Scripted extends Redis {
  paceReserve(key: string, perMinute: string, burst: string): Promise<number>
  pacePausedFor(key: string): Promise<number>
  pacePause(key: string, ms: string, perMinute: string, burst: string): Promise<number>
}

const PREFIX = "design-taskmgr:pace:"

/**
 * Connects to `url` (redis://HOST:PORT/DB). Fails fast instead of queueing:
 * no offline queue, no reconnection, short timeouts, so the caller can fall
 * back to pacing in-process. The socket holds the process open only while a
 * command is pending.
 */
export const connectRedisStore = async (url: string): Promise<RedisRateStore> => {
  const redis = new Redis(url, {
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
    throw lastError ?? error
  })
  let pending = 0
  const socket = () => (redis as unknown as { stream?: { ref?: () => void; unref?: () => void } }).stream
  socket()?.unref?.()
  const held = async <A>(command: () => Promise<A>): Promise<A> => {
    if (pending++ === 0) socket()?.ref?.()
    try {
      return await command()
    } finally {
      if (--pending === 0) socket()?.unref?.()
    }
  }
  const paceArgs = (pace: Pace | undefined) =>
    pace === undefined ? ["", ""] as const : [String(pace.perMinute), String(pace.burst)] as const
  return {
    reserve: (key, pace) => held(() => redis.paceReserve(PREFIX + key, ...paceArgs(pace))).then(Number),
    pausedFor: (key) => held(() => redis.pacePausedFor(PREFIX + key)).then(Number),
    pause: (key, ms, learned) =>
      held(() => redis.pacePause(PREFIX + key, String(Math.ceil(ms)), ...paceArgs(learned))).then(() => undefined),
    close: () => redis.quit().then(() => undefined, () => redis.disconnect())
  }
}
