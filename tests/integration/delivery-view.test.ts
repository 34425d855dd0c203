import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { get } from "node:http";
import { after, before, describe, test } from "node:test";
import { startAltProvider, type AltProvider } from "../support/alt-provider";
import { addConnection, makeUser, type Person } from "../support/connections";
import { startServer, type TestServer } from "../support/server";
import { api } from "../support/session";

/**
 * A view's archive is committed and recorded right after the download has ended
 * (docs/architecture.md, "View"): those commits are not lost when the server stops at that moment.
 */

const MB = 1024 * 1024;

describe("view: archiving after the download", () => {
  let server: TestServer;
  let alt: AltProvider;
  let a: Person;
  let support: Person;
  let conn = "";

  before(async () => {
    alt = await startAltProvider();
    server = await startServer({ env: { PROVIDER_URL_ALLOWLIST: alt.origin } });
    a = await makeUser(server, "manager");
    support = await makeUser(server, "support");
    conn = (await addConnection(server, a.session, { service: "uvi", baseUrl: alt.uviBase, auth: { type: "basic", ...alt.basic } })).id;
  });
  after(async () => {
    await server.stop();
    await alt.close();
  });

  test("a shutdown during downloads lets them end and their archive commits finish", async () => {
    alt.modes.dataBytes = 16 * MB;
    const ids = ["alt-uvi-0", "alt-uvi-1", "alt-uvi-2", "alt-uvi-3"];
    // Connection: close, so that each connection, and with the last the server, closes as soon as its answer has ended.
    const downloads = ids.map((id) => {
      let resolveStarted: () => void;
      const started = new Promise<void>((r) => (resolveStarted = r));
      const done = new Promise<Buffer>((resolve, reject) => {
        const req = get(
          `${server.url}/api/connections/${conn}/documents/${id}/data`,
          { headers: { Cookie: a.session.cookie, Connection: "close" }, agent: false },
          (res) => {
            assert.equal(res.statusCode, 200);
            const parts: Buffer[] = [];
            res.on("data", (chunk: Buffer) => (parts.push(chunk), resolveStarted()));
            res.on("end", () => resolve(Buffer.concat(parts)));
            res.on("error", reject);
          },
        );
        req.on("error", reject);
      });
      return { started, done };
    });
    await Promise.all(downloads.map((d) => d.started));
    // SIGTERM while the downloads go on: each ends, and its commit starts, while the server is stopping.
    const restarting = server.restart();
    const seen = await Promise.all(downloads.map((d) => d.done));
    await restarting;
    for (const [i, id] of ids.entries()) {
      assert.equal(seen[i]!.length, 16 * MB);
      const record = await api(support.session, server.url, `/api/delivery/documents/${conn}/${id}`);
      assert.equal(record.status, 200, record.text);
      assert.equal(record.body.sha256, createHash("sha256").update(seen[i]!).digest("hex"), id);
      assert.equal(record.body.bytes, 16 * MB);
      const file = await fetch(`${server.url}/api/delivery/documents/${conn}/${id}/file`, { headers: { Cookie: support.session.cookie } });
      assert.equal(file.status, 200, id);
      assert.ok(Buffer.from(await file.arrayBuffer()).equals(seen[i]!), id);
    }
  });
});
