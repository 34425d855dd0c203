import assert from "node:assert/strict";
import { before, beforeEach, describe, test } from "node:test";
import { sampleDocuments, type AltProvider } from "../../support/alt-provider";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { control, putState, SANDBOX_BASIC, syncConnection, uvi } from "../../support/delivery";
import { api } from "../../support/session";
import { altProviderSuite, suiteServer } from "../../support/suite";

/**
 * A provider's numbers are untrusted (issue #17): an implausible count ends a sync or a list
 * request at once with provider_count_implausible, a long sync leaves the server answering, and an
 * empty page in the middle of the list is asked again before the walk concludes.
 */

const MAX = 30_000;
const COUNT_PATH = "/arge/documents/v1/documents/out/count";
const SANDBOX_DOCS = 600;

/**
 * The alt provider answers the list request at `offset` with an empty page, `times` times (its `next` then points at
 * the same offset).
 */
function emptyAt(alt: AltProvider, offset: number, times: number) {
  alt.modes.shortAt = { offset, size: 0, times };
}

describe("a provider's numbers are untrusted", () => {
  const p = altProviderSuite();
  const s = suiteServer(() => ({
    sandbox: true,
    env: { SYNC_MAX_DOCUMENTS: String(MAX), PROVIDER_URL_ALLOWLIST: p.alt.origin },
  }));
  let a: Person;
  let sandboxId = "";

  before(async () => {
    // More than one page of 500: the first page is full, so the walk would plan offsets from the count.
    await putState(
      s.server,
      Array.from({ length: SANDBOX_DOCS }, (_, i) => uvi(`rw-${i}`, `91${String(i).padStart(4, "0")}`)),
    );
    a = await makeUser(s.server, "manager");
    sandboxId = (
      await addConnection(s.server, a.session, { service: "uvi", baseUrl: `${s.server.url}/arge`, auth: SANDBOX_BASIC })
    ).id;
    // The route that `watch` asks is loaded once before anything is timed (a cold start is not a stall).
    assert.equal((await api(a.session, s.server.url, "/api/connections")).status, 200);
  });
  beforeEach(async () => {
    p.alt.reset();
    await control(s.server, "DELETE", "/faults");
  });

  const countFault = (body: string) =>
    control(s.server, "PUT", "/faults", [{ method: "GET", path: COUNT_PATH, status: 200, body, times: 1 }]);
  const lastSyncOf = async (id: string) => {
    const res = await api(a.session, s.server.url, "/api/connections");
    assert.equal(res.status, 200, res.text);
    return (res.body as { id: string; lastSync: { ok: boolean; message?: string } | null }[]).find((c) => c.id === id)!
      .lastSync;
  };
  /** Asks GET /api/connections over and over until `running` settles; the slowest answer in ms. */
  const watch = async (running: Promise<unknown>) => {
    let finished = false;
    void running.finally(() => (finished = true)).catch(() => undefined);
    let slowest = 0;
    let asked = 0;
    while (!finished) {
      const t0 = performance.now();
      const res = await api(a.session, s.server.url, "/api/connections");
      slowest = Math.max(slowest, performance.now() - t0);
      assert.equal(res.status, 200, res.text);
      asked++;
      await new Promise((r) => setTimeout(r, 50));
    }
    return { slowest, asked };
  };
  // A connection per test, each to an account of its own (a user's second connection to one account is refused); UVI
  // sends no kd.
  let accounts = 0;
  const altConnection = async () =>
    (
      await addConnection(s.server, a.session, {
        service: "uvi",
        baseUrl: p.alt.uviBase,
        customerNumber: `walk${++accounts}`,
        auth: { type: "basic", ...p.alt.basic },
      })
    ).id;

  test("a count of 1e12 ends the sync at once with provider_count_implausible; the server keeps answering", async () => {
    await countFault('{"count": 1e12}');
    const started = Date.now();
    const sync = syncConnection(a.session, s.server.url, sandboxId);
    const { slowest } = await watch(sync);
    const res = await sync;
    assert.equal(res.status, 200, res.text);
    assert.ok(Date.now() - started < 10_000, "the sync ended at once");
    assert.ok(slowest < 1000, `other requests were answered meanwhile (slowest ${Math.round(slowest)} ms)`);
    const last = res.lines.at(-1)!;
    assert.equal(last.error, "provider_count_implausible", res.text);
    assert.match(String(last.message), /1000000000000/, "the message names the count");
    assert.match(String(last.message), /30000/, "and the most that is read");
    assert.doesNotMatch(String(last.message), /\{\w+\}/, "no placeholder is left");
    const lastSync = await lastSyncOf(sandboxId);
    assert.equal(lastSync?.ok, false);
    assert.ok(lastSync.message && !/\{\w+\}/.test(lastSync.message), lastSync.message);
    // The same connection syncs again once the provider counts sensibly.
    const again = await syncConnection(a.session, s.server.url, sandboxId);
    assert.deepEqual(again.lines.at(-1), { done: true, open: SANDBOX_DOCS, gone: 0, added: SANDBOX_DOCS });
    assert.equal((await lastSyncOf(sandboxId))?.ok, true);
  });

  test("negative, fractional and non-number counts end the sync the same way", async () => {
    for (const body of [
      '{"count": -1}',
      '{"count": 2.5}',
      '{"count": "viele"}',
      '{"count": null}',
      '{"count": true}',
      '{"count": "1e12"}',
    ]) {
      await countFault(body);
      const res = await syncConnection(a.session, s.server.url, sandboxId);
      assert.equal(res.status, 200, res.text);
      const last = res.lines.at(-1)!;
      assert.equal(last.error, "provider_count_implausible", `${body}: ${res.text}`);
      assert.doesNotMatch(String(last.message), /\{\w+\}/, body);
      assert.equal((await lastSyncOf(sandboxId))?.ok, false, body);
    }
  });

  test("the list proxy answers 502 provider_count_implausible", async () => {
    await countFault('{"count": 1e12}');
    const list = await api(a.session, s.server.url, `/api/connections/${sandboxId}/documents?offset=0&limit=10`);
    assert.equal(list.status, 502, list.text);
    assert.equal(list.body.error, "provider_count_implausible");
    assert.match(list.body.message, /1000000000000/);
    await countFault('{"count": -3}');
    const count = await api(a.session, s.server.url, `/api/connections/${sandboxId}/documents/count`);
    assert.equal(count.status, 502, count.text);
    assert.equal(count.body.error, "provider_count_implausible");
    assert.doesNotMatch(count.body.message, /\{\w+\}/);
    const fine = await api(a.session, s.server.url, `/api/connections/${sandboxId}/documents/count`);
    assert.deepEqual(fine.body, { count: SANDBOX_DOCS });
    // The connection test says what is wrong, not "wrong address".
    await countFault('{"count": 2.5}');
    const tried = await api(a.session, s.server.url, `/api/connections/${sandboxId}/test`, { method: "POST" });
    assert.equal(tried.status, 200, tried.text);
    assert.equal(tried.body.ok, false);
    assert.equal(tried.body.status, "implausible_count");
  });

  test("an empty page in the middle with `next` at the same offset is asked again: the sync completes", async () => {
    p.alt.modes.pageSize = 7; // ignores limit: the walk follows `next`
    p.alt.documents = sampleDocuments(100, "mid").filter((d) => d.service === "uvi");
    emptyAt(p.alt, 49, 1);
    const id = await altConnection();
    const res = await syncConnection(a.session, s.server.url, id);
    assert.deepEqual(res.lines.at(-1), { done: true, open: 100, gone: 0, added: 100 }, res.text);
    const asked = p.alt.counters.requests.filter((r) => r.path.includes("offset=49&"));
    assert.ok(asked.length >= 2, "the empty page was asked again");
  });

  test("an empty page in the middle of an offset walk, twice, is asked again: the sync completes", async () => {
    p.alt.modes.pageSize = 0; // honours limit: offsets are asked in parallel
    p.alt.documents = sampleDocuments(1200, "off").filter((d) => d.service === "uvi");
    emptyAt(p.alt, 500, 2);
    const id = await altConnection();
    const res = await syncConnection(a.session, s.server.url, id);
    assert.deepEqual(res.lines.at(-1), { done: true, open: 1200, gone: 0, added: 1200 }, res.text);
  });

  test("during a long sync other requests are answered within a second", async () => {
    p.alt.modes.pageSize = 0;
    p.alt.documents = sampleDocuments(MAX - 1, "long").filter((d) => d.service === "uvi");
    const id = await altConnection();
    const sync = syncConnection(a.session, s.server.url, id);
    const { slowest, asked } = await watch(sync);
    const res = await sync;
    assert.deepEqual(res.lines.at(-1), { done: true, open: MAX - 1, gone: 0, added: MAX - 1 }, res.text.slice(-500));
    assert.ok(asked >= 5, `the sync ran long enough to be watched (${asked} requests)`);
    assert.ok(slowest < 1000, `slowest answer during the sync: ${Math.round(slowest)} ms`);
  });
});
