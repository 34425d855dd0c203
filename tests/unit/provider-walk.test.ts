import "../support/unit-env";
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { createProviderClient, type ProviderConnection, type WalkOptions } from "@/lib/provider/client";
import { ProviderError } from "@/lib/provider/errors";
import { ImplausibleCountError, plausibleCount, type ProviderDocument } from "@/lib/provider/schemas";
import { sampleDocuments, startAltProvider, type AltProvider } from "../support/alt-provider";
import { sendJson, startScripted, type Scripted } from "../support/scripted-provider";

let alt: AltProvider;
let scripted: Scripted;
let seq = 0;
const config = () => ({ timeoutMs: 2000, allowedOrigins: [alt.origin, scripted.origin] });
const UVI_ROOT = "/arge/documents/v1/documents/out";

function uviBasic(): ProviderConnection {
  return { id: `w${++seq}`, service: "uvi", baseUrl: alt.uviBase, authUrl: null, customerNumber: null, auth: { type: "basic", ...alt.basic } };
}
function dtaBasic(): ProviderConnection {
  return { id: `w${++seq}`, service: "dta", baseUrl: alt.dtaBase, authUrl: null, customerNumber: "4711", auth: { type: "basic", ...alt.basic } };
}
/** `n` open documents of one service, with ids `walk-<service>-<i>`. */
function useDocuments(n: number, service: "uvi" | "dta" = "uvi") {
  alt.documents = sampleDocuments(n, "walk").filter((d) => d.service === service);
  return alt.documents.map((d) => d.documentid);
}
const kindOf = (kind: string) => (e: unknown) => e instanceof ProviderError && e.kind === kind;
const listRequests = () => alt.counters.requests.filter((r) => r.path.startsWith(UVI_ROOT + "?") || r.path.startsWith("/dta/v1/documents/out?"));

/** Walks with a recording onPage: every delivered id, the batches, the last progress, overlap of calls. */
async function walkAll(client: ReturnType<typeof createProviderClient>, opts: Omit<WalkOptions, "onPage"> = {}, onBatch?: (docs: ProviderDocument[]) => void) {
  const ids: string[] = [];
  const progress: { seen: number; count: number }[] = [];
  let active = 0;
  let maxActive = 0;
  const result = await client.walk({
    ...opts,
    onPage: async (documents, p) => {
      active++;
      maxActive = Math.max(maxActive, active);
      assert.ok(documents.length > 0, "no empty batches");
      ids.push(...documents.map((d) => d.documentid));
      progress.push(p);
      onBatch?.(documents);
      await new Promise((r) => setTimeout(r, 2));
      active--;
    },
  });
  return { result, ids, progress, maxActive };
}

function assertEveryOnce(ids: string[], expected: string[]) {
  assert.equal(ids.length, new Set(ids).size, "no document delivered twice");
  assert.deepEqual([...ids].sort(), [...expected].sort());
}

before(async () => {
  alt = await startAltProvider();
  scripted = await startScripted();
});
after(async () => {
  await alt.close();
  await scripted.close();
});
beforeEach(() => alt.reset());

describe("provider walk: a provider that honours offset and limit", () => {
  test("2,350 documents in pages of 500: every document once, at most `concurrency` pages in flight", async () => {
    alt.modes.pageSize = 0;
    alt.modes.latencyMs = 25;
    const expected = useDocuments(2350);
    const { result, ids, progress, maxActive } = await walkAll(createProviderClient(uviBasic(), config()), { concurrency: 2 });
    assertEveryOnce(ids, expected);
    assert.deepEqual(result, { seen: 2350, countBefore: 2350, countAfter: 2350, pages: 5, mode: "offset" });
    assert.equal(alt.counters.maxListInFlight, 2, "the four remaining pages go two at a time");
    assert.equal(maxActive, 1, "onPage is never called while a previous call runs");
    assert.deepEqual(progress.at(-1), { seen: 2350, count: 2350 });
    const offsets = listRequests().map((r) => new URL(r.path, alt.origin).searchParams.get("offset"));
    assert.deepEqual(offsets.sort(), ["0", "1000", "1500", "2000", "500"]);
  });

  test("default concurrency bounds the pages in flight to 4", async () => {
    alt.modes.pageSize = 0;
    alt.modes.latencyMs = 25;
    const expected = useDocuments(2350);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 100 });
    assertEveryOnce(ids, expected);
    assert.equal(result.pages, 24);
    assert.ok(alt.counters.maxListInFlight <= 4 && alt.counters.maxListInFlight >= 2, String(alt.counters.maxListInFlight));
  });

  test("a page short in the middle is filled from where it ended", async () => {
    alt.modes.pageSize = 0;
    alt.modes.shortAt = { offset: 1000, size: 120 };
    const expected = useDocuments(2350);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()));
    assertEveryOnce(ids, expected);
    assert.equal(result.mode, "offset");
    assert.equal(result.seen, 2350);
    assert.equal(result.pages, 6);
    assert.ok(listRequests().some((r) => r.path.endsWith("?offset=1120&limit=380")));
  });

  test("an empty list: one page, no batch, counts of zero", async () => {
    alt.modes.pageSize = 0;
    useDocuments(0);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()));
    assert.equal(ids.length, 0);
    assert.deepEqual(result, { seen: 0, countBefore: 0, countAfter: 0, pages: 1, mode: "offset" });
  });

  test("a 503 once is retried by the transport and the walk completes", async () => {
    alt.modes.pageSize = 0;
    alt.modes.failures = [{ status: 503, headers: { "retry-after": "0" } }];
    const expected = useDocuments(1200);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()));
    assertEveryOnce(ids, expected);
    assert.equal(alt.modes.failures.length, 0, "the failure was served");
    assert.equal(result.seen, 1200);
    // 3 pages and 2 counts, plus the repeated request.
    assert.equal(alt.counters.requests.length, 6);
  });

  test("count before and after are reported: documents confirmed during the walk show", async () => {
    alt.modes.pageSize = 0;
    useDocuments(1200);
    let confirmed = false;
    const { result } = await walkAll(createProviderClient(uviBasic(), config()), {}, () => {
      if (confirmed) return;
      confirmed = true;
      for (const d of alt.documents.slice(-3)) d.confirmed = true;
    });
    assert.equal(result.countBefore, 1200);
    assert.equal(result.countAfter, 1197);
    assert.equal(result.seen, 1197);
  });

  test("DTA: the kd header goes with every request, XML answers, ZIP documents", async () => {
    alt.modes.pageSize = 0;
    alt.modes.dtaXml = true;
    const expected = useDocuments(95, "dta");
    const { result, ids } = await walkAll(createProviderClient(dtaBasic(), config()), { kd: "4712", pageSize: 10 }, (docs) => {
      assert.ok(docs.every((d) => d.mimetype === "application/zip"));
    });
    assertEveryOnce(ids, expected);
    assert.equal(result.mode, "offset");
    assert.equal(result.pages, 10);
    assert.ok(alt.counters.requests.length > 10);
    assert.ok(alt.counters.requests.every((r) => r.kd === "4712"));
  });
});

describe("provider walk: a provider with its own page size", () => {
  test("follows next links one by one: every document once", async () => {
    alt.modes.pageSize = 7;
    const expected = useDocuments(100);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 50 });
    assertEveryOnce(ids, expected);
    // 15 pages, and the `next` this provider puts on its last page, followed once to an empty page.
    assert.deepEqual(result, { seen: 100, countBefore: 100, countAfter: 100, pages: 16, mode: "links" });
    assert.equal(alt.counters.maxListInFlight, 1);
  });

  test("a missing next while the count says more continues from the next offset", async () => {
    alt.modes.pageSize = 7;
    alt.modes.omitNext = true;
    const expected = useDocuments(100);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 50 });
    assertEveryOnce(ids, expected);
    assert.deepEqual(result, { seen: 100, countBefore: 100, countAfter: 100, pages: 15, mode: "links" });
    assert.ok(listRequests().some((r) => r.path.endsWith("?offset=98&limit=50")));
  });

  test("a provider whose next repeats a page ends as soon as a page adds nothing", async () => {
    alt.modes.pageSize = 7;
    alt.modes.foreignNext = `${alt.origin}${UVI_ROOT}?offset=0&limit=7`;
    useDocuments(30);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 50 });
    assert.equal(ids.length, 7);
    assert.deepEqual(result, { seen: 7, countBefore: 30, countAfter: 30, pages: 2, mode: "links" });
  });

  test("a next link away from the configured origin or path is an error, never a request", async () => {
    alt.modes.pageSize = 7;
    alt.modes.foreignNext = `${alt.origin}/elsewhere?offset=7`;
    useDocuments(30);
    await assert.rejects(walkAll(createProviderClient(uviBasic(), config())), kindOf("bad_link"));
    assert.ok(alt.counters.requests.every((r) => !r.path.startsWith("/elsewhere")));
  });
});

describe("provider walk: failures", () => {
  test("a provider error propagates", async () => {
    alt.modes.pageSize = 0;
    useDocuments(30);
    alt.modes.failures = Array.from({ length: 10 }, () => ({ status: 500 }));
    await assert.rejects(walkAll(createProviderClient(uviBasic(), config())), kindOf("unavailable"));
  });

  test("the caller's signal ends the walk and its requests in flight", async () => {
    alt.modes.pageSize = 0;
    alt.modes.latencyMs = 300;
    useDocuments(2350);
    const controller = new AbortController();
    let batches = 0;
    let abortedAt = 0;
    const walking = createProviderClient(uviBasic(), config()).walk({
      signal: controller.signal,
      onPage: () => {
        batches++;
        setTimeout(() => {
          abortedAt = Date.now();
          controller.abort();
        }, 50);
      },
    });
    await assert.rejects(walking, kindOf("aborted"));
    assert.equal(batches, 1);
    assert.ok(abortedAt > 0 && Date.now() - abortedAt < 200, "requests in flight were cut, not waited for");
  });

  test("an error thrown by onPage stops the walk and is passed on", async () => {
    alt.modes.pageSize = 0;
    useDocuments(2350);
    const boom = new Error("sink full");
    let calls = 0;
    const walking = createProviderClient(uviBasic(), config()).walk({
      pageSize: 100,
      // A slow failing call, so that other pages are waiting for their turn when it throws.
      onPage: async () => {
        if (++calls !== 2) return;
        await new Promise((r) => setTimeout(r, 50));
        throw boom;
      },
    });
    await assert.rejects(walking, (e) => e === boom);
    assert.equal(calls, 2, "no batch is handed on after the failure");
  });
});

/** The alt provider answers the list request at `offset` with an empty page, `times` times (its `next` then points at the same offset). */
function emptyAt(offset: number, times?: number) {
  alt.modes.shortAt = { offset, size: 0, ...(times !== undefined && { times }) };
}
const requestsAt = (offset: number) => listRequests().filter((r) => new URL(r.path, alt.origin).searchParams.get("offset") === String(offset)).length;

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
        (e) => e instanceof ImplausibleCountError && e.kind === "implausible_count" && e.count === count && e.max === 10,
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
    const page = JSON.stringify({ documents: Array.from({ length: 500 }, (_, i) => ({ documentid: `big-${i}`, filename: `f${i}.pdf` })) });
    scripted.handle = (_req, res, url) => sendJson(res, url.pathname.endsWith("/count") ? '{"count": 1e12}' : page);
    scripted.requests.length = 0;
    const conn: ProviderConnection = {
      id: `w${++seq}`,
      service: "uvi",
      baseUrl: `${scripted.origin}/arge`,
      authUrl: null,
      customerNumber: null,
      auth: { type: "basic", username: "u", password: "p" },
    };
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
      sendJson(res, JSON.stringify({ documents, _links: { next: { href: `/arge/documents/v1/documents/out?offset=${offset + 7}&limit=500` } } }));
    };
    const conn: ProviderConnection = {
      id: `w${++seq}`,
      service: "uvi",
      baseUrl: `${scripted.origin}/arge`,
      authUrl: null,
      customerNumber: null,
      auth: { type: "basic", username: "u", password: "p" },
    };
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
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()));
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
