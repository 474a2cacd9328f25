/**
 * A service's whole command line and tool server, derived from its CLI
 * descriptor: one command per operation (loaded with its group when it
 * runs), the `auth` commands, the service's own commands, `sandbox`, `mcp`
 * and `completion`.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { VERSION } from "../../version.js"
import { toolServerLeaf } from "../mcp/command.js"
import { makeClient } from "../service/client.js"
import type { ClientOptions, ClientSettings } from "../service/options.js"
import type { AnyView } from "../view.js"
import { authLeaves } from "./auth.js"
import { type GroupLoaders, indexedLeaves, loadOperations } from "./command-index.js"
import { completionLeaf } from "./extra.js"
import type { Env } from "./io.js"
import type { Invocation, Program } from "./runtime.js"
import { cliSettings, cliVocabulary, missingToken, requireToken, sharedFlags } from "./service-settings.js"
import type { AnyCliService, CliService } from "./service.js"

type AnyCli = AnyCliService

/**
 * The client a command runs on: the shared flags over the variables, the
 * stored sign-in when no token is given. With no token at all, a command that
 * sends nothing (`url parse`, `task scan-todos` without `--create`) still
 * runs: its client refuses each request, before sending it, with why there is
 * no token (a command that checks the auth mode first may say that first).
 */
export const clientOf = (cli: AnyCli) => (invocation: Invocation, env: Env) =>
  Effect.flatMap(cliSettings(cli, invocation.shared, env), (settings) =>
    // A stored sign-in the options keep out (another auth mode asked for) is said at once: that is the fix.
    Option.isSome(settings.token) || Option.isSome(settings.unusedSignIn)
      ? Effect.flatMap(requireToken(cli, settings), (options) => makeClient(cli.service, options))
      : Effect.map(
        // The placeholder is never sent: every request fails first.
        makeClient(cli.service, { ...(settings.options as ClientOptions), token: "unset" }),
        (client) => {
          const refused = Effect.fail(missingToken(cli, settings))
          return { ...client, pipeline: { send: () => refused, download: () => refused } } as typeof client
        }
      ))

const viewsOf = (loaders: GroupLoaders) => async (): Promise<ReadonlyArray<AnyView>> =>
  (await Promise.all(Object.values(loaders).map((load) => load()))).flatMap((group) => group.views)

export const serviceProgram = <O extends ClientOptions, S extends ClientSettings, Route, E>(
  service: CliService<O, S, Route, E>
): Program => {
  const cli = service as unknown as AnyCli
  const { name, prefix } = cli.service
  const client = clientOf(cli)
  const program: Program = {
    name,
    version: VERSION,
    summary: cli.summary,
    shared: sharedFlags(cli),
    groups: {
      auth: "Credentials: which token is in use, OAuth sign-in, renewal and sign-out",
      ...cli.leafGroups,
      ...cli.commandGroups
    },
    leaves: [
      ...authLeaves(cli),
      ...indexedLeaves(cli.index, cli.loaders, {
        debugVariable: `${prefix}_DEBUG`,
        aliases: cli.aliases,
        client
      }),
      ...(cli.leaves?.(client) ?? []),
      ...(cli.sandbox === undefined ? [] : [cli.sandbox]),
      toolServerLeaf({ name, prefix }, async () => ({
        name,
        version: VERSION,
        prefix,
        tokenVariable: cli.tokenVariables[0]!,
        authModes: cli.authMode !== undefined,
        views: await viewsOf(cli.loaders)(),
        defaultToolsets: cli.defaultToolsets,
        commandGroups: cli.commandGroups,
        client
      })),
      completionLeaf(name, () => program)
    ],
    operations: loadOperations(cli.loaders),
    vocabulary: (path, shared, env) => cliVocabulary(cli, path, shared, env),
    examples: cli.examples
  }
  return program
}
