import assert from "node:assert/strict";
import { XMLParser } from "fast-xml-parser";
import { unzipSync } from "fflate";
import { describe, test } from "node:test";
import { suiteServer } from "../support/suite";
import { A_BASIC, admin, B_BASIC, basic, call, putState, testState, ZIP_BYTES } from "./support";

const DTA = "/dta/v1/documents/out";

describe("sandbox DTA service v1", () => {
  const s = suiteServer({ sandbox: true });

  test("JSON list: links and _links with absolute URLs, prev null first, next null last", async () => {
    await putState(s.server, testState(1));
    const first = await call(s.server, `${DTA}?offset=0&limit=2`, { auth: A_BASIC, accept: "application/json" });
    assert.equal(first.status, 200);
    const a = await first.json();
    assert.deepEqual(a.links, a._links);
    assert.equal(a.links.self.href, `${s.server.url}${DTA}?offset=0&limit=2`);
    assert.equal(a.links.prev, null);
    assert.equal(a.links.next.href, `${s.server.url}${DTA}?offset=2&limit=2`);
    assert.deepEqual(
      a.documents.map((d: { documentid: string }) => d.documentid),
      ["d-0", "d-1"],
    );
    const d = a.documents[0];
    assert.equal(d.mimetype, "ZIP");
    assert.equal(d.doctypeversion, "3.07");
    for (const k of ["filesize", "filesizecompressed", "filedate", "hashvalue", "content"]) assert.equal(d[k], null, k);
    assert.equal(d.links.self.href, `${s.server.url}${DTA}/d-0`);
    assert.equal(d.metadata[0].pmnumber, null);
    const last = await (await fetch(a.links.next.href, { headers: { Authorization: A_BASIC } })).json();
    assert.deepEqual(
      last.documents.map((x: { documentid: string }) => x.documentid),
      ["d-2"],
    );
    assert.equal(last.links.next, null);
    assert.equal(last.links.prev.href, `${s.server.url}${DTA}?offset=0&limit=2`);
    assert.equal((await (await call(s.server, `${DTA}/count`, { auth: A_BASIC })).json()).count, 3);
  });

  test("kd selects another customer of the client; a foreign kd is 403 with a status object", async () => {
    const k = await (await call(s.server, DTA, { auth: A_BASIC, headers: { kd: "101" } })).json();
    assert.deepEqual(
      k.documents.map((d: { documentid: string }) => d.documentid),
      ["k-0"],
    );
    assert.equal(
      (await (await call(s.server, `${DTA}/count`, { auth: A_BASIC, headers: { kd: "101" } })).json()).count,
      1,
    );
    const foreign = await call(s.server, DTA, { auth: A_BASIC, headers: { kd: "200" } });
    assert.equal(foreign.status, 403);
    const status = await foreign.json();
    assert.deepEqual(Object.keys(status), ["statustype", "code", "message"]);
    assert.equal(status.statustype, "ERROR");
    assert.equal(status.code, "403");
    assert.equal((await call(s.server, `${DTA}/d-b-0`, { auth: A_BASIC })).status, 403);
    assert.equal(
      (await call(s.server, `${DTA}/k-0`, { auth: A_BASIC })).status,
      403,
      "k-0 belongs to 101, not the default customer",
    );
    assert.equal((await call(s.server, `${DTA}/k-0`, { auth: A_BASIC, headers: { kd: "101" } })).status, 200);
  });

  test("XML for list, count and single document when XML is preferred", async () => {
    const parser = new XMLParser();
    const list = await call(s.server, `${DTA}?limit=2`, { auth: A_BASIC, accept: "application/xml" });
    assert.equal(list.status, 200);
    assert.match(list.headers.get("content-type") ?? "", /application\/xml/);
    const x = parser.parse(await list.text());
    assert.equal(x.documentlist.documents.document[0].documentid, "d-0");
    assert.equal(x.documentlist.links.next.href, `${s.server.url}${DTA}?offset=2&limit=2`);
    const count = parser.parse(
      await (await call(s.server, `${DTA}/count`, { auth: A_BASIC, accept: "application/xml" })).text(),
    );
    assert.equal(count.count.count, 3);
    const single = parser.parse(
      await (
        await call(s.server, `${DTA}/d-1`, { auth: A_BASIC, accept: "application/xml;q=1, application/json;q=0.5" })
      ).text(),
    );
    assert.equal(single.document.documentid, "d-1");
    const json = await call(s.server, `${DTA}/d-1`, { auth: A_BASIC, accept: "application/json" });
    assert.equal((await json.json()).documentid, "d-1");
  });

  test("with dtaXml off, XML-only callers get 406", async () => {
    await putState(s.server, testState(1, { dtaXml: false }));
    const res = await call(s.server, DTA, { auth: A_BASIC, accept: "application/xml" });
    assert.equal(res.status, 406);
    assert.equal((await res.json()).code, "406");
    assert.equal((await call(s.server, DTA, { auth: A_BASIC, accept: "application/json" })).status, 200);
    await putState(s.server, testState(1));
  });

  test("data, confirmation, then 410 with a status object on data, single and status", async () => {
    const data = await call(s.server, `${DTA}/d-0/data`, { auth: A_BASIC });
    assert.equal(data.status, 200);
    assert.equal(data.headers.get("content-type"), "application/zip");
    assert.deepEqual(Buffer.from(await data.arrayBuffer()), ZIP_BYTES);
    const generated = Buffer.from(await (await call(s.server, `${DTA}/d-1/data`, { auth: A_BASIC })).arrayBuffer());
    const entries = unzipSync(generated);
    const dta = Object.keys(entries).find((n) => n.endsWith(".dta"))!;
    assert.match(Buffer.from(entries[dta]!).toString("utf8"), /^KOPF;A;3\.07;100;55501/);
    const again = Buffer.from(await (await call(s.server, `${DTA}/d-1/data`, { auth: A_BASIC })).arrayBuffer());
    assert.deepEqual(generated, again);
    const put = await call(s.server, `${DTA}/d-0/status`, { method: "PUT", auth: A_BASIC });
    assert.equal(put.status, 200);
    for (const [method, p] of [
      ["GET", `${DTA}/d-0/data`],
      ["GET", `${DTA}/d-0`],
      ["PUT", `${DTA}/d-0/status`],
    ] as const) {
      const res = await call(s.server, p, { method, auth: A_BASIC });
      assert.equal(res.status, 410, `${method} ${p}`);
      const body = await res.json();
      assert.equal(body.statustype, "ERROR");
      assert.equal(body.code, "410");
    }
    assert.equal((await (await call(s.server, `${DTA}/count`, { auth: A_BASIC })).json()).count, 2);
  });

  test("withdrawn documents are gone (410) and not listed", async () => {
    const state = testState(1);
    (state.documents.find((d) => d.documentid === "d-2") as Record<string, unknown>).withdrawn = true;
    await putState(s.server, state);
    assert.equal((await call(s.server, `${DTA}/d-2`, { auth: A_BASIC })).status, 410);
    assert.equal((await (await call(s.server, `${DTA}/count`, { auth: A_BASIC })).json()).count, 2);
  });

  test("POST documents/in: multipart upload answers 201 and is kept for inspection", async () => {
    const body = new FormData();
    body.set("file", new Blob([Buffer.from("PK\u0003\u0004 upload")], { type: "application/zip" }), "Rueckmeldung.zip");
    body.set("doctype", "A");
    body.set("doctypeversion", "3.07");
    body.set(
      "metadata",
      JSON.stringify([
        {
          reftype: "residentialunit",
          mscnumber: "55501003",
          pmnumber: "HV-7-03",
          from: "2025-01-01",
          to: "2025-12-31",
        },
      ]),
    );
    const res = await call(s.server, "/dta/v1/documents/in", {
      method: "POST",
      auth: A_BASIC,
      headers: { kd: "101" },
      body,
    });
    assert.equal(res.status, 201);
    const status = await res.json();
    assert.equal(status.statustype, "OK");
    assert.equal(status.code, "201");
    assert.match(status.documentid, /^[A-Za-z0-9._-]+$/);
    const state = await (await admin(s.server, "GET", "/state")).json();
    const got = state.received.find((r: { documentid: string }) => r.documentid === status.documentid);
    assert.equal(got.customer, "101");
    assert.equal(got.filename, "Rueckmeldung.zip");
    assert.equal(got.doctypeversion, "3.07");
    assert.equal(Buffer.from(got.content.base64, "base64").toString(), "PK\u0003\u0004 upload");
    const noFile = new FormData();
    noFile.set("doctype", "A");
    const bad = await call(s.server, "/dta/v1/documents/in", { method: "POST", auth: A_BASIC, body: noFile });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).statustype, "ERROR");
    const badMeta = new FormData();
    badMeta.set("file", new Blob(["x"]), "x.zip");
    badMeta.set("metadata", "{not json");
    assert.equal(
      (await call(s.server, "/dta/v1/documents/in", { method: "POST", auth: A_BASIC, body: badMeta })).status,
      400,
    );
  });

  test("501 for v0.5 and v0.1, 401 Basic-only, 404 and 405 with status objects", async () => {
    for (const p of ["/dta/v0.5/documents/out", "/dta/v0.1/documents/out/count"]) {
      const res = await call(s.server, p, { auth: A_BASIC });
      assert.equal(res.status, 501, p);
      assert.equal((await res.json()).code, "501");
    }
    for (const auth of [undefined, basic("a-user", "nope"), "Bearer abc"]) {
      const res = await call(s.server, DTA, { auth });
      assert.equal(res.status, 401);
      assert.match(res.headers.get("www-authenticate") ?? "", /^Basic/);
      assert.equal((await res.json()).code, "401");
    }
    const paging = await call(s.server, `${DTA}?limit=0`, { auth: A_BASIC });
    assert.equal(paging.status, 400);
    assert.equal((await paging.json()).code, "400");
    const missing = await call(s.server, `${DTA}/nope`, { auth: A_BASIC });
    assert.equal(missing.status, 404);
    assert.equal((await missing.json()).statustype, "ERROR");
    const wrongMethod = await call(s.server, `${DTA}/count`, { method: "PUT", auth: A_BASIC });
    assert.equal(wrongMethod.status, 405);
    assert.equal((await wrongMethod.json()).code, "405");
    const b = await (await call(s.server, DTA, { auth: B_BASIC })).json();
    assert.deepEqual(
      b.documents.map((d: { documentid: string }) => d.documentid),
      ["d-b-0"],
    );
  });
});
