/** Node's HTTP client, in a module of its own: http/node-platform.ts loads it on the first request. */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"

export const nodeHttpClient = NodeHttpClient.layer
