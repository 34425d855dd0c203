import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { messages } from "../../../lib/catalogue";
import { sql } from "../../support/database";
import { control } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { LINK, PETRA, portalAndPrintSuite } from "../../support/print";
import { api } from "../../support/session";

/**
 * Issue 24, the portal channel: a portal resident with e-mail gets their link by mail once, the
 * link's page shows only their own tenancy's documents, a download is the archived file
 * and records `opened`; a wrong, revoked, expired or superseded link is the ordinary 404 page;
 * the portal is throttled per address (handoffs-print.test.ts: the post channel's print).
 */

/**
 * A 404 page's markup without its scripts (Next's payload, streamed in no fixed order) and nonces:
 * what a browser without script shows. Next renders `notFound()` of a dynamic page as its error
 * shell, which the browser fills with the not-found page a missing path shows: the e2e spec
 * compares the two as a person sees them; here every kind of dead link must look the same.
 */
const shape = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/ nonce="[^"]*"/g, "");

describe("the resident's portal", () => {
  const { s, handOff, open, unitIds, recordOf, handoffOf, mailedLink } = portalAndPrintSuite();
  // The first test's link, superseded when the owner renews it in the second.
  let firstLink = "";

  test("the first mail carries the link once; the page lists only the documents of their tenancy; a download is the archived file and `opened`", async () => {
    await control(s.server, "DELETE", "/mail");
    const first = await handOff(["p-1"]);
    assert.deepEqual(
      first.lines[0],
      { connectionId: s.connectionId, documentid: "p-1", state: "sent", channel: "portal" },
      first.text,
    );
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
    // Registered by a first import without dates, Petra has lived there since before any document (issue #34).
    for (const shown of ["UVI_p-1.pdf", "UVI_p-2.pdf", "UVI_p-5.pdf", "Herunterladen", "EG links"])
      assert.ok(html.includes(shown), shown);
    for (const hidden of ["UVI_p-3.pdf", "UVI_p-4.pdf", PETRA.email]) assert.ok(!html.includes(hidden), hidden);
    // The page names who hands the documents on and how to reach them, as the letters do (issue #50).
    assert.match(html, /Ihre Hausverwaltung<\/h2><p>Hausverwaltung Muster<\/p>/);
    assert.ok(html.includes('href="mailto:uvi@muster.example"'), "the contact's address");
    // Written with a doubled or a trailing slash, the link is the same page, not a redirect that repeats it.
    for (const variant of [link.replace("/r/", "//r/"), `${link}/`]) {
      const same = await open(variant, "10.1.0.1");
      assert.equal(same.status, 200, variant);
      assert.ok((await same.text()).includes("UVI_p-5.pdf"), variant);
    }

    const hrefs = [...html.matchAll(/href="(\/r\/[A-Za-z0-9_-]{43}\/documents\/[0-9a-f]{32})"/g)].map((m) => m[1]!);
    assert.equal(hrefs.length, 3);
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

  test("the portal page ships none of the dashboard's messages: not in its markup, not in any script it loads", async () => {
    const page = await open(firstLink, "10.1.0.2");
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.ok(html.includes("UVI_p-1.pdf") && html.includes("Herunterladen"), "the resident's documents");
    const scripts = [...new Set([...html.matchAll(/\/_next\/static\/[^"'\s]+?\.js/g)].map((m) => m[0]))];
    assert.ok(scripts.length > 0, "Next's own scripts are there to look into");
    // Every longer text of the catalogue but the portal's, the residents' consent pages' (its objection link) and the
    // 404 page's (the dashboard's screens: the hand-off texts' editor, the register's import, the inbox, sign-in ...),
    // of characters no script or markup escapes.
    const dashboardOnly = Object.entries(messages.de)
      .filter(
        ([key, text]) =>
          !/^(portal|consent|page)\./.test(key) && text.length > 30 && /^[\w .,:;!?(){}/+-]+$/.test(text),
      )
      .map(([, text]) => text);
    assert.ok(
      dashboardOnly.includes(messages.de["handoffTexts.placeholder.absender"]),
      "the editor's hints among them",
    );
    const loaded = await Promise.all(
      scripts.map(async (src) => {
        const res = await fetch(`${s.server.url}${src}`);
        assert.equal(res.status, 200, src);
        return { name: src, text: await res.text() };
      }),
    );
    for (const { name, text } of [{ name: "the page", text: html }, ...loaded]) {
      const carried = dashboardOnly.filter((t) => text.includes(t));
      assert.deepEqual(carried.slice(0, 3), [], `${name} carries ${carried.length} of the dashboard's texts`);
    }
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
    assert.equal(
      (await fetch(`${s.server.url}/gibt-es-nicht/${wrong}`)).status,
      404,
      "a missing path answers the same status",
    );

    // Renewed by the owner: the old link stops at once; the next mail carries a fresh one.
    await control(s.server, "DELETE", "/mail");
    assert.equal((await handOff(["p-1"], true)).lines[0]!.state, "sent");
    assert.equal(await mailedLink(), undefined);
    const old = await (async () => {
      const renew = await api(s.manager.session, s.server.url, `/api/units/${unitIds.get("8001")}/portal-link`, {
        method: "POST",
      });
      assert.equal(renew.status, 200, renew.text);
      assert.equal((await handOff(["p-1"], true)).lines[0]!.state, "sent");
      return (await mailedLink())!;
    })();
    assert.ok(old);
    await like404(firstLink, "superseded");
    assert.equal((await open(old, "10.2.0.2")).status, 200);
    const revoke = await api(s.manager.session, s.server.url, `/api/units/${unitIds.get("8001")}/portal-link`, {
      method: "DELETE",
    });
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
    const written = { at: "2026-03-05", reference: "Formular" };
    for (const resident of [petra, neu, { ...neu, channel: "email", consent: written }]) {
      await api(s.manager.session, s.server.url, `${unit}/portal-link`, { method: "POST" });
      await handOff(["p-1"], true);
      const link = (await mailedLink())!;
      assert.equal((await open(link, "10.3.0.1")).status, 200);
      assert.equal(
        (await api(s.manager.session, s.server.url, unit, { method: "PATCH", json: { resident } })).status,
        200,
      );
      assert.equal((await open(link, "10.3.0.1")).status, 404, JSON.stringify(resident));
    }
  });

  test("the portal is throttled per address: 429 in German with Retry-After", async () => {
    let last: Response | undefined;
    // 30 a minute per address; the count starts again with the clock's minute, which may turn once meanwhile.
    for (let i = 0; i < 62 && last?.status !== 429; i++)
      last = await open(`${s.server.url}/r/${"B".repeat(43)}`, "10.4.0.1");
    assert.equal(last!.status, 429);
    assert.ok(Number(last!.headers.get("retry-after")) > 0);
    assert.match(await last!.text(), /Zu viele Aufrufe/);
    assert.equal(
      (await open(`${s.server.url}/r/${"B".repeat(43)}`, "10.4.0.2")).status,
      404,
      "another address is not held up",
    );
  });
});
