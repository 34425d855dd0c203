import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { accepts, negotiateDta, parsePaging } from "../../lib/sandbox/http";
import { describeIssues, FaultRules, pathMatches, State } from "../../lib/sandbox/schema";
import { parseAuthorization, secretEquals } from "../../lib/sandbox/secrets";

const client = { id: "c", services: ["uvi"], basic: { username: "u", password: "p" }, customers: ["1"] };
const doc = (id: string) => ({
  service: "uvi",
  customer: "1",
  documentid: id,
  filename: "f.pdf",
  doctype: "UVI-E",
  mimetype: "application/pdf",
  metadata: [],
  content: { generate: "uvi-pdf" },
});

describe("sandbox state and fault schemas", () => {
  test("defaults fill settings; the example shape parses", () => {
    const s = State.parse({ clients: [client], documents: [doc("a")] });
    assert.deepEqual(s.settings, {
      tokenLifetimeSeconds: 300,
      defaultLimit: 100,
      maxLimit: 1000,
      dtaXml: true,
      rateLimit: null,
    });
    assert.equal(s.documents[0]!.confirmed, false);
    assert.equal(s.documents[0]!.propertymanagement, "");
  });

  test("refusals name the field", () => {
    const cases: [unknown, string][] = [
      [{ clients: [client], documents: [doc("a/b")] }, "documents.0.documentid"],
      [{ clients: [{ ...client, basic: undefined }], documents: [] }, "clients.0"],
      [{ clients: [client, client], documents: [] }, "clients.1.id"],
      [{ clients: [client], documents: [doc("x"), doc("x")] }, "documents.1.documentid"],
      [{ clients: [client], documents: [{ ...doc("x"), content: { base64: "not base64!" } }] }, "documents.0.content"],
      [
        { clients: [client], documents: [], settings: { rateLimit: { requests: 0, windowSeconds: 1 } } },
        "settings.rateLimit.requests",
      ],
      [{ clients: [client], documents: [], extra: 1 }, "(body)"],
      [{ clients: [client], documents: [{ ...doc("x"), filename: "a\u0000b" }] }, "documents.0.filename"],
    ];
    for (const [body, path] of cases) {
      const r = State.safeParse(body);
      assert.equal(r.success, false, path);
      const { message, fields } = describeIssues(r.error!);
      assert.ok(
        fields.some((f) => f.path.startsWith(path)),
        `${path} in ${message}`,
      );
    }
  });

  test("fault rules: * matches exactly one non-empty segment; status and applyThenFail exclude each other", () => {
    assert.ok(pathMatches("/a/*/status", "/a/x/status"));
    assert.ok(!pathMatches("/a/*/status", "/a/x/y/status"));
    assert.ok(!pathMatches("/a/*/status", "/a//status"));
    assert.ok(!pathMatches("/a/out", "/a/out/count"));
    assert.equal(FaultRules.safeParse([{ path: "/x", status: 500, applyThenFail: 504 }]).success, false);
    assert.equal(FaultRules.safeParse([{ path: "/x", delayMs: 10, times: 1, method: "GET" }]).success, true);
    assert.equal(FaultRules.safeParse([{ path: "/x", status: 101 }]).success, false, "no informational statuses");
  });
});

describe("sandbox HTTP helpers", () => {
  test("Accept negotiation", () => {
    assert.ok(accepts(null, "application/json"));
    assert.ok(accepts("*/*", "application/pdf"));
    assert.ok(!accepts("application/xml", "application/json"));
    assert.ok(!accepts("application/json;q=0", "application/json"));
    assert.equal(negotiateDta("application/xml", true), "xml");
    assert.equal(negotiateDta("application/xml", false), 406);
    assert.equal(negotiateDta("application/xml, application/json", true), "json");
    assert.equal(negotiateDta("application/xml;q=0.9, application/json;q=0.5", false), 406);
    assert.equal(negotiateDta(null, true), "json");
    assert.equal(negotiateDta("text/html", true), 406);
  });

  test("paging: defaults, clamping, refusals", () => {
    const p = (q: string) => parsePaging(new URLSearchParams(q), 100, 1000);
    assert.deepEqual(p(""), { offset: 0, limit: 100 });
    assert.deepEqual(p("offset=5&limit=5000"), { offset: 5, limit: 1000 });
    for (const bad of ["offset=-1", "offset=abc", "limit=0", "limit=1.5", "offset="]) assert.ok("error" in p(bad), bad);
  });

  test("Authorization parsing and constant-time comparison", () => {
    assert.deepEqual(parseAuthorization(`Basic ${Buffer.from("u:p:q").toString("base64")}`), {
      kind: "basic",
      username: "u",
      password: "p:q",
    });
    assert.deepEqual(parseAuthorization("Bearer abc"), { kind: "bearer", token: "abc" });
    assert.deepEqual(parseAuthorization(null), { kind: "none" });
    assert.deepEqual(parseAuthorization("Basic !!!"), { kind: "malformed", scheme: "basic" });
    assert.ok(secretEquals("same", "same"));
    assert.ok(!secretEquals("same", "sam"));
    assert.ok(!secretEquals("", "x"));
  });
});
