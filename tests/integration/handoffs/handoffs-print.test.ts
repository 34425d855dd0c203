import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { qrCodeOn, qrCodesOn, textIn } from "../../support/letter-pdf";
import { pdfText } from "../../support/pdf-text";
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
  SCHLOSS,
} from "../../support/print";
import { api } from "../../support/session";

/**
 * Issue 24, the post channel: the print has a letter and the pages for each post resident and a
 * link letter for a portal resident without e-mail, and marks `printed`; it is a POST under the
 * Origin check, bounded in pages, made off the server's thread, and a client that leaves it prints
 * nothing (issue #32). The letters after DIN 5008 form B (issue #34): the name once in the window, a
 * return line with the sender's postal address, the portal link as a QR code, the file name with ß.
 * handoffs-portal.test.ts: the portal.
 */

const SENDER_ADDRESS = "Musterweg 1, 20095 Hamburg";
const RETURN_LINE = "Hausverwaltung Muster · Musterweg 1 · 20095 Hamburg";

describe("the printed letters", () => {
  const { s, open, handoffOf, stateWhen } = portalAndPrintSuite();
  const texts = (json: Record<string, string>, property?: string) =>
    api(
      s.manager.session,
      s.server.url,
      `/api/handoffs/texts${property ? `?property=${encodeURIComponent(property)}` : ""}`,
      {
        method: "PUT",
        json: { subject: "UVI {monat}", body: "Guten Tag {bewohner},", ...json },
      },
    );

  test("the sender's postal address is kept with the text for all properties: one line, no e-mail address", async () => {
    const mail = await texts({ senderAddress: "uvi@muster.example" });
    assert.equal(mail.status, 400, mail.text);
    assert.match(mail.text, /senderAddress/);
    const one = await texts({ senderAddress: SENDER_ADDRESS }, "Haus Linde");
    assert.equal(one.status, 400, "not for one property");
    const saved = await texts({ senderAddress: SENDER_ADDRESS });
    assert.equal(saved.status, 200, saved.text);
    const read = await api(s.manager.session, s.server.url, "/api/handoffs/texts?property=Haus%20Linde");
    assert.equal((read.body as { senderAddress: string }).senderAddress, SENDER_ADDRESS);
  });

  test("the print: a letter and the pages for each post resident, a link letter for a portal resident without e-mail; `printed`, again-safe", async () => {
    const print = () => postPrint(s.manager.session, { property: "Haus Linde", month: CUR });
    const res = await print();
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(res.headers.get("content-type"), "application/pdf");
    const pdf = new Uint8Array(await res.arrayBuffer());
    const pages = pdfText(pdf);
    const letterOf = (name: string) => pages.findIndex((p) => p.includes(name) && p.includes("Guten Tag"));
    const berta = letterOf("Berta Brief");
    assert.ok(berta >= 0, "Berta's cover letter");
    assert.match(pages[berta]!, /Lindenweg 3/);
    // The window: the return line with the postal address (no e-mail), the name once, the postal lines.
    assert.deepEqual(textIn(pdf, berta), [RETURN_LINE, "Berta Brief", "Lindenweg 3", "10115 Berlin"]);
    const bertaLink = LINK.exec(pages[berta]!.replace(/\s+/g, (w) => (w.includes("\n") ? "\n" : w)))?.[1];
    assert.ok(bertaLink, "the post resident's first letter carries her portal link too (issue #34)");
    assert.equal(qrCodeOn(pdf, berta), bertaLink, "as a QR code, rendered and decoded");
    assert.match(pages[berta + 1]!, /Dokument p-4/, "the document's page follows its letter");
    const paul = letterOf("Paul Ohnemail");
    assert.ok(paul >= 0, "Paul's link letter");
    const link = LINK.exec(pages[paul]!.replace(/\s+/g, (w) => (w.includes("\n") ? "\n" : w)))?.[1];
    assert.ok(link, pages[paul]);
    assert.equal(qrCodeOn(pdf, paul), link, "the link letter's QR code, rendered and decoded, is its link");
    assert.deepEqual(textIn(pdf, paul), [RETURN_LINE, "Paul Ohnemail", "Lindenweg 3", "10115 Berlin"]);
    const portal = await (await open(link, "10.5.0.1")).text();
    assert.ok(portal.includes("UVI_p-3.pdf") && !portal.includes("UVI_p-4.pdf"), "Paul's own document only");
    assert.ok(!pages.join("\n").includes("Dokument p-1"), "a portal resident's documents are not printed");
    assert.deepEqual(await handoffOf("p-4"), {
      ...(await handoffOf("p-4")),
      state: "printed",
      attempts: 1,
      channel: "post",
    });

    const againPdf = new Uint8Array(await (await print()).arrayBuffer());
    const again = pdfText(againPdf);
    const bertaAgain = again.findIndex((p) => p.includes("Berta Brief") && p.includes("Guten Tag"));
    assert.ok(bertaAgain >= 0);
    // Her portal link reached her with the first print; every letter still offers the opt-in (issue #47).
    assert.deepEqual(
      qrCodesOn(againPdf, bertaAgain).map((c) =>
        c.replace(/\/[A-Za-z0-9_-]{43}$/, "/…").replace(/^https?:\/\/[^/]+/, ""),
      ),
      ["/einwilligung/…"],
      "her link reached her with the first print",
    );
    assert.ok(!again.some((p) => p.includes("Paul Ohnemail")), "Paul's link went out with the first print");
    assert.equal((await handoffOf("p-4"))?.attempts, 2);

    const nothing = await postPrint(s.manager.session, { property: "Haus Linde", month: "2020-01" });
    assert.equal(nothing.status, 404, "a month without documents");
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

  test("a name in 'Nachname, Vorname' order stands once and in its natural order; the file name keeps ß and umlauts", async () => {
    const res = await postPrint(s.manager.session, { property: SCHLOSS.property, month: CUR });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(
      res.headers.get("content-disposition"),
      `attachment; filename="Briefe-Schlossstrasse_Sud-${CUR}.pdf"; filename*=UTF-8''Briefe-Schlo%C3%9Fstra%C3%9Fe_S%C3%BCd-${CUR}.pdf`,
    );
    const pdf = new Uint8Array(await res.arrayBuffer());
    const window = textIn(pdf, 0);
    assert.deepEqual(window, [RETURN_LINE, "Jörg Weiß", SCHLOSS.street, "04109 Leipzig"]);
    assert.ok(!window.join("\n").includes("@"), "no e-mail address in the window");
    const [letter] = pdfText(pdf);
    assert.match(letter!, /Guten Tag Jörg Weiß,/);
    assert.doesNotMatch(letter!, /Weiß, Jörg/);
  });
});
