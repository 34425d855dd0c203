import "server-only";
import type { DocumentState } from "@/lib/db/schema/delivery";
import type { HandoffState } from "@/lib/db/schema/handoffs";
import type { Channel } from "@/lib/register/list";
import type { RecipientKind } from "@/lib/register/tenancies/recipient";
import { namesBilling } from "@/lib/provider/billing";

/**
 * `archived`: its bytes are in the archive (only those can be handed off). `recipient`: who receives it by the one
 * rule (lib/register/tenancies/recipient.ts), `null` outside the register; `handoff`: its hand-off to that resident.
 */
export type InboxDocument = Record<string, unknown> & {
  connectionId: string;
  state: DocumentState;
  replacedBy: string | null;
  archived: boolean;
  recipient: RecipientKind | null;
  handoff: HandoffSummary | null;
};
export type HandoffSummary = { state: HandoffState; channel: Channel; at: string };
/**
 * What the user's unit register says of a group's unit (lib/register): `null` when the unit is not in it.
 * `vacant`: no resident lives there today, by a vacancy the register records (not merely none entered).
 */
export type GroupRegister = {
  property: string | null;
  address: string | null;
  resident: { name: string; channel: Channel } | null;
  vacant: boolean;
};
/**
 * `billing`: the unit is a property's billing unit (a DTA ZIP of the whole property, lib/provider/billing.ts): its files
 * belong to no flat and no resident; `register` then names the property whose units name that billing unit. `total`: the
 * unit's documents in this view, `before` those on earlier pages (a page holds documents, so a unit may straddle two).
 */
export type InboxGroup = {
  unit: string | null;
  pmnumber: string | null;
  label: string | null;
  register: GroupRegister | null;
  billing: boolean;
  total: number;
  before: number;
  documents: InboxDocument[];
};
/** The inbox statement's one row (inbox.ts) made into the page's groups: each unit's documents, names and span. */

/** The statement's one row; `open`, `rows` and `known` are JSON texts. */
export type InboxRow = {
  units: number;
  documents: number;
  register: boolean;
  properties: string | null;
  open: string | null;
  rows: string | null;
  known: string | null;
  spans: string | null;
};
/** A page's unit: its documents in the view, those on earlier pages, the property named by its billing unit. */
type SpanRow = { u: string | null; n: number; s: number; bp: string | null };
/** A page's unit as the register knows it. */
type KnownRow = {
  u: string;
  pr: string | null;
  a: string | null;
  l: string | null;
  rn: string | null;
  ch: Channel | null;
  v: boolean | null;
};
/** One document of the page, as the statement builds it. */
type PageRow = {
  c: string;
  s: DocumentState;
  r: string | null;
  u: string | null;
  p: string | null;
  l: string | null;
  d: Record<string, unknown>;
  a: boolean;
  k: RecipientKind | null;
  h: { s: HandoffState; ch: Channel; at: string } | null;
};

/** JSON writes a timestamptz in the database's own form; the API answers ISO 8601. */
const iso = (v: string) => new Date(v).toISOString();

/** The page's documents by unit, in the statement's order, named by the register where it knows the unit. */
export function groupsOf(first: InboxRow | undefined): InboxGroup[] {
  const known = new Map((JSON.parse(first?.known ?? "null") as KnownRow[] | null)?.map((k) => [k.u, k]) ?? []);
  const spans = new Map((JSON.parse(first?.spans ?? "null") as SpanRow[] | null)?.map((k) => [k.u, k]) ?? []);
  const groups: InboxGroup[] = [];
  for (const r of JSON.parse(first?.rows ?? "[]") as PageRow[]) {
    let group = groups.at(-1);
    if (!group || group.unit !== r.u) {
      const span = spans.get(r.u);
      const [total, before] = [Number(span?.n ?? 0), Number(span?.s ?? 0)];
      group = { unit: r.u, pmnumber: null, label: null, register: null, billing: false, total, before, documents: [] };
      groups.push(group);
    }
    group.billing ||= r.u !== null && namesBilling(r.d.metadata, r.u);
    group.pmnumber ??= r.p;
    group.label ??= r.l;
    group.documents.push({
      ...r.d,
      connectionId: r.c,
      state: r.s,
      replacedBy: r.r,
      archived: r.a,
      recipient: r.k,
      handoff: r.h && { state: r.h.s, channel: r.h.ch, at: iso(r.h.at) },
    });
  }
  // The register's label wins over the provider's; its property and resident are the group's names.
  for (const group of groups) {
    const bp = spans.get(group.unit)?.bp;
    if (group.billing && bp) group.register = { property: bp, address: null, resident: null, vacant: false };
    const k = group.unit === null ? undefined : known.get(group.unit);
    if (!k) continue;
    group.label = k.l ?? group.label;
    const resident = k.rn && k.ch ? { name: k.rn, channel: k.ch } : null;
    group.register = { property: k.pr, address: k.a, resident, vacant: resident === null && k.v === true };
  }
  return groups;
}
