import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { addConnection, makeUser } from "../../support/connections";
import {
  control,
  inboxStates,
  liftHold,
  mustSync,
  ndjson,
  putsOf,
  putState,
  requestsLog,
  SANDBOX_BASIC,
  SANDBOX_CLIENT,
  uvi,
} from "../../support/delivery";
import { api } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Archive before confirm and intent rows, one document at a time, over HTTP
 * (delivery-confirm-bulk.test.ts: bulk confirmation).
 */

describe("confirmations, one at a time", () => {
  const suite = sandboxSuite(
    [uvi("single-1", "5001"), uvi("single-2", "5002"), uvi("nodata", "5003"), uvi("viewed-1", "5004")],
    {
      env: { SYNC_INTERVAL_MINUTES: "0", PROVIDER_TIMEOUT_MS: "3000" },
      synced: true,
    },
  );

  const put = (id: string) =>
    api(suite.manager.session, suite.server.url, `/api/connections/${suite.connectionId}/documents/${id}/status`, {
      method: "PUT",
    });
  const states = () => inboxStates(suite.manager.session, suite.server.url);

  test("the bytes are archived and recorded before the one PUT; a second attempt sends none", async () => {
    assert.deepEqual((await put("single-1")).body, { documentid: "single-1", state: "confirmed" });
    const log = await requestsLog(suite.server);
    const data = log.findIndex((r) => r.method === "GET" && r.path.endsWith("/single-1/data"));
    const confirm = log.findIndex((r) => r.method === "PUT" && r.path.endsWith("/single-1/status"));
    assert.ok(data >= 0 && confirm > data, "GET data precedes the PUT");
    if (!suite.server.env.DATABASE_URL) {
      // The embedded database keeps the archive in DATA_DIR, named by the SHA-256 of the bytes.
      const direct = Buffer.from(
        await (
          await fetch(`${suite.server.url}/arge/documents/v1/documents/out/single-1/data`, {
            headers: { authorization: `Basic ${Buffer.from("hv-test:sandbox-basic-secret-1").toString("base64")}` },
          })
        ).arrayBuffer(),
      );
      const sha = createHash("sha256").update(direct).digest("hex");
      const file = path.join(suite.server.dataDir, "archive", sha.slice(0, 2), sha);
      assert.ok(existsSync(file), "archived under its hash");
      assert.ok(readFileSync(file).equals(direct));
    }
    assert.equal((await put("single-1")).body.state, "confirmed");
    assert.equal(putsOf(await requestsLog(suite.server), "single-1"), 1);
    assert.equal((await states())["single-1"], "confirmed");
  });

  test("no PUT when the bytes cannot be fetched", async () => {
    await control(suite.server, "PUT", "/faults", [
      { method: "GET", path: "/arge/documents/v1/documents/out/nodata/data", status: 500 },
    ]);
    const res = await put("nodata");
    await control(suite.server, "DELETE", "/faults");
    assert.equal(res.body.state, "failed", res.text);
    assert.match(res.body.message, /nicht bestätigt/);
    assert.equal(putsOf(await requestsLog(suite.server), "nodata"), 0);
    // Nothing holds it: once the bytes come, it can be confirmed.
    assert.equal((await put("nodata")).body.state, "confirmed");
  });

  test("a confirmation right after a view waits for the view's archive: the PUT goes out with the bytes archived and recorded", async () => {
    const support = await makeUser(suite.server, "support");
    const record = async () =>
      (await api(support.session, suite.server.url, `/api/delivery/documents/${suite.connectionId}/viewed-1`)).body as {
        sha256?: string;
        events: { kind: string; detail?: { via?: string } }[];
      };
    // The provider holds the PUT until the test has looked while it is under way.
    await control(suite.server, "PUT", "/faults", [
      { method: "PUT", path: "/arge/documents/v1/documents/out/viewed-1/status", hold: "put" },
    ]);
    try {
      const viewed = await fetch(`${suite.server.url}/api/connections/${suite.connectionId}/documents/viewed-1/data`, {
        headers: { Cookie: suite.manager.session.cookie },
      });
      assert.equal(viewed.status, 200);
      const bytes = Buffer.from(await viewed.arrayBuffer());
      // At once after the download's last byte, while the view's archive may still be committing.
      const confirming = put("viewed-1");
      let seen = await record();
      for (let i = 0; i < 200 && !seen.events.some((e) => e.kind === "confirm.attempt"); i++) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await record();
      }
      const kinds = seen.events.map((e) => `${e.kind}${e.detail?.via ? `:${e.detail.via}` : ""}`);
      // The attempt is written right before the PUT: by then the bytes were archived and recorded.
      assert.ok(kinds.includes("confirm.attempt"), kinds.join(", "));
      assert.ok(
        kinds.indexOf("fetch:view") >= 0 && kinds.indexOf("fetch:view") < kinds.indexOf("confirm.attempt"),
        kinds.join(", "),
      );
      assert.equal(seen.sha256, createHash("sha256").update(bytes).digest("hex"));
      const file = await fetch(`${suite.server.url}/api/delivery/documents/${suite.connectionId}/viewed-1/file`, {
        headers: { Cookie: support.session.cookie },
      });
      assert.equal(file.status, 200);
      assert.ok(Buffer.from(await file.arrayBuffer()).equals(bytes), "the archive holds what was viewed");
      await liftHold(suite.server, "put");
      assert.equal((await confirming).body.state, "confirmed");
    } finally {
      await control(suite.server, "DELETE", "/faults");
    }
    const log = await requestsLog(suite.server);
    assert.equal(
      log.filter((r) => r.method === "GET" && r.path.endsWith("/viewed-1/data")).length,
      1,
      "the confirmation used the view's archive",
    );
    assert.equal(putsOf(log, "viewed-1"), 1);
  });

  test("DTA: confirmed with the connection's customer number", async () => {
    await putState(suite.server, [
      {
        ...uvi("dta-1", "55501003"),
        service: "dta",
        customer: "4712",
        filename: "D.zip",
        mimetype: "ZIP",
        doctype: "A",
        content: { generate: "dta-zip" },
      },
    ]);
    const dta = (
      await addConnection(suite.server, suite.manager.session, {
        service: "dta",
        baseUrl: `${suite.server.url}/dta`,
        customerNumber: "4712",
        auth: SANDBOX_BASIC,
      })
    ).id;
    assert.equal((await mustSync(suite.manager.session, suite.server.url, dta)).open, 1);
    const res = await api(suite.manager.session, suite.server.url, `/api/connections/${dta}/documents/dta-1/status`, {
      method: "PUT",
    });
    assert.deepEqual(res.body, { documentid: "dta-1", state: "confirmed" });
    const log = await requestsLog(suite.server);
    assert.equal(
      log.filter((r) => r.method === "PUT" && r.path.endsWith("/dta-1/status") && r.kd === "4712").length,
      1,
    );
    assert.ok(SANDBOX_CLIENT.customers.includes("4712"));
  });

  test("support may not confirm", async () => {
    const support = await makeUser(suite.server, "support");
    assert.equal(
      (
        await api(
          support.session,
          suite.server.url,
          `/api/connections/${suite.connectionId}/documents/single-2/status`,
          { method: "PUT" },
        )
      ).status,
      403,
    );
    assert.equal(
      (
        await ndjson(support.session, suite.server.url, `/api/connections/${suite.connectionId}/confirmations`, {
          documentids: ["single-2"],
        })
      ).status,
      403,
    );
  });
});
