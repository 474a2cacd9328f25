import { describe, expect, it } from "vitest"
import { didYouMean, editDistance } from "../../../src/core/cli/did-you-mean.js"

describe("edit distance", () => {
  it("counts a swap of two neighbours as one edit", () => {
    expect(editDistance("lsit", "list")).toBe(1)
    expect(editDistance("webhok", "webhook")).toBe(1)
    expect(editDistance("kitten", "sitting")).toBe(3)
    expect(editDistance("", "abc")).toBe(3)
    expect(editDistance("same", "same")).toBe(0)
  })
})

describe("did you mean", () => {
  const flags = ["--context", "--context-id", "--plan", "--all", "--json"]

  it("picks the one nearest candidate within two edits", () => {
    expect(didYouMean("--contxt", flags)).toBe("--context")
    expect(didYouMean("--pln", flags)).toBe("--plan")
    expect(didYouMean("--contxet-di", flags)).toBe("--context-id")
    expect(didYouMean("--xontxet-di", flags)).toBeUndefined()
  })

  it("fixes case, whatever the distance rule", () => {
    expect(didYouMean("Team", ["team", "project"])).toBe("team")
    expect(didYouMean("--JSON", flags)).toBe("--json")
  })

  it("falls back to a unique prefix", () => {
    expect(didYouMean("web", ["webhook", "user"])).toBe("webhook")
    // several candidates start with it: the nearest of those, and none when none is near
    expect(didYouMean("--con", flags)).toBeUndefined()
    expect(didYouMean("ge", ["get", "generate", "me"])).toBe("get")
  })

  it("does not call a short word a typo of an unrelated one", () => {
    expect(didYouMean("x", ["me", "get"])).toBeUndefined()
    expect(didYouMean("ab", ["me"])).toBeUndefined()
    expect(didYouMean("con", ["json"])).toBeUndefined()
    expect(didYouMean("zhs", ["bash", "zsh", "fish"])).toBe("zsh")
    expect(didYouMean("", ["me"])).toBeUndefined()
  })

  it("breaks a tie in favour of the earlier candidate", () => {
    expect(didYouMean("gat", ["get", "cat"])).toBe("get")
  })
})
