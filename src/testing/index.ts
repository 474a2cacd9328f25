/**
 * Simulators for tests and library users:
 * `import { DesignSimulator, DesignSimulatorClient } from "design-taskmgr/testing"`.
 */
export * from "./design/index.js"
export * from "./core/index.js"
