/**
 * A command tree shaped like the real `design` one, for the cli-*.test.ts
 * files: shared flags, nested groups, choices, a repeatable and a required
 * flag, a file-valued flag, positional choices, a hidden command and option,
 * and a deprecated command.
 */
import type { CommandSpec, OptionSpec } from "../../../src/core/cli/spec.js"

const option = (o: Omit<OptionSpec, "required"> & { readonly required?: boolean }): OptionSpec => ({
  required: false,
  ...o
})

export const shared: ReadonlyArray<OptionSpec> = [
  option({
    flag: "--token",
    takesValue: true,
    valueName: "TOKEN",
    description: "Access token (default: $DESIGN_ACCESS_TOKEN)"
  }),
  option({ flag: "--json", takesValue: false, description: "Print JSON" }),
  option({ flag: "--toon", takesValue: false, description: "Print TOON (compact, for agents)" }),
  option({ flag: "--full", takesValue: false, description: "Do not truncate long text" }),
  option({
    flag: "--account-plan",
    takesValue: true,
    valueName: "PLAN",
    choices: ["starter", "professional", "organization", "enterprise"],
    description: "Your plan, which sets the request pacing (default: $DESIGN_PLAN)"
  }),
  option({
    flag: "--timeout",
    takesValue: true,
    valueName: "SECONDS",
    description: "Give up on a request after this long",
    defaultText: "30"
  }),
  option({ flag: "--trace-http", takesValue: false, description: "Log every request to stderr", hidden: true })
]

const webhookList: CommandSpec = {
  name: "list",
  summary: "List the webhooks of a team, project or file",
  options: [
    option({
      flag: "--context",
      takesValue: true,
      choices: ["team", "project", "file"],
      description: "What the webhooks are attached to",
      defaultText: "team"
    }),
    option({
      flag: "--context-id",
      takesValue: true,
      valueName: "ID",
      description: "The team, project or file id (default: $DESIGN_TEAM_ID for a team)"
    }),
    option({
      flag: "--plan",
      takesValue: true,
      valueName: "PLAN-ID",
      description: "List every webhook of this plan instead"
    }),
    option({
      flag: "--cursor",
      takesValue: true,
      valueName: "CURSOR",
      description: "Start from this page cursor (printed on stderr after each page)"
    }),
    option({ flag: "--all", takesValue: false, description: "Fetch every page" }),
    option({
      flag: "--max-pages",
      takesValue: true,
      valueName: "N",
      description: "With --all, stop after this many pages",
      defaultText: "10"
    }),
    option({ flag: "--page-size", takesValue: true, valueName: "N", description: "Items per request", hidden: true })
  ],
  positionals: [],
  examples: ["design webhook list --context project --context-id 123", "design webhook list --plan 987 --all --json"],
  subcommands: []
}

const webhookGet: CommandSpec = {
  name: "get",
  summary: "Show one webhook",
  options: [],
  positionals: [{ name: "webhook-id", description: "The webhook's id", required: true }],
  examples: ["design webhook get 42"],
  subcommands: []
}

const webhookCreate: CommandSpec = {
  name: "create",
  summary: "Create a webhook",
  description:
    "Create a webhook that POSTs an event to your endpoint each time it happens. The service first sends a PING event; the endpoint must answer it with a 200 within ten seconds.",
  options: [
    option({
      flag: "--event",
      takesValue: true,
      valueName: "EVENT",
      required: true,
      repeatable: true,
      choices: ["FILE_UPDATE", "FILE_DELETE", "FILE_VERSION_UPDATE", "FILE_COMMENT", "LIBRARY_PUBLISH"],
      description: "Event to deliver"
    }),
    option({
      flag: "--endpoint",
      takesValue: true,
      valueName: "URL",
      required: true,
      description: "Where deliveries are POSTed (https)"
    }),
    option({
      flag: "--passcode",
      takesValue: true,
      valueName: "PASSCODE",
      description: "Sent back in every delivery so you can check it came from the service"
    }),
    option({
      flag: "--passcode-env",
      takesValue: true,
      valueName: "VAR",
      description: "Name of an environment variable holding the passcode (keeps it out of shell history)"
    }),
    option({
      flag: "--status",
      takesValue: true,
      choices: ["ACTIVE", "PAUSED"],
      description: "Start delivering at once, or not yet",
      defaultText: "ACTIVE"
    }),
    option({
      flag: "--description",
      takesValue: true,
      valueName: "TEXT",
      description: "A note for people reading the webhook list"
    }),
    option({
      flag: "--from-file",
      takesValue: true,
      valueName: "FILE",
      description: "Read the webhook's fields from a JSON file"
    })
  ],
  positionals: [],
  examples: [
    "design webhook create --event FILE_UPDATE --endpoint https://example.com/hook --passcode-env HOOK_PASSCODE"
  ],
  subcommands: []
}

export const tree: CommandSpec = {
  name: "design",
  summary: "Script the design-file service",
  description: "Script the design-file service. Shared flags may go anywhere on the command line.",
  options: [],
  positionals: [],
  examples: ["design webhook list --json", "design user me"],
  subcommands: [
    {
      name: "webhook",
      summary: "Webhooks on teams, projects and files",
      options: [],
      positionals: [],
      examples: [],
      subcommands: [webhookList, webhookGet, webhookCreate]
    },
    {
      name: "user",
      summary: "The signed-in user",
      options: [],
      positionals: [],
      examples: [],
      subcommands: [
        {
          name: "me",
          summary: "Show who the token belongs to",
          options: [],
          positionals: [],
          examples: ["design user me --json"],
          subcommands: []
        },
        {
          name: "whoami",
          summary: "Show who the token belongs to",
          deprecated: "use `design user me`",
          options: [],
          positionals: [],
          examples: [],
          subcommands: []
        }
      ]
    },
    {
      name: "completion",
      summary: "Print a shell completion script",
      options: [],
      positionals: [{
        name: "shell",
        description: "The shell to complete for",
        required: true,
        choices: ["bash", "zsh", "fish"]
      }],
      examples: ["design completion bash > ~/.local/share/bash-completion/completions/design"],
      subcommands: []
    },
    {
      name: "debug",
      summary: "Internal diagnostics",
      hidden: true,
      options: [],
      positionals: [],
      examples: [],
      subcommands: []
    }
  ]
}
