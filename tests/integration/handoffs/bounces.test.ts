import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { before, describe, test } from "node:test";
import { control, ndjson, uvi } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { freePort } from "../../support/server";
import { api } from "../../support/session";
import { sandboxSuite } from "../../support/suite";
import { until } from "../../support/until";

/**
 * Issue #47, bounces read back, over HTTP with the sandbox and its own Dovecot: a document handed on by e-mail to a
 * resident at `bounce.example` is refused by the sandbox's "residents' server", whose delivery status notification
 * (RFC 3464, 5.1.1) goes into the IMAP mailbox the app reads every second; the hand-off becomes `bounced` with its
 * reason in German, the month's view no longer counts it as reached, the sandbox's list shows the notification as its
 * own, a resident at an ordinary address stays `sent`, and no resident's address reaches the server's output.
 */

const DOVECOT = "/usr/sbin/dovecot";
const GONE = { name: "Bea Unbekannt", email: "bea.unbekannt@bounce.example" };
const HERE = { name: "Hans Hier", email: "hans.hier@example.de" };
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Anschrift",
  `9601;Haus Ulme;EG;${GONE.name};${GONE.email};E-Mail;`,
  `9602;Haus Ulme;1. OG;${HERE.name};${HERE.email};E-Mail;`,
].join("\n");

const smtpPort = await freePort();

type Item = { documentid: string; state: string; message?: string; reason?: unknown };

describe(
  "bounces read back",
  { skip: existsSync(DOVECOT) ? false : `${DOVECOT} is missing (apt-get install dovecot-imapd)` },
  () => {
    const s = sandboxSuite([uvi("b-1", "9601"), uvi("b-2", "9602")], {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
        MAIL_READ_INTERVAL_SECONDS: "1",
      },
    });
    const items = async () => {
      const res = await api(s.manager.session, s.server.url, "/api/handoffs");
      assert.equal(res.status, 200, res.text);
      return (res.body as { items: Item[] }).items;
    };

    before(async () => {
      const put = await api(s.manager.session, s.server.url, "/api/units", {
        method: "PUT",
        body: REGISTER,
        headers: { "content-type": "text/csv" },
      });
      assert.equal(put.status, 200, put.text);
      for (const id of ["b-1", "b-2"]) {
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
    });

    test("a mail to bounce.example ends `bounced` with the reason; an ordinary address stays `sent`", async () => {
      await control(s.server, "DELETE", "/mail");
      const sent = await ndjson(s.manager.session, s.server.url, "/api/handoffs", {
        documents: ["b-1", "b-2"].map((documentid) => ({ connectionId: s.connectionId, documentid })),
      });
      assert.equal(sent.status, 200, sent.text);
      assert.deepEqual(
        sent.lines.slice(0, 2).map((l) => [l.documentid, l.state]),
        [
          ["b-1", "sent"],
          ["b-2", "sent"],
        ],
        "both are accepted by the relay first",
      );

      const after = await until(items, (list) => list.some((i) => i.documentid === "b-1" && i.state === "bounced"), {
        tries: 100,
        everyMs: 100,
      });
      const gone = after.find((i) => i.documentid === "b-1")!;
      assert.equal(gone.state, "bounced", JSON.stringify(after));
      assert.deepEqual(gone.reason, { kind: "bounced", status: "5.1.1" });
      assert.equal(gone.message, "E-Mail unzustellbar: Postfach unbekannt (5.1.1)");
      assert.equal(after.find((i) => i.documentid === "b-2")!.state, "sent");
      assert.match(s.server.output(), /IMAP \(Dovecot\) on 127\.0\.0\.1:\d+/, "the sandbox's own IMAP server ran");

      const mail = await keptMail(s.server);
      assert.deepEqual(mail.filter((m) => m.to.includes(HERE.email)).length, 1, "the ordinary address got its mail");
      assert.equal(mail.filter((m) => m.to.includes(GONE.email)).length, 0, "the refused one is not kept as delivered");
      const [dsn, ...more] = mail.filter((m) => m.bySandbox);
      assert.equal(more.length, 0, "one notification");
      assert.deepEqual(dsn!.to, ["uvi@muster.example"]);
      assert.match(dsn!.from, /MAILER-DAEMON@/);
      assert.match(dsn!.subject, /Undelivered Mail/);
    });

    test("the month's view counts the bounced mail as not reached, with its reason", async () => {
      const view = await api(s.manager.session, s.server.url, "/api/handoffs/month?property=Haus+Ulme&month=2026-10");
      assert.equal(view.status, 200, view.text);
      type Entry = { status: string; reason?: string };
      const rows = view.body.rows as { unit: string; entries: Entry[] }[];
      const entry = rows.find((r) => r.unit === "9601")!.entries[0]!;
      assert.equal(entry.status, "failed");
      assert.equal(entry.reason, "E-Mail unzustellbar: Postfach unbekannt (5.1.1)");
      assert.equal(rows.find((r) => r.unit === "9602")!.entries[0]!.status, "email");
    });

    test("each message is read once, and no resident's address reaches the server's output", async () => {
      assert.equal((await items()).find((i) => i.documentid === "b-1")!.state, "bounced");
      const output = s.server.output();
      const rounds = output.split("\n").filter((l) => l.includes("sender's mailbox read") && !l.includes("again"));
      assert.equal(rounds.length, 1, `one round read the one notification:\n${rounds.join("\n")}`);
      for (const address of [GONE.email, HERE.email])
        assert.ok(!output.includes(address), `the address is not in the server's output:\n${output}`);
    });
  },
);
