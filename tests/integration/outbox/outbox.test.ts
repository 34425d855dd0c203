import assert from "node:assert/strict";
import { before, beforeEach, describe, test } from "node:test";
import { addConnection } from "../../support/connections";
import { liftHold, SANDBOX_BASIC, uvi } from "../../support/delivery";
import {
  archiveSize,
  awkwardBytes,
  dtaConnection,
  receivedAs,
  setFaults,
  sha256,
  upload,
  uploadChunked,
  uploadsLogged,
} from "../../support/outbox";
import { freePort } from "../../support/server";
import { sandboxSuite } from "../../support/suite";

/**
 * Issue 21, sending: `POST /api/connections/{id}/outbox` streams an upload into the archive,
 * commits the item as `unknown`, sends it once to the provider's `documents/in` and records what
 * came back; over HTTP against the sandbox (the real provider endpoint, its fault rules and its
 * request log). outbox-records.test.ts: the list, resolving, support's view and the audit trail.
 */

const MB = 1024 * 1024;
// An allowlisted origin where nothing listens: a send that fails before any byte left.
const nowhere = `http://127.0.0.1:${await freePort()}`;
const METRICS = "outbox-metrics-token-1";

describe("sending a file through a DTA connection's outbox", () => {
  const s = sandboxSuite([uvi("u-1", "7001")], {
    env: { OUTBOX_MAX_MB: "1", PROVIDER_TIMEOUT_MS: "3000", PROVIDER_URL_ALLOWLIST: nowhere, METRICS_TOKEN: METRICS },
  });
  let dta = "";
  before(async () => {
    dta = await dtaConnection(s, "DTA");
  });
  beforeEach(() => setFaults(s.server, []));

  const send = (name: string, bytes: Uint8Array, fields: Record<string, string> = {}, query = "") =>
    upload(s.manager.session, s.server, dta, { name, bytes }, fields, query);

  test("the bytes arrive unchanged and once, with the fields and the customer's kd header; the status object is recorded", async () => {
    const bytes = awkwardBytes(300 * 1024);
    const before = (await uploadsLogged(s.server)).length;
    const metadata = [{ reftype: "billingunit", mscnumber: "55501", pmnumber: null, from: null, to: null }];
    const res = await send("Abrechnung 2026.zip", bytes, {
      doctype: "A",
      doctypeversion: "3.07",
      kd: "4712",
      metadata: JSON.stringify(metadata),
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.state, "sent");
    assert.equal(res.body.sha256, sha256(bytes));
    assert.equal(res.body.bytes, bytes.length);
    assert.equal(res.body.kd, "4712");
    assert.equal(res.body.sentBy, s.manager.email);
    assert.deepEqual(res.body.status, { statustype: "OK", code: "201", message: "document received" });
    assert.equal(res.body.httpStatus, 201);

    const got = await receivedAs(s.server, "Abrechnung 2026.zip");
    assert.equal(got.length, 1, "received once");
    assert.equal(sha256(Buffer.from(got[0]!.content.base64, "base64")), sha256(bytes), "received unchanged");
    assert.equal(got[0]!.customer, "4712");
    assert.equal(got[0]!.doctype, "A");
    assert.equal(got[0]!.doctypeversion, "3.07");
    assert.deepEqual(got[0]!.metadata, metadata);
    const posts = (await uploadsLogged(s.server)).slice(before);
    assert.equal(posts.length, 1);
    assert.equal(posts[0]!.kd, "4712");
    assert.equal(posts[0]!.auth, "basic");
  });

  test("a file name with umlauts is kept as written, stored and sent in UTF-8", async () => {
    const bytes = awkwardBytes(2048);
    const res = await send("Übersicht Schloßstraße.pdf", bytes, { doctype: "A" });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.filename, "Übersicht Schloßstraße.pdf");
    const got = await receivedAs(s.server, "Übersicht Schloßstraße.pdf");
    assert.equal(got.length, 1, "the provider received it under its own name");
  });

  test("without kd the connection's customer number is sent", async () => {
    const res = await send("ohne-kd.xml", Buffer.from("<daten/>"));
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.kd, "4711");
    assert.equal((await uploadsLogged(s.server)).at(-1)!.kd, "4711");
    assert.equal((await receivedAs(s.server, "ohne-kd.xml"))[0]!.customer, "4711");
  });

  test("the same bytes again: 409 naming the first send; ?again=1 sends them again", async () => {
    const bytes = awkwardBytes(10 * 1024);
    const first = await send("zweimal.zip", bytes);
    assert.equal(first.status, 201, first.text);
    const again = await send("anderer-name.zip", bytes);
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.error, "already_sent");
    assert.equal(again.body.previous.id, first.body.id);
    assert.match(again.body.message, new RegExp(s.manager.email.replace(/[.+]/g, "\\$&")));
    assert.match(again.body.message, /bereits am \d\d\.\d\d\.\d{4}, \d\d:\d\d/);
    assert.equal((await receivedAs(s.server, "anderer-name.zip")).length, 0, "nothing sent on a 409");

    const forced = await send("zweimal.zip", bytes, {}, "?again=1");
    assert.equal(forced.status, 201, forced.text);
    assert.notEqual(forced.body.id, first.body.id);
    assert.equal((await receivedAs(s.server, "zweimal.zip")).length, 2);
  });

  test("a provider 500 is recorded as failed with its status object, nothing resent; the same bytes may then be sent without ?again", async () => {
    await setFaults(s.server, [{ method: "POST", path: "/dta/v1/documents/in", status: 500, times: 1 }]);
    const before = (await uploadsLogged(s.server)).length;
    const bytes = awkwardBytes(2048);
    const res = await send("fehler.zip", bytes);
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.state, "failed");
    assert.equal(res.body.httpStatus, 500);
    assert.equal(res.body.status.statustype, "ERROR");
    assert.match(res.body.message, /abgelehnt \(HTTP 500\)/);
    assert.equal((await uploadsLogged(s.server)).length - before, 1, "one POST, never retried");

    const retry = await send("fehler.zip", bytes);
    assert.equal(retry.status, 201, retry.text);
    assert.equal(retry.body.state, "sent");
  });

  test("429 and 503 are not retried either; a non-JSON error body is kept as a short clean excerpt", async () => {
    const html = `<html><body>Wartung\u0007 ${"x".repeat(2000)}</body></html>`;
    await setFaults(s.server, [
      { method: "POST", path: "/dta/v1/documents/in", status: 429, retryAfterSeconds: 1, times: 1 },
      { method: "POST", path: "/dta/v1/documents/in", status: 503, body: html, times: 1 },
    ]);
    const before = (await uploadsLogged(s.server)).length;
    const a = await send("rate.zip", awkwardBytes(100));
    const b = await send("wartung.zip", awkwardBytes(100));
    assert.equal(a.body.state, "failed");
    assert.equal(a.body.httpStatus, 429);
    assert.equal(b.body.state, "failed");
    assert.equal(b.body.status, null);
    assert.match(b.body.message, /HTTP 503\): <html><body>Wartung /);
    assert.ok(b.body.message.length < 700 && !b.body.message.includes("\u0007"), b.body.message);
    assert.equal((await uploadsLogged(s.server)).length - before, 2);
  });

  test("no answer within PROVIDER_TIMEOUT_MS: unknown, saying the provider may have it; the bytes then count as sent", async () => {
    // Held past PROVIDER_TIMEOUT_MS, and let go once the app has given up on it.
    await setFaults(s.server, [{ method: "POST", path: "/dta/v1/documents/in", hold: "upload", times: 1 }]);
    const bytes = awkwardBytes(4096);
    const res = await send("langsam.zip", bytes);
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.state, "unknown");
    assert.equal(res.body.httpStatus, null);
    assert.match(res.body.message, /Zeitüberschreitung nach dem Senden.*möglicherweise erhalten/);
    const repeat = await send("langsam.zip", bytes);
    assert.equal(repeat.status, 409);
    assert.match(repeat.body.message, /ungewiss/);
    await liftHold(s.server, "upload");
  });

  test("a 504 from the provider is unknown too", async () => {
    await setFaults(s.server, [{ method: "POST", path: "/dta/v1/documents/in", status: 504, times: 1 }]);
    const res = await send("gateway.zip", awkwardBytes(100));
    assert.equal(res.body.state, "unknown");
    assert.equal(res.body.httpStatus, 504);
  });

  test("2xx answers read liberally: XML with namespaces, an empty body, WARNING (sent, with the warning), ERROR (failed)", async () => {
    const xml = `<?xml version="1.0"?><ns:answer xmlns:ns="urn:x"><ns:status><ns:statustype>ok</ns:statustype><ns:code>201</ns:code><ns:message>angenommen</ns:message></ns:status></ns:answer>`;
    const rule = (body: string) => ({ method: "POST", path: "/dta/v1/documents/in", status: 201, body, times: 1 });
    await setFaults(s.server, [
      rule(xml),
      rule(""),
      rule(JSON.stringify({ statustype: "Warning", code: "W12", message: "Referenz unbekannt", extra: 1 })),
      rule(JSON.stringify({ statustype: "ERROR", code: "E1", message: "Format falsch" })),
    ]);
    const [a, b, c, d] = [
      await send("xml.zip", awkwardBytes(10)),
      await send("leer.zip", awkwardBytes(10)),
      await send("warn.zip", awkwardBytes(10)),
      await send("err.zip", awkwardBytes(10)),
    ];
    assert.equal(a.body.state, "sent");
    assert.deepEqual(a.body.status, { statustype: "ok", code: "201", message: "angenommen" });
    assert.equal(b.body.state, "sent");
    assert.equal(b.body.status, null);
    assert.equal(c.body.state, "sent");
    assert.match(c.body.message, /Warnung: Referenz unbekannt/);
    assert.equal(d.body.state, "failed");
    assert.match(d.body.message, /abgelehnt: Format falsch/);
  });

  test("over OUTBOX_MAX_MB: 413 by Content-Length and while a chunked body streams; nothing stays in the archive", async () => {
    const before = { archive: await archiveSize(s.server), posts: (await uploadsLogged(s.server)).length };
    const known = await send("gross.zip", awkwardBytes(2 * MB));
    assert.equal(known.status, 413, known.text);
    assert.equal(known.body.error, "payload_too_large");
    assert.match(known.body.message, /1 MB/);
    const chunked = await uploadChunked(s.manager.session, s.server, dta, "gross-chunked.zip", 2 * MB);
    assert.equal(chunked.status, 413, chunked.text);
    assert.equal(await archiveSize(s.server), before.archive, "no file, temporary or not, is left");
    assert.equal((await uploadsLogged(s.server)).length, before.posts, "nothing sent");
  });

  test("an upload the client abandons midway leaves nothing in the archive and sends nothing", async () => {
    const before = { archive: await archiveSize(s.server), posts: (await uploadsLogged(s.server)).length };
    const abandon = new AbortController();
    const pending = uploadChunked(
      s.manager.session,
      s.server,
      dta,
      "abgebrochen.zip",
      256 * 1024,
      abandon.signal,
    ).catch((err: Error) => err);
    // Bounded waits for the server's side: the archive write begun, then gone again.
    const until = async (done: () => Promise<boolean>) => {
      for (let i = 0; i < 400 && !(await done()); i++) await new Promise((r) => setTimeout(r, 25));
    };
    await until(async () => (await archiveSize(s.server)) > before.archive);
    assert.ok((await archiveSize(s.server)) > before.archive, "the upload reached the archive");
    abandon.abort();
    assert.ok((await pending) instanceof Error);
    await until(async () => (await archiveSize(s.server)) === before.archive);
    assert.equal(await archiveSize(s.server), before.archive);
    assert.equal((await uploadsLogged(s.server)).length, before.posts);
  });

  test("a provider that cannot be reached: failed, nothing sent", async () => {
    const { id } = await addConnection(s.server, s.manager.session, {
      name: "Nirgends",
      service: "dta",
      baseUrl: `${nowhere}/dta`,
      auth: SANDBOX_BASIC,
    });
    const res = await upload(s.manager.session, s.server, id, { name: "weg.zip", bytes: awkwardBytes(100) });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.state, "failed");
    assert.match(res.body.message, /nicht erreichbar; die Datei wurde nicht gesendet/);
  });

  test("bad fields and a missing file answer 400 naming them; a UVI connection answers 400 not_supported", async () => {
    const bad = await send("x.zip", awkwardBytes(10), { doctype: "d".repeat(65), metadata: "{kein json" });
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(bad.body.fields.map((f: { path: string }) => f.path).sort(), ["doctype", "metadata"]);
    const notArray = await send("x.zip", awkwardBytes(10), { metadata: JSON.stringify({ reftype: "a" }) });
    assert.equal(notArray.body.fields[0].path, "metadata");
    const form = new FormData();
    form.append("doctype", "A");
    const noFile = await fetch(`${s.server.url}/api/connections/${dta}/outbox`, {
      method: "POST",
      body: form,
      headers: { Cookie: s.manager.session.cookie },
    });
    assert.equal(noFile.status, 400);
    assert.equal(((await noFile.json()) as { fields: { path: string }[] }).fields[0]!.path, "file");
    const onUvi = await upload(s.manager.session, s.server, s.connectionId, { name: "x.zip", bytes: awkwardBytes(10) });
    assert.equal(onUvi.status, 400, onUvi.text);
    assert.equal(onUvi.body.error, "not_supported");
  });

  test("sends are counted by outcome in the metrics", async () => {
    const res = await fetch(`${s.server.url}/api/metrics`, { headers: { Authorization: `Bearer ${METRICS}` } });
    const text = await res.text();
    for (const outcome of ["sent", "failed", "unknown"])
      assert.match(text, new RegExp(`^arge_outbox_sends_total\\{outcome="${outcome}"\\} [1-9]`, "m"));
  });
});

describe("a large file through the outbox to the sandbox of the same server", () => {
  // The demo's case: the sandbox is the provider and shares the process (and, embedded, PGlite).
  const s = sandboxSuite([uvi("u-1", "7001")], { env: { PROVIDER_TIMEOUT_MS: "60000" } });

  test("45 MiB arrive and the server stays up (PGlite took a large bytea parameter onto the heap until the process died)", async () => {
    const dta = await dtaConnection(s, "DTA groß");
    const res = await uploadChunked(s.manager.session, s.server, dta, "Abrechnung groß.zip", 45 * MB);
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.state, "sent", res.text);
    assert.equal(res.body.bytes, 45 * MB);
    assert.deepEqual(
      (await uploadsLogged(s.server)).map((r) => r.status),
      [201],
    );
    assert.equal((await fetch(`${s.server.url}/api/health`)).status, 200);
  });
});
