/** What `taskmgr sandbox` serves and prints (core/cli-extra.ts runs it). */
import { serveTaskmgrSandbox } from "../testing/taskmgr/index.js"

export const serve = serveTaskmgrSandbox
