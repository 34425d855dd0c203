import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { before, describe, test } from "node:test";
import { sql } from "../support/database";
import { control, ndjson, uvi } from "../support/delivery";
import { keptMail } from "../support/mail";
import { pdfText } from "../support/pdf-text";
import { emptyPagesBase64, healthTimes, MAX_PRINT_PAGES, pageCount, postPrint } from "../support/print";
import { ADMIN, freePort } from "../support/server";
import { api, mustSignIn, type Session } from "../support/session";
import { sandboxSuite } from "../support/suite";
import { until } from "../support/until";

/**
 * Issue 24, the portal and post channels: a portal resident with e-mail gets their link by mail
 * once, the link's page shows only their unit's documents since move-in, a download is the
 * archived file and records `opened`; a wrong, revoked, expired or superseded link is the ordinary
 * 404 page; the portal is throttled per address; the print has a letter and the pages for each
 * post resident and a link letter for a portal resident without e-mail, and marks `printed`; it
 * is a POST under the Origin check, bounded in pages, made off the server's thread, and a client
 * that leaves it prints nothing (issue #32).
 */

/** A month `delta` months from now in the display time zone (`YYYY-MM`): residents registered now see this month on. */
function month(delta: number): string {
  const [y, m] = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin", year: "numeric", month: "2-digit" }).format(new Date()).split("-").map(Number);
  const d = new Date(Date.UTC(y!, m! - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}
// Berta's (post) documents of later months: one large print within the bound, one over it, one to leave.
const [PREV, CUR, NEXT, BIG, OVER, LEFT] = [-1, 0, 1, 2, 3, 4].map(month) as [string, string, string, string, string, string];
const [big, over] = [await emptyPagesBase64(MAX_PRINT_PAGES - 10), await emptyPagesBase64(MAX_PRINT_PAGES + 1)];
const pages = (id: string, ym: string, base64: string) => uvi(id, "8003", ym, { content: { base64 } });

const PETRA = { name: "Petra Portal", email: "petra.portal@example.de" };
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Anschrift",
  `8001;Haus Linde;EG links;${PETRA.name};${PETRA.email};Portal;`,
  "8002;Haus Linde;1. OG;Paul Ohnemail;;Portal;Lindenweg 3, 10115 Berlin",
  "8003;Haus Linde;2. OG;Berta Brief;;Post;Lindenweg 3, 10115 Berlin",
].join("\n");

const LINK = /(https?:\/\/[^\s/]+\/r\/[A-Za-z0-9_-]{43})/;
// Addresses are told apart by X-Forwarded-For as one trusted proxy (TRUSTED_PROXIES=1) appends it.
const from = (ip: string) => ({ "X-Forwarded-For": ip });
const smtpPort = await freePort();

/**
 * A 404 page's markup without its scripts (Next's payload, streamed in no fixed order) and nonces:
 * what a browser without script shows. Next renders `notFound()` of a dynamic page as its error
 * shell, which the browser fills with the not-found page a missing path shows: the e2e spec
 * compares the two as a person sees them; here every kind of dead link must look the same.
 */
const shape = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/ nonce="[^"]*"/g, "");

describe("the resident's portal and the printed letters", () => {
  const s = sandboxSuite(
    [
      ...[
        uvi("p-1", "8001", CUR),
        uvi("p-2", "8001", PREV),
        uvi("p-3", "8002", CUR),
        uvi("p-4", "8003", CUR),
        uvi("p-5", "8001", NEXT),
        uvi("p-6", "8003", PREV),
      ],
      ...[pages("p-big", BIG, big), pages("p-over", OVER, over), pages("p-left", LEFT, big)],
    ],
    {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
        TRUSTED_PROXIES: "1",
      },
    },
  );
  const doc = (documentid: string) => ({ connectionId: s.connectionId, documentid });
  const handOff = (ids: string[], again?: boolean) =>
    ndjson(s.manager.session, s.server.url, "/api/handoffs", { documents: ids.map(doc), ...(again !== undefined && { again }) });
  const open = (url: string, ip: string) => fetch(url.replace(/^https?:\/\/[^/]+/, s.server.url), { headers: from(ip), redirect: "manual" });
  let admin: Session;
  // The first test's link, superseded when the owner renews it in the second.
  let firstLink = "";
  const unitIds = new Map<string, string>();
  const recordOf = async (documentid: string) => {
    const res = await api(admin, s.server.url, `/api/delivery/documents/${s.connectionId}/${documentid}`);
    return res.body as { sha256: string; events: { kind: string; actor: string; detail: Record<string, unknown> }[] };
  };
  const handoffOf = async (documentid: string) => {
    const list = await api(s.manager.session, s.server.url, "/api/handoffs?limit=100");
    return (list.body as { items: { documentid: string; state: string; attempts: number; channel: string }[] }).items.find((i) => i.documentid === documentid);
  };
  /** The hand-off's state once `ok` holds for it (asked every 20 ms, for up to 10 s). */
  const stateWhen = async (id: string, ok: (state?: string) => boolean) => {
    const read = () => handoffOf(id);
    return (await until(read, (found) => ok(found?.state), { everyMs: 20, tries: 500 }))?.state;
  };
  const mailedLink = async () => {
    const mails = await keptMail(s.server);
    return LINK.exec(mails.at(-1)?.text ?? "")?.[1];
  };

  before(async () => {
    admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    const put = await api(s.manager.session, s.server.url, "/api/units", { method: "PUT", body: REGISTER, headers: { "content-type": "text/csv" } });
    assert.equal(put.status, 200, put.text);
    const units = await api(s.manager.session, s.server.url, "/api/units");
    for (const u of (units.body as { units: { id: string; mscnumber: string }[] }).units) unitIds.set(u.mscnumber, u.id);
    for (const id of ["p-1", "p-2", "p-3", "p-4", "p-5", "p-6", "p-big", "p-over", "p-left"]) {
      const res = await api(s.manager.session, s.server.url, `/api/connections/${s.connectionId}/documents/${id}/status`, { method: "PUT", json: {} });
      assert.equal(res.status, 200, res.text);
    }
  });

  test("the first mail carries the link once; the page lists only the unit's documents since move-in; a download is the archived file and `opened`", async () => {
    await control(s.server, "DELETE", "/mail");
    const first = await handOff(["p-1"]);
    assert.deepEqual(first.lines[0], { connectionId: s.connectionId, documentid: "p-1", state: "sent", channel: "portal" }, first.text);
    const [mail] = await keptMail(s.server);
    assert.deepEqual(mail!.to, [PETRA.email]);
    assert.equal(mail!.attachments.length, 0, "no PDF: the document is in the portal");
    assert.match(mail!.subject, /Bewohnerportal/);
    const link = LINK.exec(mail!.text)?.[1];
    assert.ok(link, mail!.text);
    firstLink = link;
    assert.equal((await handOff(["p-5"])).lines[0]!.state, "sent");
    assert.equal(await mailedLink(), undefined, "the second mail cannot repeat the link");

    const page = await open(link, "10.1.0.1");
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("referrer-policy"), "no-referrer");
    assert.match(page.headers.get("cache-control") ?? "", /no-store/);
    assert.match(page.headers.get("content-security-policy") ?? "", /script-src 'self' 'nonce-/);
    assert.equal(page.headers.get("set-cookie"), null);
    const html = await page.text();
    for (const shown of ["UVI_p-1.pdf", "UVI_p-5.pdf", "Herunterladen", "EG links"]) assert.ok(html.includes(shown), shown);
    for (const hidden of ["UVI_p-2.pdf", "UVI_p-3.pdf", "UVI_p-4.pdf", PETRA.email]) assert.ok(!html.includes(hidden), hidden);

    const hrefs = [...html.matchAll(/href="(\/r\/[A-Za-z0-9_-]{43}\/documents\/[0-9a-f]{32})"/g)].map((m) => m[1]!);
    assert.equal(hrefs.length, 2);
    const file = await open(`${s.server.url}${hrefs[1]}`, "10.1.0.1");
    assert.equal(file.status, 200);
    assert.match(file.headers.get("content-disposition") ?? "", /^attachment; filename="UVI_p-1\.pdf"/);
    assert.equal(file.headers.get("referrer-policy"), "no-referrer");
    const sha = createHash("sha256")
      .update(Buffer.from(await file.arrayBuffer()))
      .digest("hex");
    const record = await recordOf("p-1");
    assert.equal(sha, record.sha256, "the archived bytes");
    assert.equal((await handoffOf("p-1"))?.state, "opened");
    const opened = record.events.filter((e) => e.kind === "handoff" && e.detail.state === "opened");
    assert.equal(opened.length, 1);
    assert.equal(opened[0]!.actor, "resident");
    assert.ok(!s.server.output().includes(link.slice(-43)), "the token is in no log line");
    assert.ok(!s.server.output().includes(PETRA.email), "nor the address");
  });

  test("a wrong, malformed, revoked, expired or superseded link answers 404 alike, Next's not-found as for a missing path", async () => {
    const wrong = "A".repeat(43);
    const missing = await open(`${s.server.url}/r/${wrong}`, "10.2.0.1");
    assert.equal(missing.status, 404);
    const body = await missing.text();
    assert.match(body, /NEXT_HTTP_ERROR_FALLBACK;404/, "Next's not-found");
    const expected = shape(body);
    const like404 = async (url: string, why: string) => {
      const res = await open(url, "10.2.0.1");
      assert.equal(res.status, 404, why);
      assert.equal(shape(await res.text()), expected, why);
      const file = await open(`${url}/documents/${"0".repeat(32)}`, "10.2.0.1");
      assert.equal(file.status, 404, `${why}: a document`);
    };
    await like404(`${s.server.url}/r/kurz`, "malformed");
    assert.equal((await fetch(`${s.server.url}/gibt-es-nicht/${wrong}`)).status, 404, "a missing path answers the same status");

    // Renewed by the owner: the old link stops at once; the next mail carries a fresh one.
    await control(s.server, "DELETE", "/mail");
    assert.equal((await handOff(["p-1"], true)).lines[0]!.state, "sent");
    assert.equal(await mailedLink(), undefined);
    const old = await (async () => {
      const renew = await api(s.manager.session, s.server.url, `/api/units/${unitIds.get("8001")}/portal-link`, { method: "POST" });
      assert.equal(renew.status, 200, renew.text);
      assert.equal((await handOff(["p-1"], true)).lines[0]!.state, "sent");
      return (await mailedLink())!;
    })();
    assert.ok(old);
    await like404(firstLink, "superseded");
    assert.equal((await open(old, "10.2.0.2")).status, 200);
    const revoke = await api(s.manager.session, s.server.url, `/api/units/${unitIds.get("8001")}/portal-link`, { method: "DELETE" });
    assert.equal(revoke.status, 200, revoke.text);
    await like404(old, "revoked");
    const skipped = await handOff(["p-1"], true);
    assert.equal(skipped.lines[0]!.state, "skipped");
    assert.match(String(skipped.lines[0]!.message), /widerrufen/);

    await api(s.manager.session, s.server.url, `/api/units/${unitIds.get("8001")}/portal-link`, { method: "POST" });
    await handOff(["p-1"], true);
    const fresh = (await mailedLink())!;
    assert.equal((await open(fresh, "10.2.0.3")).status, 200);
    await sql(s.server, "UPDATE portal_links SET expires_at = now() - interval '1 minute' WHERE revoked_at IS NULL");
    await like404(fresh, "expired");
  });

  test("a corrected e-mail address, a new resident and a move off the portal channel each make the live link invalid", async () => {
    const unit = `/api/units/${unitIds.get("8001")}`;
    const petra = { name: PETRA.name, email: "petra.richtig@example.de", channel: "portal" };
    const neu = { name: "Neue Mieterin", email: "neu@example.de", channel: "portal" };
    for (const resident of [petra, neu, { ...neu, channel: "email" }]) {
      await api(s.manager.session, s.server.url, `${unit}/portal-link`, { method: "POST" });
      await handOff(["p-1"], true);
      const link = (await mailedLink())!;
      assert.equal((await open(link, "10.3.0.1")).status, 200);
      assert.equal((await api(s.manager.session, s.server.url, unit, { method: "PATCH", json: { resident } })).status, 200);
      assert.equal((await open(link, "10.3.0.1")).status, 404, JSON.stringify(resident));
    }
  });

  test("the portal is throttled per address: 429 in German with Retry-After", async () => {
    let last: Response | undefined;
    // 30 a minute per address; the count starts again with the clock's minute, which may turn once meanwhile.
    for (let i = 0; i < 62 && last?.status !== 429; i++) last = await open(`${s.server.url}/r/${"B".repeat(43)}`, "10.4.0.1");
    assert.equal(last!.status, 429);
    assert.ok(Number(last!.headers.get("retry-after")) > 0);
    assert.match(await last!.text(), /Zu viele Aufrufe/);
    assert.equal((await open(`${s.server.url}/r/${"B".repeat(43)}`, "10.4.0.2")).status, 404, "another address is not held up");
  });

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
    assert.deepEqual(await handoffOf("p-4"), { ...(await handoffOf("p-4")), state: "printed", attempts: 1, channel: "post" });

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
    const foreign = await postPrint(s.manager.session, { property: "Haus Linde", month: BIG }, { origin: "https://elsewhere.example" });
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
    for (const ms of times) assert.ok(ms < 1000, `GET /api/health took ${ms} ms during the print (${times.join(", ")})`);
    assert.equal(await pageCount(await res.arrayBuffer()), MAX_PRINT_PAGES - 10 + 1, "the letter and every page");
    assert.equal((await handoffOf("p-big"))?.state, "printed");
  });

  test("a client that leaves a print ends it: its hand-off is failed, not printed", async () => {
    const leave = new AbortController();
    const print = postPrint(s.manager.session, { property: "Haus Linde", month: LEFT }, { signal: leave.signal }).catch((err: unknown) => err);
    // Left once the print has claimed the hand-off (about 100 ms in), long before its 5000 pages are made.
    const claimed = await stateWhen("p-left", (state) => state !== undefined);
    leave.abort();
    assert.equal(claimed, "pending");
    assert.ok((await print) instanceof Error, "the request was aborted");
    assert.equal(await stateWhen("p-left", (state) => state !== "pending"), "failed");
    assert.equal((await handoffOf("p-left"))?.attempts, 1);
  });
});
