import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { before, describe, test } from "node:test";
import { makeUser } from "../../support/connections";
import { control, ndjson, uvi } from "../../support/delivery";
import { keptMail, readMailboxNow } from "../../support/mail";
import { ADMIN, freePort } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite, suiteServer } from "../../support/suite";
import { until } from "../../support/until";

/**
 * Issue #47, bounces read back, over HTTP with the sandbox and its own Dovecot: a document handed on by e-mail to a
 * resident at `bounce.example` is refused by the sandbox's "residents' server", whose delivery status notification
 * (RFC 3464, 5.1.1) goes into the IMAP mailbox the app reads every second; the hand-off becomes `bounced` with its
 * reason in German, the month's view no longer counts it as reached, the sandbox's list shows the notification as its
 * own, a resident at an ordinary address stays `sent`, and no resident's address reaches the server's output. A full
 * mailbox (`full.example`) bounces with its final notification only, an auto-reply (`autoreply.example`) is no bounce:
 * it is kept on its unit (GET /api/units/{id}, for the unit's team only), erased with the resident's data, and its text
 * never reaches the output. The rounds are triggered by an admin (POST /api/admin/mailbox/read), not waited for. A
 * mailbox that cannot be read is a warning for admins (GET /api/ready's detail, the connections page), not a crash.
 */

const DOVECOT = "/usr/sbin/dovecot";
const GONE = { name: "Bea Unbekannt", email: "bea.unbekannt@bounce.example" };
const HERE = { name: "Hans Hier", email: "hans.hier@example.de" };
const FULL = { name: "Frida Voll", email: "frida.voll@full.example" };
const AWAY = { name: "Anton Weg", email: "anton.weg@autoreply.example" };
/** Each resident agreed to e-mail in writing (a digital channel needs the resident's consent). */
const CONSENT = "01.09.2026 Formular";
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
  `9601;Haus Ulme;EG;${GONE.name};${GONE.email};E-Mail;${CONSENT};`,
  `9602;Haus Ulme;1. OG;${HERE.name};${HERE.email};E-Mail;${CONSENT};`,
  `9603;Haus Ulme;2. OG;${FULL.name};${FULL.email};E-Mail;${CONSENT};`,
  `9604;Haus Ulme;3. OG;${AWAY.name};${AWAY.email};E-Mail;${CONSENT};`,
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
        // One round at the start; the others when the test asks for one.
        MAIL_READ_INTERVAL_SECONDS: "3600",
      },
    });
    let admin: Session;
    /** One round of the reader now, as an admin asks for it; its outcome. */
    const readNow = () => readMailboxNow(admin, s.server.url);
    const items = async () => {
      const res = await api(s.manager.session, s.server.url, "/api/handoffs");
      assert.equal(res.status, 200, res.text);
      return (res.body as { items: Item[] }).items;
    };

    before(async () => {
      admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
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
        async () => (await readNow(), await items()),
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
      assert.equal(entry.status, "bounced", "its own status: not handed on");
      assert.equal(entry.reason, "E-Mail unzustellbar: Postfach unbekannt (5.1.1)");
      assert.equal(rows.find((r) => r.unit === "9602")!.entries[0]!.status, "email");
      assert.equal(rows.find((r) => r.unit === "9603")!.entries[0]!.status, "bounced");
    });

    type Reply = { at: string; kind: string; subject: string; text: string };
    type UnitAnswer = { id: string; replies: Reply[] };
    const unitOf = async (key: string) => {
      const res = await api(s.manager.session, s.server.url, `/api/units?q=${key}`);
      assert.equal(res.status, 200, res.text);
      return (res.body as { units: UnitAnswer[] }).units[0]!;
    };

    test("the auto-reply is shown on its unit, with its date and text, for the unit's team only", async () => {
      const { id } = await unitOf("9604");
      const unit = await until(
        async () => {
          await readNow();
          const res = await api(s.manager.session, s.server.url, `/api/units/${id}`);
          assert.equal(res.status, 200, res.text);
          return res.body as UnitAnswer;
        },
        (u) => u.replies.length > 0,
        { tries: 100, everyMs: 100 },
      );
      assert.equal(unit.replies.length, 1);
      const [reply] = unit.replies;
      assert.equal(reply!.kind, "autoReply");
      assert.equal(reply!.subject, "Automatische Antwort: Ihre Verbrauchsinformation für Oktober 2026 – 3. OG");
      assert.match(reply!.text, /^Vielen Dank für Ihre Nachricht\. Ich bin bis auf Weiteres nicht erreichbar/);
      assert.ok(Math.abs(Date.parse(reply!.at) - Date.now()) < 5 * 60_000, `a date of now: ${reply!.at}`);
      assert.deepEqual((await unitOf("9604")).replies, unit.replies, "the register's list shows it too");
      assert.deepEqual((await unitOf("9602")).replies, [], "a unit without replies has none");
      const stranger = await makeUser(s.server, "manager", admin);
      const other = await api(stranger.session, s.server.url, `/api/units/${id}`);
      assert.equal(other.status, 404, "another team's unit is not found");
      // The proof of the month says a reply came, and when, after the e-mail; never its text.
      const proof = await api(
        s.manager.session,
        s.server.url,
        "/api/handoffs/proof.csv?property=Haus+Ulme&month=2026-10",
      );
      assert.equal(proof.status, 200, proof.text);
      const line = proof.text.split("\r\n").find((l) => l.startsWith("9604;"));
      assert.match(line ?? "", /E-Mail versandt am [^;]*; .*Automatische Antwort erhalten am \d\d\.\d\d\.\d{4}/);
      assert.ok(!proof.text.includes("Vielen Dank für Ihre Nachricht"), "the reply's text is not in the proof");
    });

    test("each message is read once, and no resident's address reaches the server's output", async () => {
      assert.equal((await items()).find((i) => i.documentid === "b-1")!.state, "bounced");
      const output = s.server.output();
      const rounds = output
        .split("\n")
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as { msg?: string; read?: number; bounced?: number; replies?: number }];
          } catch {
            return [];
          }
        })
        .filter((l) => l.msg === "sender's mailbox read");
      const sum = (key: "read" | "bounced" | "replies") => rounds.reduce((n, l) => n + (l[key] ?? 0), 0);
      assert.equal(sum("read"), 4, "four messages came back, each read once");
      assert.equal(sum("bounced"), 2);
      assert.equal(sum("replies"), 1, "the auto-reply is kept on its unit");
      for (const address of [GONE.email, HERE.email, FULL.email, AWAY.email])
        assert.ok(!output.includes(address), `the address is not in the server's output:\n${output}`);
      for (const text of ["Vielen Dank für Ihre Nachricht", "Automatische Antwort", "nicht erreichbar"])
        assert.ok(!output.includes(text), `no reply's text in the server's output:\n${output}`);
    });

    test("an admin's round answers its outcome; a manager may not ask for one", async () => {
      const round = await readNow();
      assert.deepEqual(round, { state: "read", read: 0, bounced: 0, replies: 0, left: 0 }, "nothing new to read");
      const res = await api(s.manager.session, s.server.url, "/api/admin/mailbox/read", { method: "POST" });
      assert.equal(res.status, 403);
    });

    test("a unit on hold keeps its replies; they go with the resident's data when an admin erases it", async () => {
      const { id } = await unitOf("9604");
      const hold = await api(s.manager.session, s.server.url, `/api/units/${id}/hold`, {
        method: "PUT",
        json: { reason: "Rechtsstreit 4 C 12/26" },
      });
      assert.equal(hold.status, 200, hold.text);
      const refused = await api(admin, s.server.url, `/api/units/${id}/resident`, { method: "DELETE" });
      assert.equal(refused.status, 409, refused.text);
      assert.equal((await unitOf("9604")).replies.length, 1, "kept while the unit is on hold");
      const lifted = await api(s.manager.session, s.server.url, `/api/units/${id}/hold`, { method: "DELETE" });
      assert.equal(lifted.status, 200, lifted.text);
      const erased = await api(admin, s.server.url, `/api/units/${id}/resident`, { method: "DELETE" });
      assert.equal(erased.status, 200, erased.text);
      const res = await api(s.manager.session, s.server.url, `/api/units/${id}`);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual((res.body as UnitAnswer).replies, []);
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
      MAIL_READ_INTERVAL_SECONDS: "3600",
    },
  }));

  test("a round fails with a word, and is one warning in the log, without its password", async () => {
    const round = await api(suite.admin, suite.server.url, "/api/admin/mailbox/read", { method: "POST" });
    assert.equal(round.status, 200, round.text);
    assert.equal(round.body.state, "failed");
    assert.match(round.body.reason, /^[A-Za-z_]+$/, "a word");
    const again = await api(suite.admin, suite.server.url, "/api/admin/mailbox/read", { method: "POST" });
    assert.equal(again.body.state, "failed");
    const output = suite.server.output();
    assert.equal(output.split("sender's mailbox cannot be read").length - 1, 1, "one warning, not one per round");
    assert.ok(!output.includes("secret-imap-pass"), "no password in the log");
  });

  test("GET /api/ready stays 200 and warns an admin, in its detail; a manager and a stranger see the state only", async () => {
    const ready = await api(suite.admin, suite.server.url, "/api/ready");
    assert.equal(ready.status, 200, ready.text);
    assert.equal(ready.body.status, "ready");
    const mailbox = ready.body.detail?.mailbox as { status: string; since: string; reason: string; readAt: unknown };
    assert.equal(mailbox?.status, "warn", ready.text);
    assert.ok(Date.parse(mailbox.since) <= Date.now());
    assert.match(mailbox.reason, /^[A-Za-z_]+$/);
    assert.equal(mailbox.readAt, null, "never read");
    const manager = await makeUser(suite.server, "manager", suite.admin);
    for (const who of [manager.session, null]) {
      const plain = await api(who, suite.server.url, "/api/ready");
      assert.equal(plain.status, 200);
      assert.deepEqual(plain.body, { status: "ready" });
    }
  });

  test("the connections page warns an admin, not a manager", async () => {
    // The page's words travel with it (the catalogue), so the warning is found by its element.
    const warning = 'data-testid="mailbox-warning"';
    const page = await api(suite.admin, suite.server.url, "/connections");
    assert.equal(page.status, 200);
    assert.ok(page.text.includes(warning), "the admin is warned");
    assert.match(page.text, /Grund: [A-Za-z_]+, seit /, "with the reason and since when");
    const manager = await makeUser(suite.server, "manager", suite.admin);
    const theirs = await api(manager.session, suite.server.url, "/connections");
    assert.equal(theirs.status, 200);
    assert.ok(!theirs.text.includes(warning), "a manager is not");
  });
});
