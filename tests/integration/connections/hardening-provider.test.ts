import assert from "node:assert/strict";
import type { IncomingMessage, ServerResponse } from "node:http";
import { after, before, beforeEach, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { startListener, type Listener } from "../../support/listener";
import { MiB, rssGrowthDuring, serverPid } from "../../support/memory";
import { sendJson, startScripted, type Scripted } from "../../support/scripted-provider";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";

const LIST = "/arge/documents/v1/documents/out";
const doc = (id: string, extra: Record<string, unknown> = {}) => ({
  documentid: id,
  filename: `${id}.pdf`,
  doctype: "UVI-E",
  mimetype: "application/pdf",
  metadata: [],
  ...extra,
});

/** A UVI list that never ends: every page has `perPage` new documents, `padding` bytes of filler and a `next` link. */
function endlessPages(perPage: number, padding: number) {
  return (_req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (url.pathname === `${LIST}/count`) return sendJson(res, JSON.stringify({ count: 1_000_000 }));
    if (url.pathname !== LIST) return sendJson(res, "{}", 404);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const documents = Array.from({ length: perPage }, (_, i) => doc(`d-${offset + i}`));
    const next = `${LIST}?offset=${offset + perPage}&limit=1000`;
    sendJson(res, JSON.stringify({ padding: "p".repeat(padding), _links: { next: { href: next } }, documents }));
  };
}

describe("provider answers are bounded: in total per request, per page and per document; file types from an allowlist", () => {
  // The scripted provider starts first: the server's allowlist names its origin.
  let provider: Scripted;
  before(async () => {
    provider = await startScripted();
  });
  after(() => provider?.close());
  const s = suiteServer(() => ({ env: { PROVIDER_URL_ALLOWLIST: provider.origin, PROVIDER_TIMEOUT_MS: "5000" } }));
  let a: Person;
  let id: string;
  let pid: number;

  before(async () => {
    a = await makeUser(s.server, "manager");
    id = (
      await addConnection(s.server, a.session, {
        service: "uvi",
        baseUrl: `${provider.origin}/arge`,
        auth: { type: "basic", username: "u", password: "p" },
      })
    ).id;
    pid = serverPid(s.server.port);
  });
  beforeEach(() => {
    provider.requests.length = 0;
  });

  test("pages of 7 MB each, linked without end: one list request stops at its total cap with a clear 502, memory flat", async () => {
    provider.handle = endlessPages(20, 7 * MiB);
    const { result, growth } = await rssGrowthDuring(pid, () =>
      api(a.session, s.server.url, `/api/connections/${id}/documents?limit=1000`),
    );
    assert.equal(result.status, 502, result.text.slice(0, 300));
    assert.equal(result.body.error, "provider_too_large");
    assert.match(result.body.message, /zu groß/);
    const pages = provider.requests.filter((r) => r.path.startsWith(`${LIST}?`)).length;
    assert.ok(pages <= 2, `${pages} pages were asked for`);
    assert.ok(growth < 150 * MiB, `the server grew by ${Math.round(growth / MiB)} MiB`);
  });

  test("one page over the per-page cap (8 MiB) is cut off the same way, for a list and for a sync", async () => {
    provider.handle = endlessPages(1, 9 * MiB);
    const list = await api(a.session, s.server.url, `/api/connections/${id}/documents`);
    assert.equal(list.status, 502);
    assert.equal(list.body.error, "provider_too_large");
    const sync = await api(a.session, s.server.url, `/api/connections/${id}/sync`, { method: "POST" });
    const last = JSON.parse(sync.text.trim().split("\n").pop()!);
    assert.equal(last.done, true);
    assert.equal(last.error, "provider_too_large");
  });

  test("one document whose fields are too large (300 KB) is refused with the same 502", async () => {
    provider.handle = (_req, res, url) => {
      if (url.pathname === `${LIST}/count`) return sendJson(res, JSON.stringify({ count: 2 }));
      sendJson(res, JSON.stringify({ documents: [doc("small"), doc("big", { note: "n".repeat(300 * 1024) })] }));
    };
    const list = await api(a.session, s.server.url, `/api/connections/${id}/documents`);
    assert.equal(list.status, 502);
    assert.equal(list.body.error, "provider_too_large");
    provider.handle = (_req, res, url) => {
      if (url.pathname === `${LIST}/count`) return sendJson(res, JSON.stringify({ count: 1 }));
      sendJson(res, JSON.stringify({ documents: [doc("fine", { note: "n".repeat(20 * 1024) })] }));
    };
    const fine = await api(a.session, s.server.url, `/api/connections/${id}/documents`);
    assert.equal(fine.status, 200, "a document of ordinary size passes");
    assert.equal(fine.body.documents[0].note.length, 20 * 1024);
  });

  test("a file's content type is passed on only from the allowlist; anything else is an octet-stream attachment", async () => {
    const cases: [string, string, string][] = [
      ["application/pdf", "application/pdf", "inline"],
      ["application/zip", "application/zip", "attachment"],
      ["text/plain; charset=utf-8", "text/plain", "attachment"],
      ["application/xml", "application/xml", "attachment"],
      ["image/png", "application/octet-stream", "attachment"],
      ["application/json", "application/octet-stream", "attachment"],
      ["text/css", "application/octet-stream", "attachment"],
      ["application/x-msdownload", "application/octet-stream", "attachment"],
      ["text/html", "application/octet-stream", "attachment"],
    ];
    for (const [i, [sent, expected, disposition]] of cases.entries()) {
      provider.handle = (_req, res) => {
        res.writeHead(200, { "content-type": sent, "content-disposition": 'attachment; filename="f"' });
        res.end("bytes");
      };
      const res = await fetch(`${s.server.url}/api/connections/${id}/documents/doc-${i}/data`, {
        headers: { Cookie: a.session.cookie },
      });
      await res.arrayBuffer();
      assert.equal(res.status, 200, sent);
      assert.equal(res.headers.get("content-type"), expected, sent);
      assert.ok(
        res.headers.get("content-disposition")!.startsWith(disposition),
        `${sent}: ${res.headers.get("content-disposition")}`,
      );
      assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    }
  });
});

describe("the outbound guard refuses IPv4-compatible IPv6 addresses (::/96)", () => {
  const s = suiteServer({ env: { PROVIDER_TIMEOUT_MS: "1500" } });
  let v4: Listener;
  let a: Person;
  before(async () => {
    v4 = await startListener("127.0.0.1");
    a = await makeUser(s.server, "manager");
  });
  after(() => v4?.close());

  test("[::127.0.0.1], [::7f00:1] and [::a00:1] are refused before any connection", async () => {
    // Refused by the guard when saving already (the guard at request time: ssrf.test.ts, unit tests).
    for (const host of ["[::127.0.0.1]", "[::7f00:1]", "[::a00:1]", "[::1.2.3.4]"]) {
      const baseUrl = `https://${host}:${v4.port}/arge`;
      const res = await api(a.session, s.server.url, "/api/connections", {
        method: "POST",
        json: { name: "Test", service: "uvi", baseUrl, auth: { type: "basic", username: "u", password: "p" } },
      });
      assert.equal(res.status, 400, `${baseUrl}: ${res.text}`);
      assert.equal(res.body.fields[0].path, "baseUrl", baseUrl);
    }
    assert.equal(v4.connections(), 0);
  });
});
