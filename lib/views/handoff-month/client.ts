import { queryOptions } from "@tanstack/react-query";
import type { ErrorCode } from "@/lib/errors";
import { fetchJson, HttpError } from "@/lib/client/fetch-json";
import type { HandoffMonth, MonthEntry } from "@/lib/views/handoff-month/month";
import type { HandoffMonthInput } from "@/lib/views/handoff-month/query";
import type { HandoffText } from "@/lib/handoffs/texts/template";
import type { StoredText } from "@/lib/handoffs/texts/texts";
import { param, readList, type Raw } from "@/lib/lists/params";
import { fileNameOf } from "@/lib/handoffs/print/file-name";

/**
 * The browser's side of the monthly hand-off view (docs/api.md, "The monthly view of the hand-off"):
 * its URL state, the view's and the texts' queries (shared with the page's prefetch) and the save.
 */
export type { HandoffMonth, MonthEntry, StoredText, HandoffText };

/** The page's URL: both optional, the page fills the register's first property and the current month. */
const HANDOFF_MONTH_URL = { property: param.text(200), month: param.month };
export const readHandoffMonthSearch = (raw: Raw) => readList(HANDOFF_MONTH_URL, raw);

export const handoffMonthKeys = {
  view: (input: HandoffMonthInput) => ["handoff-month", input] as const,
  texts: ["handoff-texts"] as const,
  text: (property: string | null) => ["handoff-texts", property] as const,
  /** The mutation "Gedruckt und versandt" of one property-month: its outcome is read where the button is gone. */
  posted: (input: HandoffMonthInput) => ["handoff-posted", input.property, input.month] as const,
};

const query = (input: HandoffMonthInput) => new URLSearchParams(input).toString();
export const handoffMonthCsvUrl = (input: HandoffMonthInput) => `/api/handoffs/month.csv?${query(input)}`;
/** The proof of the month (GET /api/handoffs/proof, .csv); support names the register by a connection of its owner. */
export const handoffProofUrl = (input: HandoffMonthInput & { connection?: string }, format: "pdf" | "csv") =>
  `/api/handoffs/proof${format === "csv" ? ".csv" : ""}?${new URLSearchParams(input).toString()}`;
/**
 * The post channel's letters (lib/handoffs/print/letter.ts, POST /api/handoffs/print): a POST, since the
 * print marks them made ("Briefe erstellt"); `senderAddress` with the first print, when none is stored. The PDF and
 * its file name, or the API's error in the user's language; `waiting` when the team's four eyes keep it for a second
 * person (`202 {release}`, lib/releases).
 */
export async function printLetters(
  input: HandoffMonthInput & { senderAddress?: string },
): Promise<{ pdf: Blob; filename: string } | { waiting: true }> {
  const res = await fetch("/api/handoffs/print", {
    method: "POST",
    headers: { Accept: "application/pdf, application/json", "Content-Type": "application/json" },
    body: JSON.stringify(input),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: ErrorCode; message?: string } | null;
    throw new HttpError(res.status, body?.error ?? "http_error", body?.message ?? `HTTP ${res.status}`);
  }
  if (res.status === 202) return { waiting: true };
  const filename = fileNameOf(res.headers.get("content-disposition")) ?? "Briefe.pdf";
  return { pdf: await res.blob(), filename };
}

/** "Gedruckt und versandt" (POST /api/handoffs/posted): the month's letters made are confirmed as posted. */
export const confirmLettersPosted = (input: HandoffMonthInput) =>
  fetchJson<{ posted: number }>("/api/handoffs/posted", { method: "POST", body: JSON.stringify(input) });

/** Saves bytes the page holds as a download, as a link with `download` would. */
export function saveDownload(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after the click returns: freed once the download surely began.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const handoffMonthQuery = (input: HandoffMonthInput) =>
  queryOptions({
    queryKey: handoffMonthKeys.view(input),
    queryFn: () => fetchJson<HandoffMonth>(`/api/handoffs/month?${query(input)}`),
  });

const textUrl = (property: string | null) =>
  `/api/handoffs/texts${property === null ? "" : `?${new URLSearchParams({ property }).toString()}`}`;

export const handoffTextQuery = (property: string | null) =>
  queryOptions({ queryKey: handoffMonthKeys.text(property), queryFn: () => fetchJson<StoredText>(textUrl(property)) });

export const saveHandoffText = (property: string | null, text: HandoffText) =>
  fetchJson<StoredText>(textUrl(property), { method: "PUT", body: JSON.stringify(text) });
