import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { before, beforeEach, describe, test } from "node:test";
import pg from "pg";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { ndjson, putState, requestsLog, SANDBOX_BASIC, uvi } from "../../support/delivery";
import { testDatabaseUrl, type TestServer } from "../../support/server";
import { api } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";

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

const archiveSize = (server: TestServer) =>
  server.env.DATABASE_URL ? blobCount(server) : Promise.resolve(archivedFiles(server).length);

describe("provider files have a size (MAX_DOCUMENT_MB)", () => {
  const p = altProviderSuite();
  const s = suiteServer(() => ({
    env: { PROVIDER_URL_ALLOWLIST: p.alt.origin, MAX_DOCUMENT_MB: "1", PROVIDER_TIMEOUT_MS: "3000" },
  }));
  let a: Person;
  let conn = "";

  before(async () => {
    a = await makeUser(s.server, "manager");
    conn = (
      await addConnection(s.server, a.session, {
        service: "uvi",
        baseUrl: p.alt.uviBase,
        auth: { type: "basic", ...p.alt.basic },
      })
    ).id;
  });
  beforeEach(() => p.alt.reset());

  const puts = () => p.alt.counters.requests.filter((r) => r.method === "PUT").length;

  test("a file whose length is known to be too large: 502 before any byte, nothing archived, never confirmed", async () => {
    p.alt.modes.dataBytes = 2 * MB;
    const before = await archiveSize(s.server);
    const view = await api(a.session, s.server.url, `/api/connections/${conn}/documents/alt-uvi-0/data`);
    assert.equal(view.status, 502, view.text);
    assert.equal(view.body.error, "provider_too_large");
    assert.match(view.body.message, /1 MB/);

    const confirm = await api(a.session, s.server.url, `/api/connections/${conn}/documents/alt-uvi-0/status`, {
      method: "PUT",
    });
    assert.equal(confirm.status, 502, confirm.text);
    assert.equal(confirm.body.state, "failed");
    assert.equal(confirm.body.error, "provider_too_large");
    assert.match(confirm.body.message, /1 MB/);
    assert.equal(puts(), 0, "no PUT for a file that was not archived");
    assert.equal(await archiveSize(s.server), before);
  });

  test("a file without a length is cut off where it passes the limit; nothing of it stays; never confirmed", async () => {
    p.alt.modes.dataBytes = 3 * MB;
    p.alt.modes.omitLength = true;
    const before = await archiveSize(s.server);
    const res = await fetch(`${s.server.url}/api/connections/${conn}/documents/alt-uvi-1/data`, {
      headers: { Cookie: a.session.cookie },
    });
    let received = 0;
    let cut = false;
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) received += chunk.byteLength;
    } catch {
      cut = true;
    }
    assert.ok(cut || res.status !== 200, "the download must not end as if complete");
    assert.ok(received <= 1 * MB, `received ${received} bytes`);

    const run = await ndjson(a.session, s.server.url, `/api/connections/${conn}/confirmations`, {
      documentids: ["alt-uvi-1", "alt-uvi-2"],
    });
    assert.equal(run.status, 200, run.text);
    const lines = run.lines.filter((l) => l.documentid);
    assert.equal(lines.length, 2);
    for (const line of lines) {
      assert.equal(line.state, "failed", run.text);
      assert.equal(line.error, "provider_too_large");
    }
    assert.equal(puts(), 0);
    // The cut view's archive is aborted right after the stream failed.
    for (let i = 0; i < 20 && (await archiveSize(s.server)) !== before; i++)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal(
      await archiveSize(s.server),
      before,
      "nothing of a cut-off file stays in the archive or its temporary folder",
    );
  });

  test("a file within the limit is still viewed and confirmed", async () => {
    p.alt.modes.dataBytes = MB / 2;
    p.alt.modes.omitLength = true;
    const view = await fetch(`${s.server.url}/api/connections/${conn}/documents/alt-uvi-3/data`, {
      headers: { Cookie: a.session.cookie },
    });
    assert.equal(view.status, 200);
    assert.equal((await view.arrayBuffer()).byteLength, MB / 2);
    const confirm = await api(a.session, s.server.url, `/api/connections/${conn}/documents/alt-uvi-3/status`, {
      method: "PUT",
    });
    assert.equal(confirm.status, 200, confirm.text);
    assert.equal(puts(), 1);
  });

  // What a crash left half-archived is removed at start: on this block's server, after its other tests (whose
  // archived files and blobs stay).
  test("a crash's leftovers: temporary files (directory archive) or unnamed blobs (database archive) are gone after a restart", async () => {
    if (s.server.env.DATABASE_URL) {
      const kept = await blobCount(s.server);
      const client = new pg.Client({ connectionString: s.server.env.DATABASE_URL });
      await client.connect();
      await client.query(
        "INSERT INTO delivery_blobs (id, stored_at) VALUES (gen_random_uuid(), now() - interval '1 hour')",
      );
      await client.end();
      assert.equal(await blobCount(s.server), kept + 1);
      await s.server.restart();
      assert.equal(await blobCount(s.server), kept);
    } else {
      const tmp = path.join(s.server.dataDir, "archive", "tmp");
      mkdirSync(tmp, { recursive: true });
      writeFileSync(path.join(tmp, "left-by-a-crash"), Buffer.alloc(1024));
      await s.server.restart();
      assert.deepEqual(readdirSync(tmp), []);
    }
  });
});

describe("the archive's disk", () => {
  const s = suiteServer(() => {
    // More free space demanded than any disk has: archiving, and so confirming, must stop. (With
    // PostgreSQL the archive is the database, whose disk the app cannot see: a directory is named.)
    const dir: Record<string, string> = testDatabaseUrl()
      ? { ARCHIVE_DIR: mkdtempSync(path.join(tmpdir(), "arge-archive-")) }
      : {};
    return { sandbox: true, env: { ARCHIVE_MIN_FREE_MB: "100000000", ...dir } };
  });
  let a: Person;
  let conn = "";

  before(async () => {
    await putState(s.server, [uvi("disk-1", "710001")]);
    a = await makeUser(s.server, "manager");
    conn = (
      await addConnection(s.server, a.session, { service: "uvi", baseUrl: `${s.server.url}/arge`, auth: SANDBOX_BASIC })
    ).id;
  });

  test("below the free-space margin nothing is archived or confirmed, and the message names the cause", async () => {
    const res = await api(a.session, s.server.url, `/api/connections/${conn}/documents/disk-1/status`, {
      method: "PUT",
      headers: { "Accept-Language": "de" },
    });
    assert.equal(res.status, 507, res.text);
    assert.equal(res.body.error, "archive_disk_full");
    assert.equal(res.body.state, "failed");
    assert.match(res.body.message, /frei/);
    const log = await requestsLog(s.server);
    assert.equal(log.filter((r) => r.method === "PUT").length, 0);
  });
});
