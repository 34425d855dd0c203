import "server-only";
import { resolvePageLink } from "./answers";
import type { RawPage } from "./paging";
import { nextLinkOf } from "./schemas";
import type { WalkState } from "./walk-state";

/**
 * The links strategy, for a provider with its own page size: `next` links are followed one by one
 * (only on the configured origin and list path, see `resolvePageLink`), continuing from the next
 * offset when `next` is missing while the count says more.
 */
export async function followLinks(walk: WalkState, first: RawPage, firstUrl: URL): Promise<void> {
  await walk.deliver(first);
  let page = first;
  let url = firstUrl;
  while (page.documents.length > 0) {
    const href = nextLinkOf(page);
    let nextUrl: URL;
    if (href) nextUrl = resolvePageLink(href, url, walk.req.root);
    // Sequential walk: the distinct documents met so far are the next offset.
    else if (walk.distinct < walk.countBefore) nextUrl = walk.listUrl(walk.distinct);
    else return;
    const nextPage = await walk.askAgainIfEmpty(nextUrl, await walk.get(nextUrl), walk.distinct < walk.countBefore);
    if (!nextPage) return;
    page = nextPage;
    url = nextUrl;
    if ((await walk.deliver(page)) === 0) return;
  }
}
