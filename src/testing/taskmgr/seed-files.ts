/** The seeded attachments: a link and an uploaded file on the seeded task (seed.ts `taskmgrSeed.attachment_gids`). */
import type { TaskmgrState } from "./model.js"

export const attachmentGids = { link: "1200000000000951", upload: "1200000000000952" } as const

export const seedAttachments = (state: TaskmgrState, task: string, user: string, at: number): void => {
  const base = { parent: task, parent_type: "task", created_by: user, created_at: at } as const
  state.attachments.set(attachmentGids.link, {
    ...base,
    gid: attachmentGids.link,
    name: "Launch brief",
    resource_subtype: "external",
    size: null,
    sha256: null,
    url: "https://docs.example.com/launch-brief"
  })
  state.attachments.set(attachmentGids.upload, {
    ...base,
    gid: attachmentGids.upload,
    name: "checklist.txt",
    resource_subtype: "taskmgr",
    size: 12,
    sha256: "a591a6d40bf420404a011733cfb7b190d62c65bf0bcda32b57b277d9ad9f146e",
    url: null
  })
}
