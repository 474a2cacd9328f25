// The types of api-methods-record.mjs, for test/library/api-methods.test.ts.
export declare const RECORD: string
export declare const inputsHash: (root?: string) => string
export declare const fileHash: (path: string) => string | undefined
export declare const writeRecord: (written: Readonly<Record<string, string>>, root?: string) => void
export declare const currentRecord: (
  root?: string
) => { readonly inputs: string; readonly outputs: Readonly<Record<string, string | undefined>> } | undefined
