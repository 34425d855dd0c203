import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { startScripted, type Scripted } from "../../support/scripted-provider";
import { api } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";

/**
 * Secrets follow their address: an edit that would send a stored secret (or a token got with it)
 * somewhere new must bring the secret again. The listener on loopback stands for a server of an
 * attacker holding a session: it must never see the stored secret.
 */
describe("a stored secret is never sent to a new address without being entered again", () => {
  let listener: Scripted;
  let a: Person;

  const p = altProviderSuite();
  before(async () => {
    listener = await startScripted();
  });
  after(() => listener.close());
  const s = suiteServer(() => ({
    env: { PROVIDER_URL_ALLOWLIST: `${p.alt.origin},${listener.origin}`, PROVIDER_TIMEOUT_MS: "2000" },
  }));
  beforeEach(async () => {
    listener.requests.length = 0;
    // A user per test: each test connects to the same provider account, once per user.
    a = await makeUser(s.server, "manager");
  });

  const patch = (id: string, json: unknown) =>
    api(a.session, s.server.url, `/api/connections/${id}`, { method: "PATCH", json });
  /** Every way the app would talk to the connection's provider: test, count, list. */
  async function useConnection(id: string) {
    await api(a.session, s.server.url, `/api/connections/${id}/test`, { method: "POST" });
    await api(a.session, s.server.url, `/api/connections/${id}/documents/count`);
    await api(a.session, s.server.url, `/api/connections/${id}/documents`);
  }
  const basicOf = (h: string | undefined) =>
    h?.startsWith("Basic ") ? Buffer.from(h.slice(6), "base64").toString() : "";

  test("Basic: a new origin of baseUrl without the password is 400 naming auth.password, and nothing reaches the new address", async () => {
    const conn = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: p.alt.uviBase,
      auth: { type: "basic", ...p.alt.basic },
    });
    const moved = await patch(conn.id, { baseUrl: `${listener.origin}/arge` });
    assert.equal(moved.status, 400, moved.text);
    assert.equal(moved.body.error, "validation");
    assert.deepEqual(
      moved.body.fields.map((f: { path: string }) => f.path),
      ["auth.password"],
    );
    assert.match(moved.body.fields[0].message, /Passwort/);
    const blank = await patch(conn.id, { baseUrl: `${listener.origin}/arge`, auth: { type: "basic", password: "" } });
    assert.equal(blank.status, 400, "a blank password is no password");
    await useConnection(conn.id);
    assert.equal(listener.requests.length, 0, "no request at all reached the new address");
    const [view] = (await api(a.session, s.server.url, "/api/connections")).body.filter(
      (c: { id: string }) => c.id === conn.id,
    );
    assert.equal(view.baseUrl, p.alt.uviBase, "the connection still points where it did");
    assert.equal(
      (await api(a.session, s.server.url, `/api/connections/${conn.id}/test`, { method: "POST" })).body.status,
      "ok",
    );
  });

  test("Basic: with the password entered again the move is allowed, and only the new password is sent there", async () => {
    const conn = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: p.alt.uviBase,
      auth: { type: "basic", ...p.alt.basic },
    });
    const moved = await patch(conn.id, {
      baseUrl: `${listener.origin}/arge`,
      auth: { type: "basic", password: "entered-for-the-new-address" },
    });
    assert.equal(moved.status, 200, moved.text);
    await useConnection(conn.id);
    assert.ok(listener.requests.length > 0);
    for (const r of listener.requests) {
      assert.equal(basicOf(r.authorization), `${p.alt.basic.username}:entered-for-the-new-address`);
      assert.ok(!basicOf(r.authorization).includes(p.alt.basic.password));
    }
  });

  test("Basic: another user name without the password is 400; another path on the same origin keeps the secret", async () => {
    const conn = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: p.alt.uviBase,
      auth: { type: "basic", ...p.alt.basic },
    });
    const renamed = await patch(conn.id, { auth: { type: "basic", username: "someone-else" } });
    assert.equal(renamed.status, 400);
    assert.equal(renamed.body.fields[0].path, "auth.password");
    const same = await patch(conn.id, { auth: { type: "basic", username: p.alt.basic.username } });
    assert.equal(same.status, 200, "the same user name is no change");
    const path = await patch(conn.id, { baseUrl: `${p.alt.origin}/elsewhere/arge` });
    assert.equal(path.status, 200, "a path on the same origin is the same address");
    const back = await patch(conn.id, { baseUrl: p.alt.uviBase, name: "back" });
    assert.equal(back.status, 200);
    assert.equal(
      (await api(a.session, s.server.url, `/api/connections/${conn.id}/test`, { method: "POST" })).body.status,
      "ok",
      "the stored secret is kept",
    );
    const upper = await patch(conn.id, { baseUrl: p.alt.uviBase.replace("http://", "HTTP://") });
    assert.equal(upper.status, 200, "the same origin written differently");
  });

  test("client credentials: a new origin of authUrl or baseUrl, or another client id, needs auth.clientSecret; no token is asked there", async () => {
    const conn = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: p.alt.uviBase,
      authUrl: p.alt.origin,
      auth: { type: "client_credentials", ...p.alt.oauth },
    });
    assert.equal(
      (await api(a.session, s.server.url, `/api/connections/${conn.id}/test`, { method: "POST" })).body.status,
      "ok",
    );
    for (const body of [
      { authUrl: listener.origin },
      { baseUrl: `${listener.origin}/arge` },
      { auth: { type: "client_credentials", clientId: "another-client" } },
      { authUrl: listener.origin, auth: { type: "client_credentials", clientSecret: "" } },
    ]) {
      const res = await patch(conn.id, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(
        res.body.fields.map((f: { path: string }) => f.path),
        ["auth.clientSecret"],
        JSON.stringify(body),
      );
    }
    await useConnection(conn.id);
    assert.equal(
      listener.requests.length,
      0,
      "neither the token endpoint nor the service was asked at the new address",
    );
    const moved = await patch(conn.id, {
      authUrl: listener.origin,
      auth: { type: "client_credentials", clientSecret: "new-secret-for-new-idp" },
    });
    assert.equal(moved.status, 200, moved.text);
    await api(a.session, s.server.url, `/api/connections/${conn.id}/test`, { method: "POST" });
    assert.ok(listener.requests.length > 0, "the new token endpoint is asked");
    for (const r of listener.requests) assert.ok(!basicOf(r.authorization).includes(p.alt.oauth.clientSecret));
  });
});
