/**
 * A leaky bucket per key, for a simulator's rate limits: a bucket holds at
 * most `count` requests and drains continuously at `count / periodMs`, so a
 * full budget recovers over one period and a single slot frees after
 * `periodMs / count`. Time is the simulator's, passed in.
 */
export interface Bucket {
  level: number
  at_ms: number
}

export type Buckets = Map<string, Bucket>

export interface BucketLimit {
  readonly count: number
  readonly periodMs: number
}

/**
 * Takes one request from the bucket `key` at `now_ms`.
 * Returns null when allowed, or the whole seconds to wait (a Retry-After, at least 1) when not.
 */
export const takeFromBucket = (buckets: Buckets, key: string, limit: BucketLimit, now_ms: number): number | null => {
  const drainPerMs = limit.count / limit.periodMs
  const bucket = buckets.get(key) ?? { level: 0, at_ms: now_ms }
  const elapsed = Math.max(0, now_ms - bucket.at_ms)
  const level = Math.max(0, bucket.level - elapsed * drainPerMs)
  if (level + 1 > limit.count) {
    buckets.set(key, { level, at_ms: now_ms })
    const waitMs = (level + 1 - limit.count) / drainPerMs
    return Math.max(1, Math.ceil(waitMs / 1000))
  }
  buckets.set(key, { level: level + 1, at_ms: now_ms })
  return null
}
