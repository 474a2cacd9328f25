/** The task-management simulator as a whole: secrets masked in its request log, reset, and the sandbox JSON line. */
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { serveTaskmgrSandbox, TaskmgrSimulator } from "../../../src/testing/index.js"
import {
  authorizeCode,
  del,
  exchange,
  get,
  ORIGIN,
  REDIRECT,
  run,
  seed,
  send,
  tokenRequest,
  VERIFIER
} from "./helpers.js"

const { client } = seed

describe("taskmgr simulator: request log", () => {
  it.effect("masks every token, code, verifier, client secret and refresh token", () =>
    run(Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      const code = yield* authorizeCode()
      const grant = (yield* exchange(code)).body
      yield* get("/users/me", { token: grant.access_token })
      yield* tokenRequest({
        grant_type: "refresh_token",
        client_id: client.id,
        client_secret: client.secret,
        refresh_token: grant.refresh_token
      })
      yield* send("POST", `${ORIGIN}/-/oauth_revoke`, {
        token: null,
        form: { client_id: client.id, client_secret: client.secret, token: grant.refresh_token }
      })
      yield* get("/users/me")
      const log = yield* sim.requests
      expect(log.map((r) => `${r.method} ${r.path}`)).toEqual([
        "GET /-/oauth_authorize",
        "POST /-/oauth_token",
        "GET /api/1.0/users/me",
        "POST /-/oauth_token",
        "POST /-/oauth_revoke",
        "GET /api/1.0/users/me"
      ])
      const text = JSON.stringify(log)
      for (
        const secret of [code, VERIFIER, client.secret, grant.access_token, grant.refresh_token, seed.tokens.personal]
      ) {
        expect(text).not.toContain(secret)
      }
      expect(log[2]!.headers.authorization).toBe("Bearer ***")
      expect(log[1]!.body).toMatchObject({
        grant_type: "authorization_code",
        code: "***",
        code_verifier: "***",
        client_secret: "***"
      })
    })))
})

describe("taskmgr sandbox", () => {
  it.scopedLive("serves on loopback and describes itself in the JSON line's shape", () =>
    Effect.gen(function*() {
      const info = yield* serveTaskmgrSandbox(0)
      expect(info.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/1\.0$/)
      expect(info.base_url).toBe(`${info.app_url}/api/1.0`)
      expect(Object.keys(info)).toEqual([
        "base_url",
        "app_url",
        "tokens",
        "client",
        "workspace_gid",
        "user_gid",
        "project_gid",
        "task_gid",
        "team_gid",
        "goal_gid",
        "portfolio_gid",
        "task_template_gid",
        "project_template_gid",
        "rule_trigger_gid",
        "custom_field_gid"
      ])
      // Every gid the line names reads back from the sandbox it describes.
      const paths = {
        workspace_gid: "workspaces",
        user_gid: "users",
        project_gid: "projects",
        task_gid: "tasks",
        team_gid: "teams",
        goal_gid: "goals",
        portfolio_gid: "portfolios",
        task_template_gid: "task_templates",
        project_template_gid: "project_templates",
        custom_field_gid: "custom_fields"
      } as const
      for (const [key, collection] of Object.entries(paths)) {
        const read = yield* Effect.promise(() =>
          fetch(`${info.base_url}/${collection}/${info[key as keyof typeof paths]}`, {
            headers: { authorization: `Bearer ${info.tokens.personal}` }
          })
        )
        expect(read.status, key).toBe(200)
      }
      const run = yield* Effect.promise(() =>
        fetch(`${info.base_url}/rule_triggers/${info.rule_trigger_gid}/run`, {
          method: "POST",
          headers: { authorization: `Bearer ${info.tokens.personal}`, "content-type": "application/json" },
          body: JSON.stringify({ data: { resource: info.task_gid, action_data: {} } })
        })
      )
      expect(run.status).toBe(200)
      expect(Object.keys(info.tokens)).toEqual(["personal", "free", "expired"])
      expect(Object.keys(info.client)).toEqual(["id", "secret", "wrong_kind_id"])
      const response = yield* Effect.promise(() =>
        fetch(`${info.base_url}/tasks/${info.task_gid}?opt_fields=name`, {
          headers: { authorization: `Bearer ${info.tokens.personal}` }
        })
      )
      expect(yield* Effect.promise(() => response.json())).toEqual({
        data: { gid: info.task_gid, resource_type: "task", name: "Write the launch checklist" }
      })
      const authorize = yield* Effect.promise(() =>
        fetch(
          `${info.app_url}/-/oauth_authorize?client_id=${info.client.id}&redirect_uri=${
            encodeURIComponent(REDIRECT)
          }&response_type=code&state=s`,
          { redirect: "manual" }
        )
      )
      expect(authorize.status).toBe(302)
    }))
})

describe("taskmgr simulator: reset", () => {
  it.effect("reset brings back the seed and forgets issued state", () =>
    run(Effect.gen(function*() {
      const sim = yield* TaskmgrSimulator
      expect((yield* del(`/tasks/${seed.task_gid}`)).status).toBe(200)
      expect((yield* get(`/tasks/${seed.task_gid}`)).status).toBe(404)
      yield* sim.reset
      expect((yield* get(`/tasks/${seed.task_gid}`)).status).toBe(200)
      expect(yield* sim.requests).toHaveLength(1)
    })))
})
