import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { get } from "node:http";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { api } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";

/**
 * A view's archive is committed and recorded right after the download has ended
 * (docs/architecture.md, "View"): those commits are not lost when the server stops at that moment.
 */

const MB = 1024 * 1024;

describe("view: archiving after the download", () => {
  const p = altProviderSuite();
  const s = suiteServer(() => ({ env: { PROVIDER_URL_ALLOWLIST: p.alt.origin } }));
  let a: Person;
  let support: Person;
  let conn = "";

  before(async () => {
    a = await makeUser(s.server, "manager");
    support = await makeUser(s.server, "support");
    conn = (
      await addConnection(s.server, a.session, {
        service: "uvi",
        baseUrl: p.alt.uviBase,
        auth: { type: "basic", ...p.alt.basic },
      })
    ).id;
  });

  test("a shutdown during downloads lets them end and their archive commits finish", async () => {
    p.alt.modes.dataBytes = 16 * MB;
    const ids = ["alt-uvi-0", "alt-uvi-1", "alt-uvi-2", "alt-uvi-3"];
    // Connection: close, so that each connection, and with the last the server, closes as soon as its answer has ended.
    const downloads = ids.map((id) => {
      let resolveStarted: () => void;
      const started = new Promise<void>((r) => (resolveStarted = r));
      const done = new Promise<Buffer>((resolve, reject) => {
        const req = get(
          `${s.server.url}/api/connections/${conn}/documents/${id}/data`,
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
    const restarting = s.server.restart();
    const seen = await Promise.all(downloads.map((d) => d.done));
    await restarting;
    for (const [i, id] of ids.entries()) {
      assert.equal(seen[i]!.length, 16 * MB);
      const record = await api(support.session, s.server.url, `/api/delivery/documents/${conn}/${id}`);
      assert.equal(record.status, 200, record.text);
      assert.equal(record.body.sha256, createHash("sha256").update(seen[i]!).digest("hex"), id);
      assert.equal(record.body.bytes, 16 * MB);
      const file = await fetch(`${s.server.url}/api/delivery/documents/${conn}/${id}/file`, {
        headers: { Cookie: support.session.cookie },
      });
      assert.equal(file.status, 200, id);
      assert.ok(Buffer.from(await file.arrayBuffer()).equals(seen[i]!), id);
    }
  });
});
