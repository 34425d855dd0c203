import "server-only";
import { countDocuments, maxDocuments, type RawPage } from "./paging";
import type { Requester } from "./request";
import { followLinks } from "./walk-links";
import { walkOffsets } from "./walk-offsets";
import { WalkState, type OnPage } from "./walk-state";

export type WalkOptions = {
  kd?: string;
  signal?: AbortSignal;
  /** pages in flight at once when the provider honours offset/limit (default 4) */
  concurrency?: number;
  /** page size asked for (default 500) */
  pageSize?: number;
  /** most documents the walk believes and reads (default SYNC_MAX_DOCUMENTS) */
  maxDocuments?: number;
  /** called for each batch of NEW (not yet delivered in this walk) normalised documents, in any order; awaited (backpressure) */
  onPage: OnPage;
};
export type WalkResult = { seen: number; countBefore: number; countAfter: number; pages: number; mode: "offset" | "links" };

const DEFAULT_PAGE_SIZE = 500;
const DEFAULT_CONCURRENCY = 4;

/**
 * Walks a provider's whole list once. When the first page shows that `limit` is honoured, the
 * other offsets are asked `concurrency` at a time and a page short in the middle is filled from
 * where it ended; otherwise `next` links are followed one by one (only on the configured origin
 * and list path), continuing from the next offset when `next` is missing while the count says
 * more. Nothing is planned from the provider's numbers beyond `maxDocuments`: a count above it
 * (or not a count at all) ends the walk before any plan, offsets are made one at a time, and more
 * distinct documents than that end it too (`implausible_count`). Every loop ends on an empty page
 * (asked again a few times while the count says more and `next` is given), a page adding no new
 * document, or the page cap. onPage is called one batch at a time, so the caller never sees two
 * batches at once. The strategies are in walk-offsets.ts and walk-links.ts, what they share in
 * walk-state.ts. See docs/provider-client.md, "The whole list".
 */
export async function walkDocuments(req: Requester, opts: WalkOptions): Promise<WalkResult> {
  const pageSize = Math.max(1, Math.floor(opts.pageSize ?? DEFAULT_PAGE_SIZE));
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? DEFAULT_CONCURRENCY));
  const max = Math.max(0, Math.floor(opts.maxDocuments ?? maxDocuments()));
  const walk = new WalkState(req, pageSize, max, opts.onPage, opts);
  const firstUrl = walk.listUrl(0);
  let first: RawPage | undefined;
  await walk.together([countDocuments(req, walk.call, undefined, max).then((n) => (walk.countBefore = n)), walk.get(firstUrl).then((p) => (first = p))]);
  const firstPage = (await walk.askAgainIfEmpty(firstUrl, first, walk.countBefore > 0)) ?? first!;
  const received = firstPage.documents.length;
  // Honoured: a full page, or a shorter one that holds all the count announced (the list ended).
  const mode = received === pageSize || (received < pageSize && received >= walk.countBefore) ? "offset" : "links";
  if (mode === "offset") await walkOffsets(walk, firstPage, concurrency);
  else await followLinks(walk, firstPage, firstUrl);
  walk.checkAborted();
  const countAfter = await countDocuments(req, walk.call, undefined, max);
  return { seen: walk.seen, countBefore: walk.countBefore, countAfter, pages: walk.pages, mode };
}
