/**
 * Simulators for tests and library users:
 * `import { DesignSimulator, TaskmgrSimulator } from "design-taskmgr/testing"`.
 * Only the simulators, their layers, seeds and typed controls: the machinery
 * they are built from (src/testing/core) is not part of the package's surface.
 */
export type { SimulatorControl } from "./core/control.js"
export type { FaultSpec } from "./core/faults.js"
export type { LoggedRequest } from "./core/requestlog.js"
export { MASK } from "./core/requestlog.js"
export * from "./design/index.js"
export * from "./taskmgr/index.js"
