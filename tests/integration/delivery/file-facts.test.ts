import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import {
  control,
  mustSync,
  ndjson,
  putState,
  requestsLog,
  SANDBOX_BASIC,
  SANDBOX_CLIENT,
} from "../../support/delivery";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * What the DTA service says about a file, over HTTP against the sandbox (docs/api.md, "File
 * facts"): facts from the list, from the single document where the list left them out (asked
 * once), JSON and XML; the bytes checked against a hex MD5, SHA-1 or SHA-256 hashvalue, a
 * mismatch refusing the confirmation without a PUT; a size that differs shown, never enforced.
 */

const bytesOf = (id: string) => Buffer.concat([Buffer.from(`PK\u0003\u0004${id}`), randomBytes(3000)]);
const digest = (algorithm: string, b: Buffer) => createHash(algorithm).update(b).digest("hex");
const OTHER = Buffer.from("other bytes than these");

const content = new Map<string, Buffer>();
function dta(id: string, customer: string, facts: (b: Buffer) => Record<string, unknown> = () => ({})) {
  const b = bytesOf(id);
  content.set(id, b);
  return {
    service: "dta",
    customer,
    documentid: id,
    filename: `${id}.zip`,
    doctype: "ABRECHNUNG",
    mimetype: "ZIP",
    metadata: [{ reftype: "property", mscnumber: `M-${id}`, pmnumber: null, from: "2026-01-01", to: "2026-12-31" }],
    content: { base64: b.toString("base64") },
    ...facts(b),
  };
}

const DOCUMENTS = [
  dta("f-md5", "4711", (b) => ({
    filesize: b.length,
    filesizecompressed: "2000",
    filedate: "2026-03-01T10:00:00Z",
    hashvalue: `MD5:${digest("md5", b).toUpperCase()}`,
  })),
  dta("f-sha1", "4711", (b) => ({ hashvalue: digest("sha1", b) })),
  dta("f-sha256", "4711", (b) => ({ filesize: 12, hashvalue: `sha-256:${digest("sha256", b)}` })),
  dta("f-text", "4711", () => ({ hashvalue: "prüfsumme folgt", filedate: "gestern" })),
  dta("f-bad", "4711", () => ({ hashvalue: digest("md5", OTHER) })),
  dta("f-bad-view", "4711", () => ({ hashvalue: `sha1:${digest("sha1", OTHER)}` })),
  dta("f-bad-bulk", "4711", () => ({ hashvalue: digest("sha256", OTHER) })),
  dta("f-single", "4712", (b) => ({ filesize: String(b.length), filedate: "01.03.2026", hashvalue: digest("md5", b) })),
  dta("f-none", "4712"),
  dta("f-xml", "4712", (b) => ({ filesize: b.length, hashvalue: `sha256:${digest("sha256", b)}` })),
];

const LIST = "/dta/v1/documents/out";
const basic = `Basic ${Buffer.from(`${SANDBOX_CLIENT.basic.username}:${SANDBOX_CLIENT.basic.password}`).toString("base64")}`;

describe("file facts of the DTA service", () => {
  const s = suiteServer({ sandbox: true, env: { SYNC_INTERVAL_MINUTES: "0", PROVIDER_TIMEOUT_MS: "5000" } });
  let a: Person;
  let k1 = "";
  let k2 = "";

  /** The sandbox's own answer, as a provider sends it. */
  const sandbox = async (path: string, kd: string, accept = "application/json") =>
    (await fetch(`${s.server.url}${path}`, { headers: { authorization: basic, kd, accept } })).text();
  const singleAsks = async (id: string) =>
    (await requestsLog(s.server)).filter((r) => r.method === "GET" && r.path === `${LIST}/${id}`).length;
  const putsOf = async (id: string) =>
    (await requestsLog(s.server)).filter((r) => r.method === "PUT" && r.path === `${LIST}/${id}/status`).length;
  const facts = async (conn: string, id: string) => {
    const res = await api(a.session, s.server.url, `/api/connections/${conn}/documents/${id}`);
    assert.equal(res.status, 200, res.text);
    return res.body;
  };
  const confirm = (conn: string, id: string) =>
    api(a.session, s.server.url, `/api/connections/${conn}/documents/${id}/status`, { method: "PUT" });

  before(async () => {
    await putState(s.server, DOCUMENTS);
    a = await makeUser(s.server, "manager");
    const dtaConnection = (kd: string) => ({
      service: "dta",
      baseUrl: `${s.server.url}/dta`,
      customerNumber: kd,
      auth: SANDBOX_BASIC,
    });
    k1 = (await addConnection(s.server, a.session, { ...dtaConnection("4711"), name: "DTA 4711" })).id;
    k2 = (await addConnection(s.server, a.session, { ...dtaConnection("4712"), name: "DTA 4712" })).id;
    await mustSync(a.session, s.server.url, k1);
    // The second customer's list leaves every fact out (a provider that sends them only on the single document).
    const listed = JSON.parse(await sandbox(`${LIST}?offset=0&limit=100`, "4712")) as {
      documents: Record<string, unknown>[];
    };
    for (const d of listed.documents)
      Object.assign(d, { filesize: null, filesizecompressed: null, filedate: null, hashvalue: null });
    await control(s.server, "PUT", "/faults", [
      { method: "GET", path: LIST, status: 200, body: JSON.stringify(listed) },
    ]);
    await mustSync(a.session, s.server.url, k2);
    await control(s.server, "DELETE", "/faults");
  });

  test("the sandbox answers the facts a state sets, JSON and XML, and null where it sets none", async () => {
    const list = JSON.parse(await sandbox(`${LIST}?offset=0&limit=100`, "4711")) as {
      documents: Record<string, unknown>[];
    };
    const md5 = list.documents.find((d) => d.documentid === "f-md5")!;
    assert.equal(md5.filesize, content.get("f-md5")!.length);
    assert.equal(md5.filesizecompressed, "2000");
    assert.equal(md5.hashvalue, `MD5:${digest("md5", content.get("f-md5")!).toUpperCase()}`);
    const single = JSON.parse(await sandbox(`${LIST}/f-none`, "4712")) as Record<string, unknown>;
    assert.deepEqual(
      [single.filesize, single.filesizecompressed, single.filedate, single.hashvalue],
      [null, null, null, null],
    );
    const xml = await sandbox(`${LIST}/f-single`, "4712", "application/xml");
    assert.match(xml, new RegExp(`<hashvalue>${digest("md5", content.get("f-single")!)}</hashvalue>`));
    assert.match(xml, /<filedate>01\.03\.2026<\/filedate>/);
  });

  test("facts the list gives are used as they are: no single document is asked", async () => {
    const b = content.get("f-md5")!;
    const doc = await facts(k1, "f-md5");
    assert.equal(doc.facts.source, "list");
    assert.equal(doc.facts.filesize, b.length);
    assert.equal(doc.facts.filesizecompressed, 2000);
    assert.equal(doc.facts.filedate, "2026-03-01T10:00:00Z");
    assert.equal(doc.facts.filedateParsed, "2026-03-01T10:00:00.000Z");
    assert.deepEqual(doc.facts.hash, { algorithm: "md5", hex: digest("md5", b), actual: null, matches: null });
    assert.equal(await singleAsks("f-md5"), 0);
  });

  test("correct MD5, SHA-1 and SHA-256 let the confirmation through; a size that differs is shown, not enforced; a hash that is no digest is shown, not checked", async () => {
    for (const id of ["f-md5", "f-sha1", "f-sha256", "f-text"]) {
      const res = await confirm(k1, id);
      assert.equal(res.status, 200, `${id}: ${res.text}`);
      assert.equal(res.body.state, "confirmed");
      assert.equal(await putsOf(id), 1);
    }
    const sha1 = await facts(k1, "f-sha1");
    assert.equal(sha1.facts.hash.matches, true);
    assert.equal(sha1.facts.hash.actual, digest("sha1", content.get("f-sha1")!));
    const sized = await facts(k1, "f-sha256");
    assert.equal(sized.facts.filesize, 12);
    assert.equal(sized.facts.sizeDiffers, content.get("f-sha256")!.length);
    assert.equal(sized.facts.hash.matches, true);
    const text = await facts(k1, "f-text");
    assert.equal(text.facts.hashvalue, "prüfsumme folgt");
    assert.equal(text.facts.hash, null);
    assert.equal(text.facts.filedate, "gestern");
    assert.equal(text.facts.filedateParsed, null);
  });

  test("a wrong hash blocks the confirmation: 409 hash_mismatch in the caller's words, no PUT; the record and its timeline show it", async () => {
    const res = await confirm(k1, "f-bad");
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.error, "hash_mismatch");
    assert.equal(res.body.state, "failed");
    const actual = digest("md5", content.get("f-bad")!);
    assert.equal(
      res.body.message,
      `Der Anbieter hat andere Bytes geliefert, als er beschreibt: Prüfsumme (MD5) ${digest("md5", OTHER)} erwartet, ${actual} erhalten. Nicht bestätigt.`,
    );
    assert.equal(await putsOf("f-bad"), 0, "no PUT reached the provider");
    const doc = await facts(k1, "f-bad");
    assert.deepEqual(doc.facts.hash, { algorithm: "md5", hex: digest("md5", OTHER), actual, matches: false });
    assert.notEqual(doc.state, "confirmed");

    const support = await makeUser(s.server, "support");
    const record = await api(support.session, s.server.url, `/api/delivery/documents/${k1}/f-bad`);
    assert.equal(record.status, 200, record.text);
    assert.equal(record.body.facts.hash.matches, false);
    const fetchEvent = record.body.events.find((e: { kind: string }) => e.kind === "fetch");
    assert.deepEqual(fetchEvent.detail.hash, { algorithm: "md5", hex: digest("md5", OTHER), actual, matches: false });
    assert.ok(
      record.body.events.some(
        (e: { kind: string; detail: { code?: string } }) =>
          e.kind === "confirm.outcome" && e.detail.code === "hash_mismatch",
      ),
    );
  });

  test("a view checks the bytes as they are archived; a bulk confirmation after it says failed for that line, and sends no PUT", async () => {
    const view = await fetch(`${s.server.url}/api/connections/${k1}/documents/f-bad-view/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(view.status, 200);
    assert.ok(
      Buffer.from(await view.arrayBuffer()).equals(content.get("f-bad-view")!),
      "the bytes reach the viewer unchanged",
    );
    const doc = await facts(k1, "f-bad-view");
    assert.equal(doc.facts.hash.algorithm, "sha1");
    assert.equal(doc.facts.hash.matches, false);

    const bulk = await ndjson(a.session, s.server.url, `/api/connections/${k1}/confirmations`, {
      documentids: ["f-bad-view", "f-bad-bulk"],
    });
    assert.equal(bulk.status, 200, bulk.text);
    for (const id of ["f-bad-view", "f-bad-bulk"]) {
      const line = bulk.lines.find((l) => l.documentid === id)!;
      assert.equal(line.state, "failed", bulk.text);
      assert.equal(line.error, "hash_mismatch");
      assert.match(
        String(line.message),
        /^Der Anbieter hat andere Bytes geliefert, als er beschreibt: Prüfsumme \((SHA-1|SHA-256)\) [0-9a-f]+ erwartet, [0-9a-f]+ erhalten\. Nicht bestätigt\.$/,
      );
      assert.equal(await putsOf(id), 0);
    }
  });

  test("where the list left the facts out, the single document is asked, once, and its answer stored (also when it had none)", async () => {
    const b = content.get("f-single")!;
    // The first test read both from the sandbox itself: only the dashboard's requests count.
    const [askedSingle, askedNone] = [await singleAsks("f-single"), await singleAsks("f-none")];
    const first = await facts(k2, "f-single");
    assert.equal(first.facts.source, "document");
    assert.equal(first.facts.filesize, b.length, "numeric text is a size");
    assert.equal(first.facts.filedateParsed, "2026-03-01T00:00:00.000Z");
    assert.equal(first.facts.hash.algorithm, "md5");
    assert.equal(await singleAsks("f-single"), askedSingle + 1);
    await facts(k2, "f-single");
    const view = await fetch(`${s.server.url}/api/connections/${k2}/documents/f-single/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(view.status, 200);
    await view.arrayBuffer();
    assert.equal((await facts(k2, "f-single")).facts.hash.matches, true);
    assert.equal(await singleAsks("f-single"), askedSingle + 1, "asked once per document");
    assert.equal((await confirm(k2, "f-single")).status, 200);

    const none = await facts(k2, "f-none");
    assert.equal(none.facts.source, null);
    assert.equal(none.facts.hash, null);
    await facts(k2, "f-none");
    assert.equal(await singleAsks("f-none"), askedNone + 1, "that it had none is stored too");
  });

  test("a single document answered as XML, and a list answered as XML, give their facts", async () => {
    const b = content.get("f-xml")!;
    const xml = await sandbox(`${LIST}/f-xml`, "4712", "application/xml");
    await control(s.server, "PUT", "/faults", [{ method: "GET", path: `${LIST}/f-xml`, status: 200, body: xml }]);
    const doc = await facts(k2, "f-xml");
    await control(s.server, "DELETE", "/faults");
    assert.equal(doc.facts.source, "document");
    assert.equal(doc.facts.filesize, b.length);
    assert.deepEqual(doc.facts.hash, { algorithm: "sha256", hex: digest("sha256", b), actual: null, matches: null });

    const list = await sandbox(`${LIST}?offset=0&limit=100`, "4711", "application/xml");
    await control(s.server, "PUT", "/faults", [{ method: "GET", path: LIST, status: 200, body: list }]);
    await mustSync(a.session, s.server.url, k1);
    await control(s.server, "DELETE", "/faults");
    const listed = await facts(k1, "f-bad-bulk");
    assert.equal(listed.facts.source, "list");
    assert.equal(listed.facts.hash.hex, digest("sha256", OTHER));
  });
});
