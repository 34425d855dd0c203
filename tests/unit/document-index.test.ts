import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { runMigrations } from "@/lib/db/migrate";
import type { Db } from "@/lib/db/client";
import { indexDocuments } from "@/lib/delivery/document-index";
import type { ProviderDocument } from "@/lib/provider/schemas";
import { pgliteExtensions } from "@/lib/db/pglite";

const doc = (i: number, extra: Record<string, unknown> = {}): ProviderDocument => ({
  documentid: `d-${i}`,
  filename: `f-${i}.pdf`,
  doctype: "UVI-E",
  mimetype: "application/pdf",
  propertymanagement: "",
  metadata: [
    { reftype: "resident", mscnumber: String(1000 + i), pmnumber: "PM", from: "2026-10-01", to: "2026-10-31" },
  ],
  ...extra,
});

async function setUp() {
  const pg = await PGlite.create({ extensions: await pgliteExtensions() });
  await runMigrations({
    exec: async (s) => void (await pg.exec(s)),
    query: async (s, p) => (await pg.query<Record<string, unknown>>(s, p)).rows,
  });
  const uid = randomUUID();
  const cid = randomUUID();
  // A team of the user's own, by the user's id (as migration 0043 made them).
  await pg.query("INSERT INTO teams (id, name) VALUES ($1, 'A')", [uid]);
  await pg.query(
    "INSERT INTO users (id, email, name, role, password_hash, team_id) VALUES ($1, 'a@example.com', 'A', 'manager', 'x', $1)",
    [uid],
  );
  await pg.query(
    "INSERT INTO connections (id, user_id, team_id, name, service, base_url, auth_type, principal, secret_sealed) VALUES ($1, $2, $2, 'c', 'uvi', 'https://p.example', 'basic', 'u', 'v1.k.a.b')",
    [cid, uid],
  );
  const seen = async () =>
    (
      await pg.query<{ documentid: string; seen: string; state: string; filename: string }>(
        "SELECT documentid, last_seen_at::text AS seen, state, filename FROM delivery_documents WHERE connection_id = $1 ORDER BY documentid",
        [cid],
      )
    ).rows;
  return { pg, db: drizzle({ client: pg }) as unknown as Db, scope: { connectionId: cid, kd: "" }, seen };
}

describe("indexing a listed page", () => {
  test("writes new and changed rows only, reopens gone ones after a sync, and writes everything while a sync holds the lease", async () => {
    const { pg, db, scope, seen } = await setUp();
    const page = [doc(1), doc(2), doc(3)];
    assert.equal(await indexDocuments(db, scope, page, new Date("2026-11-01T10:00:00Z"), { listed: true }), 3);
    const first = await seen();
    // Unchanged: nothing written, last_seen_at stays.
    assert.equal(await indexDocuments(db, scope, page, new Date("2026-11-01T10:01:00Z"), { listed: true }), 0);
    assert.deepEqual(await seen(), first);
    // One document changed: only that row is written.
    await indexDocuments(
      db,
      scope,
      [doc(1), doc(2, { filename: "new.pdf" }), doc(3)],
      new Date("2026-11-01T10:02:00Z"),
      { listed: true },
    );
    const changed = await seen();
    assert.equal(changed[1]!.filename, "new.pdf");
    assert.notEqual(changed[1]!.seen, first[1]!.seen);
    assert.equal(changed[0]!.seen, first[0]!.seen);
    // The old content again (the provider went back): written again, although listed before.
    await indexDocuments(db, scope, page, new Date("2026-11-01T10:03:00Z"), { listed: true });
    assert.equal((await seen())[1]!.filename, "f-2.pdf");
    // A sync marks one gone and releases its lease: the next listing opens it again.
    await pg.query(
      "INSERT INTO delivery_sync (connection_id, lease_owner, lease_until) VALUES ($1, 'x', now() + interval '1 minute')",
      [scope.connectionId],
    );
    await pg.query("UPDATE delivery_documents SET state = 'gone' WHERE documentid = 'd-3'");
    await pg.query("UPDATE delivery_sync SET lease_owner = NULL, lease_until = NULL, last_at = now()");
    await indexDocuments(db, scope, page, new Date("2026-11-01T10:04:00Z"), { listed: true });
    assert.equal((await seen())[2]!.state, "open");
    // While a sync holds the lease every listed row is written (its walk compares last_seen_at).
    await pg.query("UPDATE delivery_sync SET lease_owner = 'y', lease_until = now() + interval '1 minute'");
    await indexDocuments(db, scope, page, new Date("2026-11-01T10:05:00Z"), { listed: true });
    assert.ok(
      (await seen()).every((r) => r.seen.startsWith("2026-11-01 10:05:00")),
      "all rows written under the lease",
    );
    await pg.close();
  });
});
