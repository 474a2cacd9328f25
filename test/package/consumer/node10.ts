// Type-checked with moduleResolution node10 (TypeScript's "node"): every entry point's types are found through
// typesVersions, as older projects resolve them.
import { DesignApi, TaskmgrApi } from "design-taskmgr"
import type { Webhook } from "design-taskmgr/design"
import { layerDesignApi } from "design-taskmgr/node"
import { RedisRateStore } from "design-taskmgr/redis"
import type { Task } from "design-taskmgr/taskmgr"
import { TaskmgrSimulator } from "design-taskmgr/testing"

export const found = [DesignApi, TaskmgrApi, layerDesignApi, RedisRateStore, TaskmgrSimulator]
export type Found = [Webhook, Task]
