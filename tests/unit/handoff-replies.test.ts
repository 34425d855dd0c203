import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MAX_REPLY_TEXT, parseReply } from "@/lib/handoffs/replies/parse";
import { autoReply } from "@/lib/sandbox/mailbox/auto-reply";

/**
 * A message of the sender's mailbox read as a reply (lib/handoffs/replies/parse.ts): which of our Message-IDs it
 * answers, whether a machine or a person answered, and its subject and plain text, bounded.
 */

const ORIGINAL = Buffer.from(
  "From: uvi@muster.example\r\nTo: anton@autoreply.example\r\nSubject: Ihre Verbrauchsinformation\r\nMessage-ID: <orig-1@muster.example>\r\n\r\nHallo\r\n",
);
const received = new Date("2026-11-02T10:00:00Z");

const message = (headers: string[], body: string) => Buffer.from([...headers, "", body].join("\r\n"), "utf8");

describe("replies read back", () => {
  test("the sandbox's auto-reply: an auto-reply to our Message-ID, with its subject and text", async () => {
    const at = new Date("2026-11-02T09:59:00Z");
    const reply = await parseReply(
      autoReply(ORIGINAL, { resident: "anton@autoreply.example", sender: "uvi@muster.example" }, at),
      received,
    );
    assert.equal(reply.kind, "autoReply");
    assert.deepEqual(reply.answers, ["<orig-1@muster.example>"]);
    assert.equal(reply.subject, "Automatische Antwort: Ihre Verbrauchsinformation");
    assert.match(reply.text, /^Vielen Dank für Ihre Nachricht/);
    assert.equal(reply.at.toISOString(), at.toISOString());
    assert.match(reply.messageId ?? "", /^<.+@sandbox\.arge-inbox\.local>$/);
  });

  test("the usual markers of an auto-reply; Auto-Submitted: no is a person's", async () => {
    const headers = (extra: string) => [
      "From: a@b.example",
      "Subject: Re: x",
      "In-Reply-To: <orig-1@muster.example>",
      extra,
    ];
    for (const marker of [
      "X-Autoreply: yes",
      "X-Autorespond: yes",
      "Precedence: auto_reply",
      "Auto-Submitted: auto-generated",
    ])
      assert.equal((await parseReply(message(headers(marker), "weg"), received)).kind, "autoReply", marker);
    for (const marker of ["Auto-Submitted: no", "Precedence: bulk", "X-Other: 1"])
      assert.equal(
        (await parseReply(message(headers(marker), "wohne hier nicht mehr"), received)).kind,
        "reply",
        marker,
      );
  });

  test("a person's reply: References newest first after In-Reply-To; HTML as text; the text bounded", async () => {
    const reply = await parseReply(
      message(
        [
          "From: Bea <bea@example.de>",
          "Subject: Re: Ihre Verbrauchsinformation",
          "In-Reply-To: <b@x>",
          "References: <a@x> <b@x>\r\n <c@x>",
          "Date: Mon, 2 Nov 2026 09:00:00 +0000",
          "Content-Type: text/html; charset=utf-8",
        ],
        `<p>Bitte <b>per Post</b>.</p><p>${"x".repeat(MAX_REPLY_TEXT * 2)}</p>`,
      ),
      received,
    );
    assert.equal(reply.kind, "reply");
    assert.deepEqual(reply.answers, ["<b@x>", "<c@x>", "<a@x>"]);
    assert.match(reply.text, /^Bitte per Post\./i);
    assert.ok(!reply.text.includes("<b>"), "no markup");
    assert.equal(reply.text.length, MAX_REPLY_TEXT);
    assert.equal(reply.at.toISOString(), "2026-11-02T09:00:00.000Z");
  });

  test("a message that answers nothing names no id; a date far ahead reads as the mailbox's", async () => {
    const reply = await parseReply(
      message(["From: x@y.example", "Subject: Frage", "Date: Fri, 1 Jan 2100 00:00:00 +0000"], "Hallo"),
      received,
    );
    assert.deepEqual(reply.answers, []);
    assert.equal(reply.at.toISOString(), received.toISOString());
  });
});
