import "server-only";
import type { z } from "zod";
import { env } from "@/lib/env";
import { resolvePageLink } from "./answers";
import { ProviderError } from "./errors";
import { MAX_JSON_BYTES, type ByteBudget } from "./http";
import { nextTurn } from "./pace";
import type { Requester } from "./request";
import {
  nextLinkOf,
  normaliseDocument,
  plausibleCount,
  ProviderCount,
  ProviderDocumentList,
  type ProviderDocument,
} from "./schemas";
import type { CallOptions } from "./service";

export type DocumentPage = { count: number; offset: number; limit: number; documents: ProviderDocument[] };
/** One list answer as the provider sent it (parsed, not yet normalised). */
export type RawPage = z.infer<typeof ProviderDocumentList>;

const MAX_FOLLOWED_PAGES = 50;
/** Bytes one `listPage` may read from the provider, count and every page together. */
export const MAX_LIST_BYTES = MAX_JSON_BYTES;

export function listUrl(req: Requester, offset: number, limit: number): URL {
  const url = new URL(req.root);
  url.searchParams.set("offset", String(offset));
  url.searchParams.set("limit", String(limit));
  return url;
}

/** The most documents one list or walk plans for (SYNC_MAX_DOCUMENTS): a provider's count above it is not believed. */
export const maxDocuments = () => env().syncMaxDocuments;

/**
 * The provider's count, an integer from 0 to `max`: everything that pages plans with it, so a
 * count that cannot be true ends the call (ImplausibleCountError, `implausible_count`).
 */
export async function countDocuments(
  req: Requester,
  opts: CallOptions = {},
  budget?: ByteBudget,
  max = maxDocuments(),
): Promise<number> {
  const raw = await req.getJson(new URL(`${req.root.href}/count`), opts, budget);
  const parsed = ProviderCount.safeParse(raw);
  if (!parsed.success) throw new ProviderError("unexpected", { status: 200 });
  return plausibleCount(parsed.data.count, max);
}

/**
 * One list answer, at most MAX_JSON_BYTES (and within `budget` when given); `paced`: read in a turn of its own
 * (pace.ts).
 */
export async function fetchPage(
  req: Requester,
  url: URL,
  opts: CallOptions,
  budget?: ByteBudget,
  paced = false,
): Promise<RawPage> {
  const raw = await req.getJson(url, opts, budget);
  if (paced) await nextTurn();
  const parsed = ProviderDocumentList.safeParse(raw);
  if (!parsed.success) throw new ProviderError("unexpected", { status: 200 });
  return parsed.data;
}

/**
 * One page of `limit` documents from `offset`, whatever the provider's own paging does (docs/provider-client.md, "One
 * page"). Everything read for it shares MAX_LIST_BYTES, so no provider can make one request read more.
 */
export async function listPage(
  req: Requester,
  offset: number,
  limit: number,
  opts: CallOptions = {},
): Promise<DocumentPage> {
  const first = listUrl(req, offset, limit);
  const budget: ByteBudget = { left: MAX_LIST_BYTES };
  const [total, page] = await Promise.all([countDocuments(req, opts, budget), fetchPage(req, first, opts, budget)]);
  const seen = new Set<string>();
  const documents: ProviderDocument[] = [];
  const add = (list: RawPage["documents"]) => {
    for (const raw of list) {
      if (seen.has(raw.documentid)) continue;
      seen.add(raw.documentid);
      documents.push(normaliseDocument(raw, req.spec.fallbackMime));
    }
  };
  add(page.documents);
  let current = page;
  let currentUrl = first;
  for (let n = 0; documents.length < limit && n < MAX_FOLLOWED_PAGES; n++) {
    // An empty page, or the count says nothing follows (a `next` on the last page is not followed).
    if (current.documents.length === 0 || offset + documents.length >= total) break;
    const href = nextLinkOf(current);
    let nextUrl: URL;
    if (href) nextUrl = resolvePageLink(href, currentUrl, req.root);
    else if (offset + documents.length < total)
      nextUrl = listUrl(req, offset + documents.length, limit - documents.length);
    else break;
    currentUrl = nextUrl;
    current = await fetchPage(req, nextUrl, opts, budget);
    const before = documents.length;
    add(current.documents);
    if (documents.length === before) break;
  }
  return { count: total, offset, limit, documents: documents.slice(0, limit) };
}
