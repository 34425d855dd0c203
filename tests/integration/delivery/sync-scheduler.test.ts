import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { sampleDocuments, type AltProvider } from "../../support/alt-provider";
import { sql } from "../../support/database";
import { ADMIN, testDatabaseUrl } from "../../support/server";
import { api, mustSignIn } from "../../support/session";
import { altProviderSuite, instancesSuite } from "../../support/suite";
import { until } from "../../support/until";

/**
 * The background sync of several due connections over two instances on one PostgreSQL
 * (lib/delivery/scheduler.ts, docs/scale.md "The sync of many connections"). Each connection has
 * a provider of its own (a user has one connection per account), so what each provider saw is
 * what was done to its connection.
 */

const CONNECTIONS = 4;
/** The scheduler's tick with a 60-minute interval (scheduler.ts: a quarter of it, at most 15 s). */
const TICK_S = 15;

describe(
  "background sync over two instances",
  { skip: testDatabaseUrl() ? false : "no PostgreSQL: TEST_DATABASE_URL is not set" },
  () => {
    const suites = Array.from({ length: CONNECTIONS }, () => altProviderSuite());
    const providers: AltProvider[] = [];
    before(() => {
      for (const [i, { alt: p }] of suites.entries()) {
        p.documents = sampleDocuments(3, `c${i}`);
        p.modes.pageSize = 0;
        p.modes.latencyMs = 100;
        providers.push(p);
      }
    });
    const pair = instancesSuite(
      () => ({ env: { PROVIDER_URL_ALLOWLIST: providers.map((p) => p.origin).join(","), SYNC_INTERVAL_MINUTES: "0" } }),
      async (one) => {
        const admin = await mustSignIn(one.url, ADMIN.email, ADMIN.password);
        for (const [i, p] of providers.entries()) {
          const res = await api(admin, one.url, "/api/connections", {
            method: "POST",
            json: { name: `c${i}`, service: "uvi", baseUrl: p.uviBase, auth: { type: "basic", ...p.basic } },
          });
          assert.equal(res.status, 201, res.text);
        }
        // Every connection due now; both instances with the background sync, one sync at a time each.
        await sql(one, "INSERT INTO delivery_sync (connection_id, next_at) SELECT id, now() FROM connections");
        for (const p of providers) p.counters.requests = [];
        Object.assign(one.env, { SYNC_INTERVAL_MINUTES: "60", SYNC_CONCURRENCY: "1" });
        await one.restart();
      },
    );

    test("due connections are synced back to back, each once, not one per slot and tick", async () => {
      const { one } = pair;
      type Synced = { n: number; first_at: string; last_at: string };
      const read = () =>
        sql<Synced>(
          one,
          "SELECT count(*) FILTER (WHERE last_at IS NOT NULL)::int AS n, min(last_at)::text AS first_at, max(last_at)::text AS last_at FROM delivery_sync",
        );
      // Bounded: at most 300 looks, 0.1 s apart (the ticks alone would end it after about 2 ticks).
      const [synced] = await until(read, ([row]) => row!.n >= CONNECTIONS, { tries: 300, everyMs: 100 });
      assert.equal(synced!.n, CONNECTIONS, "every connection synced");
      // Waiting for the tick after each sync, an instance syncs one connection per tick: the last of
      // four on two instances would end at least a tick after the first. Back to back, a few seconds.
      const spreadS = (Date.parse(synced!.last_at) - Date.parse(synced!.first_at)) / 1000;
      assert.ok(spreadS < TICK_S - 3, `the round's syncs ended ${spreadS.toFixed(1)} s apart`);
      // Each connection once: one sync event each, and each provider saw one walk (two counts).
      const events = await sql<{ n: number }>(
        one,
        "SELECT count(*)::int AS n FROM audit_events WHERE kind = 'sync' GROUP BY connection_id",
      );
      assert.deepEqual(
        events.map((e) => e.n),
        Array.from({ length: CONNECTIONS }, () => 1),
      );
      for (const p of providers) assert.equal(p.counters.requests.filter((r) => r.path.endsWith("/count")).length, 2);
    });
  },
);
