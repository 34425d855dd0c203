import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { startListener, type Listener } from "../../support/listener";
import { api } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";

describe("proxy routes against the alt provider", () => {
  const p = altProviderSuite();
  const s = suiteServer(() => ({ env: { PROVIDER_URL_ALLOWLIST: p.alt.origin, PROVIDER_TIMEOUT_MS: "1500" } }));
  let foreign: Listener;
  let a: Person;
  let uviBasic: string;
  let uviOauth: string;
  let dta: string;

  before(async () => {
    foreign = await startListener();
    a = await makeUser(s.server, "manager");
    uviBasic = (
      await addConnection(s.server, a.session, {
        service: "uvi",
        baseUrl: p.alt.uviBase,
        auth: { type: "basic", ...p.alt.basic },
      })
    ).id;
    uviOauth = (
      await addConnection(s.server, a.session, {
        service: "uvi",
        baseUrl: p.alt.uviBase,
        authUrl: p.alt.origin,
        auth: { type: "client_credentials", ...p.alt.oauth },
      })
    ).id;
    dta = (
      await addConnection(s.server, a.session, {
        service: "dta",
        baseUrl: p.alt.dtaBase,
        customerNumber: "4711",
        auth: { type: "basic", ...p.alt.basic },
      })
    ).id;
  });
  after(() => foreign?.close());
  beforeEach(() => p.alt.reset());

  const get = (path: string, headers: Record<string, string> = {}) => api(a.session, s.server.url, path, { headers });

  test("list and count with Basic and with client credentials (one token for many calls)", async () => {
    for (const id of [uviBasic, uviOauth]) {
      const list = await get(`/api/connections/${id}/documents?offset=1&limit=3`);
      assert.equal(list.status, 200, list.text);
      assert.equal(list.body.count, 5);
      assert.equal(list.body.offset, 1);
      assert.equal(list.body.limit, 3);
      assert.deepEqual(
        list.body.documents.map((d: { documentid: string }) => d.documentid),
        ["alt-uvi-1", "alt-uvi-2", "alt-uvi-3"],
      );
      assert.equal(list.body.documents[0].propertymanagement, "");
      assert.equal(list.body.documents[0].extraField, "kept-1");
      assert.deepEqual((await get(`/api/connections/${id}/documents/count`)).body, { count: 5 });
    }
    await Promise.all(Array.from({ length: 20 }, () => get(`/api/connections/${uviOauth}/documents/count`)));
    assert.equal(p.alt.counters.tokenRequests, 1);
  });

  test("DTA: XML answers, kd from the connection or the query, ZIP as application/zip", async () => {
    p.alt.modes.dtaXml = true;
    const list = await get(`/api/connections/${dta}/documents`);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.documents.length, 5);
    assert.equal(list.body.documents[0].mimetype, "application/zip");
    assert.equal(list.body.documents[0].doctypeversion, "3.07");
    assert.ok(p.alt.counters.requests.every((r) => r.kd === "4711"));
    await get(`/api/connections/${dta}/documents/count?kd=4712`);
    assert.equal(p.alt.counters.requests.at(-1)!.kd, "4712");
    assert.equal((await get(`/api/connections/${dta}/documents/count?kd=bad%20kd`)).status, 400);
  });

  test("paging query is validated", async () => {
    for (const q of ["offset=-1", "limit=0", "limit=abc", "limit=5000"]) {
      const res = await get(`/api/connections/${uviBasic}/documents?${q}`);
      assert.equal(res.status, 400, q);
    }
  });

  test("data: streamed with the provider's type and a safe Content-Disposition", async () => {
    p.alt.modes.dataBytes = 2_000_000;
    const res = await fetch(`${s.server.url}/api/connections/${uviBasic}/documents/alt-uvi-0/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "application/pdf");
    const cd = res.headers.get("content-disposition")!;
    assert.match(cd, /^inline; filename="Gr__e _UVI_0.pdf"; filename\*=UTF-8''Gr%C3%B6%C3%9Fe%20_UVI_0.pdf$/);
    assert.equal((await res.arrayBuffer()).byteLength, 2_000_000);
    const zip = await fetch(`${s.server.url}/api/connections/${dta}/documents/alt-dta-1/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(zip.headers.get("content-type"), "application/zip");
    assert.match(zip.headers.get("content-disposition")!, /^attachment; /);
    await zip.arrayBuffer();
  });

  test("data: a provider that stalls mid-body is cut off", async () => {
    p.alt.modes.stallData = true;
    p.alt.modes.dataBytes = 1_000_000;
    const started = Date.now();
    const res = await fetch(`${s.server.url}/api/connections/${uviBasic}/documents/alt-uvi-0/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(res.status, 200);
    await assert.rejects(res.arrayBuffer());
    assert.ok(Date.now() - started < 10_000);
  });

  test("data and confirm: unknown ids, forbidden ids and malformed ids", async () => {
    const gone = await get(`/api/connections/${uviBasic}/documents/nope/data`);
    assert.equal(gone.status, 410);
    assert.equal(gone.body.error, "document_gone");
    assert.ok(!gone.text.includes("<script>"), "the provider's body is never echoed");
    for (const id of ["a%2Fb", "..", "a..b", "x%00y", "x".repeat(201)]) {
      const res = await get(`/api/connections/${uviBasic}/documents/${id}/data`);
      assert.ok([400, 404].includes(res.status), `${id}: ${res.status}`);
    }
    assert.equal(p.alt.counters.requests.filter((r) => r.path.includes("a/b") || r.path.includes("..")).length, 0);
    p.alt.modes.failures = [{ status: 403 }];
    assert.equal((await get(`/api/connections/${uviBasic}/documents/alt-uvi-0/data`)).status, 404);
  });

  test("confirm: 200 confirmed; already confirmed is no longer open; 503 and timeout are unknown, sent once", async () => {
    const put = (id: string, conn = uviBasic) =>
      api(a.session, s.server.url, `/api/connections/${conn}/documents/${id}/status`, { method: "PUT" });
    assert.deepEqual((await put("alt-uvi-0")).body, { documentid: "alt-uvi-0", state: "confirmed" });
    // Asked again: confirmed before, by whom and when (nothing is sent).
    const again = (await put("alt-uvi-0")).body;
    assert.deepEqual(
      { ...again, confirmedAt: undefined },
      { documentid: "alt-uvi-0", state: "confirmed", confirmedBy: "Test manager", confirmedAt: undefined },
    );
    assert.match(again.confirmedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d/);
    assert.equal((await get(`/api/connections/${uviBasic}/documents/count`)).body.count, 4);

    // Viewed first, so the confirmation finds the bytes archived and its only request is the PUT.
    assert.equal((await get(`/api/connections/${uviBasic}/documents/alt-uvi-1/data`)).status, 200);
    p.alt.modes.failures = [{ status: 503, headers: { "retry-after": "0" } }];
    const u = await put("alt-uvi-1");
    assert.equal(u.status, 502);
    assert.equal(u.body.state, "unknown");
    p.alt.modes.confirmDelayMs = 3000;
    const t = await put("alt-uvi-2", uviOauth);
    assert.equal(t.status, 504);
    assert.equal(t.body.state, "unknown");
    assert.equal(typeof t.body.message, "string");
    p.alt.modes.confirmDelayMs = 0;
    p.alt.modes.confirmStatus = 403;
    const f = await put("alt-uvi-3");
    assert.equal(f.status, 502);
    assert.equal(f.body.state, "failed");
    const puts = p.alt.counters.requests.filter((r) => r.method === "PUT");
    assert.equal(puts.filter((r) => r.path.includes("alt-uvi-1")).length, 1);
    assert.equal(puts.filter((r) => r.path.includes("alt-uvi-2")).length, 1);
  });

  test("reads retry on 429 with an HTTP date and 503 with seconds", async () => {
    p.alt.modes.failures = [
      { status: 429, headers: { "retry-after": new Date(Date.now() + 200).toUTCString() } },
      { status: 503, headers: { "retry-after": "0" } },
    ];
    const res = await get(`/api/connections/${uviBasic}/documents/count`);
    assert.deepEqual(res.body, { count: 5 });
    p.alt.modes.failures = Array.from({ length: 5 }, () => ({ status: 429, headers: { "retry-after": "0" } }));
    const limited = await get(`/api/connections/${uviBasic}/documents/count`);
    assert.equal(limited.status, 503);
    assert.equal(limited.body.error, "provider_rate_limited");
  });

  test("a redirect is not followed; a foreign next link ends paging without a request there", async () => {
    p.alt.modes.redirectTo = `http://127.0.0.1:${foreign.port}/`;
    const r = await get(`/api/connections/${uviBasic}/documents`);
    assert.equal(r.status, 502);
    assert.equal(r.body.error, "provider_unexpected");
    p.alt.modes.redirectTo = undefined;
    p.alt.modes.foreignNext = `http://127.0.0.1:${foreign.port}/arge/documents/v1/documents/out?offset=2&limit=100`;
    const l = await get(`/api/connections/${uviBasic}/documents`);
    assert.equal(l.status, 502);
    assert.equal(l.body.error, "provider_bad_link");
    assert.equal(foreign.connections(), 0);
  });

  test("a bearer token the provider stops accepting is replaced once", async () => {
    await get(`/api/connections/${uviOauth}/documents/count`);
    const before = p.alt.counters.tokenRequests;
    p.alt.revokeTokens();
    assert.deepEqual((await get(`/api/connections/${uviOauth}/documents/count`)).body, { count: 5 });
    assert.equal(p.alt.counters.tokenRequests, before + 1);
  });

  test("no provider secret or token appears in the server's output", () => {
    const out = s.server.output();
    assert.ok(!out.includes(p.alt.basic.password));
    assert.ok(!out.includes(p.alt.oauth.clientSecret));
    assert.ok(!out.includes(Buffer.from(`${p.alt.basic.username}:${p.alt.basic.password}`).toString("base64")));
  });
});
