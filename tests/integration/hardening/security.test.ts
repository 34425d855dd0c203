import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { suiteServer } from "../../support/suite";
import { api, mustSignIn } from "../../support/session";

describe("security baseline", () => {
  const suite = suiteServer();

  test("a changing request with a foreign or null Origin gets 403; same origin and no Origin pass", async () => {
    const body = { email: "origin@example.com", name: "O", role: "manager", password: "long-enough-1" };
    for (const origin of ["https://evil.example", "null", "http://127.0.0.1:1"]) {
      const res = await api(suite.admin, suite.server.url, "/api/users", {
        method: "POST",
        json: body,
        headers: { Origin: origin },
      });
      assert.equal(res.status, 403, origin);
      assert.equal(res.body.error, "bad_origin");
    }
    const same = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: body,
      headers: { Origin: suite.server.url },
    });
    assert.equal(same.status, 201);
    const none = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: { ...body, email: "origin2@example.com" },
    });
    assert.equal(none.status, 201);
    const list = await api(suite.admin, suite.server.url, "/api/users", {
      headers: { Origin: "https://evil.example" },
    });
    assert.equal(list.status, 200, "reads are not refused by Origin");
  });

  test("pages and API answers carry the security headers and no X-Powered-By", async () => {
    for (const [p, cookie] of [
      ["/login", ""],
      ["/api/users", suite.admin.cookie],
      ["/api/users", ""],
      ["/admin/users", suite.admin.cookie],
      ["/arge/documents/v1/documents/out", ""],
    ] as const) {
      const res = await fetch(`${suite.server.url}${p}`, {
        headers: cookie ? { Cookie: cookie } : {},
        redirect: "manual",
      });
      const csp = res.headers.get("content-security-policy") ?? "";
      assert.match(csp, /frame-ancestors 'none'/, p);
      if (/^\/(api|arge)\//.test(p)) assert.match(csp, /^default-src 'none'/, `${p}: JSON runs no script`);
      else assert.match(csp, /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/, p);
      assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/, p);
      assert.doesNotMatch(csp, /,\s*default-src/, `${p}: exactly one policy`);
      assert.equal(res.headers.get("x-content-type-options"), "nosniff", p);
      assert.ok(res.headers.get("referrer-policy"), p);
      assert.equal(res.headers.get("x-powered-by"), null, p);
    }
  });

  test("every inline script of a page carries this request's nonce", async () => {
    const res = await fetch(`${suite.server.url}/login`);
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
    assert.ok(nonce);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    assert.ok(scripts.length > 0);
    for (const attrs of scripts) assert.match(attrs, new RegExp(`nonce="${nonce.replace(/[+/=]/g, "\\$&")}"`));
    const again = await fetch(`${suite.server.url}/login`);
    assert.notEqual(
      /'nonce-([^']+)'/.exec(again.headers.get("content-security-policy") ?? "")?.[1],
      nonce,
      "a fresh nonce per request",
    );
  });

  test("pages: signed out goes to /login; a role that may not use a page gets 404", async () => {
    const anon = await fetch(`${suite.server.url}/admin/users`, { redirect: "manual" });
    assert.ok([303, 307, 308].includes(anon.status));
    assert.match(anon.headers.get("location") ?? "", /\/login$/);
    await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: { email: "support-pages@example.com", name: "S", role: "support", password: "long-enough-1" },
    });
    const support = await mustSignIn(suite.server.url, "support-pages@example.com", "long-enough-1");
    for (const p of ["/admin/users", "/connections", "/documents"]) {
      const res = await fetch(`${suite.server.url}${p}`, { headers: { Cookie: support.cookie }, redirect: "manual" });
      assert.equal(res.status, 404, p);
    }
    const ok = await fetch(`${suite.server.url}/delivery`, { headers: { Cookie: support.cookie }, redirect: "manual" });
    assert.equal(ok.status, 200);
    const html = await ok.text();
    assert.match(html, /Zustellung/);
    assert.doesNotMatch(html, /href="\/admin\/users"/, "no link to a page the role may not use");
  });
});
