import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  assertInboxCountsAgree,
  control,
  inboxStates,
  liftHold,
  mustSync,
  ndjson,
  putsOf,
  putState,
  requestsLog,
  untilHeld,
  uvi,
  uviFor,
} from "../../support/delivery";
import { until } from "../../support/until";
import { sandboxSuite } from "../../support/suite";

/**
 * Bulk confirmation under faults and reconciliation, two runs at once and a client that leaves, over
 * HTTP (delivery-confirm.test.ts: one document at a time).
 */

const STATUS = "/arge/documents/v1/documents/out/*/status";

describe("bulk confirmations", () => {
  const ids = Array.from({ length: 120 }, (_, i) => `c-${i}`);
  const suite = sandboxSuite(uviFor(ids, "60"), {
    env: { SYNC_INTERVAL_MINUTES: "0", PROVIDER_TIMEOUT_MS: "3000" },
    synced: true,
  });

  const states = () => inboxStates(suite.manager.session, suite.server.url);

  test("bulk: faults, delays and lost answers; every document once; reconciliation decides the unknown", async () => {
    assert.equal(
      (
        await ndjson(suite.manager.session, suite.server.url, `/api/connections/${suite.connectionId}/confirmations`, {
          documentids: Array.from({ length: 1001 }, (_, i) => `x${i}`),
        })
      ).status,
      400,
    );
    await control(suite.server, "PUT", "/faults", [
      { method: "PUT", path: STATUS, status: 503, times: 3 },
      { method: "PUT", path: STATUS, status: 429, retryAfterSeconds: 0, times: 2 },
      { method: "PUT", path: STATUS, applyThenFail: 504, times: 3 },
      // Slow answers are one of the faults the run meets here (not a wait for the test): kept as a delay.
      { method: "PUT", path: STATUS, delayMs: 200, times: 10 },
      { method: "GET", path: "/arge/documents/v1/documents/out/*/data", status: 503, times: 2 },
    ]);
    const res = await ndjson(
      suite.manager.session,
      suite.server.url,
      `/api/connections/${suite.connectionId}/confirmations`,
      {
        documentids: [...ids, ids[0]],
      },
    );
    await control(suite.server, "DELETE", "/faults");
    assert.equal(res.status, 200, res.text);
    const lines = res.lines.filter((l) => !l.done);
    assert.deepEqual(lines.map((l) => l.documentid).sort(), [...ids].sort(), "one line per document");
    const done = res.lines.at(-1)!;
    const tally = (s: string) => lines.filter((l) => l.state === s).length;
    assert.deepEqual(
      [done.confirmed, done.failed, done.unknown],
      [tally("confirmed"), tally("failed"), tally("unknown")],
    );
    assert.equal(tally("unknown"), 6, `503s and lost answers are unknown: ${res.text}`);
    assert.equal(tally("failed"), 2, `429s failed: ${res.text}`);
    assert.ok(
      lines.filter((l) => l.state !== "confirmed" && l.state !== "pending").every((l) => typeof l.message === "string"),
    );

    let log = await requestsLog(suite.server);
    for (const id of ids) assert.ok(putsOf(log, id) <= 1, `${id} sent twice`);

    // Reconciliation: a lost answer whose PUT took effect is confirmed; a 503 that did not is open again.
    // (The background check at start may have reconciled some already: the outcome is what counts.)
    await mustSync(suite.manager.session, suite.server.url, suite.connectionId);
    const provider = (await control(suite.server, "GET", "/state")).body as {
      documents: { documentid: string; confirmed: boolean }[];
    };
    const atProvider = new Map(provider.documents.map((d) => [d.documentid, d.confirmed]));
    const local = await states();
    for (const id of ids) {
      if (atProvider.get(id))
        assert.equal(local[id], "confirmed", `${id} confirmed at the provider without a local record`);
      else assert.ok(["open", "failed"].includes(local[id]!), `${id}: ${local[id]}`);
    }
    // The three lost answers took effect: confirmed beyond what the bulk run itself saw.
    assert.equal(ids.filter((id) => local[id] === "confirmed").length, tally("confirmed") + 3);

    // The rest can be confirmed; nothing the provider confirmed is sent again.
    const rest = ids.filter((id) => local[id] !== "confirmed");
    const second = await ndjson(
      suite.manager.session,
      suite.server.url,
      `/api/connections/${suite.connectionId}/confirmations`,
      { documentids: ids },
    );
    assert.equal(second.lines.at(-1)!.confirmed, ids.length, second.text);
    log = await requestsLog(suite.server);
    for (const id of ids) assert.equal(putsOf(log, id), rest.includes(id) ? 2 : 1, id);
    const final = (await control(suite.server, "GET", "/state")).body as {
      documents: { documentid: string; confirmed: boolean }[];
    };
    assert.ok(final.documents.filter((d) => ids.includes(d.documentid)).every((d) => d.confirmed));
    await assertInboxCountsAgree(suite.manager.session, suite.server.url, ["2026-10"]);
  });

  test("two runs of the same documents at once: one PUT each", async () => {
    const twins = ids.slice(0, 40).map((id) => `${id}-twin`);
    await putState(
      suite.server,
      twins.map((id, i) => uvi(id, `62${String(i).padStart(4, "0")}`)),
    );
    await mustSync(suite.manager.session, suite.server.url, suite.connectionId);
    const runs = await Promise.all(
      [0, 1].map(() =>
        ndjson(suite.manager.session, suite.server.url, `/api/connections/${suite.connectionId}/confirmations`, {
          documentids: twins,
        }),
      ),
    );
    for (const run of runs) assert.equal(run.lines.filter((l) => !l.done).length, twins.length, run.text);
    const log = await requestsLog(suite.server);
    for (const id of twins) assert.equal(putsOf(log, id), 1, id);
    const s = await states();
    assert.ok(twins.every((id) => s[id] === "confirmed"));
  });

  test("a client that goes away does not stop a bulk run", async () => {
    await putState(
      suite.server,
      ids.map((id, i) => uvi(`${id}-late`, `61${String(i).padStart(4, "0")}`)),
    );
    await mustSync(suite.manager.session, suite.server.url, suite.connectionId);
    // The PUTs are held until the client has gone: the run is under way when it goes, and goes on after.
    await control(suite.server, "PUT", "/faults", [{ method: "PUT", path: STATUS, hold: "put" }]);
    const late = ids.slice(0, 30).map((id) => `${id}-late`);
    const abort = new AbortController();
    const res = await fetch(`${suite.server.url}/api/connections/${suite.connectionId}/confirmations`, {
      method: "POST",
      signal: abort.signal,
      headers: { Cookie: suite.manager.session.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ documentids: late }),
    });
    assert.equal(res.status, 200);
    await untilHeld(suite.server, "put");
    abort.abort();
    await liftHold(suite.server, "put");
    const confirmed = await until(
      async () => {
        const s = await states();
        return late.filter((id) => s[id] === "confirmed").length;
      },
      (n) => n === late.length,
      { tries: 60, everyMs: 250 },
    );
    await control(suite.server, "DELETE", "/faults");
    assert.equal(confirmed, late.length);
  });
});
