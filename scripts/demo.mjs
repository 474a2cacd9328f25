// `npm run demo`: starts `design sandbox` and takes a short tour of real
// `design` commands against it, printing each command and what it printed.
import { spawn, spawnSync } from "node:child_process"
import { createInterface } from "node:readline"

const sandbox = spawn(process.execPath, ["dist/design.js", "sandbox"], { stdio: ["ignore", "pipe", "inherit"] })
const seed = JSON.parse(await new Promise((resolve) => createInterface({ input: sandbox.stdout }).once("line", resolve)))
const env = {
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  NO_COLOR: process.env.NO_COLOR ?? "",
  DESIGN_BASE_URL: seed.base_url,
  DESIGN_ACCESS_TOKEN: seed.tokens.personal,
  DESIGN_TEAM_ID: seed.team_id,
  WEBHOOK_PASSCODE: "demo-passcode-never-printed"
}

const bold = process.stdout.isTTY && !process.env.NO_COLOR ? (s) => `\x1b[1m${s}\x1b[0m` : (s) => s
const say = (text) => console.log(`\n${bold(`# ${text}`)}`)
const design = (...args) => {
  console.log(`$ design ${args.join(" ")}`)
  const run = spawnSync(process.execPath, ["dist/design.js", ...args], { env, encoding: "utf8" })
  process.stdout.write(run.stdout)
  process.stdout.write(run.stderr)
  console.log(`(exit ${run.status})`)
  return run.stdout
}

console.log(`design sandbox is serving on ${seed.base_url} (team ${seed.team_id})`)
try {
  say("Which credential is in use, and does it work? (the token is masked)")
  design("auth", "status", "--check")
  say("The current user")
  design("user", "me")
  say("Create a webhook on the team; the passcode comes from an environment variable and is never printed")
  const created = JSON.parse(design("webhook", "create", "--event", "FILE_UPDATE", "--context", "team", "--endpoint", "https://hooks.example.com/design", "--passcode-env", "WEBHOOK_PASSCODE", "--description", "demo hook", "--json"))
  say("List the team's webhooks")
  design("webhook", "list")
  say("Pause it: an update sends event, endpoint and passcode every time")
  design("webhook", "update", created.id, "--event", "FILE_UPDATE", "--endpoint", "https://hooks.example.com/design", "--passcode-env", "WEBHOOK_PASSCODE", "--status", "PAUSED")
  say("Inspect it, and its deliveries (creating it ACTIVE sent a PING)")
  design("webhook", "get", created.id)
  design("webhook", "requests", created.id)
  say("Delete it; deleting again is not an error")
  design("webhook", "delete", created.id, "--json")
  design("webhook", "delete", created.id, "--json")
  say("Bad input is refused before anything is sent (exit 2)")
  design("webhook", "create", "--event", "PING", "--context", "team", "--endpoint", "http://insecure.example.com", "--passcode-env", "WEBHOOK_PASSCODE")
} finally {
  sandbox.kill()
}
