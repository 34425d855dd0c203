import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";
import { describe, test } from "node:test";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { SMTPServer } from "smtp-server";
import { admin, setFaults } from "../../conformance/support";
import { keptMail, mailboxUrl, sendWithLib } from "../../support/mail";
import { freePort } from "../../support/server";
import { api, mustSignIn } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * The e-mail transport (lib/mail) against the sandbox mailbox (lib/sandbox/mailbox), over real
 * sockets: sendMail runs in a process of its own with SMTP_URL pointing at the test server's
 * mailbox, and the mailbox is read and given faults through the control API.
 */

const RESIDENT = "bewohner.hv7-03@example.de";
const uvi = (to = RESIDENT) => ({
  to,
  subject: "Ihre Verbrauchsinformation Oktober 2026",
  text: "Guten Tag,\n\nanbei Ihre monatliche Verbrauchsinformation für Oktober 2026 (Wohnung HV-7-03).\n\nMit freundlichen Grüßen",
});

describe("sendMail and the sandbox mailbox", () => {
  const suite = suiteServer({ sandbox: true });

  test("a mail arrives whole: sender, recipient, subject, text, and the attachment's SHA-256 of the bytes sent; DELETE empties the mailbox", async () => {
    await admin(suite.server, "DELETE", "/mail");
    const pdf = Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(200_000), Buffer.from("\n%%EOF\n")]);
    const { result, output } = await sendWithLib(mailboxUrl(suite.server), {
      ...uvi(),
      attachments: [{ filename: "UVI_2026-10_000123.pdf", contentType: "application/pdf", content: pdf }],
    });
    assert.equal(result.state, "sent", JSON.stringify(result));
    assert.ok(result.state === "sent" && result.messageId.length > 0);
    assert.ok(!output.includes(RESIDENT), `the recipient's address is not in the log:\n${output}`);

    const [mail, ...more] = await keptMail(suite.server);
    assert.equal(more.length, 0);
    assert.deepEqual(mail!.to, [RESIDENT]);
    assert.match(mail!.from, /Hausverwaltung Muster/);
    assert.match(mail!.from, /uvi@muster\.example/);
    assert.equal(mail!.subject, uvi().subject);
    assert.equal(mail!.text.trim(), uvi().text);
    assert.ok(!Number.isNaN(Date.parse(mail!.at)));
    assert.deepEqual(mail!.attachments, [
      {
        filename: "UVI_2026-10_000123.pdf",
        contentType: "application/pdf",
        size: pdf.length,
        sha256: createHash("sha256").update(pdf).digest("hex"),
      },
    ]);

    assert.equal((await admin(suite.server, "DELETE", "/mail")).status, 204);
    assert.deepEqual(await keptMail(suite.server), []);
  });

  test("the control routes answer 401 without the admin token, and with a wrong one", async () => {
    for (const method of ["GET", "DELETE"]) {
      const none = await fetch(`${suite.server.url}/sandbox/api/mail`, { method });
      assert.equal(none.status, 401, method);
      const wrong = await fetch(`${suite.server.url}/sandbox/api/mail`, {
        method,
        headers: { Authorization: "Bearer not-the-sandbox-admin-token" },
      });
      assert.equal(wrong.status, 401, method);
    }
  });

  test("a refused recipient is `failed` with the SMTP code and text (without the address), and a second attempt can succeed", async () => {
    await admin(suite.server, "DELETE", "/mail");
    await setFaults(suite.server, [
      { smtp: "RCPT", address: RESIDENT, status: 550, message: `5.1.1 <${RESIDENT}>: mailbox unavailable`, times: 1 },
    ]);
    const first = await sendWithLib(mailboxUrl(suite.server), uvi());
    assert.equal(first.result.state, "failed");
    assert.ok(first.result.state === "failed" && first.result.reason.kind === "refused", JSON.stringify(first.result));
    assert.equal(first.result.reason.code, 550);
    assert.match(first.result.reason.text, /mailbox unavailable/);
    assert.ok(!first.result.reason.text.includes(RESIDENT), first.result.reason.text);
    assert.ok(!first.output.includes(RESIDENT), first.output);
    assert.deepEqual(await keptMail(suite.server), [], "nothing was kept");

    const again = await sendWithLib(mailboxUrl(suite.server), uvi());
    assert.equal(again.result.state, "sent", JSON.stringify(again.result));
    assert.equal((await keptMail(suite.server)).length, 1);
    const [rule] = (await (await admin(suite.server, "GET", "/faults")).json()) as { remaining: number }[];
    assert.equal(rule!.remaining, 0);
    await setFaults(suite.server, []);
  });

  test("a rule for another recipient leaves this one alone", async () => {
    await admin(suite.server, "DELETE", "/mail");
    await setFaults(suite.server, [{ smtp: "RCPT", address: "someone.else@example.de", status: 550 }]);
    const { result } = await sendWithLib(mailboxUrl(suite.server), uvi());
    assert.equal(result.state, "sent", JSON.stringify(result));
    await setFaults(suite.server, []);
  });

  test("a dropped connection is `failed` as `dropped`, and nothing is kept", async () => {
    await admin(suite.server, "DELETE", "/mail");
    await setFaults(suite.server, [{ smtp: "DATA", drop: true, times: 1 }]);
    const { result } = await sendWithLib(mailboxUrl(suite.server), uvi());
    assert.deepEqual(result, { state: "failed", reason: { kind: "dropped" } });
    assert.deepEqual(await keptMail(suite.server), []);
    await setFaults(suite.server, []);
  });

  test("a server that stays silent past the socket timeout is `failed` as `timeout`", async () => {
    // Held past the client's socket timeout; the next rules lift it.
    await setFaults(suite.server, [{ smtp: "MAIL", hold: "silent", times: 1 }]);
    const { result } = await sendWithLib(mailboxUrl(suite.server, "?socketTimeout=300"), uvi());
    assert.deepEqual(result, { state: "failed", reason: { kind: "timeout" } });
    await setFaults(suite.server, []);
  });

  test("no server at SMTP_URL is `failed` as `unreachable`", async () => {
    const { result } = await sendWithLib(`smtp://127.0.0.1:${await freePort()}`, uvi());
    assert.deepEqual(result, { state: "failed", reason: { kind: "unreachable" } });
  });

  test("a message over 25 MB is refused with 552 and not kept", async () => {
    await admin(suite.server, "DELETE", "/mail");
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port: Number(suite.server.env.SANDBOX_SMTP_PORT),
      secure: false,
    });
    const big = Buffer.alloc(26 * 1024 * 1024, 7);
    await assert.rejects(
      transport.sendMail({ from: "a@example.de", ...uvi(), attachments: [{ filename: "big.bin", content: big }] }),
      (err: { responseCode?: number }) => err.responseCode === 552,
    );
    transport.close();
    assert.deepEqual(await keptMail(suite.server), []);
  });

  test("the mailbox keeps the last 1000 messages, oldest first", async () => {
    await admin(suite.server, "DELETE", "/mail");
    // One pooled connection: the messages arrive in the order they are sent. Its socket sends at once (no Nagle):
    // else each message waits for the server's delayed ACK, about 40 ms, 45 s for the 1005.
    const port = Number(suite.server.env.SANDBOX_SMTP_PORT);
    const transport = nodemailer.createTransport({
      host: "127.0.0.1",
      port,
      pool: true,
      maxConnections: 1,
      maxMessages: Infinity,
      getSocket: (_options: unknown, done: (err: Error | null, socket?: { connection: Socket }) => void) => {
        const socket = connect(port, "127.0.0.1", () => done(null, { connection: socket }));
        socket.setNoDelay(true);
        socket.once("error", (err) => done(err));
      },
    } as SMTPPool.Options);
    const total = 1005;
    await Promise.all(
      Array.from({ length: total }, (_, i) =>
        transport.sendMail({ from: "a@example.de", to: RESIDENT, subject: `Nachricht ${i + 1}`, text: "x" }),
      ),
    );
    transport.close();
    const kept = await keptMail(suite.server);
    assert.deepEqual(
      kept.map((m) => m.subject),
      Array.from({ length: 1000 }, (_, i) => `Nachricht ${total - 999 + i}`),
    );
  });

  test("/sandbox/mail is a page (scripts with this request's nonce, in German); the control API beside it runs no script", async () => {
    const page = await fetch(`${suite.server.url}/sandbox/mail`, { headers: { Cookie: suite.admin.cookie } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-security-policy") ?? "", /script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    assert.match(await page.text(), /Sandbox-Postfach/);
    const control = await admin(suite.server, "GET", "/mail");
    assert.match(control.headers.get("content-security-policy") ?? "", /^default-src 'none'/);
  });

  test("the dashboard's admin reads and empties the mailbox at /api/sandbox/mail; a manager may not", async () => {
    await sendWithLib(mailboxUrl(suite.server), uvi());
    const list = await api(suite.admin, suite.server.url, "/api/sandbox/mail");
    assert.equal(list.status, 200);
    assert.deepEqual(list.body, await keptMail(suite.server));
    const created = await api(suite.admin, suite.server.url, "/api/users", {
      method: "POST",
      json: { email: "mail-manager@example.com", name: "M", role: "manager", password: "manager-pass-1" },
    });
    assert.equal(created.status, 201, created.text);
    const manager = await mustSignIn(suite.server.url, "mail-manager@example.com", "manager-pass-1");
    assert.equal((await api(manager, suite.server.url, "/api/sandbox/mail")).status, 403);
    assert.equal((await api(manager, suite.server.url, "/api/sandbox/mail", { method: "DELETE" })).status, 403);
    assert.equal((await api(suite.admin, suite.server.url, "/api/sandbox/mail", { method: "DELETE" })).status, 204);
    assert.deepEqual(await keptMail(suite.server), []);
  });
});

describe("without the sandbox", () => {
  const suite = suiteServer();

  test("there is no mailbox: its page and route answer 404 to the admin, and the navigation does not offer it", async () => {
    assert.equal((await api(suite.admin, suite.server.url, "/api/sandbox/mail")).status, 404);
    const page = await fetch(`${suite.server.url}/sandbox/mail`, {
      headers: { Cookie: suite.admin.cookie },
      redirect: "manual",
    });
    assert.equal(page.status, 404);
    const home = await fetch(`${suite.server.url}/admin/users`, { headers: { Cookie: suite.admin.cookie } });
    assert.equal(home.status, 200);
    assert.ok(!(await home.text()).includes('href="/sandbox/mail"'));
  });
});

describe("no login and no document in clear (SMTP without TLS)", () => {
  /** An SMTP server on loopback that offers no STARTTLS but takes a login: what it saw of each dialogue. */
  async function plainServer() {
    const seen = { logins: 0, messages: 0 };
    const server = new SMTPServer({
      disabledCommands: ["STARTTLS"],
      allowInsecureAuth: true,
      authOptional: true,
      logger: false,
      onAuth: (_auth, _session, done) => {
        seen.logins++;
        done(null, { user: "hv" });
      },
      onData: (stream, _session, done) => {
        seen.messages++;
        stream.resume();
        stream.on("end", () => done());
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    return { port, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  test("with credentials, a server that offers no STARTTLS gets neither the login nor the message; SMTP_ALLOW_PLAINTEXT=1 lets them through", async () => {
    const smtp = await plainServer();
    try {
      const url = `smtp://hv-user:hv-secret@127.0.0.1:${smtp.port}`;
      const refused = await sendWithLib(url, uvi());
      assert.equal(refused.result.state, "failed", JSON.stringify(refused.result));
      assert.deepEqual(smtp.seen, { logins: 0, messages: 0 }, "nothing was said in clear");
      assert.ok(!refused.output.includes("hv-secret"));
      const allowed = await sendWithLib(url, uvi(), { SMTP_ALLOW_PLAINTEXT: "1" });
      assert.equal(allowed.result.state, "sent", JSON.stringify(allowed.result));
      assert.deepEqual(smtp.seen, { logins: 1, messages: 1 });
    } finally {
      await smtp.close();
    }
  });

  test("a mailbox on this machine without credentials needs no TLS; a bad SMTP_ALLOW_PLAINTEXT stops the start", async () => {
    const smtp = await plainServer();
    try {
      const sent = await sendWithLib(`smtp://127.0.0.1:${smtp.port}`, uvi());
      assert.equal(sent.result.state, "sent", JSON.stringify(sent.result));
      assert.deepEqual(smtp.seen, { logins: 0, messages: 1 });
      await assert.rejects(
        sendWithLib(`smtp://127.0.0.1:${smtp.port}`, uvi(), { SMTP_ALLOW_PLAINTEXT: "yes" }),
        /SMTP_ALLOW_PLAINTEXT/,
      );
    } finally {
      await smtp.close();
    }
  });
});
