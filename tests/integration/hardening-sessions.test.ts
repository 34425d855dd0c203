import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { makeUser } from "../support/connections";
import { suiteServer } from "../support/suite";
import { api, signIn, type Session } from "../support/session";

/** A short absolute lifetime, so a test outlives it soon: 0.002 h, 7 s as next-auth rounds it to seconds. */
const MAX_HOURS = 0.002;
const LIFETIME_MS = Math.round(MAX_HOURS * 3600) * 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

describe("sessions end on the server", () => {
  // One trusted proxy, so that the https test's X-Forwarded-Proto counts (a client's alone does not).
  const s = suiteServer({ env: { TRUSTED_PROXIES: "1" } });

  async function signOut(session: Session, headers: Record<string, string> = {}) {
    const csrf = await fetch(`${s.server.url}/api/auth/csrf`, { headers: { Cookie: session.cookie, ...headers } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = [session.cookie, ...cookiesOf(csrf)].join("; ");
    return fetch(`${s.server.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
  }

  test("after POST /api/auth/signout the old cookie answers 401, also when it was copied before", async () => {
    const person = await makeUser(s.server, "manager");
    const copied = { ...person.session };
    assert.equal((await api(copied, s.server.url, "/api/me")).status, 200);
    const out = await signOut(person.session);
    assert.ok(out.status < 400, `sign-out answered ${out.status}`);
    const me = await api(copied, s.server.url, "/api/me");
    assert.equal(me.status, 401);
    assert.equal(me.body.error, "unauthorized");
    assert.equal((await api(copied, s.server.url, "/api/connections")).status, 401);
    const session = await fetch(`${s.server.url}/api/auth/session`, { headers: { Cookie: copied.cookie } });
    assert.deepEqual(await session.json(), {}, "next-auth does not renew it either");
    // Signing in again works as before.
    const again = await signIn(s.server.url, person.email, person.password);
    assert.ok(again.session);
    assert.equal((await api(again.session!, s.server.url, "/api/me")).status, 200);
  });

  test("over https only the __Secure- session cookie counts", async () => {
    const https = { "X-Forwarded-Proto": "https" };
    const person = await makeUser(s.server, "manager");
    const res = await signIn(s.server.url, person.email, person.password, https);
    const secure = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("__Secure-next-auth.session-token="));
    assert.ok(secure, "a __Secure- cookie is issued over https");
    const value = secure.slice(secure.indexOf("=") + 1);
    const withName = (name: string) => ({ cookie: `${name}=${value}`, base: s.server.url });
    assert.equal(
      (await api(withName("__Secure-next-auth.session-token"), s.server.url, "/api/me", { headers: https })).status,
      200,
    );
    const planted = await api(withName("next-auth.session-token"), s.server.url, "/api/me", { headers: https });
    assert.equal(planted.status, 401, "the same token under the unprefixed name is refused over https");
    const overHttp = await api(withName("__Secure-next-auth.session-token"), s.server.url, "/api/me");
    assert.equal(overHttp.status, 401, "and the __Secure- name means nothing over plain http");
  });
});

describe("the absolute lifetime of a session", () => {
  const s = suiteServer({ env: { SESSION_MAX_HOURS: String(MAX_HOURS) } });

  test("a session ends SESSION_MAX_HOURS after sign-in, however often it was refreshed", async () => {
    const person = await makeUser(s.server, "manager");
    // The session counts from its sign-in in whole seconds: it ends between 6 and 7 s after `signedInAt`.
    const signedInAt = Date.now();
    const fresh = await signIn(s.server.url, person.email, person.password);
    assert.ok(fresh.session);
    let cookie = fresh.session.cookie;
    // Refresh through next-auth's session endpoint until shortly before the end, always going on with the cookie it
    // issues.
    let refreshes = 0;
    while (Date.now() - signedInAt < LIFETIME_MS - 3000) {
      const res = await fetch(`${s.server.url}/api/auth/session`, { headers: { Cookie: cookie } });
      assert.equal(res.status, 200);
      assert.ok(((await res.json()) as { user?: unknown }).user, "still a session");
      cookie = cookiesOf(res).find((c) => c.includes("session-token=")) ?? cookie;
      assert.equal((await api({ cookie, base: s.server.url }, s.server.url, "/api/me")).status, 200);
      refreshes++;
      await sleep(250);
    }
    assert.ok(refreshes >= 1, `refreshed ${refreshes} times`);
    // Then it ends by itself: asked every 250 ms, at most 5 s past its lifetime.
    let status = 200;
    while (status === 200 && Date.now() - signedInAt < LIFETIME_MS + 5000) {
      await sleep(250);
      status = (await api({ cookie, base: s.server.url }, s.server.url, "/api/me")).status;
    }
    assert.equal(status, 401, "past its absolute lifetime");
    assert.ok(Date.now() - signedInAt >= LIFETIME_MS - 1000, "not before it");
    const session = await fetch(`${s.server.url}/api/auth/session`, { headers: { Cookie: cookie } });
    assert.deepEqual(await session.json(), {});
  });
});
