import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { Db } from "@/lib/db/client";
import { runMigrations, type SqlRunner } from "@/lib/db/migrate";
import { exportDeliveries } from "@/lib/delivery/support/export";
// The CSV's header is in words: the message catalogue, as the server installs it at start.
import "@/lib/catalogue";
import { systemPrincipalFor } from "@/lib/auth/system-principal";
import { listDeliveries } from "@/lib/delivery/support/records";
import { openScratchDatabase, type ScratchDatabase } from "../support/scratch-database";

/**
 * The plans of support's search and export over 40,000 documents (docs/scale.md): what each
 * statement the functions run reads, by `EXPLAIN` on the real database (embedded, or PostgreSQL
 * when TEST_DATABASE_URL is set: a throw-away database there). At this size the old plans
 * already show (a backward walk of first_seen_at behind every search, a window over every row
 * for the export's count, keyset batches that start at the newest row). The user keeps a unit
 * register of every document's unit, 100 units to a property, for the property filter.
 */

process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "arge-plans-"));
const DOCUMENTS = 40_000;
const support = systemPrincipalFor({
  id: randomUUID(),
  role: "support",
  teamId: randomUUID(),
  email: "support@example.com",
});

type Plan = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Index Cond"?: string;
  "Actual Loops"?: number;
  Plans?: Plan[];
};
const nodes = (p: Plan): Plan[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

const PROPERTIES = 400;

/**
 * Two connections of one user; documents a minute apart, one usage unit each, its number in the metadata too, and in
 * the user's register.
 */
async function seed(run: SqlRunner): Promise<void> {
  const [team] = await run.query("INSERT INTO teams (id, name) VALUES (gen_random_uuid(), 'M') RETURNING id");
  const [user] = await run.query(
    "INSERT INTO users (id, email, name, role, password_hash, team_id) VALUES (gen_random_uuid(), 'm@example.com', 'M', 'manager', 'x', $1) RETURNING id, team_id",
    [team!.id],
  );
  for (const k of [0, 1]) {
    const [conn] = await run.query(
      "INSERT INTO connections (id, user_id, team_id, name, service, base_url, auth_type, principal, secret_sealed) VALUES (gen_random_uuid(), $1, $3, $2, 'uvi', 'https://p.example', 'basic', 'u', 'v1.k.a.b') RETURNING id",
      [user!.id, `c${k}`, user!.team_id],
    );
    await run.query(
      `INSERT INTO delivery_documents (connection_id, documentid, filename, doctype, mimetype, propertymanagement, document, unit_msc, unit_pm, state, first_seen_at)
       SELECT $1, 'doc-' || i, 'abrechnung_' || (10000000 + i) || '.pdf', 'invoice', 'application/pdf', '',
         jsonb_build_object('metadata', jsonb_build_array(jsonb_build_object('mscnumber', (10000000 + i)::text))),
         (10000000 + i)::text, 'PM-' || i, CASE WHEN i % 10 = 0 THEN 'open' ELSE 'confirmed' END,
         timestamptz '2026-01-01' + i * interval '1 minute'
       FROM generate_series($2::int, $3::int) AS i`,
      [conn!.id, k * (DOCUMENTS / 2) + 1, (k + 1) * (DOCUMENTS / 2)],
    );
  }
  await run.query(
    `INSERT INTO units (id, team_id, unit_key, mscnumber, pmnumber, property, label)
     SELECT gen_random_uuid(), $1, 'm:' || (10000000 + i), (10000000 + i)::text, 'PM-' || i, 'Haus ' || (i % ${PROPERTIES}), 'Lage ' || i
     FROM generate_series(1, ${DOCUMENTS}) AS i`,
    [user!.team_id],
  );
  await run.exec("VACUUM ANALYZE delivery_documents, delivery_state_counts, units");
}

describe("support's search and export read about their own rows", () => {
  let database: ScratchDatabase;
  const statements: { sql: string; params: unknown[] }[] = [];
  let db: Db;

  before(async () => {
    database = await openScratchDatabase(2);
    await runMigrations(database.run);
    await seed(database.run);
    db = database.db({ logQuery: (sql, params) => void statements.push({ sql, params }) });
  });
  after(() => database?.close());

  /** The plans of the statements on delivery_documents that `fn` runs. */
  async function plansOf(fn: () => Promise<unknown>): Promise<Plan[]> {
    statements.length = 0;
    await fn();
    const plans: Plan[] = [];
    for (const s of statements.filter(
      (s) => s.sql.includes('"delivery_documents"') || s.sql.includes("delivery_state_counts"),
    )) {
      const [row] = await database.run.query(`EXPLAIN (FORMAT JSON) ${s.sql}`, s.params);
      const json = row!["QUERY PLAN"];
      plans.push((typeof json === "string" ? JSON.parse(json) : json)[0].Plan as Plan);
    }
    return plans;
  }

  /** The indexes on delivery_documents that the search for `q` reads, after checking it walks no table. */
  async function searchIndexes(q: string): Promise<Set<string | undefined>> {
    const [plan] = await plansOf(() => listDeliveries(db, support, { q, limit: 25, offset: 0 }));
    const scans = nodes(plan!).filter(
      (n) => n["Relation Name"] === "delivery_documents" || n["Index Name"]?.startsWith("delivery_documents"),
    );
    assert.ok(
      !scans.some(
        (n) =>
          n["Node Type"] === "Seq Scan" || (n["Index Name"] === "delivery_documents_first_seen" && !n["Index Cond"]),
      ),
      `no walk over every row for ${q}`,
    );
    return new Set(scans.map((n) => n["Index Name"]));
  }

  test("a search finds its matches through the indexes of each branch, not by walking first_seen_at", async () => {
    const found = await listDeliveries(db, support, { q: "10012345", state: "confirmed", limit: 25, offset: 0 });
    assert.deepEqual([found.count, found.records.map((r) => r.documentid)], [1, ["doc-12345"]]);
    const byName = await listDeliveries(db, support, { q: "abrechnung_1001234", limit: 25, offset: 0 });
    assert.equal(byName.count, 10, "a name's substring: doc-12340 to doc-12349");
    const number = await searchIndexes("10012345");
    for (const index of [
      "delivery_documents_documentid",
      "delivery_documents_unit_msc",
      "delivery_documents_unit_pm",
      "delivery_documents_metadata",
    ]) {
      assert.ok(number.has(index), `${index} serves its branch (${[...number].join(", ")})`);
    }
    assert.ok(!number.has("delivery_documents_filename"), "a term of digits only skips the file name (docs/scale.md)");
    assert.ok(
      (await searchIndexes("abrechnung_1001234")).has("delivery_documents_filename"),
      "a name's substring through its trigrams",
    );
  });

  test("the property filter finds its units and their documents through indexes", async () => {
    const filters = { property: "Haus 7" };
    const found = await listDeliveries(db, support, { ...filters, limit: 25, offset: 0 });
    assert.equal(found.count, DOCUMENTS / PROPERTIES);
    assert.deepEqual(
      found.records[0]!.register,
      { property: "Haus 7", address: null, label: "Lage 39607" },
      "the newest: doc-39607",
    );
    const listed = await plansOf(() => listDeliveries(db, support, { ...filters, limit: 25, offset: 0 }));
    const exported = await plansOf(async () => {
      const { meta, stream } = await exportDeliveries(db, support, { filters, locale: "de" });
      assert.equal(meta.rows, DOCUMENTS / PROPERTIES);
      await stream.cancel();
    });
    for (const plan of [...listed, ...exported]) {
      const scans = nodes(plan);
      const walked = scans.filter(
        (n) =>
          (n["Node Type"] === "Seq Scan" && ["delivery_documents", "units"].includes(n["Relation Name"]!)) ||
          (n["Index Name"] === "delivery_documents_first_seen" && !n["Index Cond"]),
      );
      assert.deepEqual(walked, [], "no walk over the documents or the register");
      // units_property; an engine with skip scans (PGlite) may take units_order (user, property) instead.
      assert.ok(
        scans.some(
          (n) => /^units_(property|order)$/.test(n["Index Name"] ?? "") && /property = /.test(n["Index Cond"] ?? ""),
        ),
        "the property's units through an index",
      );
      const indexes = new Set(scans.map((n) => n["Index Name"]));
      for (const index of ["delivery_documents_unit_msc", "delivery_documents_unit_pm", "units_msc"]) {
        assert.ok(indexes.has(index), `${index} (${[...indexes].join(", ")})`);
      }
    }
  });

  test("the register's names are looked up for the page's rows only, not for those an offset skips", async () => {
    statements.length = 0;
    const page = await listDeliveries(db, support, { limit: 25, offset: 1000 });
    assert.deepEqual(page.records[0]!.register, {
      property: `Haus ${(DOCUMENTS - 1000) % PROPERTIES}`,
      address: null,
      label: `Lage ${DOCUMENTS - 1000}`,
    });
    const list = statements.find((s) => s.sql.includes('"delivery_documents"') && s.sql.includes("json_build_object"))!;
    const [row] = await database.run.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${list.sql}`, list.params);
    const json = row!["QUERY PLAN"];
    const plan = (typeof json === "string" ? JSON.parse(json) : json)[0].Plan as Plan;
    const lookups = nodes(plan).filter((n) => n["Relation Name"] === "units");
    assert.ok(lookups.length > 0, "the register is read");
    for (const n of lookups)
      assert.ok(n["Actual Loops"]! <= 25, `${n["Index Name"]}: ${n["Actual Loops"]} lookups for a page of 25`);
  });

  test("the export counts apart from its rows and each keyset batch starts at its cursor", async () => {
    const exported = await plansOf(async () => {
      const { meta, stream } = await exportDeliveries(db, support, { filters: {}, locale: "de" });
      assert.equal(meta.rows, DOCUMENTS);
      const reader = stream.getReader();
      for (let i = 0; i < 3; i++) await reader.read(); // the header and first batch, then two more
      await reader.cancel();
    });
    assert.ok(exported.length >= 3, `the first batch, the count and later batches (${exported.length})`);
    assert.ok(!exported.some((p) => nodes(p).some((n) => n["Node Type"] === "WindowAgg")), "no window over every row");
    const batches = exported.filter((p) => nodes(p).some((n) => n["Index Name"] === "delivery_documents_first_seen"));
    const later = batches
      .slice(1)
      .flatMap((p) => nodes(p).filter((n) => n["Index Name"] === "delivery_documents_first_seen"));
    assert.ok(
      later.length > 0 && later.every((n) => n["Index Cond"]?.includes("first_seen_at <=")),
      "later batches start at the cursor",
    );
  });
});
