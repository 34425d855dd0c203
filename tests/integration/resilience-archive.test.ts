import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import pg from "pg";
import { startAltProvider, type AltProvider } from "../support/alt-provider";
import { addConnection, makeUser, type Person } from "../support/connections";
import { ndjson, putState, requestsLog, SANDBOX_BASIC, uvi } from "../support/delivery";
import { startServer, testDatabaseUrl, type TestServer } from "../support/server";
import { api } from "../support/session";

/**
 * Issue 17 (resilience), the delivery side, the archive: provider files have a size, the archive
 * keeps a free margin on its disk and clears what a crash left (resilience-confirm.test.ts: the
 * confirmations).
 */

const MB = 1024 * 1024;

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
