import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createProviderClient } from "@/lib/provider/client";
import { ImplausibleCountError, plausibleCount } from "@/lib/provider/schemas";
import { sendJson } from "../support/scripted-provider";
import {
  alt,
  assertEveryOnce,
  config,
  kindOf,
  listRequests,
  scripted,
  scriptedUvi,
  useDocuments,
  withWalkProviders,
  uviBasic,
  walkAll,
} from "../support/walk";

// The provider's count, pages and links are untrusted: docs/provider-client.md, "The whole list".
withWalkProviders();

/**
 * The alt provider answers the list request at `offset` with an empty page, `times` times (its `next` then points at
 * the same offset).
 */
function emptyAt(offset: number, times?: number) {
  alt.modes.shortAt = { offset, size: 0, ...(times !== undefined && { times }) };
}
const requestsAt = (offset: number) =>
  listRequests().filter((r) => new URL(r.path, alt.origin).searchParams.get("offset") === String(offset)).length;

describe("provider walk: the provider's numbers are untrusted", () => {
  test("plausibleCount: an integer from 0 to max, numeric text included; anything else is implausible", () => {
    assert.equal(plausibleCount(0, 10), 0);
    assert.equal(plausibleCount(10, 10), 10);
    assert.equal(plausibleCount(" 7 ", 10), 7);
    for (const [value, count] of [
      [11, 11],
      [1e12, 1e12],
      ["1e12", 1e12],
      [-1, -1],
      [2.5, 2.5],
      ["viele", undefined],
      [null, undefined],
      [true, undefined],
      ["", undefined],
      [Number.NaN, undefined],
      [Number.POSITIVE_INFINITY, undefined],
    ] as const) {
      assert.throws(
        () => plausibleCount(value, 10),
        (e) =>
          e instanceof ImplausibleCountError && e.kind === "implausible_count" && e.count === count && e.max === 10,
        String(value),
      );
    }
  });

  test("a count above maxDocuments ends the walk before any page beyond the first", async () => {
    alt.modes.pageSize = 0;
    useDocuments(1200);
    await assert.rejects(
      walkAll(createProviderClient(uviBasic(), config()), { maxDocuments: 1000 }),
      (e) => e instanceof ImplausibleCountError && e.count === 1200 && e.max === 1000,
    );
    assert.ok(listRequests().length <= 1, "at most the first page, asked with the count");
  });

  test("a count of 1e12 with full pages ends at once: nothing is planned from it", async () => {
    const page = JSON.stringify({
      documents: Array.from({ length: 500 }, (_, i) => ({ documentid: `big-${i}`, filename: `f${i}.pdf` })),
    });
    scripted.handle = (_req, res, url) => sendJson(res, url.pathname.endsWith("/count") ? '{"count": 1e12}' : page);
    scripted.requests.length = 0;
    const conn = scriptedUvi();
    const started = performance.now();
    await assert.rejects(walkAll(createProviderClient(conn, config())), kindOf("implausible_count"));
    assert.ok(performance.now() - started < 1000, "at once");
    assert.ok(scripted.requests.length <= 2, scripted.requests.map((r) => r.path).join(" "));
  });

  test("more distinct documents than maxDocuments end the walk, whatever the count said", async () => {
    // Counts 10, then links to ever new documents, 7 a page.
    scripted.handle = (_req, res, url) => {
      if (url.pathname.endsWith("/count")) return sendJson(res, '{"count": 10}');
      const offset = Number(url.searchParams.get("offset"));
      const documents = Array.from({ length: 7 }, (_, i) => ({ documentid: `many-${offset + i}` }));
      sendJson(
        res,
        JSON.stringify({
          documents,
          _links: { next: { href: `/arge/documents/v1/documents/out?offset=${offset + 7}&limit=500` } },
        }),
      );
    };
    const conn = scriptedUvi();
    let delivered = 0;
    await assert.rejects(
      walkAll(createProviderClient(conn, config()), { maxDocuments: 20 }, (docs) => (delivered += docs.length)),
      (e) => e instanceof ImplausibleCountError && e.max === 20,
    );
    assert.ok(delivered <= 20, `delivered ${delivered}`);
  });

  test("links: an empty page in the middle with `next` to the same offset is asked again and the walk completes", async () => {
    alt.modes.pageSize = 7;
    const expected = useDocuments(100);
    emptyAt(49, 1);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 50 });
    assertEveryOnce(ids, expected);
    assert.equal(result.seen, 100);
    assert.equal(requestsAt(49), 2);
  });

  test("offsets: a page empty twice in the middle is asked again and the walk completes", async () => {
    alt.modes.pageSize = 0;
    const expected = useDocuments(1200);
    emptyAt(500, 2);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 500 });
    assertEveryOnce(ids, expected);
    assert.equal(result.seen, 1200);
    assert.equal(requestsAt(500), 3);
  });

  test("a page that stays empty is asked again a bounded number of times, then the walk concludes", async () => {
    alt.modes.pageSize = 7;
    useDocuments(100);
    emptyAt(49);
    const started = performance.now();
    const { result } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 50 });
    assert.equal(result.seen, 49);
    assert.equal(result.countBefore, 100);
    assert.equal(requestsAt(49), 4, "once and three times again");
    assert.ok(performance.now() - started >= 1700, "with backoff (250, 500, 1000 ms)");
  });

  test("an empty last page without `next` is the end: not asked again", async () => {
    alt.modes.pageSize = 7;
    alt.modes.omitNext = true;
    useDocuments(100);
    emptyAt(49);
    const { result } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 50 });
    assert.equal(result.seen, 49);
    assert.equal(requestsAt(49), 1);
  });
});
