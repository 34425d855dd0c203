import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { sql } from "../../support/database";
import {
  confirmUntilHeld,
  control,
  liftHold,
  mustSync,
  ndjsonUntil,
  requestsLog,
  untilHeld,
  uviFor,
} from "../../support/delivery";
import { assertConfirmedAreRecorded, providerConfirmed, waitUntilSettled } from "../../support/reconciled";
import type { TestServer } from "../../support/server";
import { sandboxSuite } from "../../support/suite";
import { until } from "../../support/until";

/**
 * SIGTERM in the middle of work loses nothing (lib/cli/serve.mjs, lib/process/lifecycle.ts): a sync
 * stops at a page and frees its lease before the process exits; a bulk confirmation finishes or
 * leaves claims that the next start judges; the instance ends cleanly. Checked in the database
 * the process left behind, then through the restarted app.
 */

const LIST = "/arge/documents/v1/documents/out";
const lines = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Lifts the hold `name` once the server no longer says ready (it drains, or has gone): the shutdown came first. */
async function liftOnceDraining(server: TestServer, name: string): Promise<void> {
  await until(
    () =>
      fetch(`${server.url}/api/ready`)
        .then((r) => r.json() as Promise<{ status: string }>)
        .catch(() => ({ status: "gone" })),
    (b) => b.status !== "ready",
  );
  await liftHold(server, name).catch(() => undefined);
}

describe("SIGTERM during a sync and during a bulk confirmation", () => {
  const ids = Array.from({ length: 1500 }, (_, i) => `s-${i}`);
  const s = sandboxSuite(uviFor(ids, "65"));

  test("a sync stops at a page with a last line that says so, its lease is free when the process has exited, the next one runs at once", async () => {
    // Three pages of 500: the first is answered, the others held until the shutdown has begun, so it comes after
    // the first one was indexed and before the rest.
    await control(s.server, "PUT", "/faults", [
      { method: "GET", path: LIST, times: 1 },
      { method: "GET", path: LIST, hold: "pages" },
    ]);
    const sync = await ndjsonUntil(
      s.manager.session,
      s.server.url,
      `/api/connections/${s.connectionId}/sync`,
      undefined,
      1,
    );
    await untilHeld(s.server, "pages");
    const exited = s.server.terminate();
    await liftOnceDraining(s.server, "pages");
    const answer = lines(await sync.rest());
    assert.ok(answer.length >= 1, "a progress line before the shutdown");
    assert.equal(answer.at(-1)!.error, "shutting_down", JSON.stringify(answer.at(-1)));
    assert.equal(await exited, 143);

    // Read where the process left it (the embedded database: opened by the test while no server runs).
    const [left] = await sql<{ lease_owner: string | null; lease_until: string | null; running: number }>(
      s.server,
      `SELECT s.lease_owner, s.lease_until, (SELECT count(*)::int FROM app_instances WHERE ended_at IS NULL) AS running
       FROM delivery_sync s WHERE s.connection_id = $1`,
      [s.connectionId],
    );
    assert.deepEqual(
      left,
      { lease_owner: null, lease_until: null, running: 0 },
      "lease freed and instance ended before the process exited",
    );
    await s.server.restart();

    await control(s.server, "DELETE", "/faults");
    const done = await mustSync(s.manager.session, s.server.url, s.connectionId);
    assert.equal(done.open, ids.length);
  });

  test("a bulk confirmation cut by the shutdown: every claim judged after the restart, nothing confirmed without its record and bytes, nothing sent twice", async () => {
    const batch = ids.slice(0, 200);
    // The first 40 PUTs are answered, the next ones held until the shutdown has begun: it cuts the run in the middle.
    const run = await confirmUntilHeld(s, batch, 40);
    const exited = s.server.terminate();
    await liftOnceDraining(s.server, "put");
    const answer = lines(await run.rest());
    assert.equal(await exited, 143);
    await s.server.restart();
    await control(s.server, "DELETE", "/faults");

    const settled = await waitUntilSettled(s.manager.session, s.server.url);
    assert.deepEqual(settled.open, [], "pending or unknown after reconciliation");
    const confirmedAtProvider = await providerConfirmed(s.server);
    assert.ok(confirmedAtProvider.size >= 40, `confirmed before the shutdown: ${confirmedAtProvider.size}`);
    const done = answer.find((l) => l.done === true);
    if (done) assert.equal(done.confirmed, confirmedAtProvider.size, "the run's own count is the provider's");
    await assertConfirmedAreRecorded(s.server, s.connectionId, confirmedAtProvider);
    const log = await requestsLog(s.server);
    for (const id of batch) {
      const puts = log.filter((r) => r.method === "PUT" && r.path.endsWith(`/${id}/status`)).length;
      assert.ok(puts <= 1, `${id} sent ${puts} times`);
    }
  });
});
