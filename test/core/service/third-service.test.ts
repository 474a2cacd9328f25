/**
 * A third service is one descriptor and its groups: from a tiny notes service
 * declared here, the kit derives the library tag (make, layer, layerConfig),
 * the command line (an operation command, the auth commands, help) and the
 * tool server, all sending real HTTP to a real server on loopback.
 */
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { ConfigProvider, Effect, Layer, Redacted, Schema } from "effect"
import { createServer, type Server } from "node:http"
import { afterAll, beforeAll } from "vitest"
import { commandIndexOf } from "../../../src/core/cli/command-index.js"
import { serviceProgram } from "../../../src/core/cli/program.js"
import { runProgram } from "../../../src/core/cli/runtime.js"
import type { CliService } from "../../../src/core/cli/service.js"
import { AuthError, type InvalidInputError, type RequestError, UnexpectedError } from "../../../src/core/errors.js"
import type { SignInService } from "../../../src/core/oauth/sign-in.js"
import type { Operation } from "../../../src/core/operation.js"
import { makeApi, ServiceApi } from "../../../src/core/service/api.js"
import { makeClient, type ServiceClient } from "../../../src/core/service/client.js"
import type { ServiceDescriptor } from "../../../src/core/service/descriptor.js"
import { clientConfig, type ClientOptions, type ClientSettings } from "../../../src/core/service/options.js"
import { operationsOf } from "../../../src/core/service/registry.js"
import { view } from "../../../src/core/view.js"
import { memoryIO } from "../../e2e/in-process.js"
import { inProcessServer } from "../../mcp/in-process-transport.js"

// ---- the service: a descriptor and one group ----------------------------------------------------

type NotesRoute = { readonly subject: string }

const notesService: ServiceDescriptor<ClientOptions, ClientSettings, NotesRoute, never> = {
  name: "notes",
  prefix: "NOTES",
  apiName: "NotesApi",
  hosts: { baseUrl: () => "https://api.notes.example", appUrl: () => "https://notes.example" },
  settings: (_options, common) => Effect.succeed(common),
  config: clientConfig("NOTES", ["NOTES_TOKEN"]),
  credential: (_settings, token) => ({ authorization: `Bearer ${Redacted.value(token)}` }),
  classify: (answer, route) =>
    answer.status === 401
      ? new AuthError({
        reason: "rejected",
        status: 401,
        message: `The service refused the token for ${route.subject}.`
      })
      : new UnexpectedError({ message: `${route.subject} failed with ${answer.status}.` }),
  verdict: () => ({ kind: "final" }),
  pacer: () => ({ pace: () => Effect.void, learn: () => Effect.void })
}

type NotesClient = ServiceClient<ClientSettings, NotesRoute, never>

const Note = Schema.Struct({ id: Schema.String, text: Schema.String })
const NoteGetInput = Schema.Struct({ note_id: Schema.String.annotations({ description: "The note's id" }) })

const noteGet: Operation<
  typeof NoteGetInput.Type,
  typeof NoteGetInput.Encoded,
  typeof Note.Type,
  RequestError | InvalidInputError,
  NotesClient
> = {
  name: "noteGet",
  group: "notes",
  summary: "One note.",
  input: NoteGetInput,
  impact: "read",
  idempotent: true,
  run: (client, input) =>
    Effect.flatMap(
      client.pipeline.send({ method: "GET", path: `/notes/${encodeURIComponent(input.note_id)}` }, {
        subject: `note ${input.note_id}`
      }),
      (answer) => Effect.orDie(Schema.decodeUnknown(Note)(answer.body))
    )
}

/** The group module, as `import * as notes from "./groups/notes.js"` would give it. */
const notesGroup = {
  noteGet,
  views: [view(noteGet, {
    command: ["note", "get"],
    positional: ["note_id"],
    text: { kind: "record" },
    examples: ["notes note get 1"]
  })]
}
const groups = { notes: notesGroup }

const signIn: SignInService = {
  name: "notes",
  prefix: "NOTES",
  clientIdVariables: ["NOTES_CLIENT_ID"],
  clientSecretVariables: ["NOTES_CLIENT_SECRET"],
  scopes: { defaults: [] },
  authorizeUrl: (hosts) => () => `${hosts.appUrl}/authorize`,
  manualRedirect: "oob",
  exchange: () => Effect.die("not used"),
  refresh: () => Effect.die("not used")
}

const notesCli: CliService<ClientOptions, ClientSettings, NotesRoute, never> = {
  service: notesService,
  signIn,
  noun: "notes-service",
  summary: "Script the notes service.",
  commandGroups: { note: "Notes" },
  index: commandIndexOf(groups),
  loaders: { notes: async () => notesGroup },
  examples: ["notes note get 1"],
  tokenVariables: ["NOTES_TOKEN"],
  appUrlNote: "The notes app",
  flags: [],
  options: () => Effect.succeed({}),
  settingSources: {},
  check: (client) => Effect.map(noteGet.run(client, { note_id: "1" }, undefined), (n) => `ok: read note ${n.id}`)
}

class NotesApi extends ServiceApi<NotesApi>()(
  "test/NotesApi",
  notesService.name,
  (options: ClientOptions) =>
    Effect.map(makeClient(notesService, options), (client) => makeApi(notesService, operationsOf(groups), client)),
  notesService.config
) {}

// ---- a real server on loopback -------------------------------------------------------------------

let server: Server
let baseUrl = ""
beforeAll(async () => {
  server = createServer((req, res) => {
    const note = /^\/notes\/([^/]+)$/.exec(req.url ?? "")
    if (req.headers.authorization !== "Bearer good-token-1") return void res.writeHead(401).end()
    if (note === null) return void res.writeHead(404).end()
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: note[1], text: "hello" }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  baseUrl = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe("a third service from a descriptor and its groups", () => {
  it.effect("the library: make, layer and layerConfig, one method per exported operation", () =>
    Effect.gen(function*() {
      const fromCode = yield* Effect.provide(NotesApi, NotesApi.layer({ token: "good-token-1", baseUrl }))
      expect(yield* fromCode.noteGet({ note_id: "7" })).toEqual({ id: "7", text: "hello" })
      const fromEnv = yield* Effect.provide(
        NotesApi,
        NotesApi.layerConfig().pipe(
          Layer.provide(Layer.setConfigProvider(
            ConfigProvider.fromMap(new Map([["NOTES_TOKEN", "good-token-1"], ["NOTES_BASE_URL", baseUrl]]))
          ))
        )
      )
      expect((yield* fromEnv.noteGet({ note_id: "8" })).id).toBe("8")
      const refused = yield* Effect.flip(
        Effect.flatMap(
          Effect.provide(NotesApi, NotesApi.layer({ token: "bad-token-1", baseUrl })),
          (api) => api.noteGet({ note_id: "7" })
        )
      )
      expect(refused._tag).toBe("AuthError")
    }).pipe(Effect.provide(NodeHttpClient.layer)))

  it("the command line: the operation's command, auth status --check, and help", async () => {
    const program = serviceProgram(notesCli)
    const env = { NOTES_TOKEN: "good-token-1", NOTES_BASE_URL: baseUrl, NO_COLOR: "1" }
    const get = memoryIO(env)
    expect(await Effect.runPromise(runProgram(program, ["note", "get", "7", "--json"], get.io)), get.stderr()).toBe(0)
    expect(JSON.parse(get.stdout())).toEqual({ id: "7", text: "hello" })
    const status = memoryIO(env)
    expect(await Effect.runPromise(runProgram(program, ["auth", "status", "--check", "--json"], status.io))).toBe(0)
    expect(JSON.parse(status.stdout())).toMatchObject({ source: "NOTES_TOKEN", check: "ok: read note 1" })
    const missing = memoryIO({ NOTES_BASE_URL: baseUrl, NOTES_CONFIG_DIR: "/nonexistent/notes" })
    expect(await Effect.runPromise(runProgram(program, ["note", "get", "7"], missing.io))).toBe(3)
    expect(missing.stderr()).toMatch(/No notes-service token is configured/)
    const help = memoryIO(env)
    expect(await Effect.runPromise(runProgram(program, ["--help"], help.io))).toBe(0)
    expect(help.stdout()).toMatch(/note\s+Notes/)
  })

  it("the tool server: the operation as a tool, named by the rule, called over the official client", async () => {
    const client = new Client({ name: "third-service-test", version: "1" })
    await client.connect(
      inProcessServer(serviceProgram(notesCli), [], { NOTES_TOKEN: "good-token-1", NOTES_BASE_URL: baseUrl }).transport
    )
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(["notes_note_get"])
    const result = await client.callTool({ name: "notes_note_get", arguments: { note_id: "9" } })
    expect(result.isError).not.toBe(true)
    expect(JSON.stringify(result.content)).toContain("hello")
    await client.close()
  })
})
