/**
 * Stories and comments on tasks. A story is any entry of a task's activity
 * feed: comments (resource_subtype comment_added) and system stories
 * (assigned, due date changed, ...). The `story` commands are the thin
 * service calls; the `comment` commands keep to comments:
 *
 * - `comment list` filters the task's stories to comments, page by page.
 * - `comment get` refuses a story that is not a comment.
 * - `comment update` and `comment delete` read the story first and refuse a
 *   system story, or another user's comment (`is_editable` false), before the
 *   write is sent, with the same ForbiddenError (and hint) the service's 403
 *   becomes. `story update` and `story delete` send at once; a 403 gets the
 *   hint too.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ForbiddenError, invalidInput } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone, type InputOf, type Operation } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, type ListPage, type TaskmgrError, taskmgrList, taskmgrOperation } from "../define.js"
import { checkTemplate, fillHtmlTemplate, fillTemplate, type TemplateValues } from "../local/comment-template.js"
import { Gid, GidOrUrl } from "../records/records.js"
import { Story, Task } from "../records/typed-records.js"
import type { GidKind } from "../refs.js"
import { HtmlText } from "../rich-text.js"
import type { TaskmgrClient } from "../service.js"

export const COMMENT_SUBTYPE = "comment_added"

/** Said under every refusal to change a story, the service's or the wrapper's. */
export const STORY_FORBIDDEN_HINT =
  "Only comments you wrote can be edited or deleted; system stories (assignments, due dates, ...) and other people's comments cannot."

const StoryGid = Gid.annotations({ description: "The story's gid (comments are stories)" })
const CommentGid = StoryGid
const TaskRef = GidOrUrl.annotations({ description: "Gid or URL" })
const Text = Schema.String.pipe(Schema.filter((s) => s.trim() !== "" || "must not be empty"))
  .annotations({ description: "Plain text; not with html_text" })
const Pinned = Schema.Boolean.annotations({ description: "Pin it to the top of the task's feed" })

interface Content {
  readonly text?: string | undefined
  readonly html_text?: string | undefined
  readonly is_pinned?: boolean | undefined
}

/** The body of a create (text required) or an update (something to change required): exactly one of text and html_text. */
const contentBody = (i: Content, creating: boolean) => {
  if (i.text !== undefined && i.html_text !== undefined) {
    return Effect.fail(invalidInput("Give text or html_text, not both.", "text", "html_text"))
  }
  if (creating && i.text === undefined && i.html_text === undefined) {
    return Effect.fail(invalidInput("Give the comment's text (text or html_text).", "text", "html_text"))
  }
  if (!creating && i.text === undefined && i.html_text === undefined && i.is_pinned === undefined) {
    return Effect.fail(
      invalidInput("Nothing to change: give text, html_text or is_pinned.", "text", "html_text", "is_pinned")
    )
  }
  return Effect.succeed(dataBody({ text: i.text, html_text: i.html_text, is_pinned: i.is_pinned }))
}

const createInput = Schema.Struct({
  task_gid: TaskRef,
  text: Schema.optional(Text),
  html_text: Schema.optional(HtmlText),
  is_pinned: Schema.optional(Pinned)
})

const updateInput = (gid: typeof StoryGid) =>
  Schema.Struct({
    story_gid: gid,
    text: Schema.optional(Text),
    html_text: Schema.optional(HtmlText),
    is_pinned: Schema.optional(Pinned)
  })

const Empty = Schema.Struct({})

const LIST_FIELDS = ["created_at", "created_by.name", "resource_subtype", "text"]

// ---- the declarations, once for stories and once for comments ---------------

const listOf = (name: string, group: string, summary: string, itemsKey: string) =>
  taskmgrList({
    name,
    group,
    summary,
    input: Schema.Struct({ task_gid: TaskRef, ...listFields }),
    gids: { task_gid: "task" },
    subject: (i) => `stories of task ${i.task_gid}`,
    request: (i) => ({ method: "GET", path: `/tasks/${pathOf(i.task_gid)}/stories` }),
    item: Story,
    defaultFields: LIST_FIELDS,
    itemsKey
  })

const getOf = (name: string, group: string, summary: string, gid: typeof StoryGid) =>
  taskmgrOperation({
    name,
    group,
    summary,
    input: Schema.Struct({ story_gid: gid }),
    impact: "read",
    idempotent: true,
    subject: (i) => `story ${i.story_gid}`,
    request: (i) => ({ method: "GET", path: `/stories/${pathOf(i.story_gid)}` }),
    data: Story
  })

const commentCreateInput = Schema.Struct({
  ...createInput.fields,
  template: Schema.optional(
    Schema.Boolean.annotations({ description: "Fill {task.name}, {task.assignee}, {task.due_on}, {task.notes}" })
  )
})

const createOf = <I extends typeof createInput.Type, IE>(
  name: string,
  group: string,
  summary: string,
  input: Schema.Schema<I, IE>
) =>
  taskmgrOperation({
    name,
    group,
    summary,
    input,
    impact: "write",
    idempotent: false,
    gids: { task_gid: "task" } as { readonly [K in Extract<keyof I, string>]?: GidKind },
    subject: (i) => `a comment on task ${i.task_gid}`,
    request: (i) =>
      Effect.map(
        contentBody(i, true),
        (body) => ({ method: "POST" as const, path: `/tasks/${pathOf(i.task_gid)}/stories`, body })
      ),
    data: Story
  })

const updateOf = (name: string, group: string, summary: string, gid: typeof StoryGid) =>
  taskmgrOperation({
    name,
    group,
    summary,
    input: updateInput(gid),
    impact: "write",
    idempotent: true,
    subject: (i) => `story ${i.story_gid}`,
    request: (i) =>
      Effect.map(
        contentBody(i, false),
        (body) => ({ method: "PUT" as const, path: `/stories/${pathOf(i.story_gid)}`, body })
      ),
    data: Story,
    forbiddenHint: STORY_FORBIDDEN_HINT,
    changedOnlyBy: "service_or_author"
  })

const deleteOf = (name: string, group: string, summary: string, gid: typeof StoryGid) =>
  taskmgrOperation({
    name,
    group,
    summary,
    input: Schema.Struct({ story_gid: gid }),
    impact: "destroy",
    idempotent: true,
    subject: (i) => `story ${i.story_gid}`,
    request: (i) => ({ method: "DELETE", path: `/stories/${pathOf(i.story_gid)}` }),
    data: Empty,
    forbiddenHint: STORY_FORBIDDEN_HINT,
    changedOnlyBy: "service_or_author"
  })

// ---- stories: the service's calls as they are ----------------------------------

export const storyList = listOf(
  "storyList",
  "stories",
  "A task's feed: comments and system stories, oldest first.",
  "stories"
)
export const storyGet = getOf("storyGet", "stories", "One story.", StoryGid)
export const storyCreate = createOf(
  "storyCreate",
  "stories",
  "Add a comment story to a task (text or html_text).",
  createInput
)
export const storyUpdate = updateOf(
  "storyUpdate",
  "stories",
  "Change a story: only your own comments can be changed.",
  StoryGid
)
/** Deletes are idempotent (core/operation.ts): a story already gone is `already_absent`. */
const gone = (i: { readonly story_gid: string }) => ({ story_gid: i.story_gid })

export const storyDelete = absentIsDone(
  deleteOf("storyDelete", "stories", "Delete a story: only your own comments can be deleted.", StoryGid),
  gone
)

// ---- comments: the comment stories only ----------------------------------------

const isComment = (story: Story) => story.resource_subtype === COMMENT_SUBTYPE

const subtypeOf = (story: Story) => (typeof story.resource_subtype === "string" ? story.resource_subtype : "unknown")

const authorOf = (story: Story): string => {
  const by = story.created_by
  if (typeof by === "object" && by !== null && "name" in by && typeof by.name === "string") return by.name
  return "another user"
}

type ListInput = InputOf<typeof storyList>

const baseCommentList = listOf(
  "commentList",
  "comments",
  "The comments on a task (its comment stories), oldest first.",
  "comments"
)

/**
 * Only comments, page by page: a page keeps its `next_page`, so paging goes on
 * through pages that held only system stories. `resource_subtype` is always
 * asked for, since the filter reads it.
 */
export const commentList: typeof baseCommentList = {
  ...baseCommentList,
  run: (client, input, cursor) =>
    Effect.map(
      baseCommentList.run(client, withSubtype(input), cursor),
      (page): ListPage<Story> => ({ ...page, data: page.data.filter(isComment) })
    )
}

const withSubtype = (input: ListInput): ListInput =>
  input.fields === undefined || input.fields.includes("resource_subtype")
    ? input
    : { ...input, fields: [...input.fields, "resource_subtype"] }

const baseCommentGet = getOf("commentGet", "comments", "One comment.", CommentGid)

export const commentGet: typeof baseCommentGet = {
  ...baseCommentGet,
  run: (client, input, cursor) =>
    Effect.filterOrFail(
      baseCommentGet.run(client, input, cursor),
      isComment,
      (story) =>
        invalidInput(
          `Story ${input.story_gid} is a system story (${
            subtypeOf(story)
          }), not a comment: use \`story get\` to read it.`,
          "story_gid"
        )
    )
}

const baseCommentCreate = createOf(
  "commentCreate",
  "comments",
  "Comment on a task (text or html_text); template fills task fields.",
  commentCreateInput
)

/** The task's fields a template reads. */
const templateTask = taskmgrOperation({
  name: "commentTemplateTask",
  group: "comments",
  summary: "The task fields a comment template fills in.",
  input: Schema.Struct({ task_gid: TaskRef }),
  impact: "read",
  idempotent: true,
  gids: { task_gid: "task" },
  subject: (i) => `task ${i.task_gid}`,
  request: (i) => ({
    method: "GET",
    path: `/tasks/${pathOf(i.task_gid)}`,
    query: { opt_fields: ["name", "assignee.name", "due_on", "notes"] }
  }),
  data: Task
})

const templateValues = (task: Task): TemplateValues => ({
  "task.name": task.name ?? "",
  "task.assignee": task.assignee?.name ?? "(unassigned)",
  "task.due_on": task.due_on ?? "(no due date)",
  "task.notes": task.notes ?? ""
})

/**
 * With `template`, unknown placeholders are refused before anything is sent;
 * then the task is read and its fields filled in (escaped in html_text for where they land).
 */
export const commentCreate: typeof baseCommentCreate = {
  ...baseCommentCreate,
  run: (client, input, cursor) =>
    input.template !== true
      ? baseCommentCreate.run(client, input, cursor)
      : Effect.gen(function*() {
        yield* checkTemplate(input.text, "text")
        yield* checkTemplate(input.html_text, "html_text", "html")
        const values = templateValues(yield* templateTask.run(client, { task_gid: input.task_gid }, undefined))
        const filled = {
          ...input,
          text: input.text === undefined ? undefined : fillTemplate(input.text, values),
          html_text: input.html_text === undefined
            ? undefined
            : yield* fillHtmlTemplate(input.html_text, values, "html_text")
        }
        return yield* baseCommentCreate.run(client, filled, cursor)
      })
}

/** What the wrapper needs to know before changing a comment. */
const probe = taskmgrOperation({
  name: "commentProbe",
  group: "comments",
  summary: "Whether a story is a comment the caller may change.",
  input: Schema.Struct({ story_gid: CommentGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `story ${i.story_gid}`,
  request: (i) => ({
    method: "GET",
    path: `/stories/${pathOf(i.story_gid)}`,
    query: { opt_fields: ["resource_subtype", "is_editable", "created_by.name"] }
  }),
  data: Story
})

/**
 * Refuses, before the write is sent, a system story or a comment the service
 * says the caller cannot edit. When the service does not say (`is_editable`
 * missing), the write goes ahead and the service decides.
 */
const ownComment = (client: TaskmgrClient, gid: string): Effect.Effect<void, TaskmgrError | ForbiddenError> =>
  Effect.flatMap(probe.run(client, { story_gid: gid }, undefined), (story) => {
    const refuse = (message: string, changedOnlyBy: "service" | "author") =>
      Effect.fail(new ForbiddenError({ status: 403, scope: null, message, changedOnlyBy }))
    if (!isComment(story)) {
      return refuse(
        `Story ${gid} is a system story (${
          subtypeOf(story)
        }), not a comment: the service records it and it cannot be changed.`,
        "service"
      )
    }
    if (story.is_editable === false) {
      return refuse(
        `Comment ${gid} was written by ${authorOf(story)}, not by you: only its author can change it.`,
        "author"
      )
    }
    return Effect.void
  })

const guarded = <I extends { readonly story_gid: string }, IE, O>(
  op: Operation<I, IE, O, TaskmgrError, TaskmgrClient>
): Operation<I, IE, O, TaskmgrError | ForbiddenError, TaskmgrClient> => ({
  ...op,
  run: (client, input, cursor) => Effect.zipRight(ownComment(client, input.story_gid), op.run(client, input, cursor))
})

export const commentUpdate = guarded(
  updateOf("commentUpdate", "comments", "Change one of your comments (text, html_text, is_pinned).", CommentGid)
)
export const commentDelete = absentIsDone(
  guarded(deleteOf("commentDelete", "comments", "Delete one of your comments.", CommentGid)),
  gone
)

// ---- how the front ends show them -----------------------------------------------

const nameOf = (value: unknown) =>
  typeof value === "object" && value !== null && "name" in value ? (value as { readonly name: unknown }).name : value

const feedRows = (o: { readonly items: ReadonlyArray<Story> }) =>
  o.items.map((s) => ({
    gid: s.gid,
    created_at: s.created_at,
    created_by: nameOf(s.created_by),
    resource_subtype: s.resource_subtype,
    text: s.text
  }))

const FEED_COLUMNS = ["gid", "created_at", "created_by", "resource_subtype", "text"]
const TASK = "GID|URL"
const T = "1200000000000601"

export const views = [
  view(storyList, {
    command: ["story", "list"],
    positional: ["task_gid"],
    valueNames: { task_gid: TASK },
    text: { kind: "table", rows: feedRows, columns: FEED_COLUMNS, noun: "stories" },
    examples: [`taskmgr story list ${T}`, `taskmgr story list ${T} --all --json`]
  }),
  view(storyGet, {
    command: ["story", "get"],
    positional: ["story_gid"],
    text: { kind: "record" },
    examples: ["taskmgr story get 1200000000000703"]
  }),
  view(storyCreate, {
    command: ["story", "create"],
    positional: ["task_gid"],
    valueNames: { task_gid: TASK },
    text: { kind: "record" },
    examples: [
      `taskmgr story create ${T} --text 'Draft is ready'`,
      `taskmgr story create ${T} --html-text '<body><strong>Done</strong></body>'`
    ]
  }),
  view(storyUpdate, {
    command: ["story", "update"],
    positional: ["story_gid"],
    text: { kind: "record" },
    examples: ["taskmgr story update 1200000000000701 --text 'Second draft is in the doc.'"]
  }),
  view(storyDelete, {
    command: ["story", "delete"],
    positional: ["story_gid"],
    text: { kind: "record" },
    examples: ["taskmgr story delete 1200000000000701"]
  }),
  view(commentList, {
    command: ["comment", "list"],
    positional: ["task_gid"],
    valueNames: { task_gid: TASK },
    text: { kind: "table", rows: feedRows, columns: FEED_COLUMNS, noun: "comments" },
    examples: [`taskmgr comment list ${T}`]
  }),
  view(commentGet, {
    command: ["comment", "get"],
    positional: ["story_gid"],
    text: { kind: "record" },
    examples: ["taskmgr comment get 1200000000000701"]
  }),
  view(commentCreate, {
    command: ["comment", "create"],
    positional: ["task_gid"],
    valueNames: { task_gid: TASK },
    text: { kind: "record" },
    examples: [
      `taskmgr comment create ${T} --text 'Looks good'`,
      `taskmgr comment create ${T} --template --text '{task.assignee}: {task.name} is due {task.due_on}'`
    ]
  }),
  view(commentUpdate, {
    command: ["comment", "update"],
    positional: ["story_gid"],
    text: { kind: "record" },
    examples: ["taskmgr comment update 1200000000000701 --html-text '<body>Final draft is <em>in</em>.</body>'"]
  }),
  view(commentDelete, {
    command: ["comment", "delete"],
    positional: ["story_gid"],
    text: { kind: "record" },
    examples: ["taskmgr comment delete 1200000000000701"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  story: "Stories: a task's activity feed (comments and system stories)",
  comment: "Comments on tasks (only your own can be changed)"
}
