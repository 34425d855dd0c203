import "../support/unit-env";
import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { parseEnv } from "@/lib/env";
import { createProviderClient } from "@/lib/provider/client";
import { MAX_TEXT_CHARS, judgeAnswer, parseSendStatus } from "@/lib/provider/send-answer";
import { multipartPayload, type OutgoingFile } from "@/lib/provider/send";

/**
 * Issue 21: what a provider answers to an upload, read liberally (lib/provider/send-answer.ts),
 * the multipart body the upload is sent as, and one upload against a real HTTP server that
 * drops the connection after reading it (unknown, never retried).
 */

describe("the status object of an upload's answer", () => {
  test("JSON, with extra fields, wrapped, keys and statustype in any case", () => {
    assert.deepEqual(
      parseSendStatus('{"statustype":"OK","code":201,"message":"document received","documentid":"in-1"}'),
      {
        statustype: "OK",
        code: "201",
        message: "document received",
      },
    );
    assert.deepEqual(
      parseSendStatus('{"result":{"Status":{"StatusType":"warning","Code":"W1","Message":"Referenz fehlt"}}}'),
      {
        statustype: "warning",
        code: "W1",
        message: "Referenz fehlt",
      },
    );
    assert.deepEqual(parseSendStatus('\uFEFF[{"code":"E","message":"nein"}]'), {
      statustype: null,
      code: "E",
      message: "nein",
    });
  });

  test("XML with any root and namespaces", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><d:response xmlns:d="urn:dta"><d:status><d:statustype>ERROR</d:statustype><d:code>400</d:code><d:message>Format</d:message></d:status></d:response>`;
    assert.deepEqual(parseSendStatus(xml), { statustype: "ERROR", code: "400", message: "Format" });
    assert.deepEqual(parseSendStatus("<status><statustype>OK</statustype></status>"), {
      statustype: "OK",
      code: null,
      message: null,
    });
  });

  test("missing, empty or unreadable: null", () => {
    for (const body of [
      "",
      "  ",
      "{}",
      '{"documentid":"x"}',
      "<html><body>Fehler</body></html>",
      "{kaputt",
      "null",
      "42",
    ]) {
      assert.equal(parseSendStatus(body), null, body);
    }
  });
});

describe("judging an upload's answer", () => {
  test("any 2xx is sent; WARNING keeps its words; ERROR inside a 2xx is failed", () => {
    assert.deepEqual(judgeAnswer(204, ""), { state: "sent", reason: "ok", status: null, httpStatus: 204, text: null });
    const warning = judgeAnswer(201, '{"statustype":"Warning","code":"W","message":"Doppelt"}');
    assert.equal(warning.state, "sent");
    assert.equal(warning.text, "Doppelt");
    const refused = judgeAnswer(200, "<status><statustype>error</statustype><message>Nein</message></status>");
    assert.equal(refused.state, "failed");
    assert.equal(refused.reason, "declined");
  });

  test("504 and 408 may have arrived: unknown; other statuses failed, with the status object or a clean excerpt", () => {
    assert.equal(judgeAnswer(504, "").state, "unknown");
    assert.equal(judgeAnswer(408, "").state, "unknown");
    const withStatus = judgeAnswer(500, '{"statustype":"ERROR","code":"500","message":"intern"}');
    assert.equal(withStatus.state, "failed");
    assert.equal(withStatus.text, "intern");
    const html = judgeAnswer(502, `<h1>Bad\u0000 Gateway</h1>\r\n\t${"y".repeat(5000)}`);
    assert.equal(html.state, "failed");
    assert.equal(html.status, null);
    assert.ok(html.text!.startsWith("<h1>Bad Gateway</h1> yyy"), html.text!);
    assert.equal(html.text!.length, MAX_TEXT_CHARS);
  });
});

const file = (bytes: Buffer, filename = 'Ab"rechnung\r\n März.zip'): OutgoingFile => ({
  filename,
  contentType: "application/zip",
  bytes: bytes.length,
  fields: [
    ["doctype", "A"],
    ["metadata", '[{"reftype":"billingunit"}]'],
  ],
  open: async () => new Blob([new Uint8Array(bytes)]).stream(),
});

async function bodyOf(req: IncomingMessage | ReadableStream<Uint8Array> | NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

test("the multipart body: its declared length, the fields, the file's bytes and a name with quotes and line breaks", async () => {
  const bytes = Buffer.concat([Buffer.from("\r\n--x\r\n"), Buffer.alloc(70_000, 7)]);
  const payload = multipartPayload(file(bytes));
  const body = await bodyOf(payload.body);
  assert.equal(String(body.length), payload.headers["content-length"]);
  const form = await new Response(new Uint8Array(body), {
    headers: { "content-type": payload.headers["content-type"]! },
  }).formData();
  assert.equal(form.get("doctype"), "A");
  assert.equal(form.get("metadata"), '[{"reftype":"billingunit"}]');
  const part = form.get("file") as File;
  // Quotes and line breaks travel percent-encoded (RFC 7578), which a form reader decodes again.
  assert.equal(part.name, 'Ab"rechnung\r\n März.zip');
  assert.ok(Buffer.from(await part.arrayBuffer()).equals(bytes));
});

describe("one upload to a provider that reads it and drops the connection", () => {
  let server: Server;
  let origin = "";
  let requests = 0;
  let received = 0;
  before(async () => {
    server = createServer((req, res) => {
      requests++;
      void bodyOf(req).then((b) => {
        received = b.length;
        res.socket?.destroy();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  test("is unknown (the provider may have it), attempted once; a refused connection is failed", async () => {
    const conn = {
      id: "c1",
      service: "dta" as const,
      baseUrl: `${origin}/dta`,
      authUrl: null,
      customerNumber: "4711",
      auth: { type: "basic" as const, username: "u", password: "p" },
    };
    const client = createProviderClient(conn, { timeoutMs: 2000, allowedOrigins: [origin] });
    const outcome = await client.send(file(Buffer.alloc(100_000, 1)));
    assert.equal(outcome.state, "unknown");
    assert.equal(requests, 1, "never retried");
    assert.ok(received > 100_000);
    const closed = createProviderClient(
      { ...conn, baseUrl: "http://127.0.0.1:1/dta" },
      { timeoutMs: 2000, allowedOrigins: ["http://127.0.0.1:1"] },
    );
    assert.equal((await closed.send(file(Buffer.alloc(10)))).reason, "notSent");
  });
});

test("OUTBOX_MAX_MB: 50 MB by default (README's configuration table), fractions allowed, 0 refused", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "arge-env-"));
  assert.equal(parseEnv({ DATA_DIR: dir }).outboxMaxBytes, 50 * 1024 * 1024);
  assert.equal(parseEnv({ DATA_DIR: dir, OUTBOX_MAX_MB: "0.5" }).outboxMaxBytes, 512 * 1024);
  assert.throws(() => parseEnv({ DATA_DIR: dir, OUTBOX_MAX_MB: "0" }), /OUTBOX_MAX_MB/);
});
