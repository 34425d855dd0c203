import "server-only";
import { countDocuments, maxDocuments, type RawPage } from "./paging";
import type { Requester } from "./request";
import { followLinks } from "./walk-links";
import { walkOffsets } from "./walk-offsets";
import { nextLinkOf } from "./schemas";
import { WalkState, type OnPage } from "./walk-state";

export type WalkOptions = {
  kd?: string;
  signal?: AbortSignal;
  /** pages in flight at once when the provider honours offset/limit (default 4) */
  concurrency?: number;
  /** page size asked for (default 1000) */
  pageSize?: number;
  /** most documents the walk believes and reads (default SYNC_MAX_DOCUMENTS) */
  maxDocuments?: number;
  /**
   * called for each batch of NEW (not yet delivered in this walk) normalised documents, in any order; awaited
   * (backpressure)
   */
  onPage: OnPage;
};
export type WalkResult = {
  seen: number;
  countBefore: number;
  countAfter: number;
  pages: number;
  mode: "offset" | "links";
};

/**
 * The page asked for: the largest the sandbox grants (its default `maxLimit`). A thousand
 * documents of the spec's shape are about 0.5 MB, far below the cap of one answer (MAX_JSON_BYTES,
 * which still ends a larger one), and the walk holds a few pages at a time.
 */
const DEFAULT_PAGE_SIZE = 1000;
const DEFAULT_CONCURRENCY = 4;

/**
 * The page size a provider granted when it clamped `limit` below what was asked: the first page
 * held fewer than asked, and its `next` link goes on right after it with exactly that many as its
 * limit (as the sandbox does with its `maxLimit`). A provider that ignores `limit` for a page size
 * of its own names the limit asked, or none, and one whose `next` goes elsewhere is not trusted
 * with offsets either: undefined, and its links are followed. The link is only read here.
 */
function grantedLimit(first: RawPage, firstUrl: URL): number | undefined {
  const href = nextLinkOf(first);
  if (!href) return undefined;
  const granted = String(first.documents.length);
  try {
    const next = new URL(href, firstUrl).searchParams;
    return next.get("limit") === granted && next.get("offset") === granted ? first.documents.length : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Walks a provider's whole list once, by offsets when `limit` is honoured, else by `next` links;
 * nothing is planned from the provider's numbers beyond `maxDocuments`, and every loop ends.
 * onPage gets one batch at a time. How and why: docs/provider-client.md, "The whole list".
 */
export async function walkDocuments(req: Requester, opts: WalkOptions): Promise<WalkResult> {
  const pageSize = Math.max(1, Math.floor(opts.pageSize ?? DEFAULT_PAGE_SIZE));
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? DEFAULT_CONCURRENCY));
  const max = Math.max(0, Math.floor(opts.maxDocuments ?? maxDocuments()));
  const walk = new WalkState(req, pageSize, max, opts.onPage, opts);
  const firstUrl = walk.listUrl(0);
  let first: RawPage | undefined;
  await walk.together([
    countDocuments(req, walk.call, undefined, max).then((n) => (walk.countBefore = n)),
    walk.get(firstUrl).then((p) => (first = p)),
  ]);
  const firstPage = (await walk.askAgainIfEmpty(firstUrl, first, walk.countBefore > 0)) ?? first!;
  const received = firstPage.documents.length;
  // Honoured: a full page, or a shorter one that holds all the count announced (the list ended),
  // or one clamped to a smaller limit that the provider names (the walk then asks for that).
  const granted =
    received > 0 && received < Math.min(pageSize, walk.countBefore) ? grantedLimit(firstPage, firstUrl) : undefined;
  if (granted) walk.pageSize = granted;
  const mode =
    received === pageSize || (received < pageSize && received >= walk.countBefore) || granted ? "offset" : "links";
  if (mode === "offset") await walkOffsets(walk, firstPage, concurrency);
  else await followLinks(walk, firstPage, firstUrl);
  walk.checkAborted();
  const countAfter = await countDocuments(req, walk.call, undefined, max);
  return { seen: walk.seen, countBefore: walk.countBefore, countAfter, pages: walk.pages, mode };
}
