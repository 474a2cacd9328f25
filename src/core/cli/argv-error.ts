/**
 * What resolveArgv returns when a command line cannot be run: a plain value, so
 * the CLI can render it in its own voice (or map it to core/errors.ts's
 * UsageError) without this module knowing about Effect.
 */
export interface ArgvError {
  /** What is wrong, naming the exact word or flag: "Unknown flag '--contxt' for 'design webhook list'". */
  readonly message: string
  /** What to do next; always points at the help of the command concerned. */
  readonly remedy: string
  /** The one word the user most likely meant ("--context", "webhook", "team"). */
  readonly suggestion?: string | undefined
}

/** The error as the CLI prints it on stderr: message, "Did you mean", remedy, one per line. */
export const formatArgvError = (error: ArgvError): string =>
  [error.message, error.suggestion === undefined ? undefined : `Did you mean '${error.suggestion}'?`, error.remedy]
    .filter((line) => line !== undefined)
    .join("\n")
