import "../support/unit-env";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { ConfigError, parseEnv } from "@/lib/env";
import { parseDsn } from "@/lib/handoffs/bounces/dsn";
import { failureWords } from "@/lib/handoffs/failure-words";
import { translate } from "@/lib/i18n/messages";
import { autoReply } from "@/lib/sandbox/mailbox/auto-reply";
import {
  deliveryStatusNotification,
  MAILBOX_FULL,
  MAILBOX_FULL_FOR_NOW,
  USER_UNKNOWN,
} from "@/lib/sandbox/mailbox/dsn";

/**
 * MAIL_IMAP_URL as lib/env.ts reads it, the sandbox's delivery status notifications (lib/sandbox/mailbox/dsn.ts) and
 * the reader's parse of them and of other servers' (lib/handoffs/bounces/dsn.ts), and a bounce's reason in words.
 */

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "arge-imap-")), NODE_ENV: "test" });

describe("MAIL_IMAP_URL", () => {
  test("imaps with credentials and a folder; imap on loopback may be plain, elsewhere needs STARTTLS", () => {
    assert.equal(parseEnv(base()).imap, undefined);
    assert.deepEqual(
      parseEnv({ ...base(), MAIL_IMAP_URL: "imaps://uvi%40muster.de:p%40ss@mail.muster.de/Bounces" }).imap,
      {
        host: "mail.muster.de",
        port: 993,
        secure: true,
        requireTLS: false,
        auth: { user: "uvi@muster.de", pass: "p@ss" },
        mailbox: "Bounces",
      },
    );
    const remote = parseEnv({ ...base(), MAIL_IMAP_URL: "imap://u:p@mail.muster.de" }).imap!;
    assert.equal(remote.port, 143);
    assert.equal(remote.requireTLS, true);
    assert.equal(remote.mailbox, "INBOX");
    assert.equal(parseEnv({ ...base(), MAIL_IMAP_URL: "imap://u:p@127.0.0.1:1143" }).imap!.requireTLS, false);
  });

  test("another scheme or a query stops the start naming the variable", () => {
    for (const url of ["https://mail.muster.de", "imap://mail.muster.de/?x=1", "imap://"])
      assert.throws(
        () => parseEnv({ ...base(), MAIL_IMAP_URL: url }),
        (err: unknown) => err instanceof ConfigError && err.message.includes("MAIL_IMAP_URL"),
      );
  });
});

const original = Buffer.from(
  "From: Hausverwaltung <uvi@muster.example>\r\nTo: someone@bounce.example\r\nSubject: Ihre Verbrauchsinformation\r\nMessage-ID: <abc.123@muster.example>\r\n\r\nHallo\r\n",
);

describe("delivery status notifications", () => {
  test("the sandbox's notification reads back as a failed 5.1.1 of the original Message-ID", () => {
    const dsn = deliveryStatusNotification(
      original,
      { sender: "uvi@muster.example", recipients: ["someone@bounce.example"] },
      USER_UNKNOWN,
    );
    const text = dsn.toString("utf8");
    assert.match(text, /multipart\/report; report-type=delivery-status/);
    assert.match(text, /Final-Recipient: rfc822; someone@bounce\.example\r\nAction: failed\r\nStatus: 5\.1\.1/);
    assert.match(text, /Content-Type: text\/rfc822-headers\r\n\r\nFrom: Hausverwaltung/);
    assert.deepEqual(parseDsn(text), { messageId: "<abc.123@muster.example>", status: "5.1.1", failed: true });
  });

  test("a Postfix-style notification with a folded header and the whole message returned", () => {
    const text = [
      "From: MAILER-DAEMON@mx.example (Mail Delivery System)",
      "Content-Type: multipart/report; report-type=delivery-status;",
      '\tboundary="B1/mx"',
      "",
      "--B1/mx",
      "Content-Description: Notification",
      "Content-Type: text/plain",
      "",
      "I'm sorry to have to inform you",
      "",
      "--B1/mx",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.example",
      "",
      "Final-Recipient: rfc822; full@full.example",
      "Action: failed",
      "Status: 5.2.2",
      "",
      "--B1/mx",
      "Content-Type: message/rfc822",
      "",
      "Subject: x",
      "Message-Id:",
      " <xyz@muster.example>",
      "",
      "body",
      "--B1/mx--",
      "",
    ].join("\n");
    assert.deepEqual(parseDsn(text), { messageId: "<xyz@muster.example>", status: "5.2.2", failed: true });
  });

  test("a delay is no bounce; a reply or a plain message is no notification", () => {
    const envelope = { sender: "uvi@muster.example", recipients: ["a@full.example"] };
    const delayed = deliveryStatusNotification(original, envelope, MAILBOX_FULL_FOR_NOW).toString("utf8");
    assert.match(delayed, /Action: delayed\r\nStatus: 4\.2\.2/);
    assert.deepEqual(parseDsn(deliveryStatusNotification(original, envelope, MAILBOX_FULL).toString("utf8")), {
      messageId: "<abc.123@muster.example>",
      status: "5.2.2",
      failed: true,
    });
    assert.equal(parseDsn(delayed)?.failed, false);
    assert.equal(parseDsn("Subject: Re: Ihre Verbrauchsinformation\r\n\r\nWohne hier nicht mehr"), null);
    assert.equal(
      parseDsn("Content-Type: multipart/report; report-type=disposition-notification; boundary=x\r\n\r\n"),
      null,
    );
  });

  test("the auto-reply of autoreply.example names the original and is no notification", () => {
    const reply = autoReply(original, { resident: "r@autoreply.example", sender: "uvi@muster.example" }).toString(
      "utf8",
    );
    assert.match(reply, /^From: r@autoreply\.example\r\nTo: uvi@muster\.example\r\n/);
    assert.match(reply, /Subject: Automatische Antwort: Ihre Verbrauchsinformation\r\n/);
    assert.match(reply, /In-Reply-To: <abc\.123@muster\.example>\r\n/);
    assert.match(reply, /Auto-Submitted: auto-replied\r\n/);
    assert.equal(parseDsn(reply), null);
  });

  test("a bounce's reason in German and English", () => {
    const de = (status: string) => failureWords({ kind: "bounced", status }, (k, v) => translate("de", k, v));
    assert.equal(de("5.1.1"), "E-Mail unzustellbar: Postfach unbekannt (5.1.1)");
    assert.equal(de("5.2.2"), "E-Mail unzustellbar: Postfach voll (5.2.2)");
    assert.equal(
      failureWords({ kind: "bounced", status: "5.7.1" }, (k, v) => translate("en", k, v)),
      "E-mail undeliverable: refused by the recipient (5.7.1)",
    );
  });
});
