/** The package version, shown by --version and reported to MCP clients. */
export const VERSION = "0.1.0"
