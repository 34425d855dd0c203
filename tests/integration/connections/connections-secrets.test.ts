import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, test } from "node:test";
import { addConnection, idRoutes, makeUser, uviBodies, type Person } from "../../support/connections";
import { freePort } from "../../support/server";
import { api } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";

/**
 * A connection is created, edited and tested, and no answer or line of the server's output carries
 * its secret (connections.test.ts: validation and access).
 */

describe("connections API (docs/api.md): create, edit and test; secrets", () => {
  let a: Person;
  let b: Person;
  let closedPort: number;
  const seeded: string[] = [];

  const provider = altProviderSuite();
  const suite = suiteServer(async () => {
    closedPort = await freePort();
    return {
      env: {
        PROVIDER_URL_ALLOWLIST: `${provider.alt.origin},http://127.0.0.1:${closedPort}`,
        PROVIDER_TIMEOUT_MS: "1500",
      },
    };
  });
  before(async () => {
    a = await makeUser(suite.server, "manager");
    b = await makeUser(suite.server, "manager");
  });
  const uvi = uviBodies(provider);

  test("create, list, edit and delete; answers never carry a secret", async () => {
    const secret = `Seed-${randomBytes(8).toString("hex")}`;
    seeded.push(secret);
    const res = await api(a.session, suite.server.url, "/api/connections", {
      method: "POST",
      json: {
        name: "Kalo",
        service: "uvi",
        baseUrl: `${provider.alt.origin}/arge/`,
        authUrl: provider.alt.origin,
        auth: { type: "client_credentials", clientId: "alt-client", clientSecret: secret },
      },
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), [
      "authType",
      "authUrl",
      "baseUrl",
      "createdAt",
      "customerNumber",
      "id",
      "lastSync",
      "mine",
      "name",
      "onSiteRolesUrl",
      "open",
      "owner",
      "ownerInTeam",
      "principal",
      "service",
      "shared",
      "stale",
    ]);
    assert.equal(res.body.baseUrl, provider.alt.uviBase, "normalised without trailing slash");
    assert.equal(res.body.authType, "client_credentials");
    assert.ok(!res.text.includes(secret));
    const list = await api(a.session, suite.server.url, "/api/connections");
    assert.equal(list.status, 200);
    assert.ok(list.body.some((c: { id: string }) => c.id === res.body.id));
    assert.ok(!list.text.includes(secret));
    assert.ok(
      !(await api(b.session, suite.server.url, "/api/connections")).body.some(
        (c: { id: string }) => c.id === res.body.id,
      ),
    );

    const patched = await api(a.session, suite.server.url, `/api/connections/${res.body.id}`, {
      method: "PATCH",
      json: { name: "Kalo neu", auth: { type: "client_credentials", clientSecret: "" } },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.name, "Kalo neu");
    const del = await api(a.session, suite.server.url, `/api/connections/${res.body.id}`, { method: "DELETE" });
    assert.equal(del.status, 204);
    assert.equal(
      (await api(a.session, suite.server.url, `/api/connections/${res.body.id}`, { method: "DELETE" })).status,
      404,
    );
  });

  test("the connection test tells the cases apart", async () => {
    const ok = await addConnection(suite.server, a.session, uvi());
    const r1 = await api(a.session, suite.server.url, `/api/connections/${ok.id}/test`, { method: "POST" });
    assert.deepEqual(
      { ok: r1.body.ok, status: r1.body.status, count: r1.body.count },
      { ok: true, status: "ok", count: 5 },
    );
    assert.match(r1.body.message, /5/);

    const wrongPw = `Wrong-${randomBytes(6).toString("hex")}`;
    seeded.push(wrongPw);
    const bad = await addConnection(
      suite.server,
      a.session,
      uvi({ auth: { type: "basic", username: "alt-user", password: wrongPw } }),
    );
    const r2 = await api(a.session, suite.server.url, `/api/connections/${bad.id}/test`, { method: "POST" });
    assert.equal(r2.body.status, "auth_failed");
    assert.equal(r2.body.ok, false);
    assert.match(r2.body.message, /Zugangsdaten/);

    const down = await addConnection(suite.server, a.session, uvi({ baseUrl: `http://127.0.0.1:${closedPort}/arge` }));
    assert.equal(
      (await api(a.session, suite.server.url, `/api/connections/${down.id}/test`, { method: "POST" })).body.status,
      "unreachable",
    );

    // An address the guard refuses is not saved at all (ssrf.test.ts: the guard at request time).
    const blocked = await api(a.session, suite.server.url, "/api/connections", {
      method: "POST",
      json: { name: "Test", ...uvi({ baseUrl: "http://10.0.0.1/arge" }) },
    });
    assert.equal(blocked.status, 400, blocked.text);
    assert.equal(blocked.body.fields[0].path, "baseUrl");

    const wrongPath = await addConnection(suite.server, a.session, uvi({ baseUrl: `${provider.alt.origin}/falsch` }));
    assert.equal(
      (await api(a.session, suite.server.url, `/api/connections/${wrongPath.id}/test`, { method: "POST" })).body.status,
      "wrong_address",
    );

    provider.alt.modes.latencyMs = 2500;
    const slow = await api(a.session, suite.server.url, `/api/connections/${ok.id}/test`, {
      method: "POST",
      headers: { "Accept-Language": "en" },
    });
    provider.alt.modes.latencyMs = 0;
    assert.equal(slow.body.status, "timeout");
    assert.match(slow.body.message, /did not answer in time/);
  });

  test("an edit that leaves the secret blank keeps it; changing the auth type needs the new secret", async () => {
    const conn = await addConnection(suite.server, a.session, uvi());
    const p = await api(a.session, suite.server.url, `/api/connections/${conn.id}`, {
      method: "PATCH",
      json: { auth: { type: "basic", password: "" }, customerNumber: "4711" },
    });
    assert.equal(p.status, 200, p.text);
    assert.equal(p.body.customerNumber, "4711");
    assert.equal(
      (await api(a.session, suite.server.url, `/api/connections/${conn.id}/test`, { method: "POST" })).body.status,
      "ok",
    );
    const t = await api(a.session, suite.server.url, `/api/connections/${conn.id}`, {
      method: "PATCH",
      json: { authUrl: provider.alt.origin, auth: { type: "client_credentials", clientId: "alt-client" } },
    });
    assert.equal(t.status, 400);
    assert.equal(t.body.fields[0].path, "auth.clientSecret");
    const wrong = await api(a.session, suite.server.url, `/api/connections/${conn.id}`, {
      method: "PATCH",
      json: { auth: { type: "basic", password: "changed-wrong" } },
    });
    assert.equal(wrong.status, 200);
    assert.equal(
      (await api(a.session, suite.server.url, `/api/connections/${conn.id}/test`, { method: "POST" })).body.status,
      "auth_failed",
    );
  });

  test("no answer of any route carries a seeded secret, also on errors", async () => {
    const s1 = `Seed-${randomBytes(8).toString("hex")}`;
    const s2 = `Seed-${randomBytes(8).toString("hex")}`;
    seeded.push(s1, s2);
    const texts: string[] = [];
    const call = async (p: string, init: { method?: string; json?: unknown } = {}) => {
      const r = await api(a.session, suite.server.url, p, init);
      texts.push(r.text, JSON.stringify([...r.headers]));
      return r;
    };
    await call("/api/connections", {
      method: "POST",
      json: {
        name: "bad",
        ...uvi({ baseUrl: "ftp://x" }),
        auth: { type: "basic", username: "u", password: s1, extra: s1 },
      },
    });
    await call("/api/connections", {
      method: "POST",
      json: { name: "bad", ...uvi(), auth: { type: "basic", username: "u", password: s1.repeat(100) } },
    });
    const c = await call("/api/connections", {
      method: "POST",
      json: { name: "seeded", ...uvi(), auth: { type: "basic", username: "alt-user", password: s1 } },
    });
    await call(`/api/connections/${c.body.id}`, { method: "PATCH", json: { auth: { type: "basic", password: s2 } } });
    await call(`/api/connections/${c.body.id}`, {
      method: "PATCH",
      json: { baseUrl: "bad", auth: { type: "basic", password: s2 } },
    });
    for (const r of idRoutes(c.body.id, "alt-uvi-0").filter((x) => x.method !== "DELETE"))
      await call(r.path, { method: r.method, json: r.json });
    await call("/api/connections");
    await call(`/api/connections/${c.body.id}`, { method: "DELETE" });
    assert.ok(texts.length > 10);
    for (const t of texts)
      for (const s of [s1, s2, provider.alt.basic.password])
        assert.ok(!t.includes(s), `a secret in an answer: ${t.slice(0, 200)}`);
  });

  test("no seeded secret appears in the server's output", () => {
    assert.ok(seeded.length >= 2);
    for (const s of [...seeded, provider.alt.basic.password])
      assert.ok(!suite.server.output().includes(s), "a secret reached the log");
  });
});
