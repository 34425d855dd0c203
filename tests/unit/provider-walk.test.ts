import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createProviderClient } from "@/lib/provider/client";
import {
  alt,
  assertEveryOnce,
  config,
  dtaBasic,
  kindOf,
  listRequests,
  useDocuments,
  withWalkProviders,
  uviBasic,
  UVI_ROOT,
  walkAll,
} from "../support/walk";

withWalkProviders();

describe("provider walk: a provider that honours offset and limit", () => {
  test("2,350 documents in pages of 500: every document once, at most `concurrency` pages in flight", async () => {
    alt.modes.pageSize = 0;
    alt.modes.latencyMs = 25;
    const expected = useDocuments(2350);
    const { result, ids, progress, maxActive } = await walkAll(createProviderClient(uviBasic(), config()), {
      concurrency: 2,
      pageSize: 500,
    });
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
    assert.ok(
      alt.counters.maxListInFlight <= 4 && alt.counters.maxListInFlight >= 2,
      String(alt.counters.maxListInFlight),
    );
  });

  test("a page short in the middle is filled from where it ended", async () => {
    alt.modes.pageSize = 0;
    alt.modes.shortAt = { offset: 1000, size: 120 };
    const expected = useDocuments(2350);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 500 });
    assertEveryOnce(ids, expected);
    assert.equal(result.mode, "offset");
    assert.equal(result.seen, 2350);
    assert.equal(result.pages, 6);
    assert.ok(listRequests().some((r) => r.path.endsWith("?offset=1120&limit=380")));
  });

  test("a provider granting less than the limit asked, and saying so in its links: offsets at the limit granted", async () => {
    alt.modes.pageSize = 0;
    alt.modes.maxLimit = 300;
    alt.modes.latencyMs = 25;
    const expected = useDocuments(2350);
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()));
    assertEveryOnce(ids, expected);
    assert.deepEqual(result, { seen: 2350, countBefore: 2350, countAfter: 2350, pages: 8, mode: "offset" });
    assert.ok(alt.counters.maxListInFlight > 1, "the pages after the first go several at a time");
    const asked = listRequests().map((r) => new URL(r.path, alt.origin).searchParams);
    assert.deepEqual(
      asked.map((q) => q.get("limit")),
      ["1000", ...Array.from({ length: 7 }, () => "300")],
      "the largest page first, then the limit granted",
    );
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
    const { result, ids } = await walkAll(createProviderClient(uviBasic(), config()), { pageSize: 500 });
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
    const { result, ids } = await walkAll(
      createProviderClient(dtaBasic(), config()),
      { kd: "4712", pageSize: 10 },
      (docs) => {
        assert.ok(docs.every((d) => d.mimetype === "application/zip"));
      },
    );
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
