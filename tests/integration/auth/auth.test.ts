import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ADMIN } from "../../support/server";
import { api, mustSignIn, signIn } from "../../support/session";
import { suiteServer } from "../../support/suite";

describe('signing in (docs/api.md, "Conventions": signing in from a script)', () => {
  // One trusted proxy, so that the https test's X-Forwarded-Proto counts (a client's alone does not).
  const s = suiteServer({ env: { TRUSTED_PROXIES: "1" } });

  test("csrf then credentials callback sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const res = await signIn(s.server.url, ADMIN.email, ADMIN.password);
    assert.ok(res.session, "a session cookie is set");
    const raw = res.headers.getSetCookie().find((c) => c.includes("next-auth.session-token="))!;
    assert.match(raw, /HttpOnly/i);
    assert.match(raw, /SameSite=Lax/i);
    assert.doesNotMatch(raw, /Secure/i, "not Secure over plain http");
    assert.equal(new URL(res.headers.get("location")!).origin, s.server.url, "redirects back to this server");
    const me = await api(res.session!, s.server.url, "/api/me");
    assert.equal(me.status, 200);
    assert.equal(me.body.email, ADMIN.email);
    assert.equal(me.body.role, "admin");
  });

  test("over https (as a proxy reports it) the session cookie is Secure and __Secure- prefixed", async () => {
    const https = { "X-Forwarded-Proto": "https" };
    const res = await signIn(s.server.url, ADMIN.email, ADMIN.password, https);
    const raw = res.headers.getSetCookie().find((c) => c.includes("next-auth.session-token="));
    assert.ok(raw, "a session cookie is set");
    assert.match(raw, /^__Secure-next-auth\.session-token=/);
    assert.match(raw, /; Secure/i);
    assert.match(raw, /HttpOnly/i);
  });

  test("wrong password and unknown e-mail give the same answer and no session", async () => {
    const wrong = await signIn(s.server.url, ADMIN.email, "not-the-password");
    const unknown = await signIn(s.server.url, "nobody@example.com", "not-the-password");
    assert.equal(wrong.session, undefined);
    assert.equal(unknown.session, undefined);
    assert.equal(wrong.status, unknown.status);
    assert.equal(wrong.headers.get("location"), unknown.headers.get("location"));
  });

  test("every /api route answers 401 JSON without a session", async () => {
    for (const [method, p] of [
      ["GET", "/api/users"],
      ["POST", "/api/users"],
      ["PATCH", "/api/users/00000000-0000-0000-0000-000000000000"],
      ["GET", "/api/me"],
    ] as const) {
      const res = await api(null, s.server.url, p, { method, json: method === "GET" ? undefined : {} });
      assert.equal(res.status, 401, `${method} ${p}`);
      assert.equal(res.body.error, "unauthorized");
      assert.equal(typeof res.body.message, "string");
    }
  });

  test("a session works for a later request after sign-in", async () => {
    const session = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    const res = await api(session, s.server.url, "/api/users");
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body));
  });
});
