import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { control, ndjson, uvi } from "../../support/delivery";
import { qrCodesOn } from "../../support/letter-pdf";
import { keptMail } from "../../support/mail";
import { pdfText } from "../../support/pdf-text";
import { postPrint } from "../../support/print";
import { freePort } from "../../support/server";
import { api } from "../../support/session";
import { sandboxSuite } from "../../support/suite";
import { list } from "../../support/units";

/**
 * Issue #47, the resident's own consent by link (docs/api.md, "Consent"): a post resident's letter carries the opt-in
 * link; on its page they choose e-mail, confirm their address by the code the app mails them, and the next document
 * goes by e-mail, with the objection link and RFC 8058's headers; the one-click objection moves them back to the
 * letter. The month page counts the residents without consent as they come and go; the proof names the consent behind
 * the e-mail as it stood when it was sent. A code is spent after five wrong tries and ends after CONSENT_CODE_MINUTES; a forged link opens nothing;
 * no address reaches the server's output.
 */

const CLARA = { name: "Clara Einwilligung", email: "clara.einwilligung@example.de" };
const OTTO = { email: "otto.optin@example.de" };
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Anschrift",
  `8001;Haus Eiche;EG rechts;${CLARA.name};;Post;Eichenweg 1, 10115 Berlin`,
  "8002;Haus Eiche;1. OG;Otto Brief;;Post;Eichenweg 1, 10115 Berlin",
].join("\n");
const OPT_IN = /(https?:\/\/[^\s/]+\/einwilligung\/[A-Za-z0-9_-]{43})/;

const smtpPort = await freePort();

/** A form's POST as the pages send it; the answer not followed. */
const form = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

describe("the resident's consent by link", () => {
  const s = sandboxSuite(
    [uvi("c-1", "8001"), uvi("c-2", "8001", "2026-11"), uvi("c-3", "8001", "2026-12"), uvi("c-4", "8002")],
    {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
      },
    },
  );
  const links = new Map<string, string>();
  let portalLink = "";
  const unitOf = async (msc: string) =>
    (await list(s.manager.session, s.server.url, "?limit=200")).units.find((u) => u.mscnumber === msc)!;
  const residentOf = async (msc: string) =>
    (await unitOf(msc)).resident as unknown as {
      email: string | null;
      channel: string;
      consent: { channel: string; how: string; at: string } | null;
      objectedAt: string | null;
    };
  const handOff = (documentid: string) =>
    ndjson(s.manager.session, s.server.url, "/api/handoffs", {
      documents: [{ connectionId: s.connectionId, documentid }],
    });
  /** The month page's count of Haus Eiche's residents without consent (they get letters with the link to agree). */
  const withoutConsent = async () => {
    const res = await api(s.manager.session, s.server.url, "/api/month?month=2026-10&mine=0");
    assert.equal(res.status, 200, res.text);
    const row = (res.body.properties as { property: string; withoutConsent: number }[]).find(
      (p) => p.property === "Haus Eiche",
    );
    return row?.withoutConsent;
  };
  /** The proof of Haus Eiche's November (CSV): the lines of c-2's delivery. */
  const proofOfNovember = async () => {
    const res = await api(
      s.manager.session,
      s.server.url,
      "/api/handoffs/proof.csv?property=Haus%20Eiche&month=2026-11",
    );
    assert.equal(res.status, 200, res.text);
    return res.text;
  };
  const codeFor = async (to: string) => {
    const mail = (await keptMail(s.server)).filter((m) => m.to.includes(to)).at(-1);
    assert.ok(mail, `a code mail to ${to}`);
    return /\b(\d{6})\b/.exec(mail.text)![1]!;
  };

  before(async () => {
    const put = await api(s.manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv", origin: s.server.url },
    });
    assert.equal(put.status, 200, put.text);
    for (const id of ["c-1", "c-2", "c-3", "c-4"]) {
      const res = await api(
        s.manager.session,
        s.server.url,
        `/api/connections/${s.connectionId}/documents/${id}/status`,
        {
          method: "PUT",
          json: {},
        },
      );
      assert.equal(res.status, 200, res.text);
    }
    // The month's print: each post resident's letter carries their opt-in link (they have no consent).
    const res = await postPrint(
      s.manager.session,
      { property: "Haus Eiche", month: "2026-10", senderAddress: "Musterweg 1, 20095 Hamburg" },
      { origin: s.server.url },
    );
    assert.equal(res.status, 200, await res.clone().text());
    const pdf = new Uint8Array(await res.arrayBuffer());
    const pages = pdfText(pdf);
    for (const [msc, name] of [
      ["8001", CLARA.name],
      ["8002", "Otto Brief"],
    ] as const) {
      const at = pages.findIndex((p) => p.includes(name) && p.includes("Lieber per E-Mail?"));
      assert.ok(at >= 0, `${name}'s letter offers the opt-in`);
      const link = OPT_IN.exec(pages[at]!)?.[1];
      assert.ok(link, pages[at]);
      assert.match(pages[at + 1]!, /Dokument c-/, "the letter still fits its page: the document follows");
      assert.deepEqual(qrCodesOn(pdf, at).slice(-1), [link], "the opt-in link as a QR code, below the portal's");
      links.set(msc, link);
      if (msc === "8001") portalLink = /(https?:\/\/[^\s/]+\/r\/[A-Za-z0-9_-]{43})/.exec(pages[at]!)![1]!;
    }
    assert.notEqual(links.get("8001"), links.get("8002"));
  });

  test("opt-in by link, code confirmed: the next document goes by e-mail with the objection; the one-click objection brings the letter back", async () => {
    // The portal's page (its link came with the letter) carries the objection link, as every resident mail will.
    const portal = await fetch(portalLink);
    assert.equal(portal.status, 200);
    const portalHtml = await portal.text();
    assert.match(portalHtml, /Keine E-Mails mehr: Verbrauchsinformation per Brief erhalten/);
    const portalObjection = /href="(\/widerspruch\/[A-Za-z0-9_-]{43})"/.exec(portalHtml)?.[1];
    assert.ok(portalObjection, "the portal links the objection page");
    const unit = (await unitOf("8001")) as unknown as { optInUrl: string | null };
    assert.equal(unit.optInUrl, links.get("8001"), "the register offers the same link to the manager");
    const page = await fetch(links.get("8001")!);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /Ja, ich möchte die Verbrauchsinformation per E-Mail erhalten/);
    assert.match(html, /EG rechts \(Haus Eiche\)/, "the unit as the holder knows it");
    assert.match(html, /noindex/);
    assert.ok(!html.includes(CLARA.name), "no name on the page");
    assert.equal(page.headers.get("set-cookie"), null);
    const english = await (await fetch(`${links.get("8001")}?lang=en`)).text();
    assert.match(english, /Yes, I would like to receive the consumption information by e-mail/);

    assert.equal(await withoutConsent(), 2, "both residents are without consent: the month page counts them");
    const token = links.get("8001")!.split("/").at(-1)!;
    await control(s.server, "DELETE", "/mail");
    const sent = await form(`${s.server.url}/api/consent/${token}/code`, { channel: "email", email: CLARA.email });
    assert.equal(sent.status, 303);
    assert.equal(sent.headers.get("location"), `/einwilligung/${token}?s=sent`);
    const code = await codeFor(CLARA.email);
    const waiting = await (await fetch(`${links.get("8001")}?s=sent`)).text();
    assert.match(waiting, /Code eingeben/);
    assert.equal((await residentOf("8001")).channel, "post", "nothing changes before the code is confirmed");

    const given = await form(`${s.server.url}/api/consent/${token}/confirm`, { code });
    assert.equal(given.status, 303);
    assert.equal(given.headers.get("location"), `/einwilligung/${token}?s=given`);
    assert.match(await (await fetch(`${links.get("8001")}?s=given`)).text(), /ab dem nächsten Dokument per E-Mail/);
    const resident = await residentOf("8001");
    assert.deepEqual(
      [resident.email, resident.channel, resident.consent?.how, resident.consent?.channel],
      [CLARA.email, "email", "link", "email"],
    );
    assert.equal(((await unitOf("8001")) as unknown as { optInUrl: string | null }).optInUrl, null);
    assert.equal(await withoutConsent(), 1, "Clara agreed: one resident left without consent");

    await control(s.server, "DELETE", "/mail");
    const mailed = await handOff("c-2");
    assert.deepEqual([mailed.lines[0]!.state, mailed.lines[0]!.channel], ["sent", "email"], mailed.text);
    const [mail] = await keptMail(s.server);
    assert.deepEqual(mail!.to, [CLARA.email]);
    assert.match(mail!.text, /Keine E-Mails mehr: Verbrauchsinformation per Brief erhalten/);
    const objectionPage = /(https?:\/\/\S+\/widerspruch\/[A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
    assert.ok(objectionPage, mail!.text);
    const headers = (mail as unknown as { headers: Record<string, string> }).headers;
    assert.equal(headers["list-unsubscribe-post"], "List-Unsubscribe=One-Click");
    const endpoint = /^<(https?:\/\/\S+\/api\/consent\/[A-Za-z0-9_-]{43}\/objection)>$/.exec(
      headers["list-unsubscribe"]!,
    )?.[1];
    assert.ok(endpoint, headers["list-unsubscribe"]);

    assert.equal(new URL(objectionPage).pathname, portalObjection, "the portal's page carried the same link");

    // A GET changes nothing: mail scanners follow links.
    const shown = await fetch(objectionPage);
    assert.match(await shown.text(), /Per Brief erhalten/);
    assert.equal((await fetch(endpoint, { redirect: "manual" })).status, 303);
    assert.equal((await residentOf("8001")).channel, "email");

    const objected = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    assert.equal(objected.status, 200);
    assert.match(await objected.text(), /ab dem nächsten Dokument per Brief/);
    const after = await residentOf("8001");
    assert.equal(after.channel, "post");
    assert.equal(after.consent ?? null, null);
    assert.ok(after.objectedAt, "the objection's time is recorded");
    assert.equal(await withoutConsent(), 2, "after the objection Clara is counted again");
    // The proof names the consent behind the e-mail as it stood when it was sent, the objection after it notwithstanding.
    assert.match(
      await proofOfNovember(),
      /E-Mail versandt am [^;]*; Message-ID [^;]*; Einwilligung des Bewohners über den Link am \d\d\.\d\d\.\d{4} \(Adresse mit Code bestätigt\)/,
    );

    await control(s.server, "DELETE", "/mail");
    const next = await handOff("c-3");
    assert.deepEqual([next.lines[0]!.state, next.lines[0]!.channel], ["skipped", "post"], next.text);
    assert.match(String(next.lines[0]!.message), /gedruckten Briefen/);
    assert.equal((await keptMail(s.server)).length, 0, "no e-mail after the objection");

    // The page's own button does the same, and says so.
    const button = await form(`${s.server.url}/api/consent/${objectionPage.split("/").at(-1)}/objection`, {});
    assert.equal(button.status, 303);
    assert.match(await (await fetch(`${objectionPage}?s=done`)).text(), /ab dem nächsten Dokument per Brief/);
  });

  test("a code is spent after five wrong tries, and ends after CONSENT_CODE_MINUTES", async () => {
    const token = links.get("8002")!.split("/").at(-1)!;
    const json = (path: string, body: unknown) =>
      api(null, s.server.url, `/api/consent/${token}/${path}`, { method: "POST", json: body });
    const sent = await json("code", { channel: "email", email: OTTO.email });
    assert.deepEqual(sent.body, { state: "sent" });
    assert.deepEqual((await json("code", { channel: "email", email: OTTO.email })).body, { state: "wait" });
    const code = await codeFor(OTTO.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (const left of [4, 3, 2, 1])
      assert.deepEqual((await json("confirm", { code: wrong })).body, { state: "wrong", attemptsLeft: left });
    assert.deepEqual((await json("confirm", { code: wrong })).body, { state: "locked" });
    assert.deepEqual((await json("confirm", { code })).body, { state: "locked" }, "the right code too, once spent");
    assert.equal((await residentOf("8002")).channel, "post");

    // A new code replaces the spent one at once; past its minutes it is refused.
    assert.deepEqual((await json("code", { channel: "portal", email: OTTO.email })).body, { state: "sent" });
    const fresh = await codeFor(OTTO.email);
    await s.server.moveClock(31 * 60_000);
    assert.deepEqual((await json("confirm", { code: fresh })).body, { state: "expired" });
    assert.equal((await residentOf("8002")).channel, "post");
    assert.match(await (await fetch(`${links.get("8002")}?s=expired`)).text(), /Der Code ist abgelaufen/);
  });

  test("a link this server did not make opens nothing; no address in the server's output", async () => {
    const forged = `${links.get("8001")!.slice(0, -5)}AAAAA`;
    assert.match(await (await fetch(forged)).text(), /Dieser Link gilt nicht mehr/);
    const res = await api(null, s.server.url, `/api/consent/${forged.split("/").at(-1)}/code`, {
      method: "POST",
      json: { channel: "email", email: "x@example.de" },
    });
    assert.equal(res.status, 404);
    const output = s.server.output();
    for (const secret of [CLARA.email, OTTO.email, CLARA.name]) assert.ok(!output.includes(secret), secret);
  });
});
