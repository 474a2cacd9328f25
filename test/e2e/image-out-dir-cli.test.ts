/**
 * `design file images --out DIR` run in-process: only the node ids
 * asked for are written, under names that cannot leave DIR, whatever keys
 * the service's answer holds; and DIR is checked (made if missing, a
 * directory, writable) before the render is asked for, so a bad one fails
 * at once with nothing sent.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { addFault, describeRun, requestLog, type RunResult, usageErrorOf, useSandbox } from "./helpers.js"

const ctx = useSandbox({ inProcess: true })
const root = mkdtempSync(join(tmpdir(), "image-out-dir-e2e-"))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const ok = (r: RunResult, code = 0) => {
  expect(r.code, describeRun(r)).toBe(code)
  return r
}

/** A real render link of the sandbox, to put under hostile keys. */
const renderLink = async (key: string) => {
  const r = ok(await ctx.design(["file", "images", key, "--ids", "1:2", "--json"]))
  return (JSON.parse(r.stdout) as { images: Record<string, string> }).images["1:2"]!
}

/** Every file and directory under `dir`, relative. */
const tree = (dir: string, prefix = ""): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? [`${prefix}${e.name}/`, ...tree(join(dir, e.name), `${prefix}${e.name}/`)]
      : [`${prefix}${e.name}`]
  )

describe("design file images --out", () => {
  it("writes only the ids asked for, under safe names, when the answer carries keys that are paths", async () => {
    const key = ctx.sb.info.file_key
    const link = await renderLink(key)
    const case_ = join(root, "hostile")
    const out = join(case_, "a", "b", "out")
    const hostile = {
      "../../escaped": link,
      "../../../escaped-too": link,
      [join(case_, "absolute")]: link,
      "..": link,
      "1:2": link,
      "9:9": link
    }
    await addFault(ctx.sb, {
      method: "GET",
      path: `/v1/images/${key}`,
      status: 200,
      body: { err: null, images: hostile },
      times: 2
    })

    // 1:3 did not render: a partial result, exit 9.
    const r = ok(await ctx.design(["file", "images", key, "--ids", "1:2,1:3", "--out", out, "--json"]), 9)
    const { files } = JSON.parse(r.stdout) as { files: Array<{ node_id: string; file: string | null }> }
    // 1:3 was asked for but left out of the answer: it did not render.
    expect(files.map((f) => [f.node_id, f.file])).toEqual([["1:2", join(out, "1-2.png")], ["1:3", null]])
    expect(tree(case_)).toEqual(["a/", "a/b/", "a/b/out/", "a/b/out/1-2.png"])
    expect(existsSync(join(root, "escaped"))).toBe(false)
    expect(existsSync(join(tmpdir(), "escaped-too"))).toBe(false)

    // The links listed (without --out) are those of the ids asked for, too.
    const listed = JSON.parse(ok(await ctx.design(["file", "images", key, "--ids", "1:2", "--json"])).stdout) as {
      images: Record<string, unknown>
    }
    expect(Object.keys(listed.images)).toEqual(["1:2"])
  })

  it("does not write through a symbolic link planted in DIR", async () => {
    const out = join(root, "planted")
    mkdirSync(out)
    const target = join(root, "victim.txt")
    writeFileSync(target, "keep me")
    symlinkSync(target, join(out, "1-2.png"))
    const r = await ctx.design(["file", "images", ctx.sb.info.file_key, "--ids", "1:2", "--out", out])
    expect(usageErrorOf(r)).toMatch(/^Error: --out: cannot write .*1-2\.png \(ELOOP\)/m)
    expect(readFileSync(target, "utf8")).toBe("keep me")
  })

  const file = join(root, "a-file")
  writeFileSync(file, "")
  const bad: ReadonlyArray<[string, string, RegExp]> = [
    ["a path under /proc that cannot be made", "/proc/no-such-dir", /cannot create the directory \/proc\/no-such-dir/],
    ["a device", "/dev/null", /is a device, not a directory/],
    ["a regular file", file, /is a file, not a directory/],
    ["a path below a regular file", join(file, "sub"), /ENOTDIR/],
    ["a directory nobody can write into", "/proc/self", /cannot write into \/proc\/self/],
    ["an empty path", "", /needs a directory/]
  ]

  it.each(bad)("refuses %s at once with exit 2 naming --out, sending nothing", async (_, dir, why) => {
    const r = await ctx.design(["file", "images", ctx.sb.info.file_key, "--ids", "1:2", "--out", dir], {}, 15_000)
    const stderr = usageErrorOf(r)
    expect(stderr).toMatch(/^Error: --out: /m)
    expect(stderr).toMatch(why)
    expect(await requestLog(ctx.sb)).toEqual([])
  })
})
