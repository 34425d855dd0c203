import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { makeUser } from "../../support/connections";
import { suiteServer } from "../../support/suite";
import { api, signIn, type Session } from "../../support/session";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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

  // Last in the file: it moves the server's clock on by half a day.
  test("a session ends SESSION_MAX_HOURS (12) after sign-in, however often it was refreshed", async () => {
    const person = await makeUser(s.server, "manager");
    const fresh = await signIn(s.server.url, person.email, person.password);
    assert.ok(fresh.session);
    let cookie = fresh.session.cookie;
    const me = async () => (await api({ cookie, base: s.server.url }, s.server.url, "/api/me")).status;
    // Refreshed through next-auth's session endpoint as the hours pass on the server's clock, always going on with
    // the cookie it issues: still a session a minute before the end.
    for (const passed of [4 * HOUR, 4 * HOUR, 3 * HOUR, 59 * MINUTE]) {
      await s.server.moveClock(passed);
      const res = await fetch(`${s.server.url}/api/auth/session`, { headers: { Cookie: cookie } });
      assert.equal(res.status, 200);
      assert.ok(((await res.json()) as { user?: unknown }).user, "still a session");
      cookie = cookiesOf(res).find((c) => c.includes("session-token=")) ?? cookie;
      assert.equal(await me(), 200, "not before its end");
    }
    // Two minutes later it has ended by itself, however fresh its cookie.
    await s.server.moveClock(2 * MINUTE);
    assert.equal(await me(), 401, "past its absolute lifetime");
    const session = await fetch(`${s.server.url}/api/auth/session`, { headers: { Cookie: cookie } });
    assert.deepEqual(await session.json(), {});
  });
});
