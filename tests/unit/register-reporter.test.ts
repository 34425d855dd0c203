import "../support/unit-env";
import assert from "node:assert/strict";
import { test } from "node:test";
import { queueReports, reportChangesWith, wakeReports } from "@/lib/register/reporter";

/**
 * How a change of the register reaches the on-site-roles reports without importing them (lib/register/reporter.ts,
 * issue #45): without a reporter a change fails rather than go unreported; with one, the change's transaction, its
 * principal, its units and its reason are handed on as given, and a wake reaches the sender.
 */

const tx = {} as never;
const p = { userId: "u", role: "manager" } as never;

test("without a reporter a change fails; a wake does nothing", async () => {
  await assert.rejects(() => queueReports(tx, p, ["a"]), /No reporter of register changes/);
  wakeReports();
});

test("the reporter gets what the change queues, as given, and the wake", async () => {
  const asked: unknown[] = [];
  let woken = 0;
  reportChangesWith({
    queue: async (...args) => (asked.push(args), 2),
    wake: () => void woken++,
  });
  assert.equal(await queueReports(tx, p, ["a", "b"]), 2);
  assert.equal(await queueReports(tx, p, ["c"], "since"), 2);
  wakeReports();
  assert.deepEqual(asked, [
    [tx, p, ["a", "b"], undefined],
    [tx, p, ["c"], "since"],
  ]);
  assert.equal(woken, 1);
});
