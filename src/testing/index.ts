/** Simulators for tests and library users: `import { DesignSimulatorClient } from "design-taskmgr/testing"`. */
export * from "./design/index.js"
