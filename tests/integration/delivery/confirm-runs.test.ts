import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { control, liftHold, requestsLog, untilHeld, uviFor } from "../../support/delivery";
import type { TestServer } from "../../support/server";
import { api, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Bulk confirmations as records (lib/runs, the kind of lib/delivery/confirm/run-kind.ts): a run is listed with its progress while
 * it streams, a cancel leaves what it has not claimed open, a crash ends it, and a user has at most
 * five at once. The sandbox holds every PUT until the test lifts it, so that each run is still under way when asked;
 * the answer's status and run id arrive before any PUT is answered (lib/api/responses.ts, ndjsonResponse).
 */

const STATUS = "/arge/documents/v1/documents/out/*/status";
type Line = Record<string, number | string | boolean>;
type RunView = {
  id: string;
  total: number;
  confirmed: number;
  cancelled: number;
  finishedAt: string | null;
  cancelRequested: boolean;
  ended: string | null;
};

/** Starts a bulk run and reads its answer up to the first line: the run id (header), then the rest on demand. */
async function startRun(session: Session, base: string, connectionId: string, documentids: string[]) {
  const res = await fetch(`${base}/api/connections/${connectionId}/confirmations`, {
    method: "POST",
    headers: { Cookie: session.cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ documentids }),
  });
  if (res.status !== 200) assert.fail(`${res.status}: ${await res.text()}`);
  const id = res.headers.get("confirmation-run");
  assert.match(id ?? "", /^[0-9a-f-]{36}$/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const lines = () =>
    text
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Line);
  return {
    id: id!,
    /** Reads until `n` lines have arrived (or the answer ended). */
    until: async (n: number) => {
      while ((text.match(/\n/g) ?? []).length < n) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      return lines();
    },
    cancelReading: () => reader.cancel().catch(() => undefined),
  };
}

const runsOf = async (session: Session, server: TestServer) => {
  const res = await api(session, server.url, "/api/confirmation-runs");
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return (res.body as { runs: RunView[] }).runs;
};

describe("a bulk confirmation's record", () => {
  const ids = Array.from({ length: 30 }, (_, i) => `r-${i}`);
  const more = Array.from({ length: 60 }, (_, i) => `m-${i}`);
  const s = sandboxSuite(uviFor([...ids, ...more], "71"), { synced: true });
  let other: Person;
  before(async () => {
    other = await makeUser(s.server, "manager");
  });

  test("is listed while it runs; a cancel leaves the unclaimed documents open and the last line counts them", async () => {
    await control(s.server, "PUT", "/faults", [{ method: "PUT", path: STATUS, hold: "put" }]);
    const run = await startRun(s.manager.session, s.server.url, s.connectionId, ids);
    await untilHeld(s.server, "put");

    const listed = (await runsOf(s.manager.session, s.server)).find((r) => r.id === run.id);
    assert.ok(listed, "the running run is listed");
    assert.equal(listed.total, ids.length);
    assert.equal(listed.finishedAt, null);

    // Another user neither sees nor cancels it.
    assert.deepEqual(await runsOf(other.session, s.server), []);
    assert.equal(
      (await api(other.session, s.server.url, `/api/confirmation-runs/${run.id}`, { method: "DELETE" })).status,
      404,
    );
    assert.equal(
      (await api(s.manager.session, s.server.url, "/api/confirmation-runs/not-a-uuid", { method: "DELETE" })).status,
      404,
    );

    const cancel = await api(s.manager.session, s.server.url, `/api/confirmation-runs/${run.id}`, { method: "DELETE" });
    assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
    assert.equal((cancel.body as RunView).cancelRequested, true);
    await liftHold(s.server, "put");

    const lines = await run.until(Number.MAX_SAFE_INTEGER);
    const done = lines.at(-1)!;
    assert.equal(done.done, true, JSON.stringify(done));
    const cancelled = Number(done.cancelled);
    assert.ok(cancelled > 0, `documents left by the cancel: ${cancelled}`);
    const reported = lines.filter((l) => l.documentid !== undefined);
    assert.equal(reported.length + cancelled, ids.length, "every document is either reported or left");
    assert.equal(
      Number(done.confirmed) + Number(done.failed) + Number(done.unknown) + Number(done.pending),
      reported.length,
    );

    // What was left was never sent and is still open; the record says how the run ended.
    const log = await requestsLog(s.server);
    const sent = new Set(log.filter((r) => r.method === "PUT").map((r) => r.path.split("/").at(-2)));
    const left = ids.filter((id) => !reported.some((l) => l.documentid === id));
    for (const id of left) assert.ok(!sent.has(id), `${id} was sent after the cancel`);
    const inbox = await api(s.manager.session, s.server.url, "/api/inbox?state=open&limit=200");
    const open = new Set(
      (inbox.body.groups as { documents: { documentid: string }[] }[]).flatMap((g) =>
        g.documents.map((d) => d.documentid),
      ),
    );
    for (const id of left) assert.ok(open.has(id), `${id} is still open`);
    const ended = (await runsOf(s.manager.session, s.server)).find((r) => r.id === run.id)!;
    assert.equal(ended.ended, "cancelled");
    assert.equal(ended.cancelled, cancelled);
    assert.equal(ended.confirmed, Number(done.confirmed));
    assert.notEqual(ended.finishedAt, null);
    await control(s.server, "DELETE", "/faults");
  });

  // Held PUTs keep the five runs going while the sixth asks.
  test("a user runs at most five at once: the sixth is refused before it sends anything", async () => {
    await control(s.server, "PUT", "/faults", [{ method: "PUT", path: STATUS, hold: "put" }]);
    const runs = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        startRun(s.manager.session, s.server.url, s.connectionId, more.slice(i * 10, i * 10 + 10)),
      ),
    );
    const before = (await requestsLog(s.server)).length;
    const sixth = await api(s.manager.session, s.server.url, `/api/connections/${s.connectionId}/confirmations`, {
      method: "POST",
      json: { documentids: more.slice(50) },
    });
    assert.equal(sixth.status, 429, JSON.stringify(sixth.body));
    assert.equal(sixth.body.error, "too_many_runs");
    assert.ok(
      !(await requestsLog(s.server)).slice(before).some((r) => more.slice(50).some((id) => r.path.includes(`/${id}/`))),
      "nothing of the sixth was sent",
    );
    for (const run of runs)
      await api(s.manager.session, s.server.url, `/api/confirmation-runs/${run.id}`, { method: "DELETE" });
    await liftHold(s.server, "put");
    for (const run of runs) assert.equal((await run.until(Number.MAX_SAFE_INTEGER)).at(-1)!.done, true);
    await control(s.server, "DELETE", "/faults");
  });

  test("a run cut off by a crash is ended when the instance is known dead", async () => {
    await control(s.server, "PUT", "/faults", [{ method: "PUT", path: STATUS, hold: "put" }]);
    const open = more.slice(50);
    const run = await startRun(s.manager.session, s.server.url, s.connectionId, open);
    await untilHeld(s.server, "put");
    await s.server.crash();
    await run.cancelReading();
    await s.server.restart();
    await control(s.server, "DELETE", "/faults");
    const ended = (await runsOf(s.manager.session, s.server)).find((r) => r.id === run.id);
    assert.ok(ended, "the run is listed as ended");
    assert.equal(ended.ended, "instance_ended");
    assert.notEqual(ended.finishedAt, null);
  });
});
