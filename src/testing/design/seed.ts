/**
 * The deterministic world every fresh (or reset) design simulator starts from.
 *
 * `designSeed` is the public part: the ids and token values tests and
 * library users need. `seedWorld` is the simulator's private view of the same
 * world (teams, memberships, token records) that the access and rate-limit
 * rules read. Token values look like real tokens but say "sandbox" on purpose.
 */
import type { Plan, Seat } from "./ratelimit.js"
import { enterpriseSeed, withEnterprise } from "./seed-enterprise.js"
import { paymentsSeed } from "./seed-payments.js"
import type { SeedWorld, TokenRecord } from "./world.js"

const team_id = "1300000000000000001"
const starter_team_id = "1300000000000000002"
const org_id = "1400000000000000001"
const org_team_id = "1300000000000000003"

export const designSeed = {
  /** Enterprise orgs, files and tokens of the newer endpoint groups (seed-enterprise.ts). */
  enterprise: enterpriseSeed,
  /** Plugin, widget and Community file ids of GET /v1/payments (seed-payments.ts). */
  payments: paymentsSeed,
  /** The Professional-plan team; the personal token's user is its admin. */
  team_id,
  team_name: "Sandbox Studio",
  project_id: "210000001",
  file_key: "SbxF1leKey0000Sandbox01",
  /** A team on the Starter plan, owned by the `starter` token's user. */
  starter_team_id,
  starter_project_id: "210000002",
  starter_file_key: "SbxF1leKey0000Starter02",
  /** An Organization plan with one team; the plan token belongs to it. */
  org_id,
  org_team_id,
  /** plan_api_id of each seeded plan, as webhooks carry it. */
  plan_api_ids: {
    team: `team-${team_id}`,
    starter: `team-${starter_team_id}`,
    org: `organization-${org_id}`
  },
  /** The OAuth app the `oauth` token was issued through. */
  oauth_client_id: "SbxOAuthClient0001FakeId",
  // ── File content, versions, comments, projects, library and OAuth (data in seed-content.ts) ──
  /** The OAuth app (id = oauth_client_id). redirect_uri is registered; any loopback http URL is accepted too. */
  oauth_client: {
    id: "SbxOAuthClient0001FakeId",
    secret: "sbx_oauth_secret_4Vn8qT2wLx6Rk9MsNotReal",
    redirect_uri: "https://app.example.com/oauth/callback"
  },
  /** The refresh token behind tokens.oauth: refreshing it retires tokens.oauth at once. */
  oauth_refresh_token: "dsgn_oauthr_sandbox_6Wd3sJ8kNq1Yx4FzRefresh",
  /** A branch of file_key: GET /v1/files reads it; the file-scoped library lists refuse it. */
  branch_file_key: "SbxBr4nchKey0000Sandbox01",
  /** Nodes of file_key: hidden_frame renders as null; image_fill_ref is the hero image's fill. */
  node_ids: {
    cover_page: "0:1",
    cover_frame: "1:2",
    title: "1:3",
    hero_image: "1:5",
    hidden_frame: "1:9",
    screens_page: "0:2",
    home_frame: "2:1",
    button_instance: "2:3",
    components_page: "0:3",
    button_set: "3:1"
  },
  /** Comments on file_key: a root, its reply, a resolved root, and a root with 24 reactions (three pages). */
  comment_ids: { root: "100000001", reply: "100000002", resolved: "100000003", reacted: "100000004" },
  // ── end of file-content seed ──
  users: {
    admin: { id: "1000000000000000001", handle: "Sandbox Admin", email: "sandbox-admin@example.com" },
    app_user: { id: "1000000000000000002", handle: "Sandbox App User", email: "sandbox-app-user@example.com" },
    editor: { id: "1000000000000000003", handle: "Sandbox Editor", email: "sandbox-editor@example.com" },
    viewer: { id: "1000000000000000004", handle: "Sandbox Viewer", email: "sandbox-viewer@example.com" },
    starter: { id: "1000000000000000005", handle: "Sandbox Starter", email: "sandbox-starter@example.com" }
  },
  tokens: {
    /** personal token: Full seat, Professional plan, admin of team_id. */
    personal: "dsgn_personal_sandbox_7Kq2xV9mPz4Lw8RtAdmin",
    /** plan token of the Organization plan (no user); may act on every seeded context. */
    plan: "dsgn_plan_sandbox_3Hf8sN2cQw6Yb1ZuOrgPlan",
    /** OAuth access token (send as Bearer): Full seat user, admin of team_id, via oauth_client_id. */
    oauth: "dsgn_oauth_sandbox_9Tg4pL1vXe5Mk7JdAppUser",
    /** an expired personal token of the admin user: always 403 Invalid token. */
    expired: "dsgn_personal_sandbox_0Xx0Expired0Token0Old",
    /** personal token: Full seat, Professional, team member (not admin), editor of project_id and file_key. */
    editor: "dsgn_personal_sandbox_5Rw2kD8nBv3Qs6EdEditor",
    /** personal token: View seat, Professional, team member without edit access. */
    viewer: "dsgn_personal_sandbox_2Pz7mC4hGt9Ly1ViViewer",
    /** personal token: Full seat whose resources live in the Starter team (admin there). */
    starter: "dsgn_personal_sandbox_8Jn3wF6rKc2Ua5StStarter"
  }
} as const

// Every scope a user token may hold; plan tokens never hold current_user:read.
const userScopes = [
  "current_user:read",
  "file_content:read",
  "file_metadata:read",
  "webhooks:read",
  "webhooks:write"
]
const planScopes = ["file_content:read", "file_metadata:read", "webhooks:read", "webhooks:write"]

// ── File content, versions, comments, projects and library scopes (routes-file-content.ts and neighbours) ──
// Plan tokens cannot write comments or reactions, so they never hold file_comments:write.
const contentReadScopes = [
  "file_versions:read",
  "file_comments:read",
  "projects:read",
  "project_metadata:read",
  "team_library_content:read",
  "library_content:read",
  "library_assets:read"
]
userScopes.push(...contentReadScopes, "file_comments:write")
planScopes.push(...contentReadScopes)
// ── end of file-content scopes ──

const u = designSeed.users
const avatar = (id: string) => `https://design.example/img/avatars/${id}.png`

const baseWorld: SeedWorld = {
  users: Object.values(u).map((user) => ({ ...user, img_url: avatar(user.id) })),
  teams: [
    {
      id: team_id,
      name: designSeed.team_name,
      plan: "professional",
      plan_api_id: designSeed.plan_api_ids.team,
      admins: [u.admin.id, u.app_user.id],
      members: [u.admin.id, u.app_user.id, u.editor.id, u.viewer.id]
    },
    {
      id: starter_team_id,
      name: "Sandbox Starter Team",
      plan: "starter",
      plan_api_id: designSeed.plan_api_ids.starter,
      admins: [u.starter.id],
      members: [u.starter.id]
    },
    {
      id: org_team_id,
      name: "Sandbox Org Team",
      plan: "organization",
      plan_api_id: designSeed.plan_api_ids.org,
      admins: [],
      members: []
    }
  ],
  projects: [
    { id: designSeed.project_id, name: "Sandbox Project", team_id, editors: [u.editor.id] },
    { id: designSeed.starter_project_id, name: "Starter Project", team_id: starter_team_id, editors: [] }
  ],
  files: [
    {
      key: designSeed.file_key,
      name: "Sandbox File",
      project_id: designSeed.project_id,
      editors: [u.editor.id],
      creator_id: u.admin.id,
      last_touched_by_id: u.editor.id,
      last_touched_at: "2026-01-15T10:30:00Z",
      link_access: "inherit",
      version: "2100000000000000001"
    },
    {
      key: designSeed.starter_file_key,
      name: "Starter File",
      project_id: designSeed.starter_project_id,
      editors: [],
      creator_id: u.starter.id,
      last_touched_by_id: u.starter.id,
      last_touched_at: "2026-01-10T08:00:00Z",
      link_access: "inherit",
      version: "2100000000000000002"
    }
  ],
  tokens: new Map<string, TokenRecord>([
    [designSeed.tokens.personal, personal(u.admin.id, "full", "professional")],
    [designSeed.tokens.plan, {
      mode: "plan",
      user_id: null,
      // A plan token has no seat; it is counted like a Full seat of its plan.
      seat: "full",
      plan: "organization",
      client_id: null,
      expires_at_ms: null,
      scopes: planScopes
    }],
    [designSeed.tokens.oauth, {
      mode: "oauth",
      user_id: u.app_user.id,
      seat: "full",
      plan: "professional",
      client_id: designSeed.oauth_client_id,
      expires_at_ms: null,
      scopes: userScopes
    }],
    // Expired at the epoch, so it is expired at every simulator time (TestClock starts at 0).
    [designSeed.tokens.expired, { ...personal(u.admin.id, "full", "professional"), expires_at_ms: 0 }],
    [designSeed.tokens.editor, personal(u.editor.id, "full", "professional")],
    [designSeed.tokens.viewer, personal(u.viewer.id, "view", "professional")],
    [designSeed.tokens.starter, personal(u.starter.id, "full", "starter")]
  ])
}

function personal(user_id: string, seat: Seat, plan: Plan): TokenRecord {
  return { mode: "personal", user_id, seat, plan, client_id: null, expires_at_ms: null, scopes: userScopes }
}

// ---- Enterprise organisations (seed-enterprise.ts) -------------------------
// The world the access rules read: the base world above plus the Enterprise
// orgs; base tokens also gain the scopes of the newer endpoint groups.
export const seedWorld: SeedWorld = withEnterprise(baseWorld)
