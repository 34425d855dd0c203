import "../support/unit-env";
import assert from "node:assert/strict";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { ConfigError, parseEnv } from "@/lib/env";
import { failureOf } from "@/lib/handoffs/mail/failure";
import { isMailEnabled, sendMail } from "@/lib/handoffs/mail/send";
import { FaultRules } from "@/lib/sandbox/schema";

/**
 * SMTP_URL and MAIL_FROM as lib/env.ts reads them, nodemailer's errors as sendMail reports them, and the mailbox's
 * fault rules.
 */

const base = () => ({ DATA_DIR: mkdtempSync(path.join(tmpdir(), "arge-mail-")), NODE_ENV: "test" });

describe("SMTP_URL and MAIL_FROM", () => {
  test("unset SMTP_URL: e-mail is off, and sendMail says so without trying", async () => {
    assert.equal(parseEnv(base()).mail, undefined);
    assert.equal(isMailEnabled(), false);
    assert.deepEqual(await sendMail({ to: "a@example.de", subject: "s", text: "t" }), {
      state: "failed",
      reason: { kind: "off" },
    });
  });

  test("SMTP_URL without MAIL_FROM stops the start with a German and English message naming MAIL_FROM", () => {
    assert.throws(
      () => parseEnv({ ...base(), SMTP_URL: "smtp://mail.example.de:587" }),
      (err: Error) =>
        err instanceof ConfigError && /MAIL_FROM fehlt/.test(err.message) && /MAIL_FROM is missing/.test(err.message),
    );
  });

  test("a full SMTP_URL: host, port, TLS, login and timeouts; the sender with its name", () => {
    const e = parseEnv({
      ...base(),
      SMTP_URL: "smtps://uvi%40muster.de:p%3Ass@mail.example.de/?socketTimeout=5000",
      MAIL_FROM: '"Hausverwaltung Muster" <uvi@muster.de>',
    });
    assert.deepEqual(e.mail, {
      smtp: {
        host: "mail.example.de",
        port: 465,
        secure: true,
        auth: { user: "uvi@muster.de", pass: "p:ss" },
        timeouts: { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 5000 },
        requireTLS: false,
      },
      from: { name: "Hausverwaltung Muster", address: "uvi@muster.de" },
    });
    const plain = parseEnv({ ...base(), SMTP_URL: "smtp://127.0.0.1:2525", MAIL_FROM: "uvi@muster.de" }).mail!;
    assert.deepEqual(
      [plain.smtp.port, plain.smtp.secure, plain.smtp.auth, plain.from],
      [2525, false, undefined, { name: "", address: "uvi@muster.de" }],
    );
    assert.equal(
      parseEnv({ ...base(), SMTP_URL: "smtp://mail.example.de", MAIL_FROM: "uvi@muster.de" }).mail!.smtp.port,
      587,
    );
    // STARTTLS or nothing: with a login, or to another machine, unless SMTP_ALLOW_PLAINTEXT=1.
    const tls = (url: string, extra = {}) =>
      parseEnv({ ...base(), SMTP_URL: url, MAIL_FROM: "uvi@muster.de", ...extra }).mail!.smtp.requireTLS;
    assert.deepEqual(
      [
        tls("smtp://mail.example.de"),
        tls("smtp://u:p@127.0.0.1:2525"),
        tls("smtp://127.0.0.1:2525"),
        tls("smtp://u:p@mail.example.de", { SMTP_ALLOW_PLAINTEXT: "1" }),
      ],
      [true, true, false, false],
    );
  });

  test("a malformed SMTP_URL or MAIL_FROM names the variable", () => {
    for (const [name, value] of [
      ["SMTP_URL", "http://mail.example.de"],
      ["SMTP_URL", "smtp://mail.example.de/path"],
      ["SMTP_URL", "smtp://mail.example.de/?tls=off"],
      ["SMTP_URL", "smtp://mail.example.de/?socketTimeout=5"],
      ["MAIL_FROM", "Hausverwaltung Muster"],
      ["MAIL_FROM", "Muster <not-an-address>"],
    ] as const) {
      assert.throws(
        () => parseEnv({ ...base(), SMTP_URL: "smtp://mail.example.de", MAIL_FROM: "uvi@muster.de", [name]: value }),
        (err: Error) => err instanceof ConfigError && err.message.includes(name),
        `${name}=${value}`,
      );
    }
  });

  test("SANDBOX_SMTP_PORT defaults to 2525", () => {
    assert.equal(parseEnv(base()).sandboxSmtpPort, 2525);
    assert.equal(parseEnv({ ...base(), SANDBOX_SMTP_PORT: "2600" }).sandboxSmtpPort, 2600);
  });
});

describe("why a send failed", () => {
  test("a refused recipient keeps the code and the text, without the recipient's address", () => {
    const err = Object.assign(new Error("Can't send mail - all recipients were rejected"), {
      code: "EENVELOPE",
      command: "RCPT TO",
      responseCode: 550,
      response: "550 5.1.1 <Mieter@Example.de>: Recipient address rejected\u0007",
    });
    assert.deepEqual(failureOf(err, "mieter@example.de"), {
      kind: "refused",
      code: 550,
      text: "5.1.1 <<…>>: Recipient address rejected",
    });
  });

  test("a refused message or login is `rejected`; timeouts, drops and unreachable servers are told apart", () => {
    assert.deepEqual(
      failureOf({ code: "EMESSAGE", command: "DATA", responseCode: 554, response: "554 spam" }, "a@b.de"),
      {
        kind: "rejected",
        code: 554,
        text: "spam",
      },
    );
    assert.deepEqual(failureOf({ code: "ETIMEDOUT", command: "CONN" }, "a@b.de"), { kind: "timeout" });
    assert.deepEqual(failureOf({ code: "ECONNECTION", command: "CONN" }, "a@b.de"), { kind: "dropped" });
    assert.deepEqual(failureOf({ code: "ESOCKET", syscall: "read" }, "a@b.de"), { kind: "dropped" });
    assert.deepEqual(failureOf({ code: "ESOCKET", syscall: "connect" }, "a@b.de"), { kind: "unreachable" });
    assert.deepEqual(failureOf({ code: "EDNS" }, "a@b.de"), { kind: "unreachable" });
    assert.deepEqual(failureOf(new Error("x"), "a@b.de"), { kind: "error", code: "unknown" });
  });
});

describe("the mailbox's fault rules", () => {
  test("stand in one list with the HTTP rules; each kind is checked by its own shape", () => {
    const rules = [
      { method: "GET", path: "/dta/v1/documents/out", status: 503, times: 1 },
      { smtp: "RCPT", address: "mieter@example.de", status: 550, message: "mailbox unavailable", times: 1 },
      { smtp: "DATA", drop: true },
      { smtp: "MAIL", delayMs: 2000 },
    ];
    assert.equal(FaultRules.safeParse(rules).success, true);
    for (const bad of [
      { smtp: "RCPT" },
      { smtp: "RCPT", status: 550, drop: true },
      { smtp: "RCPT", status: 250 },
      { smtp: "HELO", status: 550 },
      { smtp: "DATA", drop: true, path: "/x" },
      { smtp: "RCPT", status: 550, message: "two\r\nlines" },
    ]) {
      assert.equal(FaultRules.safeParse([bad]).success, false, JSON.stringify(bad));
    }
    const httpIssue = FaultRules.safeParse([{ path: "/x", status: "503" }]);
    assert.equal(httpIssue.error?.issues[0]?.path.join("."), "0.status", "an HTTP rule's error still names its field");
  });
});
