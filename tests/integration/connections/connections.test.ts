import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, idRoutes, makeUser, uviBodies, type Person } from "../../support/connections";
import { ADMIN } from "../../support/server";
import { api, mustSignIn } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";

/**
 * The connections API refuses what it must: bad input, other roles, another user's ids, ended
 * sessions (connections-secrets.test.ts: create, edit and test, and no secret in any answer or log).
 */

describe("connections API (docs/api.md): validation and access", () => {
  let a: Person;
  let b: Person;

  const provider = altProviderSuite();
  const suite = suiteServer(() => ({ env: { PROVIDER_URL_ALLOWLIST: provider.alt.origin } }));
  before(async () => {
    a = await makeUser(suite.server, "manager");
    b = await makeUser(suite.server, "manager");
  });
  const uvi = uviBodies(provider);

  test("bad input answers 400 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [uvi({ baseUrl: "ftp://example.com/arge" }), "baseUrl"],
      [uvi({ baseUrl: "https://user:pw@example.com/arge" }), "baseUrl"],
      [uvi({ baseUrl: "https://example.com/arge#x" }), "baseUrl"],
      [uvi({ baseUrl: "not a url" }), "baseUrl"],
      [uvi({ service: "xyz" }), "service"],
      [uvi({ auth: { type: "basic", username: "u" } }), "auth.password"],
      [uvi({ auth: { type: "client_credentials", clientId: "c", clientSecret: "s" } }), "authUrl"],
      [
        {
          ...uvi({ service: "dta", baseUrl: provider.alt.dtaBase, authUrl: provider.alt.origin }),
          auth: { type: "client_credentials", clientId: "c", clientSecret: "s" },
        },
        "auth.type",
      ],
      [uvi({ customerNumber: "47 11" }), "customerNumber"],
      [uvi({ name: "" }), "name"],
    ];
    for (const [body, field] of cases) {
      const res = await api(a.session, suite.server.url, "/api/connections", {
        method: "POST",
        json: { name: "n", ...body },
      });
      assert.equal(res.status, 400, `${field}: ${res.text}`);
      assert.equal(res.body.error, "validation");
      assert.ok(
        res.body.fields.some((f: { path: string }) => f.path === field),
        `${field}: ${res.text}`,
      );
    }
  });

  test("roles: support gets 403, no session 401, a foreign Origin 403", async () => {
    const support = await makeUser(suite.server, "support");
    assert.equal((await api(support.session, suite.server.url, "/api/connections")).status, 403);
    assert.equal(
      (await api(support.session, suite.server.url, "/api/connections", { method: "POST", json: uvi({ name: "x" }) }))
        .status,
      403,
    );
    assert.equal((await api(null, suite.server.url, "/api/connections")).status, 401);
    const conn = await addConnection(suite.server, a.session, uvi());
    for (const r of idRoutes(conn.id)) {
      assert.equal(
        (await api(null, suite.server.url, r.path, { method: r.method, json: r.json })).status,
        401,
        `${r.method} ${r.path}`,
      );
      assert.equal(
        (await api(support.session, suite.server.url, r.path, { method: r.method, json: r.json })).status,
        403,
        `${r.method} ${r.path}`,
      );
    }
    const foreign = await api(a.session, suite.server.url, "/api/connections", {
      method: "POST",
      json: uvi({ name: "x" }),
      headers: { Origin: "https://evil.example" },
    });
    assert.equal(foreign.status, 403);
  });

  test("user B with user A's ids gets 404 everywhere, exactly like a missing id", async () => {
    const conn = await addConnection(suite.server, a.session, uvi());
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const r of idRoutes(conn.id, "alt-uvi-0")) {
      const theirs = await api(b.session, suite.server.url, r.path, { method: r.method, json: r.json });
      const none = await api(b.session, suite.server.url, r.path.replace(conn.id, missing), {
        method: r.method,
        json: r.json,
      });
      const bad = await api(b.session, suite.server.url, r.path.replace(conn.id, "not-a-uuid"), {
        method: r.method,
        json: r.json,
      });
      assert.equal(theirs.status, 404, `${r.method} ${r.path}`);
      assert.deepEqual(theirs.body, none.body);
      assert.deepEqual(bad.body, none.body);
    }
    const before = provider.alt.counters.requests.length;
    assert.equal(before, 0, "no provider request was made for user B");
    const still = await api(a.session, suite.server.url, `/api/connections/${conn.id}/documents/count`);
    assert.equal(still.status, 200, "A's connection is untouched");
  });

  test("a session ended by a role change or by disabling ends on connection routes too", async () => {
    const admin = await mustSignIn(suite.server.url, ADMIN.email, ADMIN.password);
    const c = await makeUser(suite.server, "manager", admin);
    const conn = await addConnection(suite.server, c.session, uvi());
    const count = `/api/connections/${conn.id}/documents/count`;
    assert.equal((await api(c.session, suite.server.url, count)).status, 200);
    const users = (await api(admin, suite.server.url, "/api/users")).body as { id: string; email: string }[];
    const id = users.find((u) => u.email === c.email)!.id;

    assert.equal(
      (await api(admin, suite.server.url, `/api/users/${id}`, { method: "PATCH", json: { role: "support" } })).status,
      200,
    );
    assert.equal((await api(c.session, suite.server.url, count)).status, 401, "the old session ended");
    const asSupport = await mustSignIn(suite.server.url, c.email, c.password);
    assert.equal((await api(asSupport, suite.server.url, count)).status, 403, "support never reaches a connection");

    assert.equal(
      (await api(admin, suite.server.url, `/api/users/${id}`, { method: "PATCH", json: { role: "manager" } })).status,
      200,
    );
    const again = await mustSignIn(suite.server.url, c.email, c.password);
    assert.equal((await api(again, suite.server.url, count)).status, 200);
    assert.equal(
      (await api(admin, suite.server.url, `/api/users/${id}`, { method: "PATCH", json: { disabled: true } })).status,
      200,
    );
    for (const r of idRoutes(conn.id)) {
      assert.equal(
        (await api(again, suite.server.url, r.path, { method: r.method, json: r.json })).status,
        401,
        `${r.method} ${r.path}`,
      );
    }
  });
});
