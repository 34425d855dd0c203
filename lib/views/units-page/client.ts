import { queryOptions } from "@tanstack/react-query";
import type { ErrorCode } from "@/lib/errors";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import type { ImportReport } from "@/lib/register/import";
import type { readUnitsPage } from "@/lib/views/units-page/units-page";
import type { StoredUnit } from "@/lib/register/stored";
import type { UnitWithReplies } from "./unit";
import type { UnitEdit } from "@/lib/register/schemas";
import { UNITS_LIST, type UnitsSearch } from "@/lib/register/list";
import { defaultsOf, readList, toQueryString, type Raw } from "@/lib/lists/params";

/**
 * The browser's side of the unit register (docs/api.md, "The unit register"): its shapes (the
 * server's own types, type-only), the list's query (shared with the page's prefetch), the import
 * and the edit of one unit.
 */
export type Unit = UnitWithReplies;
export type { UnitReply } from "@/lib/handoff-replies";
export type UnitsPage = Awaited<ReturnType<typeof readUnitsPage>>;
export type { ImportReport, ListedHistoryChange, PreviewRow, UnitChange } from "@/lib/register/import";

/** Every error of an import's report, listed or not (the answer lists the first 1,000). */
export const errorCount = (report: Pick<ImportReport, "errors" | "moreErrors">) =>
  report.errors.length + (report.moreErrors ?? 0);
export type { UnitEdit };

export const UNITS_DEFAULTS = defaultsOf(UNITS_LIST);
export const UNITS_PAGE_SIZES = [25, 50, 100, 200];
export const readUnitsSearch = (raw: Raw): UnitsSearch => readList(UNITS_LIST, raw);

export const unitsKeys = { all: ["units"] as const, list: (search: UnitsSearch) => ["units", "list", search] as const };

export const unitsQuery = (search: UnitsSearch) =>
  queryOptions({
    queryKey: unitsKeys.list(search),
    queryFn: () => fetchJson<UnitsPage>(`/api/units?${toQueryString(search, UNITS_DEFAULTS)}`),
  });

/**
 * Sends the register file as a form (the server detects its encoding from the bytes). A report
 * comes with 200 and also with 400 (a file with only errors); any other refusal throws.
 */
export async function importUnits(
  file: File,
  options: { dryRun: boolean; replace: boolean; history: "merge" | "replace" },
): Promise<ImportReport> {
  const form = new FormData();
  form.append("file", file);
  const query = new URLSearchParams({
    ...(options.dryRun && { dryRun: "1" }),
    ...(options.replace && { replace: "1" }),
    ...(options.history === "replace" && { history: "replace" }),
  });
  const res = await fetch(`/api/units?${query.toString()}`, {
    method: "PUT",
    body: form,
    headers: { Accept: "application/json" },
  });
  const body = (await res.json().catch(() => null)) as (ImportReport & { error?: ErrorCode; message?: string }) | null;
  if ((res.ok || res.status === 400) && body && Array.isArray(body.errors)) return body;
  throw new HttpError(res.status, body?.error ?? "http_error", body?.message ?? `HTTP ${res.status}`);
}

export const updateUnit = (id: string, edit: UnitEdit) =>
  fetchJson<StoredUnit>(`/api/units/${id}`, { method: "PATCH", body: JSON.stringify(edit) });
/** The owner renews (`POST`) or revokes (`DELETE`) a unit's portal link (lib/handoffs/portal/owner.ts). */
export const changePortalLink = (id: string, method: "POST" | "DELETE") =>
  fetchJson<{ state: string }>(`/api/units/${id}/portal-link`, { method });

/** The register's own settings (`GET`/`PUT /api/units/settings`): its "Bestand seit". */
export type RegisterSettings = { since: string | null };
export const registerSettingsQuery = () =>
  queryOptions({
    queryKey: [...unitsKeys.all, "settings"] as const,
    queryFn: () => fetchJson<RegisterSettings>("/api/units/settings"),
  });
export const saveRegisterSince = (since: string | null) =>
  fetchJson<RegisterSettings>("/api/units/settings", { method: "PUT", body: JSON.stringify({ since }) });

/** A unit's legal hold (`PUT`/`DELETE /api/units/{id}/hold`, lib/register/hold.ts): set or replaced, and lifted. */
export type { UnitHold } from "@/lib/register/hold";
export const setUnitHold = (id: string, reason: string) =>
  fetchJson<{ hold: Unit["hold"] }>(`/api/units/${id}/hold`, { method: "PUT", body: JSON.stringify({ reason }) });
export const liftUnitHold = (id: string) => fetchJson<{ hold: null }>(`/api/units/${id}/hold`, { method: "DELETE" });
