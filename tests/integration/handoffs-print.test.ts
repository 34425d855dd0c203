import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { pdfText } from "../support/pdf-text";
import {
  BIG,
  CUR,
  healthTimes,
  LEFT,
  LINK,
  MAX_PRINT_PAGES,
  OVER,
  pageCount,
  portalAndPrintSuite,
  postPrint,
  PREV,
} from "../support/print";
import { api } from "../support/session";

/**
 * Issue 24, the post channel: the print has a letter and the pages for each post resident and a
 * link letter for a portal resident without e-mail, and marks `printed`; it is a POST under the
 * Origin check, bounded in pages, made off the server's thread, and a client that leaves it prints
 * nothing (issue #32). handoffs-portal.test.ts: the portal.
 */

describe("the printed letters", () => {
  const { s, open, handoffOf, stateWhen } = portalAndPrintSuite();

  test("the print: a letter and the pages for each post resident, a link letter for a portal resident without e-mail; `printed`, again-safe", async () => {
    const print = () => postPrint(s.manager.session, { property: "Haus Linde", month: CUR });
    const res = await print();
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get("content-type"), "application/pdf");
    const pages = pdfText(new Uint8Array(await res.arrayBuffer()));
    const letterOf = (name: string) => pages.findIndex((p) => p.includes(name) && p.includes("Guten Tag"));
    const berta = letterOf("Berta Brief");
    assert.ok(berta >= 0, "Berta's cover letter");
    assert.match(pages[berta]!, /Lindenweg 3/);
    assert.match(pages[berta + 1]!, /Dokument p-4/, "the document's page follows its letter");
    const paul = letterOf("Paul Ohnemail");
    assert.ok(paul >= 0, "Paul's link letter");
    const link = LINK.exec(pages[paul]!.replace(/\s+/g, (w) => (w.includes("\n") ? "\n" : w)))?.[1];
    assert.ok(link, pages[paul]);
    const portal = await (await open(link, "10.5.0.1")).text();
    assert.ok(portal.includes("UVI_p-3.pdf") && !portal.includes("UVI_p-4.pdf"), "Paul's own document only");
    assert.ok(!pages.join("\n").includes("Dokument p-1"), "a portal resident's documents are not printed");
    assert.deepEqual(await handoffOf("p-4"), {
      ...(await handoffOf("p-4")),
      state: "printed",
      attempts: 1,
      channel: "post",
    });

    const again = pdfText(new Uint8Array(await (await print()).arrayBuffer()));
    assert.ok(again.some((p) => p.includes("Berta Brief")));
    assert.ok(!again.some((p) => p.includes("Paul Ohnemail")), "Paul's link went out with the first print");
    assert.equal((await handoffOf("p-4"))?.attempts, 2);

    const nothing = await postPrint(s.manager.session, { property: "Haus Linde", month: PREV });
    // Berta moved in this month: last month's document of her unit was her predecessor's.
    assert.equal(nothing.status, 404);
    assert.match(((await nothing.json()) as { message: string }).message, /nichts zu drucken/);
  });
  test("the print is a POST under the Origin check: a GET answers 405, a foreign Origin 403, and neither changes the record", async () => {
    const get = await api(s.manager.session, s.server.url, `/api/handoffs/print?property=Haus%20Linde&month=${BIG}`);
    assert.equal(get.status, 405);
    const foreign = await postPrint(
      s.manager.session,
      { property: "Haus Linde", month: BIG },
      { origin: "https://elsewhere.example" },
    );
    assert.equal(foreign.status, 403);
    assert.equal(((await foreign.json()) as { error: string }).error, "bad_origin");
    assert.equal(await handoffOf("p-big"), undefined, "nothing claimed, nothing printed");
  });

  test("pages are counted before any is copied (422 `too_many_pages`); a large print runs off the server's thread", async (t) => {
    const refused = await postPrint(s.manager.session, { property: "Haus Linde", month: OVER });
    const body = (await refused.json()) as { error: string; message: string };
    assert.equal(refused.status, 422, JSON.stringify(body));
    assert.equal(body.error, "too_many_pages");
    assert.match(body.message, new RegExp(`mehr als ${MAX_PRINT_PAGES} Seiten`));
    assert.equal((await handoffOf("p-over"))?.state, "failed", "claimed, then failed: not printed");

    let done = false;
    const print = postPrint(s.manager.session, { property: "Haus Linde", month: BIG }).finally(() => (done = true));
    await stateWhen("p-big", (state) => done || state === "pending");
    const times = await healthTimes(s.server.url, () => !done);
    const res = await print;
    t.diagnostic(`GET /api/health during the print: ${times.join(", ")} ms`);
    assert.equal(res.status, 200, await res.clone().text());
    assert.ok(times.length > 0, "health was asked while the print ran");
    for (const ms of times)
      assert.ok(ms < 1000, `GET /api/health took ${ms} ms during the print (${times.join(", ")})`);
    assert.equal(await pageCount(await res.arrayBuffer()), MAX_PRINT_PAGES - 10 + 1, "the letter and every page");
    assert.equal((await handoffOf("p-big"))?.state, "printed");
  });

  test("a client that leaves a print ends it: its hand-off is failed, not printed", async () => {
    const leave = new AbortController();
    const print = postPrint(s.manager.session, { property: "Haus Linde", month: LEFT }, { signal: leave.signal }).catch(
      (err: unknown) => err,
    );
    // Left once the print has claimed the hand-off (about 100 ms in), long before its 5000 pages are made.
    const claimed = await stateWhen("p-left", (state) => state !== undefined);
    leave.abort();
    assert.equal(claimed, "pending");
    assert.ok((await print) instanceof Error, "the request was aborted");
    assert.equal(await stateWhen("p-left", (state) => state !== "pending"), "failed");
    assert.equal((await handoffOf("p-left"))?.attempts, 1);
  });
});
