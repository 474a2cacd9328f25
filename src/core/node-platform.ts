/**
 * Node's file system, paths and HTTP client as one layer, in a module of its
 * own so that the command line can load it when a command runs (help,
 * completion and usage errors need none of it) while the bundler still keeps
 * only the parts used: a dynamic import of the platform modules themselves
 * would keep them whole, an HTTP library included.
 */
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as NodePath from "@effect/platform-node/NodePath"
import * as Layer from "effect/Layer"

export const nodePlatform = Layer.mergeAll(NodeFileSystem.layer, NodePath.layer, NodeHttpClient.layer)
