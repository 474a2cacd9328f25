/** What `taskmgr sandbox` serves and prints (core/cli/extra.ts runs it); built as its own bundle. */
import { startDetached } from "../../testing/core/serve.js"
import { serveTaskmgrSandbox } from "../../testing/taskmgr/index.js"

export const start = startDetached(serveTaskmgrSandbox)
