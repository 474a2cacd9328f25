/**
 * The Enterprise part of the seed: two Enterprise organisations (one with the
 * Governance+ add-on, one without), their team, project and files, their
 * users and every kind of token the newer endpoint groups tell apart.
 *
 * `enterpriseSeed` is the public part (it becomes `designSeed.enterprise`);
 * `withEnterprise` adds the records to the world the access rules read, and
 * gives the base tokens the scopes of the newer groups.
 */
import type { Plan } from "./ratelimit.js"
import type { SeedWorld, TokenRecord } from "./world.js"

const org_id = "1400000000000000002"
const basic_org_id = "1400000000000000003"
const team_id = "1300000000000000004"
const basic_team_id = "1300000000000000005"
const project_id = "210000003"
const file_key = "SbxF1leKey0000Enterpr03"
const app_file_key = "SbxF1leKey0000EntApp04"
const oauth_client_id = "SbxOAuthClient0002Enterprise"

const users = {
  /** Org admin of both Enterprise orgs, admin of the Enterprise team, Full seat. */
  admin: { id: "1000000000000000006", handle: "Sandbox Enterprise Admin", email: "sandbox-ent-admin@example.com" },
  /** Org member with a View seat: may read variables and analytics, may not write. */
  member: { id: "1000000000000000007", handle: "Sandbox Enterprise Member", email: "sandbox-ent-member@example.com" },
  /** Full seat, editor of the Enterprise project (no token; appears in logs and AI usage). */
  designer: {
    id: "1000000000000000008",
    handle: "Sandbox Enterprise Designer",
    email: "sandbox-ent-designer@example.com"
  }
} as const

export const enterpriseSeed = {
  /** Enterprise organisation with the Governance+ add-on. */
  org_id,
  org_name: "Sandbox Enterprise",
  team_id,
  project_id,
  /** The design-system library: variables, dev resources and library analytics live here. */
  file_key,
  /** A second Enterprise file that uses the library (no variables, no analytics rows). */
  app_file_key,
  plan_api_id: `organization-${org_id}`,
  /** An Enterprise organisation without Governance+: developer logs and discovery answer 403. */
  basic: { org_id: basic_org_id, team_id: basic_team_id, plan_api_id: `organization-${basic_org_id}` },
  oauth_client_id,
  users,
  tokens: {
    /** personal token of the org admin (Full seat); cannot call org-level endpoints (mode). */
    personal: "dsgn_personal_sandbox_4Ee7Nt2Rp9Xa3EntAdmin",
    /** personal token of the View-seat member: variables read yes, write no. */
    member: "dsgn_personal_sandbox_6Mm1Nt5Vw8Qz2EntMember",
    /** plan token of the Enterprise (Governance+) org: org logs and AI usage; no variable writes. */
    plan: "dsgn_plan_sandbox_5Gp3Ve7Lk2Ry9EntPlan",
    /** user-level OAuth token (Bearer) of the org admin: variables read and write, not org endpoints. */
    oauth: "dsgn_oauth_sandbox_7Ua2Us5Er8Kp4EntUser",
    /** org-level OAuth token (Bearer) of the org admin: activity logs and discovery. */
    oauth_org: "dsgn_oauth_sandbox_3Og6Rg9Ad1Mn7EntOrgAdmin",
    /** org-level OAuth token of the member, who is no org admin: activity logs and discovery answer 403. */
    oauth_org_member: "dsgn_oauth_sandbox_8Om4Em2Bx5Yt1EntOrgMember",
    /** plan token of the Enterprise org without Governance+. */
    basic_plan: "dsgn_plan_sandbox_1Bq8Zs4Tc6Wn3BasicPlan",
    /** org-level OAuth token of the admin in the org without Governance+. */
    basic_oauth_org: "dsgn_oauth_sandbox_2Bo7Ag3Lv6Hs9BasicOrg"
  },
  /** Ids in the library file's local variables (GET .../variables/local). */
  variables: {
    collections: { primitives: "VariableCollectionId:1:1", semantic: "VariableCollectionId:1:2" },
    modes: { light: "1:0", dark: "1:1", default: "1:2" },
    variables: {
      blue500: "VariableID:1:20",
      gray900: "VariableID:1:21",
      space4: "VariableID:1:22",
      radiusSmall: "VariableID:1:23",
      fontBody: "VariableID:1:24",
      surface: "VariableID:1:25",
      showBadges: "VariableID:1:26"
    }
  },
  /** Dev resources seeded on the library file: one node at the cap of 10, one with 2. */
  dev_resources: { full_node_id: "1:3", node_id: "1:2" },
  /** The seeded activity log: `count` events, each at its own second, from first to last (Unix s). */
  activity_logs: { count: 60, first_timestamp: 1767225600, last_timestamp: 1767225600 + 59 * 21_600 + 59 * 7 }
} as const

/** An organisation as the org-level endpoints see it. */
export interface OrgRecord {
  readonly id: string
  readonly name: string
  readonly plan: Plan
  readonly governance_plus: boolean
  readonly admins: ReadonlyArray<string>
  readonly members: ReadonlyArray<string>
  readonly team_ids: ReadonlyArray<string>
}

export const enterpriseOrgs: ReadonlyArray<OrgRecord> = [
  {
    id: org_id,
    name: enterpriseSeed.org_name,
    plan: "enterprise",
    governance_plus: true,
    admins: [users.admin.id],
    members: [users.admin.id, users.member.id, users.designer.id],
    team_ids: [team_id]
  },
  {
    id: basic_org_id,
    name: "Sandbox Enterprise Basic",
    plan: "enterprise",
    governance_plus: false,
    admins: [users.admin.id],
    members: [users.admin.id],
    team_ids: [basic_team_id]
  }
]

/** Tokens bound to an organisation rather than used in a user's own name. */
export interface OrgBinding {
  readonly org_id: string
  readonly level: "plan" | "org_oauth"
}

const t = enterpriseSeed.tokens
export const enterpriseOrgTokens: ReadonlyMap<string, OrgBinding> = new Map<string, OrgBinding>([
  [t.plan, { org_id, level: "plan" }],
  [t.oauth_org, { org_id, level: "org_oauth" }],
  [t.oauth_org_member, { org_id, level: "org_oauth" }],
  [t.basic_plan, { org_id: basic_org_id, level: "plan" }],
  [t.basic_oauth_org, { org_id: basic_org_id, level: "org_oauth" }]
])

/** Scopes of the newer groups a user token (personal or user-level OAuth) may hold. */
export const NEWER_USER_SCOPES: ReadonlyArray<string> = [
  "file_dev_resources:read",
  "file_dev_resources:write",
  "file_variables:read",
  "file_variables:write",
  "library_analytics:read"
]

/** Plan tokens: no variable writes, no discovery (OAuth only); the org logs and AI usage yes. */
export const NEWER_PLAN_SCOPES: ReadonlyArray<string> = [
  "file_dev_resources:read",
  "file_dev_resources:write",
  "file_variables:read",
  "library_analytics:read",
  "org:activity_log_read",
  "org:developer_log_read",
  "org:ai_metering_usage_read"
]

const ORG_SCOPES = [
  "org:activity_log_read",
  "org:developer_log_read",
  "org:ai_metering_usage_read",
  "org:discovery_read"
]

/** Every non-org scope of the spec's table: what the Enterprise users' tokens were created with. */
const ENTERPRISE_USER_SCOPES = [
  "current_user:read",
  "file_comments:read",
  "file_comments:write",
  "file_content:read",
  "file_metadata:read",
  "file_versions:read",
  "library_assets:read",
  "library_content:read",
  "project_metadata:read",
  "projects:read",
  "team_library_content:read",
  "webhooks:read",
  "webhooks:write",
  ...NEWER_USER_SCOPES
]

const ENTERPRISE_PLAN_SCOPES = [
  "file_comments:read",
  "file_content:read",
  "file_metadata:read",
  "file_versions:read",
  "library_assets:read",
  "library_content:read",
  "project_metadata:read",
  "projects:read",
  "team_library_content:read",
  "webhooks:read",
  "webhooks:write",
  ...NEWER_PLAN_SCOPES
]

const record = (fields: Pick<TokenRecord, "mode" | "user_id" | "seat" | "client_id" | "scopes">): TokenRecord => ({
  ...fields,
  plan: "enterprise",
  expires_at_ms: null
})

const enterpriseTokens: ReadonlyArray<readonly [string, TokenRecord]> = [
  [
    t.personal,
    record({ mode: "personal", user_id: users.admin.id, seat: "full", client_id: null, scopes: ENTERPRISE_USER_SCOPES })
  ],
  [
    t.member,
    record({
      mode: "personal",
      user_id: users.member.id,
      seat: "view",
      client_id: null,
      scopes: ENTERPRISE_USER_SCOPES
    })
  ],
  [t.plan, record({ mode: "plan", user_id: null, seat: "full", client_id: null, scopes: ENTERPRISE_PLAN_SCOPES })],
  [
    t.basic_plan,
    record({ mode: "plan", user_id: null, seat: "full", client_id: null, scopes: ENTERPRISE_PLAN_SCOPES })
  ],
  [
    t.oauth,
    record({
      mode: "oauth",
      user_id: users.admin.id,
      seat: "full",
      client_id: oauth_client_id,
      scopes: ENTERPRISE_USER_SCOPES
    })
  ],
  [
    t.oauth_org,
    record({
      mode: "oauth",
      user_id: users.admin.id,
      seat: "full",
      client_id: oauth_client_id,
      scopes: [...ORG_SCOPES, "file_metadata:read"]
    })
  ],
  [
    t.oauth_org_member,
    record({
      mode: "oauth",
      user_id: users.member.id,
      seat: "view",
      client_id: oauth_client_id,
      scopes: [...ORG_SCOPES, "file_metadata:read"]
    })
  ],
  [
    t.basic_oauth_org,
    record({
      mode: "oauth",
      user_id: users.admin.id,
      seat: "full",
      client_id: oauth_client_id,
      scopes: [...ORG_SCOPES, "file_metadata:read"]
    })
  ]
]

const avatar = (id: string) => `https://design.example/img/avatars/${id}.png`

/** Adds the newer groups' scopes to a base token, without duplicates. */
const widen = (token: TokenRecord): TokenRecord => {
  const extra = token.mode === "plan" ? NEWER_PLAN_SCOPES : NEWER_USER_SCOPES
  return { ...token, scopes: [...token.scopes, ...extra.filter((s) => !token.scopes.includes(s))] }
}

/** The base world plus the Enterprise organisations; base tokens gain the newer groups' scopes. */
export const withEnterprise = (base: SeedWorld): SeedWorld => ({
  users: [...base.users, ...Object.values(users).map((user) => ({ ...user, img_url: avatar(user.id) }))],
  teams: [
    ...base.teams,
    {
      id: team_id,
      name: "Sandbox Enterprise Design System",
      plan: "enterprise",
      plan_api_id: enterpriseSeed.plan_api_id,
      admins: [users.admin.id],
      members: [users.admin.id, users.member.id, users.designer.id]
    },
    {
      id: basic_team_id,
      name: "Sandbox Enterprise Basic Team",
      plan: "enterprise",
      plan_api_id: enterpriseSeed.basic.plan_api_id,
      admins: [users.admin.id],
      members: [users.admin.id]
    }
  ],
  projects: [
    ...base.projects,
    { id: project_id, name: "Enterprise Design System", team_id, editors: [users.designer.id] }
  ],
  files: [
    ...base.files,
    {
      key: file_key,
      name: "Sandbox Enterprise Library",
      project_id,
      editors: [users.designer.id],
      creator_id: users.admin.id,
      last_touched_by_id: users.designer.id,
      last_touched_at: "2026-01-20T09:00:00Z",
      link_access: "org_view",
      version: "2100000000000000003"
    },
    {
      key: app_file_key,
      name: "Sandbox Enterprise App",
      project_id,
      editors: [users.designer.id],
      creator_id: users.designer.id,
      last_touched_by_id: users.designer.id,
      last_touched_at: "2026-01-22T14:00:00Z",
      link_access: "org_view",
      version: "2100000000000000004"
    }
  ],
  tokens: new Map([...[...base.tokens].map(([value, token]) => [value, widen(token)] as const), ...enterpriseTokens])
})
