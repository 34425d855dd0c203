import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { log } from "@/lib/log";
import { ProviderError } from "./errors";
import { fetchPage, listUrl, type RawPage } from "./paging";
import type { Requester } from "./request";
import { ImplausibleCountError, nextLinkOf, normaliseDocument, type ProviderDocument } from "./schemas";

/** Pages allowed beyond one per counted document: a provider repeating pages forever must end. */
const EXTRA_PAGES = 100;
/** An empty page while the count says more and `next` is given is asked again this often, after 250, 500, 1000 ms. */
const EMPTY_RETRIES = 3;
const EMPTY_BACKOFF_MS = 250;

export type OnPage = (documents: ProviderDocument[], progress: { seen: number; count: number }) => Promise<void> | void;

/**
 * What one walk knows while it runs (lib/provider/walk.ts): the documents met, the pages asked
 * for, the count it believed, and its first failure. Both strategies (walk-offsets.ts,
 * walk-links.ts) ask for pages and hand on documents only through it, so the page cap, the
 * document cap and the one-batch-at-a-time rule hold whichever runs.
 */
export class WalkState {
  /** Ends the other requests of the walk when one part fails, as well as on the caller's abort. */
  private readonly stop = new AbortController();
  readonly signal: AbortSignal;
  readonly call: { kd?: string; signal: AbortSignal };
  private readonly ids = new Set<string>();
  seen = 0;
  pages = 0;
  private maxPages = Number.POSITIVE_INFINITY;
  private count = 0;
  private delivering: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;

  constructor(
    readonly req: Requester,
    /** The page size asked for; lowered once when the provider grants less (walk.ts). */
    public pageSize: number,
    /** Most documents the walk believes and reads. */
    private readonly max: number,
    private readonly onPage: OnPage,
    options: { kd?: string; signal?: AbortSignal },
  ) {
    this.signal = options.signal ? AbortSignal.any([options.signal, this.stop.signal]) : this.stop.signal;
    this.call = { kd: options.kd, signal: this.signal };
  }

  /** The count before the walk; it is at most `max`, so the page cap it sets is bounded as well. */
  get countBefore(): number {
    return this.count;
  }
  set countBefore(count: number) {
    this.count = count;
    this.maxPages = count + EXTRA_PAGES;
  }

  /** Distinct documents met so far: in a sequential walk, the next offset. */
  get distinct(): number {
    return this.ids.size;
  }

  listUrl(offset: number, limit = this.pageSize): URL {
    return listUrl(this.req, offset, limit);
  }

  checkAborted(): void {
    if (this.signal.aborted) throw new ProviderError("aborted");
  }

  /** Records the walk's first failure and stops everything else, so that one is what is thrown. */
  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = { error };
    this.stop.abort();
  }

  /** Runs parts of the walk together; the first failure stops the others and is thrown. */
  async together(parts: Promise<unknown>[]): Promise<void> {
    await Promise.all(parts.map((p) => p.catch((error: unknown) => this.fail(error))));
    if (this.failure) throw this.failure.error;
  }

  /** One list page, or undefined once the page cap is reached. */
  async get(url: URL): Promise<RawPage | undefined> {
    this.checkAborted();
    if (this.pages >= this.maxPages) {
      log().warn(
        { origin: this.req.root.origin, pages: this.pages, countBefore: this.count },
        "provider walk stopped at its page cap",
      );
      return undefined;
    }
    this.pages++;
    // Pages arrive several at a time: each is read in a turn of its own (pace.ts).
    return fetchPage(this.req, url, this.call, undefined, true);
  }

  /**
   * An empty page while the count says more follow and `next` is given (even to the same offset)
   * may be a provider's hiccup, not the end: asked again with backoff before the walk believes it.
   */
  async askAgainIfEmpty(url: URL, page: RawPage | undefined, countSaysMore: boolean): Promise<RawPage | undefined> {
    for (
      let attempt = 0;
      attempt < EMPTY_RETRIES && page && page.documents.length === 0 && countSaysMore && nextLinkOf(page);
      attempt++
    ) {
      await sleep(EMPTY_BACKOFF_MS * 2 ** attempt, undefined, { signal: this.signal }).catch(() => undefined);
      page = await this.get(url);
    }
    return page;
  }

  /** Hands on the documents of a page not met before in this walk, one batch at a time; resolves to how many. */
  async deliver(page: RawPage): Promise<number> {
    const fresh: ProviderDocument[] = [];
    for (const raw of page.documents) {
      if (this.ids.has(raw.documentid)) continue;
      // More distinct documents than any count believed: the list is not what it claims to be.
      if (this.ids.size >= this.max) throw new ImplausibleCountError(this.ids.size + 1, this.max);
      this.ids.add(raw.documentid);
      fresh.push(normaliseDocument(raw, this.req.spec.fallbackMime));
    }
    if (fresh.length === 0) return 0;
    const turn = this.delivering.then(async () => {
      this.checkAborted();
      this.seen += fresh.length;
      try {
        await this.onPage(fresh, { seen: this.seen, count: this.count });
      } catch (error) {
        this.fail(error);
        throw error;
      }
    });
    this.delivering = turn.catch(() => undefined);
    await turn;
    return fresh.length;
  }
}
