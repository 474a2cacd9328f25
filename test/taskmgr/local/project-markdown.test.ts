/** The Markdown of a project export, as a pure function: structure, and untrusted text kept inert. */
import { describe, expect, it } from "vitest"
import { inlineText, notesLine, projectMarkdown } from "../../../src/taskmgr/local/project-markdown.js"

const task = (
  name: string,
  more: Partial<Parameters<typeof projectMarkdown>[0]["sections"][number]["tasks"][number]> = {}
) => ({
  name,
  completed: false,
  assignee: null,
  due_on: null,
  notes: "",
  subtasks: [],
  ...more
})

describe("project Markdown", () => {
  it("lays out facts, sections, checklist items, indented notes and nested subtasks", () => {
    const md = projectMarkdown({
      name: "Launch",
      owner: "Ann",
      due_on: "2025-01-31",
      notes: "Line one\nline two\n\nSecond paragraph",
      sections: [
        {
          name: "To do",
          tasks: [
            task("Parent", {
              assignee: "Bo",
              due_on: "2025-01-02",
              notes: "Why",
              subtasks: [task("Child", { completed: true, subtasks: [task("Grandchild")] })]
            })
          ]
        },
        { name: "Empty", tasks: [] }
      ]
    })
    expect(md).toBe([
      "# Launch",
      "",
      "- Owner: Ann",
      "- Due: 2025-01-31",
      "",
      "Line one\\",
      "line two",
      "",
      "Second paragraph",
      "",
      "## To do",
      "",
      "- [ ] Parent (@Bo, due 2025-01-02)",
      "",
      "  Why",
      "  - [x] Child",
      "    - [ ] Grandchild",
      "",
      "## Empty",
      "",
      "No tasks.",
      ""
    ].join("\n"))
  })

  it("folds line breaks and escapes what could start structure inline", () => {
    expect(inlineText("a\n# b")).toBe("a \\# b")
    expect(inlineText("*x* _y_ [z](u) <i> `c` | ~ &amp; !")).toBe(
      "\\*x\\* \\_y\\_ \\[z\\]\\(u\\) \\<i\\> \\`c\\` \\| \\~ \\&amp; \\!"
    )
    expect(inlineText("bell\u0007 csi\u009b")).toBe("bell^G csi^\\[\\[")
  })

  it("names bidi controls instead of letting them reorder the text, in names and notes", () => {
    // Rendered, `\<U+202E\>` reads <U+202E>: the override is shown, never applied.
    expect(inlineText("invoice\u202Efdp.exe")).toBe("invoice\\<U+202E\\>fdp.exe")
    const md = projectMarkdown({
      name: "P\u2066x\u2069",
      owner: null,
      due_on: null,
      notes: "",
      sections: [{ name: "S\u202B", tasks: [task("t\u202D", { notes: "n\u202A\nm\u2067" })] }]
    })
    expect(md).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/)
    expect(md).toContain("# P\\<U+2066\\>x\\<U+2069\\>")
    expect(md).toContain("  n\\<U+202A\\>\\\n  m\\<U+2067\\>")
  })

  it("ends with its note, after a rule, when the export is not the whole project", () => {
    const md = projectMarkdown({
      name: "P",
      owner: null,
      due_on: null,
      notes: "",
      sections: [],
      note: "This export is incomplete: it stopped at its limit of 5 tasks."
    })
    expect(md.endsWith("\n\n---\n\nThis export is incomplete: it stopped at its limit of 5 tasks.\n")).toBe(true)
  })

  it("defuses block starters at the start of a notes line", () => {
    expect(notesLine("- item")).toBe("\\- item")
    expect(notesLine("+ item")).toBe("\\+ item")
    expect(notesLine("=====")).toBe("\\=====")
    expect(notesLine("12) twelve")).toBe("12\\) twelve")
    expect(notesLine("1. one")).toBe("1\\. one")
    expect(notesLine("    code")).toBe("code")
    expect(notesLine("> quote")).toBe("\\> quote")
    expect(notesLine("```js")).toBe("\\`\\`\\`js")
    expect(notesLine("mid - dash")).toBe("mid - dash")
  })
})
