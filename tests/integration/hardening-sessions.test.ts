import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeUser } from "../support/connections";
import { startServer, type TestServer } from "../support/server";
import { api, signIn, type Session } from "../support/session";

/** A short absolute lifetime, so a test can outlive it: 0.006 h = 21.6 s. */
const MAX_HOURS = 0.006;
const LIFETIME_MS = MAX_HOURS * 3_600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]!);
}

describe("sessions end on the server", () => {
  let server: TestServer;
  before(async () => {
    // One trusted proxy, so that the https test's X-Forwarded-Proto counts (a client's alone does not).
    server = await startServer({ env: { SESSION_MAX_HOURS: String(MAX_HOURS), TRUSTED_PROXIES: "1" } });
  });
  after(() => server.stop());

  async function signOut(session: Session, headers: Record<string, string> = {}) {
    const csrf = await fetch(`${server.url}/api/auth/csrf`, { headers: { Cookie: session.cookie, ...headers } });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = [session.cookie, ...cookiesOf(csrf)].join("; ");
    return fetch(`${server.url}/api/auth/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, ...headers },
      body: new URLSearchParams({ csrfToken, json: "true" }),
    });
  }

  test("after POST /api/auth/signout the old cookie answers 401, also when it was copied before", async () => {
    const person = await makeUser(server, "manager");
    const copied = { ...person.session };
    assert.equal((await api(copied, server.url, "/api/me")).status, 200);
    const out = await signOut(person.session);
    assert.ok(out.status < 400, `sign-out answered ${out.status}`);
    const me = await api(copied, server.url, "/api/me");
    assert.equal(me.status, 401);
    assert.equal(me.body.error, "unauthorized");
    assert.equal((await api(copied, server.url, "/api/connections")).status, 401);
    const session = await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: copied.cookie } });
    assert.deepEqual(await session.json(), {}, "next-auth does not renew it either");
    // Signing in again works as before.
    const again = await signIn(server.url, person.email, person.password);
    assert.ok(again.session);
    assert.equal((await api(again.session!, server.url, "/api/me")).status, 200);
  });

  test("a session ends SESSION_MAX_HOURS after sign-in, however often it was refreshed", async () => {
    const person = await makeUser(server, "manager");
    const signedInAt = Date.now();
    let cookie = person.session.cookie;
    // Refresh through next-auth's session endpoint, always going on with the cookie it issues.
    while (Date.now() - signedInAt < LIFETIME_MS - 6000) {
      const res = await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: cookie } });
      assert.equal(res.status, 200);
      assert.ok(((await res.json()) as { user?: unknown }).user, "still a session");
      cookie = cookiesOf(res).find((c) => c.includes("session-token=")) ?? cookie;
      assert.equal((await api({ cookie, base: server.url }, server.url, "/api/me")).status, 200);
      await sleep(3000);
    }
    await sleep(Math.max(0, signedInAt + LIFETIME_MS + 1500 - Date.now()));
    const me = await api({ cookie, base: server.url }, server.url, "/api/me");
    assert.equal(me.status, 401, "past its absolute lifetime");
    const session = await fetch(`${server.url}/api/auth/session`, { headers: { Cookie: cookie } });
    assert.deepEqual(await session.json(), {});
  });

  test("over https only the __Secure- session cookie counts", async () => {
    const https = { "X-Forwarded-Proto": "https" };
    const person = await makeUser(server, "manager");
    const res = await signIn(server.url, person.email, person.password, https);
    const secure = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .find((c) => c.startsWith("__Secure-next-auth.session-token="));
    assert.ok(secure, "a __Secure- cookie is issued over https");
    const value = secure.slice(secure.indexOf("=") + 1);
    const withName = (name: string) => ({ cookie: `${name}=${value}`, base: server.url });
    assert.equal((await api(withName("__Secure-next-auth.session-token"), server.url, "/api/me", { headers: https })).status, 200);
    const planted = await api(withName("next-auth.session-token"), server.url, "/api/me", { headers: https });
    assert.equal(planted.status, 401, "the same token under the unprefixed name is refused over https");
    const overHttp = await api(withName("__Secure-next-auth.session-token"), server.url, "/api/me");
    assert.equal(overHttp.status, 401, "and the __Secure- name means nothing over plain http");
  });
});
