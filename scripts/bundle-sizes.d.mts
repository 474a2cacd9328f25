// The types of bundle-sizes.mjs, for test/package/consumer.test.ts.
export interface BundleSpec {
  readonly file: string
  readonly platform: "node" | "browser"
  readonly label: string
}
export declare const BUNDLES_DIR: string
export declare const BUNDLES: ReadonlyArray<BundleSpec>
export declare const bundle: (
  project: string,
  spec: BundleSpec
) => Promise<{ readonly text: string; readonly bytes: number }>
export declare const kib: (bytes: number) => number
export declare const readmeTable: (sizes: Readonly<Record<string, number>>) => string
export declare const statedSizes: (readme: string) => Readonly<Record<string, number | undefined>>
export declare const installMinimal: (work: string, tarball?: string) => Promise<string>
