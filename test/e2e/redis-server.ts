/**
 * A real redis-server for the shared rate-store tests, on a free loopback port,
 * without persistence. `npm test` installs Debian's package when it is missing
 * (scripts/ensure-redis.sh).
 */
import { spawn } from "node:child_process"
import { createServer } from "node:net"

export interface RedisServer {
  /** redis://127.0.0.1:PORT (add /DB). */
  readonly url: string
  readonly port: number
  readonly stop: () => Promise<void>
}

/** A loopback port nothing listens on (at the time of asking). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** On a free port, or on `port` (to start one again where a stopped one was). */
export const startRedisServer = async (port?: number): Promise<RedisServer> => {
  port ??= await freePort()
  const child = spawn("redis-server", [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no"
  ], {
    stdio: ["ignore", "pipe", "pipe"]
  })
  await new Promise<void>((resolve, reject) => {
    let out = ""
    const timer = setTimeout(() => reject(new Error(`redis-server did not start within 10 s: ${out}`)), 10_000)
    child.once("error", (e) => {
      clearTimeout(timer)
      reject(new Error(`redis-server could not start (${e.message}): apt-get install -y redis-server`))
    })
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk
      if (out.includes("Ready to accept connections")) {
        clearTimeout(timer)
        resolve()
      }
    })
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      })
  }
}
