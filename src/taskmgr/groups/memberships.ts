/**
 * Memberships: who (a user or a team) has which access to a project,
 * portfolio or goal, on the service's one membership endpoint. A list names
 * exactly one side: the parent's members, or a member's memberships.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { invalidInput } from "../../core/errors.js"
import { pathOf } from "../../core/http/pipeline.js"
import { absentIsDone } from "../../core/operation.js"
import { view } from "../../core/view.js"
import { dataBody, listFields, taskmgrList, taskmgrOperation } from "../define.js"
import { MembershipCompact } from "../records/record-schemas.js"
import { Gid } from "../records/records.js"
import { Membership } from "../records/typed-records.js"
import { Ref } from "../refs.js"

const MembershipGid = Gid.annotations({ description: "The membership's gid" })
const Parent = Ref("any", "Project, portfolio or goal (gid or URL)")
const Member = Schema.String.pipe(Schema.pattern(/^(\d+|me)$/, { message: () => "must be a gid (all digits) or me" }))
  .annotations({ description: "User or team gid, or me" })
/** The levels the service knows; a portfolio has no commenters (the service refuses one). */
const AccessLevel = Schema.Literal("admin", "editor", "commenter", "viewer").annotations({
  description: "admin, editor, commenter or viewer"
})

const ListFields = Schema.Struct({ parent: Schema.optional(Parent), member: Schema.optional(Member), ...listFields })
type ListInput = typeof ListFields.Type
/** membershipList's input: exactly one of parent and member, a union the compiler checks (`request` checks it again). */
export type MembershipListInput =
  | (Omit<ListInput, "member"> & { readonly parent: string; readonly member?: never })
  | (Omit<ListInput, "parent"> & { readonly member: string; readonly parent?: never })

export const membershipList = taskmgrList({
  name: "membershipList",
  group: "memberships",
  summary: "Memberships of a parent or of a member (give one).",
  // The runtime Schema is the struct (its fields become flags and tool parameters); its type is the union.
  input: ListFields as unknown as Schema.Schema<MembershipListInput, typeof ListFields.Encoded>,
  subject: (i) => (i.parent !== undefined ? `members of ${i.parent}` : `memberships of ${i.member ?? ""}`),
  request: (i) =>
    (i.parent === undefined) === (i.member === undefined)
      ? Effect.fail(
        invalidInput(
          "Give exactly one of parent (a project, portfolio or goal) and member (a user or team).",
          "parent",
          "member"
        )
      )
      : Effect.succeed({ method: "GET" as const, path: "/memberships", query: { parent: i.parent, member: i.member } }),
  item: MembershipCompact,
  defaultFields: ["parent.name", "member.name", "access_level"],
  itemsKey: "memberships"
})

export const membershipGet = taskmgrOperation({
  name: "membershipGet",
  group: "memberships",
  summary: "One membership.",
  input: Schema.Struct({ membership_gid: MembershipGid }),
  impact: "read",
  idempotent: true,
  subject: (i) => `membership ${i.membership_gid}`,
  request: (i) => ({ method: "GET", path: `/memberships/${pathOf(i.membership_gid)}` }),
  data: Membership
})

export const membershipCreate = taskmgrOperation({
  name: "membershipCreate",
  group: "memberships",
  summary: "Give a user or team access to a project, portfolio or goal.",
  input: Schema.Struct({ parent: Parent, member: Member, access_level: Schema.optional(AccessLevel) }),
  impact: "write",
  idempotent: false,
  subject: (i) => `membership of ${i.member} in ${i.parent}`,
  request: (i) => ({
    method: "POST",
    path: "/memberships",
    body: dataBody({ parent: i.parent, member: i.member, access_level: i.access_level })
  }),
  data: Membership
})

export const membershipUpdate = taskmgrOperation({
  name: "membershipUpdate",
  group: "memberships",
  summary: "Change a membership's access level.",
  input: Schema.Struct({ membership_gid: MembershipGid, access_level: AccessLevel }),
  impact: "write",
  idempotent: true,
  subject: (i) => `membership ${i.membership_gid}`,
  request: (i) => ({
    method: "PUT",
    path: `/memberships/${pathOf(i.membership_gid)}`,
    body: dataBody({ access_level: i.access_level })
  }),
  data: Membership
})

export const membershipDelete = absentIsDone(
  taskmgrOperation({
    name: "membershipDelete",
    group: "memberships",
    summary: "End a membership.",
    input: Schema.Struct({ membership_gid: MembershipGid }),
    impact: "destroy",
    idempotent: true,
    subject: (i) => `membership ${i.membership_gid}`,
    request: (i) => ({ method: "DELETE", path: `/memberships/${pathOf(i.membership_gid)}` }),
    data: Schema.Struct({})
  }),
  (i) => ({ membership_gid: i.membership_gid })
)

const COLUMNS = ["gid", "parent", "member", "access_level"]
const rows = (o: { readonly items: ReadonlyArray<MembershipCompact> }) =>
  o.items.map((m) => ({ gid: m.gid, parent: m.parent?.name, member: m.member?.name, access_level: m.access_level }))

export const views = [
  view(membershipList, {
    command: ["membership", "list"],
    valueNames: { parent: "GID|URL", member: "GID|me" },
    text: { kind: "table", rows, columns: COLUMNS, noun: "memberships" },
    examples: ["taskmgr membership list --parent 1200000000000301", "taskmgr membership list --member me --all"]
  }),
  view(membershipGet, {
    command: ["membership", "get"],
    positional: ["membership_gid"],
    text: { kind: "record" },
    examples: ["taskmgr membership get 1200000000003301"]
  }),
  view(membershipCreate, {
    command: ["membership", "create"],
    valueNames: { parent: "GID|URL", member: "GID|me" },
    text: { kind: "record" },
    examples: ["taskmgr membership create --parent 1200000000000302 --member 1200000000000002 --access-level commenter"]
  }),
  view(membershipUpdate, {
    command: ["membership", "update"],
    positional: ["membership_gid"],
    text: { kind: "record" },
    examples: ["taskmgr membership update 1200000000003302 --access-level viewer"]
  }),
  view(membershipDelete, {
    command: ["membership", "delete"],
    positional: ["membership_gid"],
    text: { kind: "record" },
    examples: ["taskmgr membership delete 1200000000003302"]
  })
] as const

/** Help's line for each command group of this module (`taskmgr --help`). */
export const commandGroups: { readonly [words: string]: string } = {
  membership: "Who has access to a project, portfolio or goal"
}
