/**
 * What a sandbox started in the background reports to the command that
 * started it (core/cli/extra.ts) across the bundle boundary: the line to
 * print, or why it could not listen. The simulators produce it.
 */
export type Started<A> = { readonly info: A } | { readonly error: string | undefined }
