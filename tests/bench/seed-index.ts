/**
 * Seeds a test server's PostgreSQL database with a large document index, straight into the tables
 * (a bulk path: multi-row inserts of BATCH rows, the statement shape of the sync's writer in
 * lib/delivery/document-index.ts, `jsonb_to_recordset`), for the figures at a million documents
 * (scale.bench.ts). The triggers of migration 0007 fire on every statement, so the inbox's kept
 * counts are derived exactly as a sync derives them; the seed checks them against the documents.
 *
 * The shape of a large property manager: `users` users (the signed-in admin first), each with one
 * to three connections, each user's usage units (whole units of twelve months, 2025-11 to 2026-10)
 * spread over their connections, the documents written month after month as a provider publishes
 * them. States: the last month open, the month before open for every other unit, the rest
 * confirmed (fetched, by the owner), with a few failed, unknown and gone among them.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { ADMIN } from "../support/server";
import { addConnection, BENCH_CLIENT, MONTHS, uviDoc, type AppRig } from "./rig";

export type SeedPlan = { documents: number; users: number };

export type Seeded = {
  documents: number;
  /** Usage units of each user (the same for every user). */
  unitsPerUser: number;
  connections: number;
  /** Milliseconds: the inserts (with their count triggers), then VACUUM ANALYZE (what autovacuum does in its time). */
  insertMs: number;
  vacuumMs: number;
  /** The usage unit number of user `user`'s unit `unit` (user 0: the admin). */
  unitNumber: (user: number, unit: number) => string;
};

const BATCH = 5_000;
/** Statements in flight at once: the machine has two cores. */
const WRITERS = 2;

const unitNumber = (user: number, unit: number) => String(10_000_000 + user * 100_000 + unit);

/** The state of month `m` (0 to 11) of unit `u`; deterministic, so both sides of a figure see the same. */
export function stateOf(u: number, m: number): string {
  if (m === 11) return "open";
  if (m === 10 && u % 2 === 1) return "open";
  if (m === 4 && u % 97 === 3) return "failed";
  if (m === 6 && u % 89 === 5) return "unknown";
  if (m === 2 && u % 83 === 7) return "gone";
  return "confirmed";
}

export type Owner = { id: string; connections: string[] };

/**
 * The rows of the whole index, month after month, in batches of BATCH (built as they are written, never all at once).
 */
export function* batches(owners: Owner[], unitsPerUser: number): Generator<Record<string, unknown>[]> {
  const batch: Record<string, unknown>[] = [];
  for (const [m, ym] of MONTHS.entries()) {
    for (const [k, owner] of owners.entries()) {
      for (let u = 0; u < unitsPerUser; u++) {
        const {
          service: _s,
          customer: _c,
          content: _x,
          ...document
        } = uviDoc(`d-${ym}-${unitNumber(k, u)}`, unitNumber(k, u), ym);
        const state = stateOf(u, m);
        const seen = new Date(Date.parse(`${ym}-03T06:00:00Z`) + u * 1000);
        const fetched = state !== "open" && state !== "gone";
        const ref = document.metadata[0]!;
        batch.push({
          connection_id: owner.connections[u % owner.connections.length],
          documentid: document.documentid,
          filename: document.filename,
          document,
          unit_msc: ref.mscnumber,
          unit_pm: ref.pmnumber,
          period_from: ref.from,
          period_to: ref.to,
          state,
          first_seen_at: seen.toISOString(),
          sha256: fetched ? createHash("sha256").update(document.documentid).digest("hex") : null,
          bytes: fetched ? 150_000 + (u % 1000) * 64 : null,
          fetched_at: fetched ? new Date(seen.getTime() + 3_600_000).toISOString() : null,
          confirmed_at: state === "confirmed" ? new Date(seen.getTime() + 86_400_000).toISOString() : null,
          confirmed_by: state === "confirmed" ? owner.id : null,
        });
        if (batch.length === BATCH) yield batch.splice(0);
      }
    }
  }
  if (batch.length > 0) yield batch;
}

export const INSERT = `INSERT INTO delivery_documents (connection_id, documentid, kd, filename, doctype, mimetype, propertymanagement, document,
    unit_msc, unit_pm, period_from, period_to, state, first_seen_at, last_seen_at, sha256, bytes, fetched_at, confirmed_at, confirmed_by)
  SELECT x.connection_id, x.documentid, '', x.filename, x.document->>'doctype', x.document->>'mimetype', x.document->>'propertymanagement', x.document,
    x.unit_msc, x.unit_pm, x.period_from, x.period_to, x.state, x.first_seen_at, now(), x.sha256, x.bytes, x.fetched_at, x.confirmed_at, x.confirmed_by
  FROM jsonb_to_recordset($1::jsonb) AS x(connection_id uuid, documentid text, filename text, document jsonb, unit_msc text, unit_pm text,
    period_from date, period_to date, state text, first_seen_at timestamptz, sha256 text, bytes bigint, fetched_at timestamptz,
    confirmed_at timestamptz, confirmed_by uuid)`;

/** The users (the admin first) and their connections: the admin's first through the API, every other a copy of it. */
async function owners(rig: AppRig, client: pg.Client, users: number): Promise<Owner[]> {
  const template = await addConnection(rig, `${rig.server.url}/arge`, BENCH_CLIENT.basic, "bench-0");
  // Each user in a team of their own, by the user's id (as migration 0043 made them).
  await client.query(
    `INSERT INTO teams (id, name) SELECT gen_random_uuid(), 'Bench ' || i FROM generate_series(1, $1::int) AS i`,
    [users - 1],
  );
  const { rows } = await client.query<{ id: string }>(
    `WITH made AS (INSERT INTO users (id, email, name, role, password_hash, team_id)
       SELECT t.id, 'bench-' || substring(t.name FROM '[0-9]+') || '@example.com', t.name, 'manager',
         (SELECT password_hash FROM users WHERE email = $1), t.id
       FROM teams t WHERE t.name LIKE 'Bench %' RETURNING id, email)
     SELECT id FROM (SELECT id, 0 AS i FROM users WHERE email = $1 UNION ALL SELECT id, substring(email FROM '[0-9]+')::int FROM made) u ORDER BY i`,
    [ADMIN.email, users - 1],
  );
  const result: Owner[] = [];
  for (const [k, { id }] of rows.entries()) {
    const count = 1 + ((k + 1) % 3);
    const copies = await client.query<{ id: string }>(
      `INSERT INTO connections (id, user_id, team_id, name, service, base_url, auth_url, auth_type, principal, secret_sealed, customer_number)
       SELECT gen_random_uuid(), $2, (SELECT team_id FROM users WHERE id = $2), 'bench-' || $3::int || '-' || i, service, base_url, auth_url, auth_type, principal, secret_sealed, customer_number
       FROM connections, generate_series(1, $4::int) AS i WHERE id = $1 RETURNING id`,
      [template, id, k, k === 0 ? count - 1 : count],
    );
    result.push({ id, connections: [...(k === 0 ? [template] : []), ...copies.rows.map((r) => r.id)] });
  }
  return result;
}

/** The kept counts (migration 0007) must add up to the documents, per state, unit and month. */
async function checkCounts(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ ok: boolean }>(`SELECT
    (SELECT array_agg(x ORDER BY x) FROM (SELECT connection_id || state || n AS x FROM delivery_state_counts WHERE n > 0) a)
      = (SELECT array_agg(x ORDER BY x) FROM (SELECT connection_id || state || count(*) AS x FROM delivery_documents GROUP BY connection_id, state) b)
    AND (SELECT sum(n) FROM delivery_unit_counts) = (SELECT count(*) FROM delivery_documents)
    AND (SELECT sum(n) FROM delivery_unit_months) = (SELECT count(*) FROM delivery_documents WHERE period_from IS NOT NULL) AS ok`);
  if (!rows[0]?.ok) throw new Error("the kept counts (migration 0007) do not add up to the seeded documents");
}

/** Seeds `plan` into the server's PostgreSQL database (it must have one); prints and returns how long it took. */
export async function seedIndex(rig: AppRig, plan: SeedPlan): Promise<Seeded> {
  const url = rig.server.env.DATABASE_URL;
  if (!url) throw new Error("seeding needs a server on PostgreSQL");
  const unitsPerUser = Math.ceil(plan.documents / plan.users / MONTHS.length);
  const clients = Array.from({ length: WRITERS }, () => new pg.Client({ connectionString: url }));
  await Promise.all(clients.map((c) => c.connect()));
  try {
    const users = await owners(rig, clients[0]!, plan.users);
    const started = performance.now();
    const source = batches(users, unitsPerUser);
    let documents = 0;
    // Each writer takes the next batch when its statement is done: at most WRITERS statements at once.
    await Promise.all(
      clients.map(async (client) => {
        for (let next = source.next(); !next.done; next = source.next()) {
          await client.query(INSERT, [JSON.stringify(next.value)]);
          documents += next.value.length;
        }
      }),
    );
    const insertMs = performance.now() - started;
    await clients[0]!.query(
      "VACUUM ANALYZE delivery_documents, delivery_unit_counts, delivery_unit_months, delivery_state_counts, connections, users",
    );
    const vacuumMs = performance.now() - started - insertMs;
    await checkCounts(clients[0]!);
    const connections = users.reduce((n, o) => n + o.connections.length, 0);
    console.log(
      `seeded ${documents} documents (${plan.users} users, ${connections} connections, ${unitsPerUser} units each user): inserts ${Math.round(insertMs)} ms, vacuum analyze ${Math.round(vacuumMs)} ms`,
    );
    return { documents, unitsPerUser, connections, insertMs, vacuumMs, unitNumber };
  } finally {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  }
}
