/**
 * The secrets matrix (secret-echo.ts) against both services, their command
 * lines and their tool servers: one covering sample over service, credential
 * variant, command, error path and format.
 */
import { DESIGN_BIN, type SandboxInfo, TASKMGR_BIN } from "../e2e/helpers.js"
import type { TaskmgrSandboxInfo } from "../e2e/taskmgr-sandbox.js"
import { securityClass } from "./cells.js"
import { type EchoService, secretMatrix } from "./secret-echo.js"

const HOOK = ["--event", "FILE_UPDATE", "--context", "team", "--endpoint", "https://hooks.example.com/x"]

const design: EchoService = {
  name: "design",
  bin: DESIGN_BIN,
  sandboxEnv: (info: SandboxInfo) => ({ DESIGN_BASE_URL: info.base_url, DESIGN_TEAM_ID: info.team_id }),
  controlUrl: (info: SandboxInfo) => info.base_url,
  apiPrefix: "",
  tokenVariables: ["DESIGN_ACCESS_TOKEN"],
  clientSecretVariables: ["DESIGN_CLIENT_SECRET"],
  prefix: "DESIGN",
  read: { args: ["user", "me"], tool: "design_user_me", toolArgs: () => ({}), method: "GET", path: "/v1/me" },
  write: {
    args: ["webhook", "create", ...HOOK],
    tool: "design_webhook_create",
    toolArgs: (secrets) => ({
      event: "FILE_UPDATE",
      context: "team",
      endpoint: "https://hooks.example.com/x",
      passcode: secrets.passcode
    }),
    method: "POST",
    path: "/v2/webhooks"
  },
  // The v1 and v2 error bodies at once: whichever the classifier reads carries the echo.
  errorBody: (status, message) => ({ status, err: message, error: true, message }),
  credential: (info: SandboxInfo, secrets) => ({
    version: 1,
    base_url: info.base_url,
    client_id: "design-client-echo",
    client_secret: secrets["stored-client-secret"],
    access_token: secrets.token,
    refresh_token: secrets["refresh-token"],
    expires_at: "2999-01-01T00:00:00.000Z",
    scopes: null,
    obtained_at: new Date().toISOString()
  })
}

const taskmgr: EchoService = {
  name: "taskmgr",
  bin: TASKMGR_BIN,
  sandboxEnv: (info: TaskmgrSandboxInfo) => ({
    TASKMGR_BASE_URL: info.base_url,
    TASKMGR_APP_URL: info.app_url,
    TASKMGR_WORKSPACE: info.workspace_gid
  }),
  controlUrl: (info: TaskmgrSandboxInfo) => info.app_url,
  apiPrefix: "/api/1.0",
  tokenVariables: ["TASKMGR_ACCESS_TOKEN", "TASKMGR_TOKEN"],
  clientSecretVariables: ["TASKMGR_API_CLIENT_SECRET", "TASKMGR_CLIENT_SECRET"],
  prefix: "TASKMGR",
  read: { args: ["user", "me"], tool: "taskmgr_user_me", toolArgs: () => ({}), method: "GET", path: "/users/me" },
  write: {
    args: ["task", "create", "Echo"],
    tool: "taskmgr_task_create",
    toolArgs: () => ({ name: "Echo" }),
    method: "POST",
    path: "/tasks"
  },
  errorBody: (_status, message) => ({ errors: [{ message }] }),
  credential: (info: TaskmgrSandboxInfo, secrets) => ({
    version: 1,
    base_url: info.base_url,
    app_url: info.app_url,
    client_id: "1200000000000901",
    client_secret: secrets["stored-client-secret"],
    access_token: secrets.token,
    refresh_token: secrets["refresh-token"],
    expires_at: "2999-01-01T00:00:00.000Z",
    scopes: null,
    obtained_at: new Date().toISOString()
  })
}

securityClass("secrets", () => secretMatrix([design, taskmgr]))
