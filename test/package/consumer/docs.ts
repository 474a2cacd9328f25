// Read by the TypeScript checker, not run: every method of both services must carry its JSDoc in the packed
// declarations (what an editor shows on hover).
import type { DesignApiService, TaskmgrApiService } from "design-taskmgr"

export declare const design: DesignApiService
export declare const taskmgr: TaskmgrApiService
