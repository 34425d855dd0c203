import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import {
  sandboxBlocks,
  sandboxClients,
  sandboxDocuments,
  sandboxMeta,
  sandboxRateWindows,
  sandboxReceived,
} from "@/lib/db/schema/sandbox";
import { newSigningKey, readMeta } from "./meta";
import { FACT_KEYS, type Metadata, type ReceivedDocument, type State, type StateDocument } from "./schema";
import { BLOCK, type DocumentSummary } from "./documents";
import { listUnits, replaceOsr } from "./osr/store";

const BATCH = 5000;
/** Received documents carry their bytes (up to 50 MiB each): fewer rows per statement. */
const RECEIVED_BATCH = 50;

/** One row of sandbox_documents as JSON: bytes stay base64 until the database decodes them. */
type DocRow = DocumentSummary & {
  service: string;
  position: number;
  rank: number;
  content: string | null;
  generate: string | null;
  confirmed_at: string | null;
};

/** Many rows in one statement and one parameter: far cheaper than 16 bound parameters per row. */
const insertDocuments = (rows: DocRow[]) => sql`
  INSERT INTO sandbox_documents (service, documentid, position, customer, rank, filename, doctype, doctypeversion,
    mimetype, propertymanagement, metadata, facts, content, generate, confirmed, confirmed_at, withdrawn)
  SELECT service, documentid, position, customer, rank, filename, doctype, doctypeversion,
    mimetype, propertymanagement, metadata, facts, decode(content, 'base64'), generate, confirmed, confirmed_at, withdrawn
  FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(service text, documentid text, position integer,
    customer text, rank integer, filename text, doctype text, doctypeversion text, mimetype text,
    propertymanagement text, metadata jsonb, facts jsonb, content text, generate text, confirmed boolean,
    confirmed_at timestamptz, withdrawn boolean)`;

/** The facts a document sets, only those keys (an explicit `null` included), or null when it sets none. */
function factsOf(d: StateDocument): DocumentSummary["facts"] {
  const set = FACT_KEYS.filter((k) => d[k] !== undefined);
  return set.length ? Object.fromEntries(set.map((k) => [k, d[k]])) : null;
}

function toRows(state: State): DocRow[] {
  const ranks = new Map<string, number>();
  return state.documents.map((d, position) => {
    const group = `${d.service}\u0000${d.customer}`;
    const rank = ranks.get(group) ?? 0;
    ranks.set(group, rank + 1);
    return {
      service: d.service,
      documentid: d.documentid,
      position,
      customer: d.customer,
      rank,
      filename: d.filename,
      doctype: d.doctype,
      doctypeversion: d.doctypeversion ?? null,
      mimetype: d.mimetype,
      propertymanagement: d.propertymanagement,
      metadata: d.metadata,
      facts: factsOf(d),
      content: "base64" in d.content ? d.content.base64 : null,
      generate: "generate" in d.content ? d.content.generate : null,
      confirmed: d.confirmed,
      confirmed_at: d.confirmed ? new Date(d.confirmedAt ?? Date.now()).toISOString() : null,
      withdrawn: d.withdrawn,
    };
  });
}

/** A received document as GET shows it, back into its row; ids follow the order of the list. */
const receivedRow = (r: ReceivedDocument) => ({
  documentid: r.documentid,
  clientId: r.client,
  customer: r.customer,
  filename: r.filename,
  doctype: r.doctype,
  doctypeversion: r.doctypeversion,
  metadata: r.metadata,
  content: Buffer.from(r.content.base64, "base64"),
  ...(r.receivedAt ? { receivedAt: new Date(r.receivedAt) } : {}),
});

/**
 * Replaces the whole provider state in one transaction (the signing key stays), received
 * documents included (none when the state names none). Documents go in in statements of BATCH
 * rows each, so 100,000 documents take seconds.
 */
export async function replaceState(db: Db, state: State): Promise<void> {
  const key = (await readMeta(db)) ? undefined : await newSigningKey();
  const rows = toRows(state);
  await db.transaction(async (tx) => {
    if (key) {
      await tx
        .insert(sandboxMeta)
        .values({ id: 1, settings: state.settings, ...key })
        .onConflictDoNothing();
    }
    // Serialises concurrent replacements (also across app instances sharing PostgreSQL).
    await tx.execute(sql`SELECT id FROM sandbox_meta WHERE id = 1 FOR UPDATE`);
    await tx.update(sandboxMeta).set({ settings: state.settings, updatedAt: new Date() }).where(eq(sandboxMeta.id, 1));
    await tx.delete(sandboxDocuments);
    await tx.delete(sandboxBlocks);
    await tx.delete(sandboxClients);
    await tx.delete(sandboxReceived);
    await tx.delete(sandboxRateWindows);
    await replaceOsr(tx, state.units ?? []);
    if (state.clients.length) {
      await tx.insert(sandboxClients).values(
        state.clients.map((c, position) => ({
          id: c.id,
          position,
          services: c.services,
          basicUsername: c.basic?.username ?? null,
          basicPassword: c.basic?.password ?? null,
          oauthClientId: c.oauth?.clientId ?? null,
          oauthClientSecret: c.oauth?.clientSecret ?? null,
          customers: c.customers,
        })),
      );
    }
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx.execute(insertDocuments(rows.slice(i, i + BATCH)));
    }
    const received = state.received ?? [];
    for (let i = 0; i < received.length; i += RECEIVED_BATCH) {
      await tx.insert(sandboxReceived).values(received.slice(i, i + RECEIVED_BATCH).map(receivedRow));
    }
    await tx.execute(sql`
      INSERT INTO sandbox_blocks (service, customer, block, open_count)
      SELECT service, customer, rank / ${sql.raw(String(BLOCK))}, count(*) FILTER (WHERE NOT (confirmed OR withdrawn))
      FROM sandbox_documents GROUP BY 1, 2, 3`);
  });
}

/** Creates the first state (and the signing key) once; other instances see it and do nothing. */
export async function ensureState(db: Db, initial: () => State): Promise<boolean> {
  if (await readMeta(db)) return false;
  await replaceState(db, initial());
  return true;
}

export async function exportState(db: Db) {
  const meta = await readMeta(db);
  const clients = await db.select().from(sandboxClients).orderBy(asc(sandboxClients.position));
  const docs = await db.select().from(sandboxDocuments).orderBy(asc(sandboxDocuments.position));
  const received = await db.select().from(sandboxReceived).orderBy(asc(sandboxReceived.id));
  const units = await listUnits(db);
  return {
    settings: meta?.settings,
    clients: clients.map((c) => ({
      id: c.id,
      services: c.services,
      ...(c.basicUsername !== null ? { basic: { username: c.basicUsername, password: c.basicPassword } } : {}),
      ...(c.oauthClientId !== null ? { oauth: { clientId: c.oauthClientId, clientSecret: c.oauthClientSecret } } : {}),
      customers: c.customers,
    })),
    documents: docs.map((d) => ({
      service: d.service,
      customer: d.customer,
      documentid: d.documentid,
      filename: d.filename,
      doctype: d.doctype,
      ...(d.doctypeversion !== null ? { doctypeversion: d.doctypeversion } : {}),
      mimetype: d.mimetype,
      propertymanagement: d.propertymanagement,
      metadata: d.metadata as Metadata[],
      ...(d.facts as DocumentSummary["facts"]),
      content: d.content ? { base64: d.content.toString("base64") } : { generate: d.generate },
      confirmed: d.confirmed,
      confirmedAt: d.confirmedAt?.toISOString() ?? null,
      ...(d.withdrawn ? { withdrawn: true } : {}),
    })),
    received: received.map((r) => ({
      documentid: r.documentid,
      client: r.clientId,
      customer: r.customer,
      filename: r.filename,
      doctype: r.doctype,
      doctypeversion: r.doctypeversion,
      metadata: r.metadata,
      size: r.content.length,
      receivedAt: r.receivedAt.toISOString(),
      content: { base64: r.content.toString("base64") },
    })),
    ...(units.length ? { units } : {}),
  };
}
