// The smallest import: one error class. With "sideEffects": false it must not pull in the clients.
import { RateLimitError } from "design-taskmgr"
console.log(
  new RateLimitError({
    message: "m",
    retryAfter: null,
    headers: {},
    planTier: null,
    rateLimitType: null,
    upgradeLink: null,
    attempts: 1
  })._tag
)
