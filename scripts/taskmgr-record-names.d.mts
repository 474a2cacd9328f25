// The types of taskmgr-record-names.mjs, for test/taskmgr/records/record-conformance.test.ts.
export declare const RECORD_NAMES: Readonly<Record<string, string>>
