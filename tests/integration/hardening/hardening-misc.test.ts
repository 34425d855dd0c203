import assert from "node:assert/strict";
import { randomBytes, scryptSync } from "node:crypto";
import { request } from "node:http";
import { describe, test } from "node:test";
import { sql } from "../../support/database";
import { ADMIN } from "../../support/server";
import { suiteServer } from "../../support/suite";
import { api, mustSignIn, signIn } from "../../support/session";
import { until } from "../../support/until";

/** A GET of `path` exactly as written (no resolution of dot segments, no merging of slashes), as a raw client sends it. */
function rawGet(
  base: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path, method: "GET", agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("smaller hardening: JSON never cached, malformed paths, passwords, database errors in the log", () => {
  // The production scrypt cost (no ARGE_TEST_SCRYPT_N): its parameters are tested here.
  const suite = suiteServer({ env: { ARGE_TEST_SCRYPT_N: "" } });

  test("JSON answers carry Cache-Control: no-store (success, errors, next-auth's own)", async () => {
    const answers = [
      await api(suite.admin, suite.server.url, "/api/me"),
      await api(suite.admin, suite.server.url, "/api/users"),
      await api(suite.admin, suite.server.url, "/api/connections"),
      await api(suite.admin, suite.server.url, "/api/users", { method: "POST", json: {} }),
      await api(null, suite.server.url, "/api/me"),
      await api(suite.admin, suite.server.url, "/api/nothing-here"),
      await api(suite.admin, suite.server.url, "/api/auth/session"),
      await api(null, suite.server.url, "/api/auth/csrf"),
      await api(null, suite.server.url, "/api/auth/providers"),
    ];
    for (const r of answers) {
      assert.match(r.headers.get("content-type") ?? "", /json/);
      assert.match(r.headers.get("cache-control") ?? "", /no-store/, `${r.status} ${r.text.slice(0, 80)}`);
    }
  });

  test("a malformed percent-encoding in a path is a 400 JSON answer, not a plain-text 500", async () => {
    for (const p of ["/api/connections/%E0%A4%A", "/api/%ZZ", "/api/users/%C3%28", "/arge/documents/v1/%E0"]) {
      const r = await api(suite.admin, suite.server.url, p, { headers: { "Accept-Language": "en" } });
      assert.equal(r.status, 400, p);
      assert.match(r.headers.get("content-type") ?? "", /application\/json/);
      assert.equal(r.body.error, "bad_request");
      assert.match(r.body.message, /percent-encoding/);
    }
    const de = await api(suite.admin, suite.server.url, "/api/%ZZ");
    assert.match(de.body.message, /Prozent-Kodierung/);
  });

  test("a portal link in any form Next would redirect (slashes, backslashes, dot segments) is no redirect: the portal's own answer, never cached, no referrer, throttled", async () => {
    const token = "C".repeat(43);
    // Sent as written: fetch would resolve the dot segments itself. The last is absolute-form, as a proxy may send it.
    const paths = [
      `/r/${token}/`,
      `//r/${token}`,
      `/r//${token}`,
      `/r\\${token}`,
      `/r/${token}//`,
      `/r/${token}/documents/..`,
      `/r/${token}/documents/%2E%2e`,
      `/r/${token}/%2e`,
      `/r/${token}//documents/${"0".repeat(32)}`,
      `/r/${token}/..`,
      `/r/`,
      `//r`,
      `/r/${token}/../../login/`,
      `http://127.0.0.1//r/${token}`,
    ];
    for (const path of paths) {
      const r = await rawGet(suite.server.url, path);
      assert.equal(r.status, 404, `${path}: the dead link's own answer, not a ${r.status}`);
      assert.equal(r.headers.location, undefined, path);
      assert.match(String(r.headers["cache-control"]), /no-store/, path);
      assert.equal(r.headers["referrer-policy"], "no-referrer", path);
    }
    // The portal's throttle counts them: 30 a minute per address (a minute's turn may start the count again once).
    let status = 0;
    for (let i = 0; i < 62 && status !== 429; i++)
      status = (await rawGet(suite.server.url, paths[i % paths.length]!)).status;
    assert.equal(status, 429);
  });

  test("the most common passwords are refused for new and changed passwords", async () => {
    for (const password of ["Passwort123", "1234567890", "qwertzuiop", "password123", "abcabcabcabc"]) {
      const r = await api(suite.admin, suite.server.url, "/api/users", {
        method: "POST",
        json: { email: `c-${randomBytes(3).toString("hex")}@example.com`, name: "C", role: "manager", password },
      });
      assert.equal(r.status, 400, password);
      assert.deepEqual(
        r.body.fields.map((f: { path: string }) => f.path),
        ["password"],
      );
      assert.match(r.body.fields[0].message, /verbreitet/);
    }
    const ok = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: { email: "uncommon@example.com", name: "U", role: "manager", password: "violet-harbour-lantern" },
    });
    assert.equal(ok.status, 201, ok.text);
    const changed = await api(suite.admin, suite.server.url, `/api/users/${ok.body.id}`, {
      method: "PATCH",
      json: { password: "iloveyou123" },
    });
    assert.equal(changed.status, 400);
  });

  test("an unexpected database error is logged with its request id but without its parameter values", async () => {
    const marker = `marker-${randomBytes(6).toString("hex")}`;
    const r = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: {
        email: `${marker}@example.com`,
        name: `${marker}\u0000`,
        role: "manager",
        password: "violet-harbour-lantern-2",
      },
    });
    assert.equal(r.status, 500);
    assert.equal(r.body.error, "internal");
    const requestId = /[0-9a-f-]{36}/.exec(r.body.message)![0];
    // The error's line may follow the answer (and the request's own line) by a moment: waited for, not slept for.
    const line = await until(
      async () =>
        suite.server
          .output()
          .split("\n")
          .find((l) => l.includes(requestId) && l.includes('"level":50')),
      (l) => l !== undefined,
    );
    assert.ok(line, "the error is in the log under its request id");
    assert.match(line, /Failed query: insert into/);
    assert.ok(!suite.server.output().includes(marker), "no parameter value (name, e-mail, password hash) in the log");
    assert.ok(!/scrypt\$/.test(suite.server.output()));
  });

  test("scrypt at N=2^17, r=8, p=1; a weaker stored hash is upgraded at the next sign-in", async () => {
    const password = "an-old-fashioned-pw";
    const created = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: { email: "old-hash@example.com", name: "Old", role: "manager", password },
    });
    assert.equal(created.status, 201);
    const [fresh] = await sql<{ password_hash: string }>(
      suite.server,
      "SELECT password_hash FROM users WHERE email = $1",
      ["old-hash@example.com"],
    );
    assert.match(fresh!.password_hash, /^scrypt\$131072\$8\$1\$/);
    // A hash as the app stored it before (N=2^15), written straight into the database.
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = `scrypt$32768$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    await sql(suite.server, "UPDATE users SET password_hash = $1 WHERE email = $2", [old, "old-hash@example.com"]);
    const res = await signIn(suite.server.url, "old-hash@example.com", password);
    assert.ok(res.session, "the old hash still signs in");
    const [upgraded] = await sql<{ password_hash: string }>(
      suite.server,
      "SELECT password_hash FROM users WHERE email = $1",
      ["old-hash@example.com"],
    );
    assert.match(upgraded!.password_hash, /^scrypt\$131072\$8\$1\$/);
    assert.notEqual(upgraded!.password_hash, old);
    assert.ok((await signIn(suite.server.url, "old-hash@example.com", password)).session, "and the new hash signs in");
    suite.admin = await mustSignIn(suite.server.url, ADMIN.email, ADMIN.password);
  });
});
