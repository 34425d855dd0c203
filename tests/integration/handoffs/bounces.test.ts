import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { before, describe, test } from "node:test";
import { control, ndjson, uvi } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { freePort } from "../../support/server";
import { api } from "../../support/session";
import { sandboxSuite, suiteServer } from "../../support/suite";
import { until } from "../../support/until";

/**
 * Issue #47, bounces read back, over HTTP with the sandbox and its own Dovecot: a document handed on by e-mail to a
 * resident at `bounce.example` is refused by the sandbox's "residents' server", whose delivery status notification
 * (RFC 3464, 5.1.1) goes into the IMAP mailbox the app reads every second; the hand-off becomes `bounced` with its
 * reason in German, the month's view no longer counts it as reached, the sandbox's list shows the notification as its
 * own, a resident at an ordinary address stays `sent`, and no resident's address reaches the server's output. A full
 * mailbox (`full.example`) bounces with its final notification only, an auto-reply (`autoreply.example`) is no bounce.
 */

const DOVECOT = "/usr/sbin/dovecot";
const GONE = { name: "Bea Unbekannt", email: "bea.unbekannt@bounce.example" };
const HERE = { name: "Hans Hier", email: "hans.hier@example.de" };
const FULL = { name: "Frida Voll", email: "frida.voll@full.example" };
const AWAY = { name: "Anton Weg", email: "anton.weg@autoreply.example" };
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Anschrift",
  `9601;Haus Ulme;EG;${GONE.name};${GONE.email};E-Mail;`,
  `9602;Haus Ulme;1. OG;${HERE.name};${HERE.email};E-Mail;`,
  `9603;Haus Ulme;2. OG;${FULL.name};${FULL.email};E-Mail;`,
  `9604;Haus Ulme;3. OG;${AWAY.name};${AWAY.email};E-Mail;`,
].join("\n");
const DOCUMENTS = ["b-1", "b-2", "b-3", "b-4"];

const smtpPort = await freePort();

type Item = { documentid: string; state: string; message?: string; reason?: unknown };

describe(
  "bounces read back",
  { skip: existsSync(DOVECOT) ? false : `${DOVECOT} is missing (apt-get install dovecot-imapd)` },
  () => {
    const s = sandboxSuite([uvi("b-1", "9601"), uvi("b-2", "9602"), uvi("b-3", "9603"), uvi("b-4", "9604")], {
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
      for (const id of DOCUMENTS) {
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
        documents: DOCUMENTS.map((documentid) => ({ connectionId: s.connectionId, documentid })),
      });
      assert.equal(sent.status, 200, sent.text);
      assert.deepEqual(
        sent.lines.slice(0, 4).map((l) => [l.documentid, l.state]),
        DOCUMENTS.map((id) => [id, "sent"]),
        "every one is accepted by the relay first",
      );

      const stateOf = (list: Item[], id: string) => list.find((i) => i.documentid === id)?.state;
      const after = await until(
        items,
        (list) => stateOf(list, "b-1") === "bounced" && stateOf(list, "b-3") === "bounced",
        { tries: 150, everyMs: 100 },
      );
      const gone = after.find((i) => i.documentid === "b-1")!;
      assert.equal(gone.state, "bounced", JSON.stringify(after));
      assert.deepEqual(gone.reason, { kind: "bounced", status: "5.1.1" });
      assert.equal(gone.message, "E-Mail unzustellbar: Postfach unbekannt (5.1.1)");
      assert.equal(stateOf(after, "b-2"), "sent");
      const full = after.find((i) => i.documentid === "b-3")!;
      assert.equal(full.state, "bounced", "a full mailbox's delay changes nothing, its final notification bounces");
      assert.equal(full.message, "E-Mail unzustellbar: Postfach voll (5.2.2)");
      assert.equal(stateOf(after, "b-4"), "sent", "an auto-reply is no bounce");
      assert.match(s.server.output(), /IMAP \(Dovecot\) on 127\.0\.0\.1:\d+/, "the sandbox's own IMAP server ran");

      const mail = await keptMail(s.server);
      const to = (address: string) => mail.filter((m) => !m.bySandbox && m.to.includes(address)).length;
      assert.equal(to(HERE.email), 1, "the ordinary address got its mail");
      assert.equal(to(AWAY.email), 1, "the auto-replying mailbox got its mail");
      assert.equal(to(GONE.email) + to(FULL.email), 0, "a refused one is not kept as delivered");
      const own = mail.filter((m) => m.bySandbox);
      assert.deepEqual(
        own.map((m) => m.subject).sort(),
        [
          "Automatische Antwort: Ihre Verbrauchsinformation für Oktober 2026 – 3. OG",
          "Delayed Mail (still being retried)",
          "Undelivered Mail Returned to Sender",
          "Undelivered Mail Returned to Sender",
        ],
        "the sandbox's own: two notifications, a delay and an auto-reply",
      );
      for (const m of own) assert.deepEqual(m.to, ["uvi@muster.example"]);
      assert.equal(own.filter((m) => /MAILER-DAEMON@/.test(m.from)).length, 3);
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
      assert.equal(rows.find((r) => r.unit === "9603")!.entries[0]!.status, "failed");
    });

    test("each message is read once, and no resident's address reaches the server's output", async () => {
      assert.equal((await items()).find((i) => i.documentid === "b-1")!.state, "bounced");
      const output = s.server.output();
      const rounds = output
        .split("\n")
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as { msg?: string; read?: number; bounced?: number }];
          } catch {
            return [];
          }
        })
        .filter((l) => l.msg === "sender's mailbox read");
      const sum = (key: "read" | "bounced") => rounds.reduce((n, l) => n + (l[key] ?? 0), 0);
      assert.equal(sum("read"), 4, "four messages came back, each read once");
      assert.equal(sum("bounced"), 2);
      for (const address of [GONE.email, HERE.email, FULL.email, AWAY.email])
        assert.ok(!output.includes(address), `the address is not in the server's output:\n${output}`);
    });
  },
);

describe("a mailbox that cannot be read", () => {
  const closedPort = freePort();
  const suite = suiteServer(async () => ({
    env: {
      SMTP_URL: "smtp://127.0.0.1:9",
      MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
      MAIL_IMAP_URL: `imap://uvi:secret-imap-pass@127.0.0.1:${await closedPort}/INBOX`,
      MAIL_READ_INTERVAL_SECONDS: "1",
    },
  }));

  test("is one warning in the log, without its password; the server goes on answering", async () => {
    const output = await until(
      async () => suite.server.output(),
      (out) => out.includes("sender's mailbox cannot be read"),
      { tries: 100, everyMs: 100 },
    );
    assert.match(output, /sender's mailbox cannot be read/);
    assert.ok(!output.includes("secret-imap-pass"), "no password in the log");
    const ready = await fetch(`${suite.server.url}/api/ready`);
    assert.equal(ready.status, 200);
  });
});
