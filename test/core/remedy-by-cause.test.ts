/**
 * The table of remedies by cause, over both services and both front ends:
 * each cause the classifiers tell apart (a refused connection, a name that
 * does not resolve, a timeout, a failing service, a rejected or expired
 * token, a role, an author-only refusal, a record not found, a rate limit, a
 * plan, a limit with the commands that free it, a 400) is read by the
 * service's own classifier and gets a remedy of its own, in the words of the
 * front end (flags on the command line, parameters on the tool server).
 * Then, over every command of both registries: a 400 naming any input field
 * as the service knows it points at the flag or positional the command takes
 * it by (and at the parameter on the tool server), and a 400 about the paging
 * position at --cursor.
 */
import * as Duration from "effect/Duration"
import { describe, expect, it } from "vitest"
import { fieldWordOf } from "../../src/core/cli/leaf.js"
import { type Program, vocabularyOf } from "../../src/core/cli/runtime.js"
import type { WrapperError } from "../../src/core/errors.js"
import { fieldsOf } from "../../src/core/fields.js"
import { classifyFailure } from "../../src/core/http/classify.js"
import type { Answer } from "../../src/core/http/exchange.js"
import { toolError } from "../../src/core/mcp/derive.js"
import { hasTool, toolNameOf } from "../../src/core/mcp/names.js"
import { toolVocabulary } from "../../src/core/mcp/remedy.js"
import { withNamedField } from "../../src/core/named-field.js"
import type { AnyOperation } from "../../src/core/operation.js"
import { remedy, type Vocabulary } from "../../src/core/remedy.js"
import type { AnyView } from "../../src/core/view.js"
import { classifyDesign, type DesignRoute } from "../../src/design/classify.js"
import { designProgram } from "../../src/design/cli/program.js"
import { designViews } from "../../src/design/operations.js"
import { classifyTaskmgr, type TaskmgrRoute } from "../../src/taskmgr/classify.js"
import { taskmgrProgram } from "../../src/taskmgr/cli/program.js"
import { taskmgrViews } from "../../src/taskmgr/operations.js"

type Classify = (answer: Answer, attempts: number) => WrapperError

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers,
  body
})

const designRoute: DesignRoute = { tier: 1, subject: "file K", maxWait: Duration.seconds(60) }
const taskmgrRoute: TaskmgrRoute = { subject: "task 1", search: false }

interface Service {
  readonly name: string
  readonly program: Program
  readonly views: ReadonlyArray<AnyView>
  readonly classify: Classify
  /** The service's error body around its words. */
  readonly body: (words: string) => unknown
  readonly tokenVariable: string
  readonly prefix: string
  readonly authModes: boolean
}

const SERVICES: ReadonlyArray<Service> = [
  {
    name: "design",
    program: designProgram,
    views: designViews,
    classify: (a, attempts) => classifyDesign(a, designRoute, attempts),
    body: (words) => ({ status: 400, error: true, message: words }),
    tokenVariable: "DESIGN_ACCESS_TOKEN",
    prefix: "DESIGN",
    authModes: true
  },
  {
    name: "taskmgr",
    program: taskmgrProgram,
    views: taskmgrViews,
    classify: (a, attempts) => classifyTaskmgr(a, taskmgrRoute, attempts),
    body: (words) => ({ errors: [{ message: words }] }),
    tokenVariable: "TASKMGR_TOKEN",
    prefix: "TASKMGR",
    authModes: false
  }
]

const transport = (service: Service, detail: string, timedOut = false) =>
  classifyFailure(
    {
      classify: (a, _route, attempts) => service.classify(a, attempts),
      host: "api.example",
      timeout: Duration.seconds(30)
    },
    undefined,
    { failure: { _tag: "transport", detail, timedOut }, attempts: 4, unconfirmed: false }
  )

/** A command's words on the command line, as the runtime builds them for a failure of that command. */
const cliWords = (service: Service, v: AnyView): Vocabulary => {
  const leaf = service.program.leaves.find((l) => l.path.join(" ") === v.command.join(" "))!
  return vocabularyOf(service.program, { ...leaf, fieldWord: fieldWordOf(v) }, { shared: {} }, {})
}

const toolWords = (service: Service): Vocabulary => ({
  ...toolVocabulary(service.tokenVariable, service.prefix, service.authModes),
  operation: (name) => {
    const v = service.views.filter(hasTool).find((t) => (t.operation as AnyOperation<never>).name === name)
    return v === undefined ? undefined : toolNameOf(service.name, v)
  }
})

/** Each cause, as the service answers it, and what its remedy must say on each front end. */
const causes = (service: Service): ReadonlyArray<{
  readonly cause: string
  readonly error: WrapperError
  readonly cli: RegExp
  readonly tool: RegExp
}> => [
  {
    cause: "connection refused",
    error: transport(service, "ECONNREFUSED"),
    cli: new RegExp(`host and port in --base-url or ${service.prefix}_BASE_URL.*running`),
    tool: new RegExp(`host and port in ${service.prefix}_BASE_URL.*running`)
  },
  {
    cause: "host name not resolved",
    error: transport(service, "ENOTFOUND"),
    cli: new RegExp(`host name in --base-url or ${service.prefix}_BASE_URL.*DNS`),
    tool: new RegExp(`host name in ${service.prefix}_BASE_URL.*DNS`)
  },
  {
    cause: "no answer in time",
    error: transport(service, "timeout", true),
    cli: new RegExp(`--timeout or ${service.prefix}_TIMEOUT`),
    tool: new RegExp(`${service.prefix}_TIMEOUT`)
  },
  {
    cause: "the service failed",
    error: service.classify(answer(503, service.body("down")), 4),
    cli: /Reads were retried/,
    tool: /Reads were retried/
  },
  {
    cause: "token rejected",
    error: service.classify(answer(401, service.body("Not Authorized")), 1),
    cli: /Create a new token and supply it \(.*--token/,
    tool: new RegExp(`Create a new token.*${service.tokenVariable}`)
  },
  {
    cause: "token expired",
    error: service.classify(answer(401, service.body("Token expired")), 1),
    cli: new RegExp(`auth login' again`),
    tool: new RegExp(service.tokenVariable)
  },
  {
    cause: "a role refused",
    error: service.classify(answer(403, service.body("Forbidden")), 1),
    cli: /role this needs/,
    tool: /role this needs/
  },
  {
    cause: "not found",
    error: service.classify(answer(404, service.body("Unknown object: 1")), 1),
    cli: service.name === "design" ? /Check the id, key or URL/ : /Check the gid or URL/,
    tool: /Check the id or URL/
  },
  {
    cause: "rate limited",
    error: service.classify(answer(429, service.body("Rate limit"), { "retry-after": "30" }), 3),
    cli: /Retry-After 30s/,
    tool: /Retry-After 30s/
  },
  {
    cause: "a 400 naming nothing typed",
    error: service.classify(answer(400, service.body("Bad request")), 1),
    cli: /Correct what the service named above/,
    tool: /Correct what the service named above/
  },
  ...(service.name === "design"
    ? [
      {
        cause: "author only",
        error: service.classify(answer(403, service.body("Only the author of a comment can delete it")), 1),
        cli: /Ask its author.*'design comment create'/,
        tool: /Ask its author.*design_comment_create/
      },
      {
        cause: "a limit reached",
        error: service.classify(
          answer(400, service.body("Webhook limit reached: a team context allows at most 20 webhooks")),
          1
        ),
        cli: /'design webhook list' lists them, 'design webhook delete' deletes one/,
        tool: /design_webhook_list lists them, design_webhook_delete deletes one/
      }
    ]
    : [
      {
        cause: "a base URL without the API's path",
        error: service.classify(answer(404, service.body("No matching route for request")), 1),
        cli: /--base-url or TASKMGR_BASE_URL: the service knows no such address/,
        tool: /TASKMGR_BASE_URL in the server's environment: the service knows no such address/
      },
      {
        cause: "author only",
        error: classifyTaskmgr(answer(403, service.body("Forbidden")), { ...taskmgrRoute, changedOnlyBy: "author" }, 1),
        cli: /Ask its author.*'taskmgr comment create'/,
        tool: /Ask its author.*taskmgr_comment_create/
      }
    ])
]

describe.each(SERVICES)("remedies by cause: $name", (service) => {
  const anyView = service.views[0]!
  const cli = cliWords(service, anyView)
  const tool = toolWords(service)

  it("gives each cause its own remedy, in the words of each front end", () => {
    const table = causes(service)
    for (const { cause, cli: onCli, error, tool: onTool } of table) {
      expect(remedy(error, cli), `${cause} on the command line`).toMatch(onCli)
      expect(remedy(error, tool), `${cause} on the tool server`).toMatch(onTool)
      // A tool's remedy names parameters and variables, never a command line's flag.
      expect(remedy(error, tool), `${cause} on the tool server`).not.toMatch(/(^|\s)--[a-z]/)
    }
    const remedies = table.map(({ error }) => remedy(error, cli))
    expect(new Set(remedies).size, remedies.join("\n")).toBe(table.length)
    // A tool error's fields are snake_case, and the calls they name are tools, never the library's operations.
    for (const { error } of table) {
      const fields = toolError(error, tool)
      expect(Object.keys(fields).filter((key) => /[A-Z]/.test(key)), error._tag).toEqual([])
      for (const name of (fields.freed_by ?? []) as ReadonlyArray<string>) {
        expect(name).toMatch(new RegExp(`^${service.name}_`))
      }
    }
  })

  it("names every command's own flag or positional for a 400 naming one of its input fields, and --cursor for the paging position", () => {
    let checked = 0
    for (const v of service.views) {
      const op = v.operation as AnyOperation<never>
      const words = cliWords(service, v)
      const spec = service.program.leaves.find((l) => l.path.join(" ") === v.command.join(" "))!.spec
      const taken = new Set([
        ...spec.options.map((o) => o.flag),
        ...spec.positionals.map((p) => `<${p.name}>`)
      ])
      // A field that is the paging position itself is the cursor, checked below.
      for (const f of fieldsOf(op.input).filter((f) => f.name !== op.paging?.model.param)) {
        const refused = withNamedField(
          service.classify(answer(400, service.body(`${f.name}: Not a valid value`)), 1),
          op,
          {}
        )
        expect(refused, `${v.command.join(" ")}: ${f.name}`).toMatchObject({ field: f.name })
        const onCli = remedy(refused, words)
        // The flag or positional itself, or the key inside the --body-file that carries it.
        const flag = /^Correct (?:\S+ in )?(\S+),/.exec(onCli)?.[1]
        expect(taken.has(flag!), `${v.command.join(" ")}: ${f.name} -> ${onCli}`).toBe(true)
        expect(remedy(refused, tool)).toMatch(new RegExp(`^Correct ${f.name},`))
        checked++
      }
      if (op.paging !== undefined) {
        const param = op.paging.model.param
        const refused = withNamedField(
          service.classify(answer(400, service.body(`'${param}' must be a valid value`)), 1),
          op,
          {}
        )
        expect(remedy(refused, words), v.command.join(" ")).toMatch(/^List again without --cursor:/)
        expect(remedy(refused, tool)).toMatch(/^List again without cursor:/)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(service.views.length)
  })
})
