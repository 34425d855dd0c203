import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { api, type Session } from "../../support/session";
import { suiteServer } from "../../support/suite";

/**
 * Issue 32: one manager's register import must not stall everyone. The largest file the import
 * takes (100,000 rows, within 10 MiB) is read, checked and written in slices, so that the server
 * answers other requests within a second all the while, on a fresh register and on a full one.
 */

const ROWS = 100_000;
const MAX_BYTES = 10 * 1024 * 1024;
const HEADER = "Nutzeinheit;HV-Nr.;Liegenschaft;Adresse;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift";

/**
 * One row of about 100 bytes, by e-mail with the resident's written agreement (its day, without a reference, so that
 * the largest file stays within the limit); `mail` changes the resident's e-mail address (an update of that column).
 */
const row = (i: number, mail: string) => {
  const n = String(i).padStart(6, "0");
  return `88${n};HV-${n};Haus ${i % 500};Nordweg ${i % 200};${i % 9}. OG;Bewohner ${n};${mail}${n}@example.de;E-Mail;1.3.2026;`;
};

/** The register file of `rows` rows, every second row's e-mail changed when `changed`. */
function register(changed: boolean, rows = ROWS): string {
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) lines.push(row(i, changed && i % 2 === 0 ? "neu" : "b"));
  const text = `${lines.join("\r\n")}\r\n`;
  assert.ok(Buffer.byteLength(text) <= MAX_BYTES, `the file stays within the limit (${Buffer.byteLength(text)} bytes)`);
  return text;
}

describe("a register import of the largest allowed file", () => {
  const s = suiteServer();
  let manager: Person;
  let other: Person;
  before(async () => {
    manager = await makeUser(s.server, "manager");
    other = await makeUser(s.server, "manager");
    // The routes asked are loaded once before anything is timed (a cold start is not a stall).
    assert.equal((await fetch(`${s.server.url}/api/health`)).status, 200);
    assert.equal((await api(other.session, s.server.url, "/api/units")).status, 200);
  });

  const put = (who: Session, body: string, query = "") =>
    api(who, s.server.url, `/api/units${query}`, {
      method: "PUT",
      body,
      headers: { "content-type": "text/csv", origin: s.server.url },
    });

  /**
   * Asks over and over until `running` settles (a bounded number of times, so that an import that
   * never ends fails the test): the slowest answer in ms, how often it asked, and how many requests
   * failed (a stalled server drops connections its keep-alive timer ended meanwhile).
   */
  const poll = async (running: { finished: boolean }, ask: () => Promise<number>) => {
    const seen = { slowest: 0, asked: 0, failed: 0 };
    for (; seen.asked < 2000 && !running.finished; seen.asked++) {
      const t0 = performance.now();
      if ((await ask().catch(() => 0)) !== 200) seen.failed++;
      seen.slowest = Math.max(seen.slowest, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
    return seen;
  };

  /** GET /api/health, and another manager's register page, each asked in a loop of its own while `running` runs. */
  const watch = async (running: Promise<unknown>) => {
    const state = { finished: false };
    void running.finally(() => (state.finished = true)).catch(() => undefined);
    const [health, page] = await Promise.all([
      poll(state, async () => {
        const res = await fetch(`${s.server.url}/api/health`);
        await res.arrayBuffer();
        return res.status;
      }),
      poll(state, async () => (await api(other.session, s.server.url, "/api/units?limit=10")).status),
    ]);
    return { health, page };
  };

  /** Sends the file while `watch` asks; the import's answer, once every health answer came within a second. */
  const timed = async (label: string, body: string, query = "") => {
    const started = performance.now();
    const running = put(manager.session, body, query);
    const { health, page } = await watch(running);
    const res = await running;
    const ms = Math.round(performance.now() - started);
    const seen = (p: typeof health) => `${p.asked} times, slowest ${Math.round(p.slowest)} ms, ${p.failed} failed`;
    console.log(`${label}: ${ms} ms; health asked ${seen(health)}; another manager's page ${seen(page)}`);
    assert.ok(health.slowest < 1000 && health.failed === 0, `${label}: health asked ${seen(health)}`);
    assert.ok(health.asked >= 5, `the import ran long enough to be watched (${health.asked} health requests)`);
    // The embedded database's one session: the import writes there in short transactions (issue #32), so another
    // user's request that reads the database is served between them, as PostgreSQL serves it beside the import.
    assert.ok(page.slowest < 1000 && page.failed === 0, `${label}: another manager's page asked ${seen(page)}`);
    return res;
  };

  test("into an empty register: every row created, the server answering within a second", async () => {
    const res = await timed("fresh", register(false));
    assert.equal(res.status, 200, res.text.slice(0, 500));
    assert.deepEqual(
      [res.body.rows, res.body.created, res.body.updated, res.body.unchanged, res.body.errors.length],
      [ROWS, ROWS, 0, 0, 0],
    );
  });

  test("over a full register: the dry run and the import report alike, half the rows updated", async () => {
    const file = register(true);
    const dry = await timed("dry run", file, "?dryRun=1");
    assert.equal(dry.status, 200, dry.text.slice(0, 500));
    const res = await timed("full", file);
    assert.equal(res.status, 200, res.text.slice(0, 500));
    assert.deepEqual(res.body, dry.body, "the dry run reports what the import does");
    assert.deepEqual(
      [res.body.rows, res.body.created, res.body.updated, res.body.unchanged],
      [ROWS, 0, ROWS / 2, ROWS / 2],
    );
    assert.deepEqual(res.body.changes[0], { line: 2, unit: "88000000", change: "updated", columns: ["email"] });
    const page = await api(manager.session, s.server.url, "/api/units?q=88000002");
    assert.equal(page.body.units[0]?.resident?.email, "neu000002@example.de");
  });

  test("replace with the first half: the other half deleted, the server answering within a second", async () => {
    const res = await timed("replace", register(true, ROWS / 2), "?replace=1");
    assert.equal(res.status, 200, res.text.slice(0, 500));
    assert.deepEqual(
      [res.body.rows, res.body.created, res.body.updated, res.body.unchanged, res.body.deleted],
      [ROWS / 2, 0, 0, ROWS / 2, ROWS / 2],
    );
    assert.equal((await api(manager.session, s.server.url, "/api/units?limit=1")).body.count, ROWS / 2);
  });
});
