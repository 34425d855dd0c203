import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";

type Client = {
  basic: { username: string; password: string };
  oauth: { clientId: string; clientSecret: string };
  customers: string[];
};

/** A multipart body of `total` bytes, sent chunked: a small `file` part, then a large `junk` part. */
function multipart(boundary: string, total: number): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.zip"\r\nContent-Type: application/zip\r\n\r\nPK small\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="junk"\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  let left = total - head.length - tail.length;
  let stage = 0;
  return new ReadableStream({
    pull(c) {
      if (stage === 0) {
        stage = 1;
        return c.enqueue(head);
      }
      if (left > 0) {
        const n = Math.min(left, 256 * 1024);
        left -= n;
        return c.enqueue(new Uint8Array(n).fill(0x6a));
      }
      if (stage === 1) {
        stage = 2;
        return c.enqueue(tail);
      }
      c.close();
    },
  });
}

describe("the sandbox provider: credentials first, uploads bounded; the outbound exemption covers its service paths only", () => {
  const s = suiteServer({ sandbox: true });
  let client: Client;
  let a: Person;
  const basic = () => `Basic ${Buffer.from(`${client.basic.username}:${client.basic.password}`).toString("base64")}`;

  before(async () => {
    const state = await (
      await fetch(`${s.server.url}/sandbox/api/state`, {
        headers: { Authorization: `Bearer ${s.server.env.SANDBOX_ADMIN_TOKEN}` },
      })
    ).json();
    client = (state as { clients: Client[] }).clients.find((c) => c.basic && c.oauth)!;
    a = await makeUser(s.server, "manager");
  });

  test("without valid credentials every endpoint answers 401 with the challenge, whatever the Accept header", async () => {
    const cases: [string, string, string][] = [
      ["GET", "/arge/documents/v1/documents/out/u-1/data", "text/html"],
      ["GET", "/arge/documents/v1/documents/out", "application/xml"],
      ["GET", "/arge/documents/v1/documents/out/count", "image/png"],
      ["PUT", "/arge/documents/v1/documents/out/count", "application/json"],
      ["GET", "/dta/v1/documents/out", "application/xml"],
      ["GET", "/dta/v1/documents/out/x/data", "text/html"],
      ["POST", "/dta/v1/documents/in", "text/html"],
    ];
    for (const [method, path, accept] of cases) {
      for (const authorization of [undefined, "Basic bm9ib2R5Om5vdGhpbmc="]) {
        const res = await fetch(`${s.server.url}${path}`, {
          method,
          headers: { Accept: accept, ...(authorization ? { Authorization: authorization } : {}) },
        });
        await res.arrayBuffer();
        assert.equal(res.status, 401, `${method} ${path} (${accept}, ${authorization ?? "no credentials"})`);
        assert.match(res.headers.get("www-authenticate") ?? "", /Basic/);
      }
    }
    const withCredentials = await fetch(`${s.server.url}/arge/documents/v1/documents/out/u-1/data`, {
      headers: { Accept: "text/html", Authorization: basic() },
    });
    assert.equal(withCredentials.status, 406, "with credentials, Accept is judged as before");
  });

  test("documents/in counts the bytes actually sent: a chunked body over 50 MiB is 413, even with a small file part", async () => {
    const boundary = "----arge-hardening";
    const res = await fetch(`${s.server.url}/dta/v1/documents/in`, {
      method: "POST",
      headers: {
        Authorization: basic(),
        kd: client.customers[0]!,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
      },
      body: multipart(boundary, 51 * 1024 * 1024),
      duplex: "half",
    } as RequestInit);
    const body = (await res.json()) as { code: string };
    assert.equal(res.status, 413);
    assert.equal(body.code, "413");
    const small = await fetch(`${s.server.url}/dta/v1/documents/in`, {
      method: "POST",
      headers: {
        Authorization: basic(),
        kd: client.customers[0]!,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
      },
      body: multipart(boundary, 64 * 1024),
      duplex: "half",
    } as RequestInit);
    assert.equal(small.status, 201, await small.text());
  });

  test("connections may call the app's sandbox paths (/arge, /dta, /auth), never its /api or /sandbox/api", async () => {
    const ok = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: `${s.server.url}/arge`,
      auth: { type: "basic", ...client.basic },
    });
    assert.equal(
      (await api(a.session, s.server.url, `/api/connections/${ok.id}/test`, { method: "POST" })).body.status,
      "ok",
    );
    const oauth = await addConnection(s.server, a.session, {
      service: "uvi",
      baseUrl: `${s.server.url}/arge`,
      authUrl: s.server.url,
      auth: { type: "client_credentials", ...client.oauth },
    });
    assert.equal(
      (await api(a.session, s.server.url, `/api/connections/${oauth.id}/test`, { method: "POST" })).body.status,
      "ok",
      "the token endpoint under /auth",
    );
    // Refused by the guard when saving already (the guard at request time: ssrf.test.ts).
    for (const baseUrl of [
      `${s.server.url}/api`,
      `${s.server.url}/sandbox/api`,
      `${s.server.url}/sandbox`,
      `${s.server.url}/login`,
      `${s.server.url}/argex`,
    ]) {
      const res = await api(a.session, s.server.url, "/api/connections", {
        method: "POST",
        json: { name: "Test", service: "uvi", baseUrl, auth: { type: "basic", ...client.basic } },
      });
      assert.equal(res.status, 400, `${baseUrl}: ${res.text}`);
      assert.equal(res.body.fields[0].path, "baseUrl", baseUrl);
    }
  });
});
