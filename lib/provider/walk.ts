import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { log } from "@/lib/log";
import { resolvePageLink } from "./answers";
import { ProviderError } from "./errors";
import { countDocuments, fetchPage, listUrl, maxDocuments, type RawPage } from "./paging";
import type { Requester } from "./request";
import { ImplausibleCountError, nextLinkOf, normaliseDocument, type ProviderDocument } from "./schemas";

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
  onPage: (documents: ProviderDocument[], progress: { seen: number; count: number }) => Promise<void> | void;
};
export type WalkResult = { seen: number; countBefore: number; countAfter: number; pages: number; mode: "offset" | "links" };

const DEFAULT_PAGE_SIZE = 500;
const DEFAULT_CONCURRENCY = 4;
/** Pages allowed beyond one per counted document: a provider repeating pages forever must end. */
const EXTRA_PAGES = 100;
/** An empty page while the count says more and `next` is given is asked again this often, after 250, 500, 1000 ms. */
const EMPTY_RETRIES = 3;
const EMPTY_BACKOFF_MS = 250;

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
 * batches at once. See docs/provider-client.md, "The whole list".
 */
export async function walkDocuments(req: Requester, opts: WalkOptions): Promise<WalkResult> {
  const pageSize = Math.max(1, Math.floor(opts.pageSize ?? DEFAULT_PAGE_SIZE));
  const concurrency = Math.max(1, Math.floor(opts.concurrency ?? DEFAULT_CONCURRENCY));
  const max = Math.max(0, Math.floor(opts.maxDocuments ?? maxDocuments()));
  // Ends the other requests of the walk when one part fails, as well as on the caller's abort.
  const stop = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
  const call = { kd: opts.kd, signal };
  const ids = new Set<string>();
  let seen = 0;
  let pages = 0;
  let maxPages = Number.POSITIVE_INFINITY;
  let countBefore = 0;
  let delivering: Promise<void> = Promise.resolve();
  let failure: { error: unknown } | undefined;

  /** Records the walk's first failure and stops everything else, so that one is what is thrown. */
  const fail = (error: unknown) => {
    if (failure) return;
    failure = { error };
    stop.abort();
  };

  const checkAborted = () => {
    if (signal.aborted) throw new ProviderError("aborted");
  };

  /** One list page, or undefined once the page cap is reached. */
  async function get(url: URL): Promise<RawPage | undefined> {
    checkAborted();
    if (pages >= maxPages) {
      log().warn({ origin: req.root.origin, pages, countBefore }, "provider walk stopped at its page cap");
      return undefined;
    }
    pages++;
    // Pages arrive several at a time: each is read in a turn of its own (pace.ts).
    return fetchPage(req, url, call, undefined, true);
  }

  /**
   * An empty page while the count says more follow and `next` is given (even to the same offset)
   * may be a provider's hiccup, not the end: asked again with backoff before the walk believes it.
   */
  async function askAgainIfEmpty(url: URL, page: RawPage | undefined, countSaysMore: boolean): Promise<RawPage | undefined> {
    for (let attempt = 0; attempt < EMPTY_RETRIES && page && page.documents.length === 0 && countSaysMore && nextLinkOf(page); attempt++) {
      await sleep(EMPTY_BACKOFF_MS * 2 ** attempt, undefined, { signal }).catch(() => undefined);
      page = await get(url);
    }
    return page;
  }

  /** Hands on the documents of a page not met before in this walk; resolves to how many. */
  async function deliver(page: RawPage): Promise<number> {
    const fresh: ProviderDocument[] = [];
    for (const raw of page.documents) {
      if (ids.has(raw.documentid)) continue;
      // More distinct documents than any count believed: the list is not what it claims to be.
      if (ids.size >= max) throw new ImplausibleCountError(ids.size + 1, max);
      ids.add(raw.documentid);
      fresh.push(normaliseDocument(raw, req.spec.fallbackMime));
    }
    if (fresh.length === 0) return 0;
    const turn = delivering.then(async () => {
      checkAborted();
      seen += fresh.length;
      try {
        await opts.onPage(fresh, { seen, count: countBefore });
      } catch (error) {
        fail(error);
        throw error;
      }
    });
    delivering = turn.catch(() => undefined);
    await turn;
    return fresh.length;
  }

  /** Runs parts of the walk together; the first failure stops the others and is thrown. */
  async function together(parts: Promise<unknown>[]): Promise<void> {
    await Promise.all(parts.map((p) => p.catch(fail)));
    if (failure) throw failure.error;
  }

  /** The page at `offset` (already fetched as `page`), with a short page filled from where it ended. */
  async function fillFrom(offset: number, page: RawPage): Promise<void> {
    const expected = Math.min(pageSize, countBefore - offset);
    let received = page.documents.length;
    await deliver(page);
    while (received < expected) {
      const url = listUrl(req, offset + received, pageSize - received);
      const more = await askAgainIfEmpty(url, await get(url), true);
      if (!more || more.documents.length === 0) return;
      received += more.documents.length;
      if ((await deliver(more)) === 0) return;
    }
  }

  /** The offsets after the first page, handed out one at a time (never a list made from the count). */
  async function walkOffsets(): Promise<void> {
    let next = pageSize;
    const worker = async () => {
      while (next < countBefore) {
        const offset = next;
        next += pageSize;
        const page = await get(listUrl(req, offset, pageSize));
        if (!page) return;
        await fillFrom(offset, page);
      }
    };
    const remaining = Math.ceil(Math.max(0, countBefore - pageSize) / pageSize);
    await together(Array.from({ length: Math.min(concurrency, remaining) }, worker));
  }

  async function followLinks(first: RawPage, firstUrl: URL): Promise<void> {
    let page = first;
    let url = firstUrl;
    while (page.documents.length > 0) {
      const href = nextLinkOf(page);
      let nextUrl: URL;
      if (href) nextUrl = resolvePageLink(href, url, req.root);
      // Sequential walk: the distinct documents met so far are the next offset.
      else if (ids.size < countBefore) nextUrl = listUrl(req, ids.size, pageSize);
      else return;
      const nextPage = await askAgainIfEmpty(nextUrl, await get(nextUrl), ids.size < countBefore);
      if (!nextPage) return;
      page = nextPage;
      url = nextUrl;
      if ((await deliver(page)) === 0) return;
    }
  }

  const firstUrl = listUrl(req, 0, pageSize);
  let first: RawPage | undefined;
  await together([countDocuments(req, call, undefined, max).then((n) => (countBefore = n)), get(firstUrl).then((p) => (first = p))]);
  // countBefore is at most `max` here: the page cap is bounded by it as well.
  maxPages = countBefore + EXTRA_PAGES;
  const firstPage = (await askAgainIfEmpty(firstUrl, first, countBefore > 0)) ?? first!;
  const received = firstPage.documents.length;
  // Honoured: a full page, or a shorter one that holds all the count announced (the list ended).
  const mode = received === pageSize || (received < pageSize && received >= countBefore) ? "offset" : "links";
  // In offset mode the other pages are asked for while the first one is being delivered
  // (deliveries still go one at a time, the first page first).
  if (mode === "offset") await together([deliver(firstPage), walkOffsets()]);
  else {
    await deliver(firstPage);
    await followLinks(firstPage, firstUrl);
  }
  checkAborted();
  const countAfter = await countDocuments(req, call, undefined, max);
  return { seen, countBefore, countAfter, pages, mode };
}
