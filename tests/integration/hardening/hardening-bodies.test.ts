import assert from "node:assert/strict";
import { connect } from "node:net";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { MiB, rssGrowthDuring, serverPid } from "../../support/memory";
import { altProviderSuite, suiteServer } from "../../support/suite";

/** A body of `bytes` bytes sent chunked (no Content-Length), as a client that does not announce its size would. */
function chunked(bytes: number, fill = 0x20): ReadableStream<Uint8Array> {
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      const n = Math.min(left, 64 * 1024);
      left -= n;
      controller.enqueue(new Uint8Array(n).fill(fill));
    },
  });
}

async function post(url: string, body: BodyInit, headers: Record<string, string>) {
  const res = await fetch(url, { method: "POST", body, headers, redirect: "manual", duplex: "half" } as RequestInit);
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    text,
    json: () => JSON.parse(text) as { error: string; message: string },
  };
}

/**
 * A client that sends its whole body before it reads a byte, as a browser on a slow line does: the
 * request of `bytes` in 64 KiB pieces (with a length, or chunked), `pauseMs` between them; then
 * everything the server answers. `error` is any failure of the socket meanwhile (a reset, say).
 */
async function sendAllThenRead(
  base: string,
  head: string[],
  bytes: number,
  options: { chunked: boolean; pauseMs: number },
): Promise<{ error?: string; answer: Buffer }> {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  let error: string | undefined;
  socket.on("error", (err) => (error ??= (err as NodeJS.ErrnoException).code ?? err.message));
  await new Promise((resolve) => socket.once("connect", resolve));
  const framing = options.chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${bytes}`;
  socket.write([...head, `Host: ${url.host}`, framing, "", ""].join("\r\n"));
  socket.pause();
  const piece = Buffer.alloc(64 * 1024, 0x61);
  for (let left = bytes; left > 0 && !error;) {
    const n = Math.min(left, piece.length);
    left -= n;
    const data = options.chunked
      ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), piece.subarray(0, n), Buffer.from("\r\n")])
      : piece.subarray(0, n);
    if (!socket.write(data))
      await new Promise((resolve) => (socket.once("drain", resolve), socket.once("close", resolve)));
    await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
  }
  if (options.chunked && !error) socket.write("0\r\n\r\n");
  const chunks: Buffer[] = [];
  socket.on("data", (c: Buffer) => chunks.push(c));
  socket.resume();
  await new Promise((resolve) => {
    socket.once("close", resolve);
    // A kept-alive connection stays open after the answer: enough once the answer is complete.
    socket.on("data", () => isComplete(Buffer.concat(chunks)) && resolve(undefined));
  });
  socket.destroy();
  return { error, answer: Buffer.concat(chunks) };
}

/** Whether a raw HTTP/1.1 answer is all in: its last chunk, or as many bytes as its Content-Length says. */
function isComplete(answer: Buffer): boolean {
  const at = answer.indexOf("\r\n\r\n");
  if (at === -1) return false;
  const length = /^content-length: (\d+)\r?$/im.exec(answer.subarray(0, at).toString())?.[1];
  return length === undefined ? answer.toString().endsWith("\r\n0\r\n\r\n") : answer.length - at - 4 >= Number(length);
}

/** The body of a raw HTTP/1.1 answer, its chunks joined when it came chunked. */
function bodyOf(answer: Buffer): string {
  let at = answer.indexOf("\r\n\r\n") + 4;
  if (!/^transfer-encoding: chunked\r?$/im.test(answer.subarray(0, at).toString()))
    return answer.subarray(at).toString();
  const parts: Buffer[] = [];
  for (;;) {
    const line = answer.indexOf("\r\n", at);
    const size = parseInt(answer.subarray(at, line).toString(), 16);
    if (!(size > 0)) return Buffer.concat(parts).toString();
    parts.push(answer.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
}

describe("request bodies are limited while they stream (64 KiB for JSON and sign-in, 413 in the error shape)", () => {
  const p = altProviderSuite();
  const s = suiteServer(() => ({ env: { PROVIDER_URL_ALLOWLIST: p.alt.origin } }));
  let a: Person;
  let pid: number;

  before(async () => {
    a = await makeUser(s.server, "manager");
    pid = serverPid(s.server.port);
    // One refused body before memory is watched: loading the route's code and the first large
    // request's buffers happen once, and are not a body held in memory.
    assert.equal(
      (
        await post(`${s.server.url}/api/connections`, chunked(10 * MiB), {
          "Content-Type": "application/json",
          Cookie: a.session.cookie,
        })
      ).status,
      413,
    );
  });

  const json = () => ({ "Content-Type": "application/json", Cookie: a.session.cookie });
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  test("10 MB to a JSON route, with a length or chunked, is 413 and the server's memory stays flat", async () => {
    const tenMb = JSON.stringify({ name: "x".repeat(10 * MiB) });
    const { result, growth } = await rssGrowthDuring(pid, () =>
      Promise.all([
        ...Array.from({ length: 4 }, () => post(`${s.server.url}/api/connections`, tenMb, json())),
        ...Array.from({ length: 4 }, () => post(`${s.server.url}/api/connections`, chunked(10 * MiB), json())),
      ]),
    );
    for (const r of result) {
      assert.equal(r.status, 413, r.text.slice(0, 200));
      assert.equal(r.json().error, "payload_too_large");
      assert.match(r.json().message, /64 KiB/);
      assert.equal(r.headers.get("cache-control"), "no-store");
    }
    assert.ok(growth < 40 * MiB, `the server grew by ${Math.round(growth / MiB)} MiB for 80 MB sent`);
  });

  test("10 MB to sign-in is 413 before next-auth reads it, with no session and flat memory", async () => {
    const body = new URLSearchParams({ csrfToken: "x", email: a.email, password: "p".repeat(10 * MiB) }).toString();
    const { result, growth } = await rssGrowthDuring(pid, () =>
      Promise.all([
        ...Array.from({ length: 4 }, () => post(`${s.server.url}/api/auth/callback/credentials`, body, form)),
        ...Array.from({ length: 4 }, () =>
          post(`${s.server.url}/api/auth/callback/credentials`, chunked(10 * MiB, 0x61), form),
        ),
      ]),
    );
    for (const r of result) {
      assert.equal(r.status, 413, r.text.slice(0, 200));
      assert.equal(r.json().error, "payload_too_large");
      assert.equal(r.headers.getSetCookie?.().some((c) => c.includes("session-token")) ?? false, false);
    }
    assert.ok(growth < 40 * MiB, `the server grew by ${Math.round(growth / MiB)} MiB for 80 MB sent`);
  });

  test("11 MB to the register import or sign-in, sent whole before a byte is read: the 413 and its message, never a reset", async () => {
    const register = ["PUT /api/units?dryRun=1 HTTP/1.1", `Cookie: ${a.session.cookie}`, "Content-Type: text/csv"];
    const signIn = ["POST /api/auth/callback/credentials HTTP/1.1", "Content-Type: application/x-www-form-urlencoded"];
    // About 8 s of sending each, as a slow line takes for it: longer than the server once kept reading.
    const answers = await Promise.all([
      sendAllThenRead(s.server.url, register, 11 * 1000 * 1000, { chunked: false, pauseMs: 45 }),
      sendAllThenRead(s.server.url, register, 11 * 1000 * 1000, { chunked: true, pauseMs: 45 }),
      sendAllThenRead(s.server.url, signIn, 11 * 1000 * 1000, { chunked: false, pauseMs: 45 }),
    ]);
    for (const [i, { error, answer }] of answers.entries()) {
      assert.equal(error, undefined, `request ${i}: ${answer.toString().slice(0, 200)}`);
      assert.match(answer.toString(), /^HTTP\/1\.1 413 /, `request ${i}`);
      const body = JSON.parse(bodyOf(answer)) as { error: string; message: string };
      assert.equal(body.error, "payload_too_large", `request ${i}`);
      assert.match(body.message, i < 2 ? /höchstens 10240 KiB/ : /höchstens 64 KiB/, `request ${i}`);
    }
  });

  test("a body under the limit is still read and validated (400, not 413)", async () => {
    const r = await post(`${s.server.url}/api/connections`, JSON.stringify({ name: "y".repeat(60 * 1024) }), json());
    assert.equal(r.status, 400);
    assert.equal(r.json().error, "validation");
  });

  test("confirmations take 1000 ids of 200 characters (about 200 KB): read and validated, not 413", async () => {
    const conn = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: p.alt.uviBase,
      auth: { type: "basic", ...p.alt.basic },
    });
    const documentids = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(4, "0")}${"d".repeat(196)}`);
    // An invalid kd makes the answer a 400 naming it: proof that the whole body was read, without confirming 1000
    // documents.
    const r = await post(
      `${s.server.url}/api/connections/${conn.id}/confirmations`,
      JSON.stringify({ documentids, kd: "not valid!" }),
      json(),
    );
    assert.equal(r.status, 400, r.text.slice(0, 300));
    assert.deepEqual(
      (JSON.parse(r.text) as { fields: { path: string }[] }).fields.map((f) => f.path),
      ["kd"],
    );
    const huge = await post(`${s.server.url}/api/connections/${conn.id}/confirmations`, chunked(10 * MiB), json());
    assert.equal(huge.status, 413, "the route's own limit holds too");
  });
});
