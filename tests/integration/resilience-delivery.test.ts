import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import pg from "pg";
import { startAltProvider, type AltProvider } from "../support/alt-provider";
import { addConnection, makeUser, type Person } from "../support/connections";
import { control, mustSync, ndjson, putState, requestsLog, SANDBOX_BASIC, SANDBOX_CLIENT, uvi } from "../support/delivery";
import { startServer, testDatabaseUrl, type TestServer } from "../support/server";
import { api } from "../support/session";

/**
 * Issue 17 (resilience), the delivery side: provider files have a size, the archive keeps a free
 * margin on its disk and clears what a crash left, a confirmed record never changes, and the
 * token is had before a confirmation's claim.
 */

const MB = 1024 * 1024;
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** Every file under the archive directory (the embedded database's archive lives in DATA_DIR). */
function archivedFiles(server: TestServer): string[] {
  const root = path.join(server.dataDir, "archive");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** Blobs in the database (the archive with DATABASE_URL), named or not. */
async function blobCount(server: TestServer): Promise<number> {
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  try {
    return Number((await client.query("SELECT count(*)::int AS n FROM delivery_blobs")).rows[0].n);
  } finally {
    await client.end();
  }
}

const archiveSize = (server: TestServer) => (server.env.DATABASE_URL ? blobCount(server) : Promise.resolve(archivedFiles(server).length));

describe("provider files have a size (MAX_DOCUMENT_MB)", () => {
  let server: TestServer;
  let alt: AltProvider;
  let a: Person;
  let conn = "";

  before(async () => {
    alt = await startAltProvider();
    server = await startServer({ env: { PROVIDER_URL_ALLOWLIST: alt.origin, MAX_DOCUMENT_MB: "1", PROVIDER_TIMEOUT_MS: "3000" } });
    a = await makeUser(server, "manager");
    conn = (await addConnection(server, a.session, { service: "uvi", baseUrl: alt.uviBase, auth: { type: "basic", ...alt.basic } })).id;
  });
  after(async () => {
    await server.stop();
    await alt.close();
  });
  beforeEach(() => alt.reset());

  const puts = () => alt.counters.requests.filter((r) => r.method === "PUT").length;

  test("a file whose length is known to be too large: 502 before any byte, nothing archived, never confirmed", async () => {
    alt.modes.dataBytes = 2 * MB;
    const before = await archiveSize(server);
    const view = await api(a.session, server.url, `/api/connections/${conn}/documents/alt-uvi-0/data`);
    assert.equal(view.status, 502, view.text);
    assert.equal(view.body.error, "provider_too_large");
    assert.match(view.body.message, /1 MB/);

    const confirm = await api(a.session, server.url, `/api/connections/${conn}/documents/alt-uvi-0/status`, { method: "PUT" });
    assert.equal(confirm.status, 502, confirm.text);
    assert.equal(confirm.body.state, "failed");
    assert.equal(confirm.body.error, "provider_too_large");
    assert.match(confirm.body.message, /1 MB/);
    assert.equal(puts(), 0, "no PUT for a file that was not archived");
    assert.equal(await archiveSize(server), before);
  });

  test("a file without a length is cut off where it passes the limit; nothing of it stays; never confirmed", async () => {
    alt.modes.dataBytes = 3 * MB;
    alt.modes.omitLength = true;
    const before = await archiveSize(server);
    const res = await fetch(`${server.url}/api/connections/${conn}/documents/alt-uvi-1/data`, { headers: { Cookie: a.session.cookie } });
    let received = 0;
    let cut = false;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) received += chunk.byteLength;
    } catch {
      cut = true;
    }
    assert.ok(cut || res.status !== 200, "the download must not end as if complete");
    assert.ok(received <= 1 * MB, `received ${received} bytes`);

    const run = await ndjson(a.session, server.url, `/api/connections/${conn}/confirmations`, { documentids: ["alt-uvi-1", "alt-uvi-2"] });
    assert.equal(run.status, 200, run.text);
    const lines = run.lines.filter((l) => l.documentid);
    assert.equal(lines.length, 2);
    for (const line of lines) {
      assert.equal(line.state, "failed", run.text);
      assert.equal(line.error, "provider_too_large");
    }
    assert.equal(puts(), 0);
    // The cut view's archive is aborted right after the stream failed.
    for (let i = 0; i < 20 && (await archiveSize(server)) !== before; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await archiveSize(server), before, "nothing of a cut-off file stays in the archive or its temporary folder");
  });

  test("a file within the limit is still viewed and confirmed", async () => {
    alt.modes.dataBytes = MB / 2;
    alt.modes.omitLength = true;
    const view = await fetch(`${server.url}/api/connections/${conn}/documents/alt-uvi-3/data`, { headers: { Cookie: a.session.cookie } });
    assert.equal(view.status, 200);
    assert.equal((await view.arrayBuffer()).byteLength, MB / 2);
    const confirm = await api(a.session, server.url, `/api/connections/${conn}/documents/alt-uvi-3/status`, { method: "PUT" });
    assert.equal(confirm.status, 200, confirm.text);
    assert.equal(puts(), 1);
  });
});

describe("the archive's disk", () => {
  let server: TestServer;
  let a: Person;
  let conn = "";

  before(async () => {
    // More free space demanded than any disk has: archiving, and so confirming, must stop. (With
    // PostgreSQL the archive is the database, whose disk the app cannot see: a directory is named.)
    const dir: Record<string, string> = testDatabaseUrl() ? { ARCHIVE_DIR: mkdtempSync(path.join(tmpdir(), "arge-archive-")) } : {};
    server = await startServer({ sandbox: true, env: { ARCHIVE_MIN_FREE_MB: "100000000", ...dir } });
    await putState(server, [uvi("disk-1", "710001")]);
    a = await makeUser(server, "manager");
    conn = (await addConnection(server, a.session, { service: "uvi", baseUrl: `${server.url}/arge`, auth: SANDBOX_BASIC })).id;
  });
  after(() => server?.stop());

  test("below the free-space margin nothing is archived or confirmed, and the message names the cause", async () => {
    const res = await api(a.session, server.url, `/api/connections/${conn}/documents/disk-1/status`, { method: "PUT", headers: { "Accept-Language": "de" } });
    assert.equal(res.status, 507, res.text);
    assert.equal(res.body.error, "archive_disk_full");
    assert.equal(res.body.state, "failed");
    assert.match(res.body.message, /frei/);
    const log = await requestsLog(server);
    assert.equal(log.filter((r) => r.method === "PUT").length, 0);
  });
});

describe("what a crash left half-archived is removed at start", () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server?.stop());

  test("temporary files (directory archive) or unnamed blobs (database archive) are gone after a restart", async () => {
    if (server.env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
      await client.connect();
      await client.query("INSERT INTO delivery_blobs (id, stored_at) VALUES (gen_random_uuid(), now() - interval '1 hour')");
      await client.end();
      assert.equal(await blobCount(server), 1);
      await server.restart();
      assert.equal(await blobCount(server), 0);
    } else {
      const tmp = path.join(server.dataDir, "archive", "tmp");
      mkdirSync(tmp, { recursive: true });
      writeFileSync(path.join(tmp, "left-by-a-crash"), Buffer.alloc(1024));
      await server.restart();
      assert.deepEqual(readdirSync(tmp), []);
    }
  });
});

describe("what was confirmed stays as confirmed", () => {
  let server: TestServer;
  let a: Person;
  let support: Person;
  let conn = "";
  const first = Buffer.from("%PDF-1.4 the bytes that were confirmed\n%%EOF\n");
  const other = Buffer.from("%PDF-1.4 other bytes served after the confirmation\n%%EOF\n");
  const doc = (content: Buffer, confirmed: boolean) => uvi("kept-1", "720001", "2026-10", { content: { base64: content.toString("base64") }, confirmed });

  before(async () => {
    server = await startServer({ sandbox: true });
    await putState(server, [doc(first, false)]);
    a = await makeUser(server, "manager");
    support = await makeUser(server, "support");
    conn = (await addConnection(server, a.session, { service: "uvi", baseUrl: `${server.url}/arge`, auth: SANDBOX_BASIC })).id;
    await mustSync(a.session, server.url, conn);
  });
  after(() => server?.stop());

  test("a later view with other bytes is archived as its own event; the record, its hash and its file keep the confirmed bytes", async () => {
    const confirm = await api(a.session, server.url, `/api/connections/${conn}/documents/kept-1/status`, { method: "PUT" });
    assert.equal(confirm.status, 200, confirm.text);
    // The provider now serves other bytes for the same (confirmed) document.
    await putState(server, [doc(other, true)]);
    const view = await fetch(`${server.url}/api/connections/${conn}/documents/kept-1/data`, { headers: { Cookie: a.session.cookie } });
    assert.equal(view.status, 200);
    assert.equal(sha(Buffer.from(await view.arrayBuffer())), sha(other));

    let detail = await api(support.session, server.url, `/api/delivery/documents/${conn}/kept-1`);
    for (let i = 0; i < 40 && !detail.body.events.some((e: { detail: { otherBytes?: boolean } }) => e.detail.otherBytes); i++) {
      await new Promise((r) => setTimeout(r, 100));
      detail = await api(support.session, server.url, `/api/delivery/documents/${conn}/kept-1`);
    }
    assert.equal(detail.status, 200, detail.text);
    assert.equal(detail.body.state, "confirmed");
    assert.equal(detail.body.sha256, sha(first), "the record keeps the confirmed hash");
    assert.equal(detail.body.bytes, first.length);
    const later = detail.body.events.find((e: { kind: string; detail: { otherBytes?: boolean } }) => e.kind === "fetch" && e.detail.otherBytes);
    assert.ok(later, JSON.stringify(detail.body.events));
    assert.equal(later.detail.sha256, sha(other));
    assert.equal(later.detail.kept, sha(first));

    const file = await fetch(`${server.url}/api/delivery/documents/${conn}/kept-1/file`, { headers: { Cookie: support.session.cookie } });
    assert.equal(file.status, 200);
    assert.equal(sha(Buffer.from(await file.arrayBuffer())), sha(first), "support's file is the confirmed one");
  });
});

describe("the token before the claim", () => {
  let server: TestServer;
  let a: Person;
  let conn = "";

  before(async () => {
    server = await startServer({ sandbox: true, env: { PROVIDER_TIMEOUT_MS: "1500" } });
    await putState(server, [uvi("tok-1", "730001")], { tokenLifetimeSeconds: 1 });
    a = await makeUser(server, "manager");
    conn = (
      await addConnection(server, a.session, {
        service: "uvi",
        baseUrl: `${server.url}/arge`,
        authUrl: server.url,
        auth: { type: "client_credentials", clientId: SANDBOX_CLIENT.oauth.clientId, clientSecret: SANDBOX_CLIENT.oauth.clientSecret },
      })
    ).id;
    await mustSync(a.session, server.url, conn);
  });
  after(() => server?.stop());

  test("a token that cannot be had in time leaves the document failed, unclaimed and unsent, not unknown", async () => {
    // The file is archived first; then the token (expired after 1 s) is asked for and does not come.
    const view = await fetch(`${server.url}/api/connections/${conn}/documents/tok-1/data`, { headers: { Cookie: a.session.cookie } });
    assert.equal(view.status, 200);
    await view.arrayBuffer();
    await new Promise((r) => setTimeout(r, 1200));
    await control(server, "PUT", "/faults", [{ path: "/auth/realms/arge-api/protocol/openid-connect/token", delayMs: 2500 }]);
    const res = await api(a.session, server.url, `/api/connections/${conn}/documents/tok-1/status`, { method: "PUT" });
    await control(server, "DELETE", "/faults");
    assert.equal(res.body.state, "failed", res.text);
    const log = await requestsLog(server);
    assert.equal(log.filter((r) => r.method === "PUT").length, 0, "nothing was sent");
    // Nothing is left pending or unknown: it can be confirmed at once when the token comes again.
    const again = await api(a.session, server.url, `/api/connections/${conn}/documents/tok-1/status`, { method: "PUT" });
    assert.equal(again.status, 200, again.text);
  });
});

describe("two runs at once on two instances tell the truth", { skip: testDatabaseUrl() ? false : "no PostgreSQL: TEST_DATABASE_URL is not set" }, () => {
  let one: TestServer;
  let two: TestServer;
  let a: Person;
  let conn = "";
  const ids = Array.from({ length: 200 }, (_, i) => `two-${i}`);
  const dta = (id: string, i: number) => ({
    ...uvi(id, `5550${String(i).padStart(4, "0")}`),
    service: "dta",
    customer: "4712",
    filename: `${id}.zip`,
    mimetype: "ZIP",
    doctype: "A",
    content: { generate: "dta-zip" },
  });

  before(async () => {
    one = await startServer({ sandbox: true });
    const shared = ["DATABASE_URL", "AUTH_SECRET", "ENCRYPTION_KEYS", "SANDBOX_ADMIN_TOKEN"].map((k) => [k, one.env[k]!]);
    two = await startServer({ sandbox: true, env: { ...Object.fromEntries(shared), PROVIDER_URL_ALLOWLIST: one.url } });
    await putState(one, ids.map(dta));
    a = await makeUser(one, "manager");
    conn = (await addConnection(one, a.session, { service: "dta", baseUrl: `${one.url}/dta`, customerNumber: "4712", auth: SANDBOX_BASIC })).id;
    await mustSync(a.session, one.url, conn);
  });
  after(async () => {
    await two?.stop();
    await one?.stop();
  });

  test("the same 200 documents from two instances: one PUT each, and no run reports a document the other confirmed as failed", async () => {
    // A slow file answer widens the window in which the other run confirms what this one is fetching
    // (the DTA provider answers 410 for a confirmed document's file).
    await control(one, "PUT", "/faults", [{ method: "GET", path: "/dta/v1/documents/out/*/data", delayMs: 40 }]);
    const runs = await Promise.all([one, two].map((s) => ndjson(a.session, s.url, `/api/connections/${conn}/confirmations`, { documentids: ids })));
    await control(one, "DELETE", "/faults");
    const log = await requestsLog(one);
    for (const id of ids) assert.equal(log.filter((r) => r.method === "PUT" && r.path.endsWith(`/${id}/status`)).length, 1, `${id}: one PUT`);
    for (const run of runs) {
      assert.equal(run.status, 200, run.text);
      const lines = run.lines.filter((l) => l.documentid);
      assert.equal(lines.length, ids.length);
      const failed = lines.filter((l) => l.state === "failed");
      assert.deepEqual(failed, [], "a document the other run confirmed or is confirming is never reported failed");
      for (const l of lines.filter((l) => l.confirmedBy !== undefined)) assert.match(String(l.confirmedAt), /^\d{4}-\d\d-\d\dT/);
    }
    for (const id of ids)
      assert.ok(
        runs.some((r) => r.lines.some((l) => l.documentid === id && l.state === "confirmed")),
        `${id} confirmed by one of the runs`,
      );
  });
});
