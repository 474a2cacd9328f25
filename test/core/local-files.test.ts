/**
 * Files a user names and values nobody can use, checked in core: the capped
 * reader, the output directory, safe file names, how deep input may nest,
 * and tokens no request header can carry (from options, a stored
 * credential or a token answer).
 */
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Either, Schema } from "effect"
import { execFileSync } from "node:child_process"
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { decodeInput, MAX_INPUT_DEPTH } from "../../src/core/input.js"
import {
  MAX_INPUT_BYTES,
  parseJsonText,
  prepareOutputDirectory,
  readCappedFile,
  readInputStream,
  safeFileName,
  withFileLock
} from "../../src/core/local-files.js"
import { StoredCredential } from "../../src/core/oauth/sign-in.js"
import { TokenAnswer } from "../../src/core/oauth/token-endpoint.js"
import { tokenFault } from "../../src/core/settings.js"
import { imageFileName } from "../../src/design/local/image-download.js"
import { resolveDesignOptions } from "../../src/design/service.js"
import { resolveTaskmgrOptions } from "../../src/taskmgr/service.js"

const dir = mkdtempSync(join(tmpdir(), "local-files-"))
const who = { label: "--thing", field: "thing" }
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("the capped file reader", () => {
  it("reads a regular file's UTF-8 text, without a BOM", () => {
    const path = join(dir, "bom.json")
    writeFileSync(path, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("{\"a\":\"é\"}")]))
    expect(readCappedFile(path)).toEqual(Either.right("{\"a\":\"é\"}"))
  })

  it("refuses what is not a regular file, is not UTF-8, or is missing (with the system's code)", () => {
    const fifo = join(dir, "fifo")
    execFileSync("mkfifo", [fifo])
    const invalid = join(dir, "latin1.json")
    writeFileSync(invalid, Buffer.from([0x22, 0xff, 0x22]))
    const reasons = [fifo, "/dev/zero", dir, invalid].map((p) =>
      Either.match(readCappedFile(p), { onLeft: (no) => no.reason, onRight: () => "read" })
    )
    expect(reasons).toEqual([
      "is a FIFO (named pipe); only a regular file of at most 10 MB is read",
      "is a device; only a regular file of at most 10 MB is read",
      "is a directory; only a regular file of at most 10 MB is read",
      "is not UTF-8 text"
    ])
    expect(readCappedFile(join(dir, "missing"))).toMatchObject({ left: { code: "ENOENT" } })
  })

  it.effect("stops pulling a stream once it passes the cap", () =>
    Effect.gen(function*() {
      let pulled = 0
      const endless = async function*() {
        for (;;) {
          pulled += 1
          yield Buffer.alloc(1024 * 1024, 0x20)
        }
      }
      const refused = yield* Effect.flip(readInputStream(endless(), who, "standard input"))
      expect(refused.message).toBe("--thing: standard input is larger than 10 MB, the most that is read from a file.")
      expect(refused.fields).toEqual(["thing"])
      expect(pulled).toBe(MAX_INPUT_BYTES / (1024 * 1024) + 1)
    }))
})

describe("a file a repository supplies", () => {
  it("is read only when it is not a link, where asked", () => {
    const target = join(dir, "target.json")
    writeFileSync(target, "{}")
    const link = join(dir, "link.json")
    symlinkSync(target, link)
    expect(readCappedFile(link)).toEqual(Either.right("{}"))
    expect(readCappedFile(link, { followLinks: false })).toMatchObject({
      left: { reason: "is a symbolic link; only a regular file of at most 10 MB is read", notRegular: true }
    })
  })
})

describe("JSON text from a file", () => {
  it.each([
    ["{\"a\": [1, 2.5e3, -0, true, null, \"\\u00e9\\n\"]}", undefined],
    ["", "the text is empty"],
    ["{\"a\": 1,}", "expected a key in quotes"],
    ["[1 2]", "expected , or ]"],
    ["{\"a\" 1}", "expected : after a key"],
    ["[01]", "expected , or ]"],
    ["[1.]", "a malformed number"],
    ["[\"a\\x\"]", "a bad escape"],
    ["[\"open", "a string that is never closed"],
    ["{\"a\": [1, 2]", "the text ends inside an object"],
    ["[1] [2]", "more text after the end of the JSON value"],
    ["[tru]", "expected a value"]
  ])("%s: %s", (text, problem) => {
    const parsed = parseJsonText(text)
    if (problem === undefined) expect(parsed).toEqual(Either.right(JSON.parse(text)))
    else expect(parsed).toMatchObject({ left: { problem } })
  })

  it("is named by line and column, and refused past the depth limit without recursing", () => {
    expect(parseJsonText("{\n  \"a\": 1\n  \"b\": 2\n}")).toEqual(
      Either.left({ line: 3, column: 3, problem: "expected , or }" })
    )
    expect(parseJsonText(`${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`)).toEqual(
      Either.left({ line: 1, column: MAX_INPUT_DEPTH + 1, problem: `nested more than ${MAX_INPUT_DEPTH} levels deep` })
    )
    expect(parseJsonText(`${"[".repeat(MAX_INPUT_DEPTH)}${"]".repeat(MAX_INPUT_DEPTH)}`)._tag).toBe("Right")
  })
})

describe("a file's lock", () => {
  it.live("is held while the change runs and removed after; one left by a dead writer is taken over", () =>
    Effect.gen(function*() {
      const path = join(dir, "locked.json")
      const seen = yield* withFileLock(path, who, Effect.sync(() => readFileSync(`${path}.lock`, "utf8")))
      expect(seen).toMatch(new RegExp(`^${process.pid} `))
      expect(existsSync(`${path}.lock`)).toBe(false)
      // A lock 20 s old: its writer is gone.
      writeFileSync(`${path}.lock`, "1 gone\n")
      execFileSync("touch", ["-d", "20 seconds ago", `${path}.lock`])
      expect(yield* withFileLock(path, who, Effect.succeed("taken over"))).toBe("taken over")
      expect(existsSync(`${path}.lock`)).toBe(false)
    }))
})

describe("the output directory", () => {
  it.effect("is made level by level and left empty; a file in its place is refused", () =>
    Effect.gen(function*() {
      const nested = join(dir, "out", "a", "b")
      expect(yield* prepareOutputDirectory(nested, who)).toBe(nested)
      expect(statSync(nested).isDirectory()).toBe(true)
      expect(readdirSync(nested)).toEqual([])
      const file = join(dir, "plain")
      writeFileSync(file, "")
      expect((yield* Effect.flip(prepareOutputDirectory(file, who))).message).toBe(
        `--thing: ${file} exists and is a file, not a directory.`
      )
      expect((yield* Effect.flip(prepareOutputDirectory(join(file, "x"), who))).message).toMatch(/ENOTDIR/)
      expect(existsSync(join(file, "x"))).toBe(false)
    }))
})

describe("file names from ids", () => {
  it("keep node ids readable and cannot leave or hide in the directory", () => {
    expect(imageFileName("1:2", "png")).toBe("1-2.png")
    expect(imageFileName("I5:10;1:2", "svg")).toBe("I5-10_1-2.svg")
    for (const hostile of ["../../escaped", "/etc/passwd", "..", ".", "", "a\\..\\b", "x/../../y", "\u0000"]) {
      const name = safeFileName(hostile)
      expect(name, hostile).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*$/)
    }
  })
})

describe("how deep input may nest", () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 1
    for (let i = 0; i < depth; i++) value = [value]
    return value
  }
  const schema = Schema.Struct({ data: Schema.Unknown, name: Schema.optional(Schema.String) })

  it.effect("accepts the limit and refuses beyond it by field, even 100,000 deep", () =>
    Effect.gen(function*() {
      expect(yield* decodeInput(schema, { data: nested(MAX_INPUT_DEPTH) })).toBeTruthy()
      for (const depth of [MAX_INPUT_DEPTH + 1, 100_000]) {
        const refused = yield* Effect.flip(decodeInput(schema, { data: nested(depth), name: "x" }))
        expect(refused.fields).toEqual(["data"])
        expect(refused.message).toBe(`data: nested more than ${MAX_INPUT_DEPTH} levels deep.`)
      }
    }))
})

describe("tokens no request header can carry", () => {
  const SECRET = "s3cretPart"

  it("are described without being quoted", () => {
    expect(tokenFault(`${SECRET}\r\n`)).toBe("contains a line break (CR or LF)")
    expect(tokenFault(`${SECRET}\u0000`)).toBe("contains a control character")
    expect(tokenFault(`${SECRET} x`)).toBe("contains a space")
    expect(tokenFault(`${SECRET}\u00e9`)).toBe("contains a character that is not ASCII")
    expect(tokenFault(" ")).toBe("is empty")
    expect(tokenFault("2/1200000000000001/sandbox-personal:7Kq2xV9mPz4Lw8Rt")).toBeUndefined()
  })

  it.effect("are refused by both libraries' options as the token setting", () =>
    Effect.gen(function*() {
      const refusals = [
        yield* Effect.flip(resolveDesignOptions({ token: `${SECRET}\n` })),
        yield* Effect.flip(resolveTaskmgrOptions({ token: `${SECRET}\n` }))
      ]
      for (const refused of refusals) {
        expect(refused).toMatchObject({ _tag: "InvalidSettingsError", setting: "token" })
        expect(refused.message).toMatch(/^The token contains a line break/)
        expect(refused.message).not.toContain(SECRET)
      }
    }))

  it("are not taken from a stored credential or a token answer", () => {
    const answer = { access_token: `${SECRET}\r\nX: y`, token_type: "bearer" }
    expect(Either.isLeft(Schema.decodeUnknownEither(TokenAnswer)(answer))).toBe(true)
    expect(Either.isRight(Schema.decodeUnknownEither(TokenAnswer)({ ...answer, access_token: SECRET }))).toBe(true)
    const stored = {
      version: 1,
      base_url: "https://api.design.example",
      client_id: "id",
      client_secret: "secret",
      access_token: `${SECRET}\n`,
      refresh_token: null,
      expires_at: null,
      scopes: [],
      user_id: null,
      obtained_at: "2026-01-01T00:00:00Z"
    }
    expect(Either.isLeft(Schema.decodeUnknownEither(StoredCredential)(stored))).toBe(true)
    expect(Either.isRight(Schema.decodeUnknownEither(StoredCredential)({ ...stored, access_token: SECRET }))).toBe(true)
  })
})
