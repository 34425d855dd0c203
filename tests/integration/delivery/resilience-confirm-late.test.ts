import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { mustSync, ndjson } from "../../support/delivery";
import { testDatabaseUrl } from "../../support/server";
import { altProviderSuite, instancesSuite } from "../../support/suite";

/**
 * Issue 17 (resilience), the delivery side, confirmations: on two instances, a run that arrives after
 * the other run confirmed, at a provider that answers 410 for a confirmed document, reports each
 * document confirmed or pending, never failed (resilience-confirm.test.ts: the other cases).
 */

describe(
  "a run that arrives after the other run confirmed, when the provider no longer serves it",
  { skip: testDatabaseUrl() ? false : "no PostgreSQL: TEST_DATABASE_URL is not set" },
  () => {
    // The second provider answers 410 for a confirmed document's data and status (as the spec allows).
    const p = altProviderSuite();
    const pair = instancesSuite(() => ({ env: { PROVIDER_URL_ALLOWLIST: p.alt.origin } }));
    const ARRIVALS = [
      { order: "same", delayMs: 0 },
      { order: "same", delayMs: 60 },
      { order: "reversed", delayMs: 0 },
      { order: "reversed", delayMs: 60 },
    ] as const;
    const arrivals = ARRIVALS.map((_, k) => Array.from({ length: 200 }, (_, i) => `arrive-${k}-${i}`));
    const twinned = Array.from({ length: 200 }, (_, i) => `arrive-twin-${i}`);
    let a: Person;
    let conn = "";

    before(async () => {
      const { one } = pair;
      p.alt.modes.pageSize = 0;
      p.alt.documents = [...arrivals.flat(), ...twinned].map((documentid, i) => ({
        service: "uvi",
        documentid,
        filename: `${documentid}.pdf`,
        doctype: "UVI-E",
        mimetype: "application/pdf",
        metadata: [
          {
            reftype: "residentialunit",
            mscnumber: String(560000 + i),
            pmnumber: null,
            from: "2026-10-01",
            to: "2026-10-31",
          },
        ],
      }));
      a = await makeUser(one, "manager");
      conn = (
        await addConnection(one, a.session, {
          service: "uvi",
          baseUrl: p.alt.uviBase,
          auth: { type: "basic", ...p.alt.basic },
        })
      ).id;
      await mustSync(a.session, one.url, conn);
    });

    for (const [k, { order, delayMs }] of ARRIVALS.entries()) {
      test(`${order} order, PUTs answered after ${delayMs} ms: each run reports a document confirmed (by whom, when) or pending, never failed`, async () => {
        const { one, two } = pair;
        const list = arrivals[k]!;
        p.alt.modes.confirmDelayMs = delayMs;
        p.alt.counters.requests = [];
        const orders = [list, order === "same" ? list : [...list].reverse()];
        const runs = await Promise.all(
          [one, two].map((s, i) =>
            ndjson(a.session, s.url, `/api/connections/${conn}/confirmations`, { documentids: orders[i] }),
          ),
        );
        const puts = p.alt.counters.requests.filter((r) => r.method === "PUT");
        for (const id of list)
          assert.equal(puts.filter((r) => r.path.endsWith(`/${id}/status`)).length, 1, `${id}: one PUT`);
        for (const id of list)
          assert.ok(p.alt.documents.find((d) => d.documentid === id)?.confirmed, `${id} confirmed at the provider`);
        for (const run of runs) {
          assert.equal(run.status, 200, run.text);
          const lines = run.lines.filter((l) => l.documentid);
          assert.equal(lines.length, list.length);
          assert.deepEqual(
            lines.filter((l) => l.state === "failed"),
            [],
            "no failed line for a document that ended confirmed",
          );
          for (const l of lines) assert.ok(l.state === "confirmed" || l.state === "pending", JSON.stringify(l));
          for (const l of lines.filter((l) => l.confirmedBy !== undefined))
            assert.match(String(l.confirmedAt), /^\d{4}-\d\d-\d\dT/);
        }
      });
    }

    test("two users' connections to one account, at once in opposite orders: a document the other confirmed is reported confirmed, never failed", async () => {
      const { one, two } = pair;
      const b = await makeUser(two, "manager");
      const twin = (
        await addConnection(two, b.session, {
          service: "uvi",
          baseUrl: p.alt.uviBase,
          auth: { type: "basic", ...p.alt.basic },
        })
      ).id;
      await mustSync(b.session, two.url, twin);
      p.alt.modes.confirmDelayMs = 60;
      const runs = await Promise.all([
        ndjson(a.session, one.url, `/api/connections/${conn}/confirmations`, { documentids: twinned }),
        ndjson(b.session, two.url, `/api/connections/${twin}/confirmations`, { documentids: [...twinned].reverse() }),
      ]);
      for (const id of twinned)
        assert.ok(p.alt.documents.find((d) => d.documentid === id)?.confirmed, `${id} confirmed at the provider`);
      for (const run of runs) {
        assert.equal(run.status, 200, run.text);
        const lines = run.lines.filter((l) => l.documentid);
        assert.equal(lines.length, twinned.length);
        assert.deepEqual(
          lines.filter((l) => l.state === "failed"),
          [],
          "no failed line for a document the other user confirmed",
        );
        for (const l of lines.filter((l) => l.confirmedBy !== undefined))
          assert.match(String(l.confirmedAt), /^\d{4}-\d\d-\d\dT/);
      }
    });
  },
);
