import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { routeOperations } from "../../support/routes";
import { suiteServer } from "../../support/suite";

/**
 * GET /api/openapi.json over HTTP: a public OpenAPI 3.1 document whose operations are exactly the
 * exported methods of the route files under app/api, so a new route without documentation fails.
 */

type Operation = { responses: Record<string, unknown>; security?: Record<string, unknown>[] };
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

describe("the OpenAPI document", () => {
  const s = suiteServer();
  let doc: Document;

  before(async () => {
    const res = await fetch(`${s.server.url}/api/openapi.json`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    doc = (await res.json()) as Document;
  });

  test("is served without a session and looks like OpenAPI 3.1", () => {
    assert.match(doc.openapi, /^3\.1\.\d+$/);
    assert.equal(typeof doc.info.title, "string");
    assert.match(doc.info.version, /^\d+\.\d+\.\d+/);
    assert.ok(Object.keys(doc.paths).length > 0);
    for (const [p, ops] of Object.entries(doc.paths)) {
      assert.ok(p.startsWith("/api/"), p);
      for (const [method, op] of Object.entries(ops))
        assert.ok(Object.keys(op.responses).length > 0, `${method} ${p} has answers`);
    }
    for (const [, ref] of JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g))
      assert.ok(ref! in doc.components.schemas, ref);
  });

  test("documents exactly the methods the route files export", () => {
    const documented = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    assert.deepEqual(documented, routeOperations());
  });

  test("every operation that takes the session answers 401 JSON without one", async () => {
    const example = {
      id: "00000000-0000-4000-8000-000000000000",
      connection: "00000000-0000-4000-8000-000000000000",
      documentid: "doc-1",
    };
    let checked = 0;
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Public (`security: []`), or with a token of its own (GET /api/metrics: 404 here, without METRICS_TOKEN).
        if (op.security && !op.security.some((s) => "session" in s)) continue;
        const url = p.replace(/\{(\w+)\}/g, (_, name: keyof typeof example) => example[name]);
        const res = await fetch(`${s.server.url}${url}`, { method: method.toUpperCase() });
        assert.equal(res.status, 401, `${method} ${url}`);
        assert.equal(((await res.json()) as { error: string }).error, "unauthorized");
        checked++;
      }
    }
    assert.ok(checked >= 20, `only ${checked} operations checked`);
  });
});
