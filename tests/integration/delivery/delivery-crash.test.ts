import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Person } from "../../support/connections";
import {
  assertInboxCountsAgree,
  control,
  liftHold,
  mustSync,
  ndjson,
  confirmUntilHeld,
  putState,
  requestsLog,
  sandboxManager,
  untilHeld,
  uviFor,
} from "../../support/delivery";
import { assertConfirmedAreRecorded, providerConfirmed, waitUntilSettled } from "../../support/reconciled";
import { sql } from "../../support/database";
import { testDatabaseUrl } from "../../support/server";
import { instancesSuite, sandboxSuite } from "../../support/suite";
import { until } from "../../support/until";

/**
 * Confirmations survive a crash and a second instance: the server is killed (SIGKILL) in the
 * middle of a bulk run and started again; two instances on one PostgreSQL confirm the same
 * documents at once. The provider's requests log is the witness of every PUT.
 */

const STATUS = "/arge/documents/v1/documents/out/*/status";
const putsOf = (log: { method: string; path: string }[], id: string) =>
  log.filter((r) => r.method === "PUT" && r.path.endsWith(`/${id}/status`)).length;

describe("a crash in the middle of a bulk confirmation", () => {
  const ids = Array.from({ length: 200 }, (_, i) => `k-${i}`);
  // The provider timeout is the default's (30 s): recovery must not wait for it.
  const s = sandboxSuite(uviFor(ids, "63"), { synced: true });

  test("after a restart every confirmed document has its record and hash, none was sent twice, the rest can be confirmed", async () => {
    // The first 60 PUTs are answered, the next ones held: the crash comes in the middle of the run.
    const run = await confirmUntilHeld(s, ids, 60);
    await s.server.crash();
    await run.cancel();
    await s.server.restart();
    await control(s.server, "DELETE", "/faults");

    // Reconciliation at start: the claims of the dead process are judged at once (its instance is
    // known dead), not after the provider timeout (30 s).
    const settled = await waitUntilSettled(s.manager.session, s.server.url);
    assert.deepEqual(settled.open, [], "pending or unknown after reconciliation");
    console.log(`recovery: every claim of the killed process settled ${settled.afterMs} ms after the restart`);
    assert.ok(settled.afterMs <= 10_000, `settled ${settled.afterMs} ms after the restart (target: within 10 s)`);

    const confirmedAtProvider = await providerConfirmed(s.server);
    assert.ok(confirmedAtProvider.size >= 40, `confirmed before the crash: ${confirmedAtProvider.size}`);
    assert.ok(confirmedAtProvider.size < ids.length, "the crash came in the middle");
    await assertConfirmedAreRecorded(s.server, s.connectionId, confirmedAtProvider);
    const log = await requestsLog(s.server);
    for (const id of ids) assert.ok(putsOf(log, id) <= 1, `${id} sent twice`);
    // The sandbox writes its log line after the operation: a PUT in flight when the process died
    // may be applied and not logged. "Not sent again" is therefore: no PUT more than before.
    const putsBefore = new Map(ids.map((id) => [id, putsOf(log, id)]));

    const rest = ids.filter((id) => !confirmedAtProvider.has(id));
    const again = await ndjson(s.manager.session, s.server.url, `/api/connections/${s.connectionId}/confirmations`, {
      documentids: ids,
    });
    assert.equal(again.lines.at(-1)!.confirmed, ids.length, again.text);
    const logAfter = await requestsLog(s.server);
    for (const id of confirmedAtProvider) assert.equal(putsOf(logAfter, id), putsBefore.get(id), `${id} sent again`);
    assert.equal((await providerConfirmed(s.server)).size, ids.length);
    assert.ok(rest.length > 0);
    // The counts the index keeps survived the crash with it (one transaction each).
    await assertInboxCountsAgree(s.manager.session, s.server.url);
  });

  test("a sync cut off by a crash holds no lease after the restart: the next sync runs at once", async () => {
    await control(s.server, "PUT", "/faults", [
      { method: "GET", path: "/arge/documents/v1/documents/out", hold: "list" },
    ]);
    const running = fetch(`${s.server.url}/api/connections/${s.connectionId}/sync`, {
      method: "POST",
      headers: { Cookie: s.manager.session.cookie },
    }).catch(() => undefined);
    // The crash comes while the sync holds its lease, waiting for the provider's first page.
    const leased = await until(
      () =>
        sql<{ lease_owner: string | null }>(
          s.server,
          "SELECT lease_owner FROM delivery_sync WHERE connection_id = $1",
          [s.connectionId],
        ),
      (rows) => rows[0]?.lease_owner != null,
    );
    assert.ok(leased[0]?.lease_owner, "the sync took its lease");
    await s.server.crash();
    await running;
    await s.server.restart();
    await control(s.server, "DELETE", "/faults");
    // The lease would otherwise last its 2 minutes: a sync now would be refused with 409.
    const done = await mustSync(s.manager.session, s.server.url, s.connectionId);
    assert.equal(done.done, true);
  });
});

describe(
  "two instances on one PostgreSQL",
  { skip: testDatabaseUrl() ? false : "no PostgreSQL: TEST_DATABASE_URL is not set" },
  () => {
    let a: Person;
    let conn = "";
    const ids = Array.from({ length: 100 }, (_, i) => `t-${i}`);
    const pair = instancesSuite({ sandbox: true });
    before(async () => {
      await putState(pair.one, uviFor(ids, "64"));
      ({ manager: a, connectionId: conn } = await sandboxManager(pair.one));
      await mustSync(a.session, pair.one.url, conn);
    });

    test("both confirm the same 100 documents at once: the provider sees exactly 100 PUTs", async () => {
      const { one, two } = pair;
      // Every PUT is held until both runs have some under way (one run sends at most 8 at once): they overlap.
      await control(one, "PUT", "/faults", [{ method: "PUT", path: STATUS, hold: "put" }]);
      const started = Promise.all(
        [one, two].map((s) => ndjson(a.session, s.url, `/api/connections/${conn}/confirmations`, { documentids: ids })),
      );
      await untilHeld(one, "put", 9);
      await liftHold(one, "put");
      const runs = await started;
      await control(one, "DELETE", "/faults");
      for (const run of runs) assert.equal(run.status, 200, run.text);
      const log = await requestsLog(one);
      assert.equal(
        log.filter((r) => r.method === "PUT" && r.path.startsWith("/arge/documents/v1/documents/out/t-")).length,
        100,
      );
      assert.equal((await providerConfirmed(one)).size, 100);
      // A sync of one connection from both at once: one runs, the other is told so.
      const syncs = await Promise.all([one, two].map((s) => ndjson(a.session, s.url, `/api/connections/${conn}/sync`)));
      assert.ok(
        syncs.some((s) => s.status === 200),
        syncs.map((s) => s.text).join("\n"),
      );
      // Counts written from two instances at once add up.
      await assertInboxCountsAgree(a.session, two.url);
    });

    // Last in the block: it moves instance one's clock on.
    test("an instance whose heartbeat lapsed on another's clock is taken for dead, and goes on under a new id", async () => {
      const { one, two } = pair;
      const rows = () =>
        sql<{ id: string; pid: number; ended: boolean }>(
          one,
          "SELECT id, pid, ended_at IS NOT NULL AS ended FROM app_instances ORDER BY heartbeat_at",
        );
      const twoId = (await rows()).find((r) => r.pid === two.pid() && !r.ended)?.id;
      assert.ok(twoId, "instance two runs");
      // Thirteen seconds pass on one's clock: two's last heartbeat (at most 2 s old) is silent past the 10 s lapse.
      await one.moveClock(13_000);
      const after = await until(
        rows,
        (r) => r.some((i) => i.id === twoId && i.ended) && r.some((i) => i.pid === two.pid() && !i.ended),
        { tries: 100, everyMs: 100 },
      );
      assert.ok(after.find((i) => i.id === twoId)?.ended, "two's first id is ended");
      const renewed = after.find((i) => i.pid === two.pid() && !i.ended);
      assert.ok(renewed && renewed.id !== twoId, "two goes on under a new id");
      assert.match(two.output(), /taken for dead/);
    });
  },
);
