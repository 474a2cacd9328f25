/**
 * Simulators for tests and library users:
 * `import { DesignSimulator, TaskmgrSimulator } from "design-taskmgr/testing"`.
 */
export * from "./design/index.js"
export * from "./taskmgr/index.js"
export * from "./core/index.js"
