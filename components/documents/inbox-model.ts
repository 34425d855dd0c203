import type { Connection } from "@/lib/connections/client";
import type { DocumentState } from "@/lib/client/types";
import type { HandoffSummary, InboxDocument, InboxGroup } from "@/lib/views/inbox/client";

/**
 * Pure helpers of the inbox page: the typed view of a document (the API passes the provider's
 * fields through untyped), its key in the URL and in a selection, and what a confirmation targets.
 */

export type DocView = {
  /** `{connectionId}:{documentid}`, as in the URL's `doc`. */
  key: string;
  connectionId: string;
  documentid: string;
  filename: string;
  doctype: string;
  mimetype: string;
  property: string | null;
  from: string | null;
  to: string | null;
  state: DocumentState;
  replacedBy: string | null;
  unit: string | null;
  /** A file of the whole property (its unit is a billing unit): no flat, no resident, no hand-off. */
  billing: boolean;
  /** Its bytes are archived (a hand-off archives them first when they are not). */
  archived: boolean;
  /** Its hand-off to the present resident of its unit, `null` while there is none. */
  handoff: HandoffSummary | null;
  /** Who receives it by the one rule; null outside the register. */
  recipient: InboxDocument["recipient"];
  /** Named by a link but not on this page: its state and facts are not known here. */
  partial?: boolean;
};

/** What one confirmation is about: enough to name it in the dialog and in the outcome. */
export type Target = Pick<DocView, "key" | "connectionId" | "documentid" | "filename" | "unit"> & {
  /** Someone receives it by the rule: "Bestätigen und weitergeben" is offered for it. */
  toResident?: boolean;
};

const text = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);

export const docKey = (connectionId: string, documentid: string) => `${connectionId}:${documentid}`;

/** The URL's `doc` split at its first colon (a connection id is a UUID, a document id may hold colons). */
export function parseDocKey(key: string | undefined): { connectionId: string; documentid: string } | null {
  if (!key) return null;
  const at = key.indexOf(":");
  if (at <= 0 || at === key.length - 1) return null;
  return { connectionId: key.slice(0, at), documentid: key.slice(at + 1) };
}

/** The period of a document: the first reference that carries one (a billing unit has none). */
function periodOf(metadata: unknown): { from: string | null; to: string | null } {
  if (!Array.isArray(metadata)) return { from: null, to: null };
  for (const m of metadata as Record<string, unknown>[]) {
    const from = text(m?.from);
    const to = text(m?.to);
    if (from || to) return { from, to };
  }
  return { from: null, to: null };
}

export function docView(d: InboxDocument, unit: string | null, billing = false): DocView {
  const documentid = text(d.documentid) ?? "";
  const version = text(d.doctypeversion);
  return {
    key: docKey(d.connectionId, documentid),
    connectionId: d.connectionId,
    documentid,
    filename: text(d.filename) ?? documentid,
    doctype: [text(d.doctype), version].filter(Boolean).join(" "),
    mimetype: text(d.mimetype) ?? "application/octet-stream",
    property: text(d.propertymanagement),
    ...periodOf(d.metadata),
    state: d.state,
    replacedBy: d.replacedBy,
    unit,
    billing,
    archived: d.archived,
    handoff: d.handoff,
    recipient: d.recipient,
  };
}

/** The page's documents in display order, each group's beside its group. */
export function viewsOf(groups: InboxGroup[]): { group: InboxGroup; docs: DocView[] }[] {
  return groups.map((group) => ({ group, docs: group.documents.map((d) => docView(d, group.unit, group.billing)) }));
}

/** Open documents, and failed ones (a failed confirmation may be tried again), can be confirmed. */
export const isConfirmable = (d: Pick<DocView, "state" | "partial">) =>
  !d.partial && (d.state === "open" || d.state === "failed");

/**
 * Every document of a flat can be handed to its resident, confirmed or not, archived or not (the hand-off archives it
 * first); a file of the whole property cannot, nor one the rule says needs none (a vacancy, or marked so).
 */
export const isHandoffable = (d: Pick<DocView, "billing" | "partial" | "recipient">) =>
  !d.partial && !d.billing && d.recipient !== "vacancy" && d.recipient !== "none";

/** A document can be selected to be confirmed or handed off. */
export const isSelectable = (d: DocView) => isConfirmable(d) || isHandoffable(d);

export const toTarget = (d: DocView): Target => ({
  key: d.key,
  connectionId: d.connectionId,
  documentid: d.documentid,
  filename: d.filename,
  unit: d.unit,
  toResident: (d.recipient === "resident" || d.recipient === "assigned") && !d.billing,
});

/** The properties (`propertymanagement`) of a unit's documents, each once. */
export const propertiesOf = (docs: DocView[]) => [
  ...new Set(docs.map((d) => d.property).filter((p): p is string => p !== null)),
];

/**
 * What a screen reader hears for each document's controls: its file name, and where two documents
 * of the page share one (copies of a document through several connections) the connection too.
 */
export function spokenNamesOf(docs: DocView[], nameAt: (doc: DocView) => string): Map<string, string> {
  const count = new Map<string, number>();
  for (const d of docs) count.set(d.filename, (count.get(d.filename) ?? 0) + 1);
  return new Map(docs.map((d) => [d.key, (count.get(d.filename) ?? 0) > 1 ? nameAt(d) : d.filename]));
}

/** Targets grouped by connection and cut into requests of at most `max` ids (the API's limit). */
export function batchesOf(targets: Target[], max = 1000): { connectionId: string; targets: Target[] }[] {
  const byConnection = new Map<string, Target[]>();
  for (const t of targets) byConnection.set(t.connectionId, [...(byConnection.get(t.connectionId) ?? []), t]);
  const out: { connectionId: string; targets: Target[] }[] = [];
  for (const [connectionId, list] of byConnection)
    for (let i = 0; i < list.length; i += max) out.push({ connectionId, targets: list.slice(i, i + max) });
  return out;
}

/** A connection named for a person: its name and its provider's host. */
export function providerOf(connection: Connection | undefined): string | null {
  if (!connection) return null;
  try {
    return `${connection.name} (${connection.service.toUpperCase()}, ${new URL(connection.baseUrl).host})`;
  } catch {
    return `${connection.name} (${connection.service.toUpperCase()})`;
  }
}
