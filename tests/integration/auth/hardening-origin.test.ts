import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { ADMIN } from "../../support/server";
import { suiteServer } from "../../support/suite";
import { api, signIn, type Session } from "../../support/session";

// What a client (or a proxy) claims about the address it reached the app at.
const FORGED = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
const PROXIED = { "X-Forwarded-Host": "inbox.example.de", "X-Forwarded-Proto": "https" };
const PUBLIC_URL = "https://inbox.example.de";

/** The origin of every URL next-auth names for the credentials provider. */
async function providerOrigins(base: string, headers: Record<string, string>): Promise<string[]> {
  const res = await api(null, base, "/api/auth/providers", { headers });
  assert.equal(res.status, 200);
  const { signinUrl, callbackUrl } = res.body.credentials as { signinUrl: string; callbackUrl: string };
  return [new URL(signinUrl).origin, new URL(callbackUrl).origin];
}

/** The origin of the callbackUrl next-auth's sign-in endpoint sends to /login (its `pages.signIn`). */
async function signinRedirect(base: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}/api/auth/signin`, { headers, redirect: "manual" });
  assert.equal(res.status, 302);
  const location = new URL(res.headers.get("location")!, base);
  assert.equal(location.pathname, "/login");
  return new URL(location.searchParams.get("callbackUrl")!).origin;
}

const sessionCookieOf = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.includes("next-auth.session-token="));

/** A user creation that passes everything but the Origin check fails validation: 400, not 403. */
const createWithOrigin = (admin: Session, base: string, origin: string, headers: Record<string, string> = {}) =>
  api(admin, base, "/api/users", { method: "POST", json: {}, headers: { Origin: origin, ...headers } });

describe("no trusted proxy: a client's X-Forwarded-Host and X-Forwarded-Proto count for nothing", () => {
  const suite = suiteServer();

  test("next-auth's URLs and redirects name the address the request reached", async () => {
    assert.deepEqual(await providerOrigins(suite.server.url, FORGED), [suite.server.url, suite.server.url]);
    assert.equal(await signinRedirect(suite.server.url, FORGED), suite.server.url);
    const res = await signIn(suite.server.url, ADMIN.email, ADMIN.password, FORGED);
    assert.equal(new URL(res.headers.get("location")!).origin, suite.server.url);
  });

  test("the session cookie stays the plain-http one", async () => {
    const res = await signIn(suite.server.url, ADMIN.email, ADMIN.password, FORGED);
    const raw = sessionCookieOf(res);
    assert.match(raw ?? "", /^next-auth\.session-token=/);
    assert.doesNotMatch(raw!, /; Secure/i);
  });

  test("the Origin check compares with the Host, not the forged host", async () => {
    assert.equal((await createWithOrigin(suite.admin, suite.server.url, "https://evil.example", FORGED)).status, 403);
    assert.equal((await createWithOrigin(suite.admin, suite.server.url, suite.server.url, FORGED)).status, 400);
  });
});

describe("TRUSTED_PROXIES=1: the proxy's X-Forwarded-Host and X-Forwarded-Proto count", () => {
  const suite = suiteServer({ env: { TRUSTED_PROXIES: "1" } });
  let admin: Session;
  before(async () => {
    // Signed in through the proxy: over https, so with the __Secure- cookie its requests expect.
    const res = await signIn(suite.server.url, ADMIN.email, ADMIN.password, PROXIED);
    admin = res.session!;
  });

  test("next-auth's URLs and redirects name the forwarded origin", async () => {
    assert.deepEqual(await providerOrigins(suite.server.url, PROXIED), [PUBLIC_URL, PUBLIC_URL]);
    assert.equal(await signinRedirect(suite.server.url, PROXIED), PUBLIC_URL);
    assert.deepEqual(
      await providerOrigins(suite.server.url, {}),
      [suite.server.url, suite.server.url],
      "without them: the Host",
    );
  });

  test("X-Forwarded-Proto https makes the session cookie Secure and __Secure- prefixed", async () => {
    const raw = sessionCookieOf(await signIn(suite.server.url, ADMIN.email, ADMIN.password, PROXIED));
    assert.match(raw ?? "", /^__Secure-next-auth\.session-token=.*; Secure/i);
  });

  test("the Origin check compares with the forwarded host", async () => {
    assert.equal((await createWithOrigin(admin, suite.server.url, PUBLIC_URL, PROXIED)).status, 400);
    assert.equal((await createWithOrigin(admin, suite.server.url, suite.server.url, PROXIED)).status, 403);
  });
});

describe("PUBLIC_URL pins the origin", () => {
  const suite = suiteServer({ env: { PUBLIC_URL } });

  test("next-auth's URLs and redirects name PUBLIC_URL, whatever the request says", async () => {
    for (const headers of [{}, FORGED, { "X-Forwarded-Proto": "http" }] as Record<string, string>[]) {
      assert.deepEqual(await providerOrigins(suite.server.url, headers), [PUBLIC_URL, PUBLIC_URL]);
      assert.equal(await signinRedirect(suite.server.url, headers), PUBLIC_URL);
    }
  });

  test("an https PUBLIC_URL makes the session cookie Secure and __Secure- prefixed, and that cookie works", async () => {
    const res = await signIn(suite.server.url, ADMIN.email, ADMIN.password, { "X-Forwarded-Proto": "http" });
    const raw = sessionCookieOf(res);
    assert.match(raw ?? "", /^__Secure-next-auth\.session-token=.*; Secure/i);
    assert.equal((await api(suite.admin, suite.server.url, "/api/me")).status, 200);
  });

  test("a changing request with Origin PUBLIC_URL passes; the request's own host origin is refused", async () => {
    assert.equal((await createWithOrigin(suite.admin, suite.server.url, PUBLIC_URL)).status, 400);
    const own = await createWithOrigin(suite.admin, suite.server.url, suite.server.url);
    assert.equal(own.status, 403);
    assert.equal(own.body.error, "bad_origin");
    assert.equal(
      (await createWithOrigin(suite.admin, suite.server.url, "http://inbox.example.de")).status,
      403,
      "the scheme counts too",
    );
  });
});
