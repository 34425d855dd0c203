import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { before, describe, test } from "node:test";
import { control, ndjson, uvi } from "../../support/delivery";
import { textIn } from "../../support/letter-pdf";
import { pdfText } from "../../support/pdf-text";
import { postPrint } from "../../support/print";
import { readMailboxNow } from "../../support/mail";
import { ADMIN, freePort } from "../../support/server";
import { api, mustSignIn } from "../../support/session";
import { sandboxSuite } from "../../support/suite";
import { until } from "../../support/until";

/**
 * Issue #47, after a bounce, over HTTP with the sandbox and its own Dovecot: a resident on the e-mail channel at
 * `bounce.example` is handed their document; the sandbox's residents' server refuses it (5.1.1) and its notification
 * comes back through the IMAP mailbox. The month page lists it as its own exception ("E-Mail unzustellbar: Brief
 * drucken", the reason in words), never as handed on; the next print holds that resident's letter beside the post
 * channel's, and only until it is posted; the proof lists the e-mail accepted by our relay, its bounce with the
 * reason, then the letter printed and posted, and counts it handed on only then. No address reaches the server's
 * output.
 */

const DOVECOT = "/usr/sbin/dovecot";
const PROPERTY = "Haus Esche";
const MONTH = "2026-10";
const GONE = { first: "Gerd", last: "Fort", email: "gerd.fort@bounce.example" };
const HERE = { first: "Hanna", last: "Hier", email: "hanna.hier@example.de" };
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Straße;PLZ;Ort;Einzug",
  `9701;${PROPERTY};EG;${GONE.first};${GONE.last};${GONE.email};E-Mail;01.03.2026 Formular;Eschenweg 3;10115;Berlin;01.01.2020`,
  `9702;${PROPERTY};1. OG;Paula;Post;;Post;;Eschenweg 3;10115;Berlin;01.01.2020`,
  `9703;${PROPERTY};2. OG;${HERE.first};${HERE.last};${HERE.email};E-Mail;01.03.2026 Formular;;;;01.01.2020`,
].join("\r\n");
const IDS = { gone: "bl-1", post: "bl-2", here: "bl-3" };
const SENDER = "Eschenweg 9, 10115 Berlin";

type Item = { documentid: string; state: string; messageId?: string };
type Entry = { status: string; reason?: string; document: { documentid: string } | null };
type MonthView = { rows: { unit: string; entries: Entry[] }[]; counts: Record<string, number> };
type Bounced = { unitId: string; unit: string; label: string | null; documentid: string; status: string };
type Round = {
  properties: { property: string; counts: Record<string, number>; toHandOn: number; bounced: Bounced[] }[];
};

const smtpPort = await freePort();

describe(
  "a bounced e-mail's letter",
  { skip: existsSync(DOVECOT) ? false : `${DOVECOT} is missing (apt-get install dovecot-imapd)` },
  () => {
    const s = sandboxSuite([uvi(IDS.gone, "9701"), uvi(IDS.post, "9702"), uvi(IDS.here, "9703")], {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
        // One round at the start; the others when the test asks for one.
        MAIL_READ_INTERVAL_SECONDS: "3600",
      },
    });
    const q = new URLSearchParams({ property: PROPERTY, month: MONTH }).toString();
    const get = async <T>(path: string) => {
      const res = await api(s.manager.session, s.server.url, path);
      assert.equal(res.status, 200, res.text);
      return res.body as T;
    };
    const download = async (path: string) => {
      const res = await fetch(`${s.server.url}${path}`, { headers: { Cookie: s.manager.session.cookie } });
      assert.equal(res.status, 200, await res.clone().text());
      return res;
    };
    const entryOf = async (documentid: string) => {
      const view = await get<MonthView>(`/api/handoffs/month?${q}`);
      return view.rows.flatMap((r) => r.entries).find((e) => e.document?.documentid === documentid)!;
    };
    const round = async () => (await get<Round>(`/api/month?${q}`)).properties[0]!;
    /** The proof CSV's line of a unit: its status and its evidence, in order. */
    const proofLine = async (unit: string) => {
      const csv = await (await download(`/api/handoffs/proof.csv?${q}`)).text();
      const line = csv.split("\r\n").find((l) => l.startsWith(`${unit};`));
      assert.ok(line, csv);
      return { csv, line };
    };
    const print = async () => {
      const res = await postPrint(s.manager.session, { property: PROPERTY, month: MONTH, senderAddress: SENDER });
      assert.equal(res.status, 200, await res.clone().text());
      return new Uint8Array(await res.arrayBuffer());
    };
    const outcomes = () =>
      s.server.query<{ channel: string; state: string }>(
        "SELECT channel, state FROM handoff_outcomes WHERE documentid = $1 ORDER BY at, id",
        [IDS.gone],
      );

    before(async () => {
      const put = await api(s.manager.session, s.server.url, "/api/units", {
        method: "PUT",
        body: REGISTER,
        headers: { "content-type": "text/csv" },
      });
      assert.equal(put.status, 200, put.text);
      for (const id of Object.values(IDS)) {
        const path = `/api/connections/${s.connectionId}/documents/${id}/status`;
        const res = await api(s.manager.session, s.server.url, path, { method: "PUT", json: {} });
        assert.equal(res.status, 200, res.text);
      }
    });

    test("handed on by e-mail, the mail to bounce.example comes back: `bounced`, its own exception, not handed on", async () => {
      await control(s.server, "DELETE", "/mail");
      const sent = await ndjson(s.manager.session, s.server.url, "/api/handoffs", {
        documents: [IDS.gone, IDS.here].map((documentid) => ({ connectionId: s.connectionId, documentid })),
      });
      assert.deepEqual(
        sent.lines.slice(0, 2).map((l) => l.state),
        ["sent", "sent"],
        sent.text,
      );
      const admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
      const items = await until(
        async () => {
          await readMailboxNow(admin, s.server.url);
          return (await get<{ items: Item[] }>("/api/handoffs")).items;
        },
        (list) => list.find((i) => i.documentid === IDS.gone)?.state === "bounced",
        { tries: 150, everyMs: 100 },
      );
      assert.equal(items.find((i) => i.documentid === IDS.gone)?.state, "bounced", JSON.stringify(items));
      assert.equal(items.find((i) => i.documentid === IDS.here)?.state, "sent");

      // The month page: its own status, counted as not reached, named with its unit and the notification's code.
      const row = await round();
      assert.equal(row.counts.bounced, 1, JSON.stringify(row.counts));
      assert.equal(row.counts.failed, 0, "a bounce is not a failed send");
      assert.equal(row.counts.email, 1, "only Hanna's e-mail reached her");
      assert.equal(row.counts.notPrinted, 1, "Paula's letter");
      assert.equal(row.toHandOn, 0, "'Alle weitergeben' does not send the bounced e-mail again");
      assert.deepEqual(
        row.bounced.map(({ unit, label, documentid, status }) => ({ unit, label, documentid, status })),
        [{ unit: "9701", label: "EG", documentid: IDS.gone, status: "5.1.1" }],
      );

      // The monthly view and its CSV agree: "E-Mail unzustellbar" with the reason in words.
      const entry = await entryOf(IDS.gone);
      assert.equal(entry.status, "bounced");
      assert.equal(entry.reason, "E-Mail unzustellbar: Postfach unbekannt (5.1.1)");
      const csv = await (await download(`/api/handoffs/month.csv?${q}`)).text();
      const line = csv.split("\r\n").find((l) => l.startsWith("9701;"));
      assert.match(line ?? "", /;E-Mail unzustellbar;.*;E-Mail unzustellbar: Postfach unbekannt \(5\.1\.1\)$/, csv);

      // The proof before the letter: the e-mail and its bounce, never counted as handed on.
      const { line: proof } = await proofLine("9701");
      assert.match(proof, /;E-Mail unzustellbar;;;/, "no 'weitergegeben am'");
      assert.match(proof, /E-Mail versandt am [^;]* \(von unserem Mailserver angenommen\); Message-ID <[^>]+>; /);
      assert.match(
        proof,
        /; E-Mail als unzustellbar zurückgemeldet am [^;]*: Postfach unbekannt \(5\.1\.1\)";/,
        "the bounce last",
      );
      const pdf = pdfText(new Uint8Array(await (await download(`/api/handoffs/proof?${q}`)).arrayBuffer())).join("\n");
      assert.match(pdf, /Weitergegeben: 1 \(Per E-Mail gesendet: 1\)/, pdf);
      assert.match(pdf, /Nicht weitergegeben: 2 \([^)]*E-Mail unzustellbar: 1/, pdf);
    });

    test("the next print holds the bounced e-mail's letter beside the post letter, and only theirs", async () => {
      const pdf = await print();
      const text = pdfText(pdf);
      const all = text.join("\n");
      assert.match(all, /Gerd Fort/, "the letter to the resident whose e-mail bounced");
      assert.match(all, /Paula Post/, "the post channel's letter");
      assert.doesNotMatch(all, /Hanna Hier/, "an e-mail that arrived is not printed");
      const windows = text.map((_, i) => textIn(pdf, i).join("\n"));
      const gerd = windows.find((w) => w.includes("Gerd Fort"));
      assert.ok(gerd, `Gerd's address in a window:\n${windows.join("\n---\n")}`);
      assert.match(gerd, /Eschenweg 3/);
      assert.match(gerd, /10115 Berlin/);

      // Made, not handed on: the row follows the letter, the e-mail's bounce stays in the history.
      assert.equal((await entryOf(IDS.gone)).status, "printed");
      assert.deepEqual(
        (await outcomes()).map((o) => `${o.channel}:${o.state}`),
        ["email:sent", "email:bounced", "post:printed"],
      );
      const row = await round();
      assert.deepEqual([row.counts.bounced, row.counts.printed, row.bounced.length], [0, 2, 0]);

      // Printed again before it is posted: the letter is in the print again, as any letter.
      assert.match(pdfText(await print()).join("\n"), /Gerd Fort/);
    });

    test("after 'Gedruckt und versandt' the proof shows both attempts in order; handed on by the letter only", async () => {
      const posted = await fetch(`${s.server.url}/api/handoffs/posted`, {
        method: "POST",
        headers: { Cookie: s.manager.session.cookie, "content-type": "application/json" },
        body: JSON.stringify({ property: PROPERTY, month: MONTH }),
      });
      assert.equal(posted.status, 200, await posted.clone().text());
      assert.equal((await entryOf(IDS.gone)).status, "posted");
      assert.deepEqual(
        (await outcomes()).map((o) => `${o.channel}:${o.state}`),
        ["email:sent", "email:bounced", "post:printed", "post:printed", "post:posted"],
        "every attempt stays in the record",
      );
      const again = await postPrint(s.manager.session, { property: PROPERTY, month: MONTH });
      assert.equal(again.status, 404, "posted: no letter left to print");

      const { line } = await proofLine("9701");
      const steps = [
        /E-Mail versandt am [^;]* \(von unserem Mailserver angenommen\)/,
        /Message-ID <[^>]+>/,
        /E-Mail als unzustellbar zurückgemeldet am [^;]*: Postfach unbekannt \(5\.1\.1\)/,
        /Brief nach unzustellbarer E-Mail gedruckt am [^;]*\(Briefe erstellt\)/,
        /Brief nach unzustellbarer E-Mail versandt am /,
      ];
      let from = 0;
      for (const step of steps) {
        const at = line.slice(from).search(step);
        assert.ok(at >= 0, `${step} after position ${from} in:\n${line}`);
        from += at + 1;
      }
      assert.match(line, /;Gedruckt und versandt;\d{4}-\d\d-\d\d \d\d:\d\d:\d\d;/, "handed on by the letter");

      const pdf = pdfText(new Uint8Array(await (await download(`/api/handoffs/proof?${q}`)).arrayBuffer())).join("\n");
      assert.match(pdf, /Weitergegeben: 3 \(/, pdf);
      assert.doesNotMatch(pdf, /Nicht weitergegeben: [1-9]/);
      assert.match(pdf.replace(/\s+/g, " "), /Postfach unbekannt \(5\.1\.1\)/);
    });

    test("no resident's address reaches the server's output", () => {
      const output = s.server.output();
      for (const address of [GONE.email, HERE.email, "Eschenweg 3"])
        assert.ok(!output.includes(address), `${address} is not in the server's output:\n${output}`);
    });
  },
);
