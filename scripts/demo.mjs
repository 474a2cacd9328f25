// `npm run demo`: starts both sandboxes and takes a short tour of real `design` and `taskmgr`
// commands against them, printing each command and what it printed.
import { build } from "esbuild"
import { spawn, spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"

// The printed commands are pasteable: quoted as the programs' own `sandbox --env` quotes (src/core/cli/shell-quote.ts).
const quoting = await build({ entryPoints: ["src/core/cli/shell-quote.ts"], bundle: true, format: "esm", write: false })
const { shellQuote } = await import(
  `data:text/javascript;base64,${Buffer.from(quoting.outputFiles[0].text).toString("base64")}`
)

const start = (bin) => {
  const child = spawn(process.execPath, [bin, "sandbox"], { stdio: ["ignore", "pipe", "inherit"] })
  return {
    child,
    info: new Promise((resolve) =>
      createInterface({ input: child.stdout }).once("line", (line) => resolve(JSON.parse(line)))
    )
  }
}
const designSandbox = start("dist/design.js")
const taskmgrSandbox = start("dist/taskmgr.js")
const [ds, ts] = [await designSandbox.info, await taskmgrSandbox.info]

const base = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NO_COLOR: process.env.NO_COLOR ?? "" }
const designEnv = {
  ...base,
  DESIGN_BASE_URL: ds.base_url,
  DESIGN_ACCESS_TOKEN: ds.tokens.personal,
  DESIGN_TEAM_ID: ds.team_id,
  WEBHOOK_PASSCODE: "demo-passcode-never-printed"
}
const taskmgrEnv = {
  ...base,
  TASKMGR_BASE_URL: ts.base_url,
  TASKMGR_APP_URL: ts.app_url,
  TASKMGR_ACCESS_TOKEN: ts.tokens.personal,
  TASKMGR_WORKSPACE: ts.workspace_gid
}

const bold = process.stdout.isTTY && !process.env.NO_COLOR ? (s) => `\x1b[1m${s}\x1b[0m` : (s) => s
const say = (text) => console.log(`\n${bold(`# ${text}`)}`)
const run = (program, env, { quiet = false } = {}) => (...args) => {
  console.log(`$ ${program} ${args.map(shellQuote).join(" ")}`)
  const result = spawnSync(process.execPath, [`dist/${program}.js`, ...args], { env, encoding: "utf8" })
  process.stdout.write(quiet ? `(${result.stdout.split("\n").length - 1} lines of output not shown)\n` : result.stdout)
  process.stdout.write(result.stderr)
  console.log(`(exit ${result.status})`)
  return result.stdout
}
const design = run("design", designEnv)
const taskmgr = run("taskmgr", taskmgrEnv)
const taskmgrQuietly = run("taskmgr", taskmgrEnv, { quiet: true })

console.log(`design sandbox on ${ds.base_url} (team ${ds.team_id}); taskmgr sandbox on ${ts.base_url}`)
/** The demo's temporary directories, removed when it ends (however it ends). */
const scratchDirs = []
const scratch = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  scratchDirs.push(dir)
  return dir
}

try {
  say("Which credential is in use, and does it work? (the token is masked)")
  design("auth", "status", "--check")
  say("A file: a summary in text (--json streams the document's bytes), its pages and node counts")
  design("file", "get", ds.file_key)
  say("Render two nodes and download the images (a file URL with node-id works wherever a key does)")
  design(
    "file",
    "images",
    `https://www.design.example/design/${ds.file_key}/Sandbox?node-id=1-2`,
    "--out",
    scratch("design-demo-")
  )
  say("Comments on the file, then a reply")
  design("comment", "list", ds.file_key)
  design("comment", "create", ds.file_key, "--message", "Looks good from the demo", "--reply-to", ds.comment_ids.root)
  say("Create a webhook on the team; the passcode comes from an environment variable and is never printed")
  const created = JSON.parse(
    design(
      "webhook",
      "create",
      "--event",
      "FILE_UPDATE",
      "--context",
      "team",
      "--endpoint",
      "https://hooks.example.com/design",
      "--passcode-env",
      "WEBHOOK_PASSCODE",
      "--json"
    )
  )
  design("webhook", "list")
  say("Its deliveries (creating it ACTIVE sent a PING); delete it twice: the second says already_absent")
  design("webhook", "requests", created.id)
  design("webhook", "delete", created.id, "--json")
  design("webhook", "delete", created.id, "--json")
  say("Bad input is refused before anything is sent (exit 2), with a remedy")
  design(
    "webhook",
    "create",
    "--event",
    "PING",
    "--context",
    "team",
    "--endpoint",
    "http://insecure.example.com",
    "--passcode-env",
    "WEBHOOK_PASSCODE"
  )
  design("webhok", "list")

  say("The task-management service: who am I, and where")
  taskmgr("user", "me")
  taskmgr("workspace", "list")
  say("Tasks of a project (a project URL works wherever a gid does), then a new task with rich-text notes")
  taskmgr("task", "list", "--project", `${ts.app_url}/0/${ts.project_gid}/list`)
  const task = JSON.parse(
    taskmgr(
      "task",
      "create",
      "Try the demo",
      "--projects",
      ts.project_gid,
      "--assignee",
      "me",
      "--html-notes",
      "<body><strong>From the demo</strong></body>",
      "--json"
    )
  )
  taskmgr("comment", "create", task.gid, "--text", "Commented from the demo")
  taskmgr("task", "get-many", task.gid, ts.task_gid, "9999999999999")
  say("Rich text is checked before sending, naming the tag the service would refuse (exit 2)")
  taskmgr("task", "update", task.gid, "--html-notes", "<body><p>paragraph</p></body>")
  say("Status overview (wrapper-only): a portfolio's latest status update and task counts, then each of its projects'")
  const portfolio = taskmgr("portfolio", "list").split("\t")[0]
  taskmgr("status", "overview", portfolio)
  say("Templates: a task from a task template (the wrapper waits for its job), a project without waiting, then its job")
  const firstColumn = (text, name) => text.split("\n").find((line) => line.includes(name)).split("\t")[0]
  const template = firstColumn(taskmgr("task-template", "list", "--project", ts.project_gid), "Weekly report")
  taskmgr("task-template", "instantiate", template, "--name", "Made from a template")
  const projectTemplate = firstColumn(taskmgr("project-template", "list"), "Onboarding")
  const job = JSON.parse(
    taskmgr("project-template", "instantiate", projectTemplate, "--name", "Onboarding: demo", "--no-wait", "--json")
  )
  taskmgr("job", "get", job.gid)
  say("The event feed: the first read gives a sync token (sync_reset), the next what changed since")
  const feed = JSON.parse(taskmgr("event", "list", ts.task_gid, "--json"))
  taskmgrQuietly("task", "update", ts.task_gid, "--due-on", "2030-01-31")
  taskmgr("event", "list", ts.task_gid, "--sync", feed.sync)
  say("Comment templates (wrapper-only): placeholders filled from the task; an unknown one is refused before sending")
  taskmgr("comment", "create", ts.task_gid, "--template", "--text", "{task.name} is due {task.due_on}")
  taskmgr("comment", "create", ts.task_gid, "--template", "--text", "{task.owner} please look")
  say("Project export (wrapper-only): the project as one Markdown document")
  taskmgr("project", "export", ts.project_gid)
  say(
    "TODO scanning (wrapper-only): comments in a code tree as task drafts, honouring .gitignore; --create adds each once"
  )
  const code = scratch("taskmgr-demo-")
  writeFileSync(join(code, ".gitignore"), "vendor/\n")
  writeFileSync(join(code, "app.ts"), "export const total = 0\n// TODO: handle negative totals\n")
  writeFileSync(join(code, "job.py"), "def run():\n    pass  # FIXME retry on timeout\n")
  mkdirSync(join(code, "vendor"))
  writeFileSync(join(code, "vendor", "lib.ts"), "// TODO not ours: ignored\n")
  taskmgr("task", "scan-todos", code)
  taskmgr("task", "scan-todos", code, "--create", "--project", ts.project_gid)
  taskmgr("task", "scan-todos", code, "--create", "--project", ts.project_gid)
} finally {
  designSandbox.child.kill()
  taskmgrSandbox.child.kill()
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true })
}
