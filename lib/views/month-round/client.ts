import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import { param, readList, type Raw } from "@/lib/lists/params";
import type { MonthRound, RoundProperty, UnregisteredDocuments } from "@/lib/views/month-round/round";
import type { RoundDocument, RoundDocuments } from "@/lib/views/month-round/round-documents";
import type { MonthDocumentsInput, MonthRoundInput } from "@/lib/views/month-round/round-query";

/**
 * The browser's side of the month page (docs/api.md, "The month page"): its URL state (`?month=`), the answer's
 * query (shared with the page's prefetch) and the documents a run of one property takes.
 */
export type { MonthRound, RoundProperty, RoundDocument, RoundDocuments, UnregisteredDocuments };

const MONTH_URL = { month: param.month, mine: param.oneOf(["1", "0"] as const) };
export const readMonthRoundSearch = (raw: Raw) => readList(MONTH_URL, raw);

export const monthRoundKeys = {
  all: ["month-round"] as const,
  view: (input: MonthRoundInput) => ["month-round", "view", input] as const,
  documents: (input: MonthDocumentsInput) => ["month-round", "documents", input] as const,
};

const search = (input: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(input).filter((e): e is [string, string] => e[1] !== undefined)).toString();

export const monthRoundQuery = (input: MonthRoundInput) =>
  queryOptions({
    queryKey: monthRoundKeys.view(input),
    queryFn: () => fetchJson<MonthRound>(`/api/month?${search(input)}`),
  });

export const roundDocumentsQuery = (input: MonthDocumentsInput) =>
  queryOptions({
    queryKey: monthRoundKeys.documents(input),
    queryFn: () => fetchJson<RoundDocuments>(`/api/month/documents?${search(input)}`),
    staleTime: 0,
  });
