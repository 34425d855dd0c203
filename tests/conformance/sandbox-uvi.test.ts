import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { suiteServer } from "../support/suite";
import { A_BASIC, admin, B_BASIC, basic, call, PDF_BYTES, putState, testState, token, UVI } from "./support";

describe("sandbox UVI PDF service v1", () => {
  const s = suiteServer({ sandbox: true });

  test("paging: links to the end, defaults, clamping, next absent on the last page", async () => {
    await putState(s.server, testState(7, { maxLimit: 5 }));
    const seen: string[] = [];
    let href: string | undefined = `${UVI}/documents/out?offset=0&limit=3`;
    let pages = 0;
    while (href && pages < 10) {
      const res = await call(s.server, href, { auth: A_BASIC, accept: "application/json" });
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type") ?? "", /application\/json/);
      const body = await res.json();
      assert.equal(body._links.self.href, href);
      assert.equal(body.count, 7);
      for (const d of body.documents) {
        assert.equal(d.doctype, "UVI-E");
        assert.equal(d.mimetype, "application/pdf");
        assert.equal(d.propertymanagement, "");
        assert.equal(d._links.self.href, `${UVI}/documents/out/${d.documentid}/data`);
        assert.deepEqual(Object.keys(d.metadata[0]), ["reftype", "mscnumber", "pmnumber", "from", "to"]);
        seen.push(d.documentid);
      }
      href = body._links.next?.href;
      pages++;
    }
    assert.equal(pages, 3);
    assert.deepEqual(seen, ["u-0", "u-1", "u-2", "u-3", "u-4", "u-5", "u-6"], "client A's documents in state order");
    const clamped = await (await call(s.server, `${UVI}/documents/out?limit=999`, { auth: A_BASIC })).json();
    assert.equal(clamped.documents.length, 5);
    assert.equal(clamped._links.self.href, `${UVI}/documents/out?offset=0&limit=5`);
    assert.equal(clamped._links.next.href, `${UVI}/documents/out?offset=5&limit=5`);
    const beyond = await (await call(s.server, `${UVI}/documents/out?offset=50`, { auth: A_BASIC })).json();
    assert.deepEqual(beyond.documents, []);
    assert.equal(beyond._links.next, undefined);
  });

  test("offsets stay exact across blocks of documents after scattered confirmations", async () => {
    const state = testState(2600);
    const preconfirmed = new Set(["u-5", "u-1500"]);
    for (const d of state.documents)
      if (preconfirmed.has(d.documentid)) (d as Record<string, unknown>).confirmed = true;
    await putState(s.server, state);
    const confirm = ["u-0", "u-1023", "u-1024", "u-1025", "u-2047", "u-2599", "u-1023"];
    for (const id of confirm)
      assert.equal(
        (await call(s.server, `${UVI}/documents/out/${id}/status`, { method: "PUT", auth: A_BASIC })).status,
        200,
      );
    const gone = new Set([...preconfirmed, ...confirm]);
    const expected = Array.from({ length: 2600 }, (_, i) => `u-${i}`).filter((id) => !gone.has(id));
    const seen: string[] = [];
    let href: string | undefined = `${UVI}/documents/out?offset=0&limit=700`;
    for (let pages = 0; href && pages < 10; pages++) {
      const body = await (await call(s.server, href, { auth: A_BASIC })).json();
      assert.equal(body.count, expected.length);
      seen.push(...body.documents.map((d: { documentid: string }) => d.documentid));
      href = body._links.next?.href;
    }
    assert.deepEqual(seen, expected);
    const mid = await (await call(s.server, `${UVI}/documents/out?offset=1020&limit=5`, { auth: A_BASIC })).json();
    assert.deepEqual(
      mid.documents.map((d: { documentid: string }) => d.documentid),
      expected.slice(1020, 1025),
    );
    assert.equal(
      (await (await call(s.server, `${UVI}/documents/out/count`, { auth: A_BASIC })).json()).count,
      2600 - 8,
    );
  });

  test("bad paging values are 400 with the error body", async () => {
    for (const q of ["offset=-1", "offset=abc", "limit=0", "limit=-5", "limit=x"]) {
      const res = await call(s.server, `${UVI}/documents/out?${q}`, { auth: A_BASIC });
      assert.equal(res.status, 400, q);
      const body = await res.json();
      assert.equal(body.status, 400);
      assert.equal(body.error, "Bad Request");
      assert.equal(typeof body.message, "string");
    }
  });

  test("count, confirmation (idempotent 200, empty body) excludes at once; data stays retrievable", async () => {
    await putState(s.server, testState(4));
    const count = async () =>
      (await (await call(s.server, `${UVI}/documents/out/count`, { auth: A_BASIC })).json()).count;
    assert.equal(await count(), 4);
    for (let i = 0; i < 2; i++) {
      const res = await call(s.server, `${UVI}/documents/out/u-1/status`, { method: "PUT", auth: A_BASIC });
      assert.equal(res.status, 200);
      assert.equal(await res.text(), "");
    }
    assert.equal(await count(), 3);
    const list = await (await call(s.server, `${UVI}/documents/out?offset=1&limit=2`, { auth: A_BASIC })).json();
    assert.deepEqual(
      list.documents.map((d: { documentid: string }) => d.documentid),
      ["u-2", "u-3"],
    );
    const data = await call(s.server, `${UVI}/documents/out/u-1/data`, { auth: A_BASIC });
    assert.equal(data.status, 200);
    const state = await (await admin(s.server, "GET", "/state")).json();
    const u1 = state.documents.find((d: { documentid: string }) => d.documentid === "u-1");
    assert.equal(u1.confirmed, true);
    assert.ok(!Number.isNaN(Date.parse(u1.confirmedAt)));
  });

  test("data: given bytes, generated PDF deterministic, Accept handling and 406", async () => {
    await putState(s.server, testState(3));
    const given = await call(s.server, `${UVI}/documents/out/u-0/data`, { auth: A_BASIC, accept: "application/pdf" });
    assert.equal(given.status, 200);
    assert.equal(given.headers.get("content-type"), "application/pdf");
    assert.deepEqual(Buffer.from(await given.arrayBuffer()), PDF_BYTES);
    const first = Buffer.from(
      await (await call(s.server, `${UVI}/documents/out/u-1/data`, { auth: A_BASIC })).arrayBuffer(),
    );
    const second = Buffer.from(
      await (await call(s.server, `${UVI}/documents/out/u-1/data`, { auth: A_BASIC, accept: "*/*" })).arrayBuffer(),
    );
    assert.equal(first.subarray(0, 5).toString(), "%PDF-");
    assert.ok(first.length > 2000);
    assert.deepEqual(first, second, "same bytes every time");
    const res = await call(s.server, `${UVI}/documents/out/u-1/data`, { auth: A_BASIC, accept: "text/html" });
    assert.equal(res.status, 406);
    assert.equal((await res.json()).status, 406);
  });

  test("406 for XML on list and count; 405; 501; 404", async () => {
    for (const p of ["/documents/out", "/documents/out/count"]) {
      const res = await call(s.server, `${UVI}${p}`, { auth: A_BASIC, accept: "application/xml" });
      assert.equal(res.status, 406, p);
    }
    const put = await call(s.server, `${UVI}/documents/out/count`, { method: "PUT", auth: A_BASIC });
    assert.equal(put.status, 405);
    assert.equal(put.headers.get("allow"), "GET");
    assert.equal(
      (await call(s.server, `${UVI}/documents/out/u-1/status`, { method: "GET", auth: A_BASIC })).status,
      405,
    );
    assert.equal((await call(s.server, `${UVI}/documents/in`, { method: "POST", auth: A_BASIC })).status, 501);
    const single = await call(s.server, `${UVI}/documents/out/u-1`, { auth: A_BASIC });
    assert.equal(single.status, 501);
    assert.deepEqual(Object.keys(await single.json()), ["status", "error", "message"]);
    assert.equal((await call(s.server, `${UVI}/documents/out/nope/data`, { auth: A_BASIC })).status, 404);
    assert.equal(
      (await call(s.server, `${UVI}/documents/out/nope/status`, { method: "PUT", auth: A_BASIC })).status,
      404,
    );
    assert.equal((await call(s.server, `${UVI}/elsewhere`, { auth: A_BASIC })).status, 404);
  });

  test("401 with WWW-Authenticate naming both schemes; 403 for another client's document", async () => {
    for (const auth of [undefined, basic("a-user", "wrong"), basic("nobody", "x"), "Bearer not-a-jwt", "Digest abc"]) {
      const res = await call(s.server, `${UVI}/documents/out`, { auth });
      assert.equal(res.status, 401, String(auth));
      const challenge = res.headers.get("www-authenticate") ?? "";
      assert.match(challenge, /Basic/);
      assert.match(challenge, /Bearer/);
      assert.equal((await res.json()).status, 401);
    }
    assert.equal((await call(s.server, `${UVI}/documents/out/u-b-0/data`, { auth: A_BASIC })).status, 403);
    assert.equal(
      (await call(s.server, `${UVI}/documents/out/u-1/status`, { method: "PUT", auth: B_BASIC })).status,
      403,
    );
    const b = await (await call(s.server, `${UVI}/documents/out`, { auth: B_BASIC })).json();
    assert.deepEqual(
      b.documents.map((d: { documentid: string }) => d.documentid),
      ["u-b-0"],
    );
  });

  test("Bearer token of the sandbox's identity provider works on every endpoint", async () => {
    const auth = `Bearer ${await token(s.server)}`;
    assert.equal((await call(s.server, `${UVI}/documents/out`, { auth })).status, 200);
    assert.equal((await call(s.server, `${UVI}/documents/out/count`, { auth })).status, 200);
    assert.equal((await call(s.server, `${UVI}/documents/out/u-2/data`, { auth })).status, 200);
    assert.equal((await call(s.server, `${UVI}/documents/out/u-2/status`, { method: "PUT", auth })).status, 200);
  });

  test("OAuth credentials are not Basic credentials of the document service", async () => {
    const res = await call(s.server, `${UVI}/documents/out`, { auth: basic("a-api", "a-oauth-secret-1") });
    assert.equal(res.status, 401);
  });
});
