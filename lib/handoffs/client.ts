import { fetchJson } from "@/lib/client/fetch-json";

/**
 * The browser's side of a manager's assignment (`PUT`/`DELETE /api/handoffs/assignments`): a document the one rule
 * hands to nobody goes to one tenancy of its unit, or is marked as needing no hand-off (`tenancyId: null`).
 */
export type AssignmentKey = { connectionId: string; documentid: string };

export const assignDocument = (key: AssignmentKey, tenancyId: string | null) =>
  fetchJson<AssignmentKey & { tenancyId: string | null }>("/api/handoffs/assignments", {
    method: "PUT",
    body: JSON.stringify({ ...key, tenancyId }),
  });

export const unassignDocument = (key: AssignmentKey) =>
  fetchJson<null>("/api/handoffs/assignments", { method: "DELETE", body: JSON.stringify(key) });
