import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { isSupportRole } from "@/lib/auth/roles";
import type { Db } from "@/lib/db/client";
import { connections } from "@/lib/db/schema/connections";
import { deliveryDocuments, type DocumentState } from "@/lib/db/schema/delivery";
import { users } from "@/lib/db/schema/users";
import { env } from "@/lib/env";
import { AppError, forbidden } from "@/lib/errors";
import type { MessageKey, MessageVars } from "@/lib/i18n/messages";
import type { DeliveryFiltersInput, DeliveryQueryInput } from "./schemas";
import { billingNames, inProperty, registerNames, registerProperties, type RegisterNames } from "./register";
import { isBilling } from "@/lib/provider/billing";
import { countRecords, gathers, matches, newestPage, onPage, pageTotal, searchPage } from "./search";

/**
 * Support's view of the delivery record: every user's documents, read-only. The principal is
 * checked here as well as in the route, so no caller of these functions can skip it.
 * See docs/architecture.md, "Delivery record". One record's detail and archived file: detail.ts.
 */
export function assertSupport(principal: Principal): void {
  if (!isSupportRole(principal.role)) throw forbidden();
}

/**
 * Days and months of the record are calendar days of DISPLAY_TIME_ZONE, as the pages show them (first_seen_at is a
 * timestamptz).
 */
export const recordTimeZone = (): string => env().displayTimeZone;

export function badRange(path: string, message: MessageKey, vars?: MessageVars): AppError {
  return new AppError(400, "validation", "error.validation", { fields: [{ path, message, vars }] });
}

export type DeliveryRecord = {
  connectionId: string;
  connectionName: string;
  owner: string;
  service: string;
  documentid: string;
  filename: string;
  /** The type the provider gave the file (normalised: `application/pdf`, `application/zip`, ...). */
  mimetype: string;
  units: string[];
  /**
   * The unit's names in the owner's unit register, `null` when it does not know the unit (./register.ts: never the
   * resident).
   */
  register: RegisterNames | null;
  /** A file of the whole property (its unit is a billing unit, lib/provider/billing.ts): `register` then names the property. */
  billing: boolean;
  state: DocumentState;
  firstSeenAt: string;
  fetchedAt: string | null;
  sha256: string | null;
  bytes: number | null;
  confirmedAt: string | null;
  confirmedBy: string | null;
  /** For `elsewhere`: the connection (of any user) to the same provider account that confirmed it. */
  confirmedVia?: { connectionId: string; connectionName: string };
  replacedBy?: string;
};

const d = deliveryDocuments;
const owner = alias(users, "owner");
const confirmer = alias(users, "confirmer");
const via = alias(connections, "via");

/** `metadata` as an array whatever the provider sent, so a malformed document cannot fail a query. */
const metadataArray = sql`CASE WHEN jsonb_typeof(${d.document}->'metadata') = 'array' THEN ${d.document}->'metadata' ELSE '[]'::jsonb END`;

/** Every mscnumber of the document's metadata, distinct, in the order of their first mention. */
const unitsOf = sql<string[]>`(SELECT coalesce(jsonb_agg(u.msc ORDER BY u.pos), '[]'::jsonb) FROM (
  SELECT m.e->>'mscnumber' AS msc, min(m.pos) AS pos FROM jsonb_array_elements(${metadataArray}) WITH ORDINALITY AS m(e, pos)
  WHERE coalesce(m.e->>'mscnumber', '') <> '' GROUP BY 1) u)`;

export const recordColumns = {
  connectionId: d.connectionId,
  connectionName: connections.name,
  owner: owner.email,
  service: connections.service,
  documentid: d.documentid,
  filename: d.filename,
  mimetype: d.mimetype,
  units: unitsOf,
  register: sql<RegisterNames | null>`CASE WHEN ${isBilling(d.document, d.unitMsc)}
    THEN ${billingNames(connections.teamId, d.document, d.unitMsc)} ELSE ${registerNames(connections.teamId, d.unitMsc, d.unitPm)} END`,
  billing: isBilling(d.document, d.unitMsc),
  state: d.state,
  firstSeenAt: d.firstSeenAt,
  fetchedAt: d.fetchedAt,
  sha256: d.sha256,
  bytes: d.bytes,
  confirmedAt: d.confirmedAt,
  confirmedBy: confirmer.email,
  confirmedViaId: d.confirmedVia,
  confirmedViaName: via.name,
  replacedBy: d.replacedBy,
};

/** A row of `recordColumns` as the drivers return it. */
type RecordRow = Omit<
  DeliveryRecord,
  "firstSeenAt" | "fetchedAt" | "confirmedAt" | "confirmedVia" | "replacedBy" | "units"
> & {
  confirmedViaId: string | null;
  confirmedViaName: string | null;
  units: unknown;
  firstSeenAt: Date;
  fetchedAt: Date | null;
  confirmedAt: Date | null;
  replacedBy: string | null;
};

/** The answer's shape, field by field: extra columns of a query (a count, a cursor) stay out. */
export function toRecord(r: RecordRow): DeliveryRecord {
  const iso = (v: Date | null) => (v ? v.toISOString() : null);
  return {
    connectionId: r.connectionId,
    connectionName: r.connectionName,
    owner: r.owner,
    service: r.service,
    documentid: r.documentid,
    filename: r.filename,
    mimetype: r.mimetype,
    units: Array.isArray(r.units) ? r.units.map(String) : [],
    register: r.register,
    billing: Boolean(r.billing),
    state: r.state,
    firstSeenAt: r.firstSeenAt.toISOString(),
    fetchedAt: iso(r.fetchedAt),
    sha256: r.sha256,
    bytes: r.bytes,
    confirmedAt: iso(r.confirmedAt),
    confirmedBy: r.confirmedBy,
    ...(r.confirmedViaId &&
      r.confirmedViaName !== null && {
        confirmedVia: { connectionId: r.confirmedViaId, connectionName: r.confirmedViaName },
      }),
    ...(r.replacedBy ? { replacedBy: r.replacedBy } : {}),
  };
}

/** The joined select of records (connection, its owner, the confirming user) with extra columns. */
export function selectRecords<X extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: X) {
  return db
    .select({ ...recordColumns, ...extra })
    .from(d)
    .innerJoin(connections, eq(connections.id, d.connectionId))
    .innerJoin(owner, eq(owner.id, connections.userId))
    .leftJoin(confirmer, eq(confirmer.id, d.confirmedBy))
    .leftJoin(via, eq(via.id, d.confirmedVia));
}

export const recordOrder = [desc(d.firstSeenAt), asc(d.connectionId), asc(d.documentid)];

/** The filters as one condition; `undefined` (no filter) means every record, which support may read. */
export function filterCondition(f: DeliveryFiltersInput): SQL | undefined {
  if (f.from && f.to && f.from > f.to) throw badRange("to", "deliveryRecord.rangeOrder");
  const conditions: SQL[] = [];
  if (f.q) conditions.push(matches(f.q));
  if (f.state) conditions.push(eq(d.state, f.state));
  if (f.connection) conditions.push(eq(d.connectionId, f.connection));
  if (f.property) conditions.push(inProperty(f.property));
  // Bounds as instants, so the first_seen_at index serves them.
  if (f.from) conditions.push(sql`${d.firstSeenAt} >= (${f.from}::date::timestamp AT TIME ZONE ${recordTimeZone()})`);
  if (f.to) conditions.push(sql`${d.firstSeenAt} < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${recordTimeZone()})`);
  return and(...conditions);
}

/**
 * A page of records in record order. A search or a property joins the records to the page of its
 * matches (`searchPage`), whose total rides along; without either, to the page the first_seen_at
 * index gives (`newestPage`), and `countRecords` gives the total.
 */
export async function listDeliveries(
  db: Db,
  principal: Principal,
  input: DeliveryQueryInput,
): Promise<{ count: number; records: DeliveryRecord[] }> {
  assertSupport(principal);
  const where = filterCondition(input);
  if (!gathers(input)) {
    const rows = await selectRecords(db, {})
      .innerJoin(newestPage(where, input.limit, input.offset), onPage)
      .orderBy(...recordOrder);
    return { count: await countRecords(db, input, where), records: rows.map(toRecord) };
  }
  const rows = await selectRecords(db, { total: pageTotal })
    .innerJoin(searchPage(where!, input.limit, input.offset), onPage)
    .orderBy(...recordOrder);
  // Paged past the end: the page's total has no row to ride on.
  const count = rows[0]?.total ?? (input.offset > 0 ? await countRecords(db, input, where) : 0);
  return { count, records: rows.map(toRecord) };
}

/** A connection as support's filters name it: every user's, deleted ones too (their records stay). */
export type DeliveryConnection = { id: string; name: string; owner: string; service: string; deleted: boolean };

/** Every property name of every user's unit register: the options of support's property filter. */
export async function listDeliveryProperties(db: Db, principal: Principal): Promise<string[]> {
  assertSupport(principal);
  return registerProperties(db);
}

/** Every connection with its owner, by name: the options of support's connection filter. */
export async function listDeliveryConnections(db: Db, principal: Principal): Promise<DeliveryConnection[]> {
  assertSupport(principal);
  const rows = await db
    .select({
      id: connections.id,
      name: connections.name,
      owner: users.email,
      service: connections.service,
      deletedAt: connections.deletedAt,
    })
    .from(connections)
    .innerJoin(users, eq(users.id, connections.userId))
    .orderBy(asc(connections.name), asc(users.email), asc(connections.createdAt));
  return rows.map(({ deletedAt, ...c }) => ({ ...c, deleted: deletedAt !== null }));
}
