import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { suiteServer } from "../../support/suite";
import { api, mustSignIn, signIn } from "../../support/session";

const USER_KEYS = ["createdAt", "disabled", "email", "id", "name", "role", "teamId"];

describe("users API and roles", () => {
  const suite = suiteServer();

  async function createUser(role: string, email: string, password = "manager-pass-1") {
    const res = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: { email, name: `User ${role}`, role, password },
    });
    assert.equal(res.status, 201, res.text);
    return res.body;
  }

  test("admin creates a user; the answer has the user shape and no password hash", async () => {
    const user = await createUser("manager", "Manager.One@Example.com");
    assert.deepEqual(Object.keys(user).sort(), USER_KEYS);
    assert.equal(user.email, "manager.one@example.com");
    assert.equal(user.disabled, false);
    const list = await api(suite.admin, suite.server.url, "/api/users");
    assert.equal(list.status, 200);
    assert.ok(list.body.some((u: { email: string }) => u.email === "manager.one@example.com"));
    assert.doesNotMatch(list.text, /scrypt|password/i);
  });

  test("a duplicate e-mail gets 409, case-insensitively", async () => {
    await createUser("support", "dup@example.com");
    const res = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: { email: "DUP@example.com", name: "x", role: "support", password: "long-enough-1" },
    });
    assert.equal(res.status, 409);
    assert.equal(res.body.error, "conflict");
  });

  test("a bad body gets 400 with fields naming each bad field", async () => {
    const res = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: { email: "not-an-email", name: "", role: "boss", password: "short" },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.error, "validation");
    const paths = res.body.fields.map((f: { path: string }) => f.path).sort();
    assert.deepEqual(paths, ["email", "name", "password", "role"]);
    for (const f of res.body.fields) assert.ok(f.message.length > 3);
  });

  test("messages follow Accept-Language when the user has no saved choice", async () => {
    const res = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: { email: "x" },
      headers: { "Accept-Language": "en-GB,en;q=0.9" },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, "Please check the marked fields.");
    const de = await api(suite.admin, suite.server.url, "/api/users", { method: "POST", json: { email: "x" } });
    assert.equal(de.body.message, "Bitte prüfen Sie die markierten Angaben.");
  });

  test("manager and support get 403 on the users API", async () => {
    await createUser("manager", "m2@example.com");
    await createUser("support", "s2@example.com");
    for (const email of ["m2@example.com", "s2@example.com"]) {
      const s = await mustSignIn(suite.server.url, email, "manager-pass-1");
      assert.equal((await api(s, suite.server.url, "/api/users")).status, 403);
      const post = await api(s, suite.server.url, "/api/users", {
        method: "POST",
        json: { email: "z@example.com", name: "z", role: "admin", password: "long-enough-1" },
      });
      assert.equal(post.status, 403);
      assert.equal(
        (
          await api(s, suite.server.url, "/api/users/00000000-0000-4000-8000-000000000000", {
            method: "PATCH",
            json: { role: "admin" },
          })
        ).status,
        403,
      );
    }
  });

  test("PATCH of an unknown id gets 404; a bad field gets 400", async () => {
    const missing = await api(suite.admin, suite.server.url, "/api/users/00000000-0000-4000-8000-000000000000", {
      method: "PATCH",
      json: { name: "x" },
    });
    assert.equal(missing.status, 404);
    const user = await createUser("manager", "patch@example.com");
    const bad = await api(suite.admin, suite.server.url, `/api/users/${user.id}`, {
      method: "PATCH",
      json: { role: "owner" },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.fields[0].path, "role");
  });

  for (const [what, patch] of [
    ["a role change", { role: "support" }],
    ["a new password", { password: "brand-new-pass-1" }],
    ["disabled: true", { disabled: true }],
  ] as const) {
    test(`${what} ends that user's sessions at once`, async () => {
      const email = `end-${Object.keys(patch)[0]}@example.com`;
      const user = await createUser("manager", email);
      const s = await mustSignIn(suite.server.url, email, "manager-pass-1");
      assert.equal((await api(s, suite.server.url, "/api/me")).status, 200);
      const res = await api(suite.admin, suite.server.url, `/api/users/${user.id}`, { method: "PATCH", json: patch });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body).sort(), USER_KEYS);
      const after = await api(s, suite.server.url, "/api/me");
      assert.equal(after.status, 401);
      assert.equal(after.body.error, "unauthorized");
    });
  }

  test("a name change keeps the session; a disabled user cannot sign in", async () => {
    const user = await createUser("manager", "keep@example.com");
    const s = await mustSignIn(suite.server.url, "keep@example.com", "manager-pass-1");
    await api(suite.admin, suite.server.url, `/api/users/${user.id}`, { method: "PATCH", json: { name: "Renamed" } });
    const me = await api(s, suite.server.url, "/api/me");
    assert.equal(me.status, 200);
    assert.equal(me.body.name, "Renamed");
    await api(suite.admin, suite.server.url, `/api/users/${user.id}`, { method: "PATCH", json: { disabled: true } });
    assert.equal((await signIn(suite.server.url, "keep@example.com", "manager-pass-1")).session, undefined);
    await api(suite.admin, suite.server.url, `/api/users/${user.id}`, { method: "PATCH", json: { disabled: false } });
    assert.ok((await signIn(suite.server.url, "keep@example.com", "manager-pass-1")).session);
  });

  test("an suite.admin cannot disable itself or drop its own suite.admin role", async () => {
    const me = await api(suite.admin, suite.server.url, "/api/me");
    const res = await api(suite.admin, suite.server.url, `/api/users/${me.body.id}`, {
      method: "PATCH",
      json: { disabled: true },
    });
    assert.equal(res.status, 409);
    assert.equal((await api(suite.admin, suite.server.url, "/api/me")).status, 200);
  });
});
