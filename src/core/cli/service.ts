/**
 * A service as its command line and tool server see it, beyond the library's
 * descriptor (core/service/descriptor.ts): its words, its own shared flags and
 * how they become options, its sign-in, its sandbox and the check that proves
 * a token works. core/cli/program.ts derives the whole program from this.
 */
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as Effect from "effect/Effect"
import type { InvalidSettingsError, WrapperError } from "../errors.js"
import type { SignInService } from "../oauth/sign-in.js"
import type { ServiceClient } from "../service/client.js"
import type { ServiceDescriptor } from "../service/descriptor.js"
import type { ClientOptions, ClientSettings } from "../service/options.js"
import type { GroupLoaders, IndexedCommand } from "./command-index.js"
import type { OptionValue } from "./derive.js"
import type { Env } from "./io.js"
import type { LeafContext } from "./leaf.js"
import type { Invocation, Leaf } from "./runtime.js"
import type { OptionSpec } from "./spec.js"

export type Shared = Readonly<Record<string, OptionValue>>

/** The client a command runs on, from its shared flags and environment (core/cli/program.ts `clientOf`). */
export type ClientMaker<S, Route, E> = (
  invocation: Invocation,
  env: Env
) => Effect.Effect<ServiceClient<S, Route, E>, WrapperError, HttpClient.HttpClient>

/** The service's own options (beyond the common ones), from its flags and variables. */
export type OwnOptions<O> = Omit<O, keyof ClientOptions>

export interface CliService<O extends ClientOptions, S extends ClientSettings, Route, E> {
  readonly service: ServiceDescriptor<O, S, Route, E>
  readonly signIn: SignInService
  /** How messages name the service's token: "No design-service token is configured." */
  readonly noun: string
  readonly summary: string
  /**
   * The toolsets `<program> mcp` serves when none is named, with the tool that serves more (the README's
   * tool-server section says why these); none: every toolset.
   */
  readonly defaultToolsets?: ReadonlyArray<string> | undefined
  /** One line per command group for `<program> --help` ("webhook": "Webhooks v2: ..."). */
  readonly commandGroups: Readonly<Record<string, string>>
  /** The generated command index and its group loaders (src/<program>/cli/command-index.ts). */
  readonly index: ReadonlyArray<IndexedCommand>
  readonly loaders: GroupLoaders
  readonly examples: ReadonlyArray<string>
  /** Where a token is looked for after --token, in order; the stored sign-in comes last. */
  readonly tokenVariables: ReadonlyArray<string>
  /** What --base-url's and --app-url's help add ("with /api/1.0"). */
  readonly baseUrlNote?: string | undefined
  readonly appUrlNote: string
  /** Shared flags of this service alone, listed after --app-url. */
  readonly flags: ReadonlyArray<OptionSpec>
  /** The variable the base URL is read from, given the flags (the government edition has its own). */
  readonly baseUrlVariable?: ((shared: Shared, env: Env) => string) | undefined
  /** The service's own options from its flags and variables; `appUrl` as configured, if it is. */
  readonly options: (
    shared: Shared,
    env: Env,
    common: { readonly baseUrl: string | undefined; readonly appUrl: string | undefined }
  ) => Effect.Effect<OwnOptions<O>, InvalidSettingsError>
  /**
   * Whether a stored sign-in may stand in for a missing token with these options, and the options it is used
   * with (design: the OAuth mode, unless another mode is asked for); none: always, as they are.
   */
  readonly signedIn?: ((options: OwnOptions<O>) => OwnOptions<O> | undefined) | undefined
  /** Where each of the service's own settings comes from, for remedies: teamId → "--team or DESIGN_TEAM_ID". */
  readonly settingSources: Readonly<Record<string, string>>
  /** Input fields whose flag is not their name in kebab case, where a remedy names them. */
  readonly fieldFlags?: Readonly<Record<string, string>> | undefined
  /** How to choose the credential kind ("--auth-mode oauth"), where the service has several. */
  readonly authMode?: { readonly flag: (mode: string) => string; readonly variable: string } | undefined
  /** `auth status`'s own rows: the service's settings as data. */
  readonly statusFields?: ((options: OwnOptions<O>, shared: Shared, env: Env) => Record<string, unknown>) | undefined
  /** `auth status --check`: one request that proves the token works, said in a line ("ok: signed in as ..."). */
  readonly check: (
    client: ServiceClient<S, Route, E>,
    options: Readonly<Record<string, OptionValue>>,
    env: Env
  ) => Effect.Effect<string, WrapperError, HttpClient.HttpClient>
  /** `auth status --check`'s own flags (design: --file KEY for a plan token). */
  readonly checkFlags?: ReadonlyArray<OptionSpec> | undefined
  /** Names the service gives references, put in place before an input is decoded. */
  readonly aliases?: LeafContext<unknown>["aliases"]
  /** Commands of this program beyond its operations (the task manager's repo registry), given the client's maker. */
  readonly leaves?: ((client: ClientMaker<S, Route, E>) => ReadonlyArray<Leaf>) | undefined
  /** Their group lines for help. */
  readonly leafGroups?: Readonly<Record<string, string>> | undefined
  /** `<program> sandbox` (core/cli/extra.ts `sandboxLeaf`), where the service has a simulator to serve. */
  readonly sandbox?: Leaf | undefined
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of services erases their types
export type AnyCliService = CliService<any, any, any, any>
