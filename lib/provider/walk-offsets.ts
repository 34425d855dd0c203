import "server-only";
import type { RawPage } from "./paging";
import type { WalkState } from "./walk-state";

/** The page at `offset` (already fetched as `page`), with a short page filled from where it ended. */
async function fillFrom(walk: WalkState, offset: number, page: RawPage): Promise<void> {
  const expected = Math.min(walk.pageSize, walk.countBefore - offset);
  let received = page.documents.length;
  await walk.deliver(page);
  while (received < expected) {
    const url = walk.listUrl(offset + received, walk.pageSize - received);
    const more = await walk.askAgainIfEmpty(url, await walk.get(url), true);
    if (!more || more.documents.length === 0) return;
    received += more.documents.length;
    if ((await walk.deliver(more)) === 0) return;
  }
}

/**
 * The offset strategy, for a provider that honours `limit`: the offsets after the first page are
 * handed out one at a time (never a list made from the count) to `concurrency` workers. The other
 * pages are asked for while the first one is being delivered (deliveries still go one at a time,
 * the first page first).
 */
export async function walkOffsets(walk: WalkState, first: RawPage, concurrency: number): Promise<void> {
  const { pageSize } = walk;
  let next = pageSize;
  const worker = async () => {
    while (next < walk.countBefore) {
      const offset = next;
      next += pageSize;
      const page = await walk.get(walk.listUrl(offset));
      if (!page) return;
      await fillFrom(walk, offset, page);
    }
  };
  const remaining = Math.ceil(Math.max(0, walk.countBefore - pageSize) / pageSize);
  await walk.together([walk.deliver(first), ...Array.from({ length: Math.min(concurrency, remaining) }, worker)]);
}
