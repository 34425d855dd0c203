import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import pg from "pg";
import { makeUser, type Person } from "../../support/connections";
import { liftHold, uvi } from "../../support/delivery";
import { sql } from "../../support/database";
import { awkwardBytes, dtaConnection, receivedAs, setFaults, upload, uploadsLogged } from "../../support/outbox";
import { testDatabaseUrl } from "../../support/server";
import { api } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Issue 21: what the outbox keeps of each send. A connection's list (newest first, paged), an
 * `unknown` item resolved by a person (never sent again), support's list and CSV across users,
 * another user's connection answering 404, concurrent uploads of the same bytes, the audit trail.
 */

describe("the outbox's record of sends", () => {
  const s = sandboxSuite([uvi("u-1", "7001")], { env: { PROVIDER_TIMEOUT_MS: "2000" } });
  let dta = "";
  let other: Person;
  let support: Person;
  const ids: string[] = [];
  before(async () => {
    dta = await dtaConnection(s, "DTA Nord");
    other = await makeUser(s.server, "manager");
    support = await makeUser(s.server, "support");
    // Three sends, one after another: the list's order is theirs, newest first.
    for (const name of ["eins.zip", "=SUMME(A1).zip", "drei.zip"]) {
      const res = await upload(s.manager.session, s.server, dta, { name, bytes: awkwardBytes(512) });
      assert.equal(res.status, 201, res.text);
      ids.push(res.body.id);
    }
  });
  const list = (query: string) => api(s.manager.session, s.server.url, `/api/connections/${dta}/outbox${query}`);

  test("the connection's list: newest first, with paging", async () => {
    const all = await list("");
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.count, 3);
    assert.equal(all.body.limit, 25);
    assert.deepEqual(
      all.body.items.map((i: { id: string }) => i.id),
      [...ids].reverse(),
    );
    const page = await list("?offset=1&limit=1");
    assert.equal(page.body.count, 3);
    assert.deepEqual(
      page.body.items.map((i: { id: string }) => i.id),
      [ids[1]],
    );
    assert.equal((await list("?limit=101")).status, 400);
  });

  test("an unknown item is resolved by a person, once, and nothing is sent again", async () => {
    // Held past PROVIDER_TIMEOUT_MS, and let go once the app has given up on it.
    await setFaults(s.server, [{ method: "POST", path: "/dta/v1/documents/in", hold: "upload", times: 1 }]);
    const sent = await upload(s.manager.session, s.server, dta, { name: "ungewiss.zip", bytes: awkwardBytes(256) });
    assert.equal(sent.body.state, "unknown", sent.text);
    const posts = (await uploadsLogged(s.server)).length;
    const path = `/api/connections/${dta}/outbox/${sent.body.id}`;
    const resolved = await api(s.manager.session, s.server.url, path, { method: "PATCH", json: { state: "sent" } });
    assert.equal(resolved.status, 200, resolved.text);
    assert.equal(resolved.body.state, "sent");
    assert.equal(resolved.body.resolvedBy, s.manager.email);
    assert.match(resolved.body.resolvedAt, /^\d{4}-\d\d-\d\dT/);
    const twice = await api(s.manager.session, s.server.url, path, { method: "PATCH", json: { state: "failed" } });
    assert.equal(twice.status, 409, twice.text);
    assert.equal(twice.body.error, "not_unknown");
    const sentOne = await api(s.manager.session, s.server.url, `/api/connections/${dta}/outbox/${ids[0]}`, {
      method: "PATCH",
      json: { state: "failed" },
    });
    assert.equal(sentOne.status, 409);
    const missing = await api(
      s.manager.session,
      s.server.url,
      `/api/connections/${dta}/outbox/00000000-0000-4000-8000-000000000000`,
      {
        method: "PATCH",
        json: { state: "sent" },
      },
    );
    assert.equal(missing.status, 404);
    assert.equal(
      (await api(s.manager.session, s.server.url, path, { method: "PATCH", json: { state: "maybe" } })).status,
      400,
    );
    assert.equal((await uploadsLogged(s.server)).length, posts, "resolving sends nothing");
    await liftHold(s.server, "upload");
  });

  test("another manager's connection answers 404 on every outbox route, exactly like a missing one; support cannot send (403)", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    const routes = (id: string) => [
      () => upload(other.session, s.server, id, { name: "fremd.zip", bytes: awkwardBytes(64) }),
      () => api(other.session, s.server.url, `/api/connections/${id}/outbox`),
      () =>
        api(other.session, s.server.url, `/api/connections/${id}/outbox/${ids[0]}`, {
          method: "PATCH",
          json: { state: "sent" },
        }),
    ];
    const [theirs, none] = [routes(dta), routes(missing)];
    for (const [i, call] of theirs.entries()) {
      const [a, b] = [await call(), await none[i]!()];
      assert.equal(a.status, 404, a.text);
      assert.deepEqual(a.body, b.body);
    }
    assert.equal(
      (await upload(support.session, s.server, dta, { name: "support.zip", bytes: awkwardBytes(64) })).status,
      403,
    );
    assert.equal((await receivedAs(s.server, "fremd.zip")).length, 0);
  });

  test("two uploads of the same bytes at once: one is sent, the other answers 409", async () => {
    const bytes = awkwardBytes(200 * 1024);
    const both = await Promise.all(
      [1, 2].map(() => upload(s.manager.session, s.server, dta, { name: "gleichzeitig.zip", bytes })),
    );
    assert.deepEqual(both.map((r) => r.status).sort(), [201, 409], both.map((r) => r.text).join("\n"));
    assert.equal((await receivedAs(s.server, "gleichzeitig.zip")).length, 1);
  });

  test(
    "PostgreSQL: two uploads of the same bytes that reach the repeat check together are judged one after the other",
    { skip: !testDatabaseUrl() },
    async () => {
      // A held table lock stops both inserts; without the connection row's lock both would already
      // have passed the repeat check by then, and both would be sent once it is released.
      const db = new pg.Client({ connectionString: s.server.env.DATABASE_URL });
      await db.connect();
      try {
        await db.query("BEGIN");
        await db.query("LOCK TABLE outbox_items IN EXCLUSIVE MODE");
        const bytes = awkwardBytes(1024);
        const answered: number[] = [];
        const both = Promise.all(
          [1, 2].map(() =>
            upload(s.manager.session, s.server, dta, { name: "gesperrt.zip", bytes }).then((r) => {
              answered.push(r.status);
              return r;
            }),
          ),
        );
        // Only this server's database: other tests' databases share the cluster and its lock table. Inside a
        // transaction PostgreSQL shows pg_stat_activity as it was at its first look, so each look starts afresh.
        const activity = async () => {
          await db.query("SELECT pg_stat_clear_snapshot()");
          const sessions = await db.query(
            "SELECT state, wait_event_type, wait_event, left(query, 80) AS query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
          );
          return sessions.rows as { wait_event_type: string | null }[];
        };
        const waiting = async () => (await activity()).filter((a) => a.wait_event_type === "Lock").length;
        // Bounded; on a loaded machine an upload may take seconds to reach the database.
        for (let i = 0; i < 1200 && answered.length === 0 && (await waiting()) < 2; i++)
          await new Promise((r) => setTimeout(r, 25));
        const seen = await activity();
        const why = `answered meanwhile: ${JSON.stringify(answered)}; sessions: ${JSON.stringify(seen)}`;
        assert.equal(seen.filter((a) => a.wait_event_type === "Lock").length, 2, `both uploads wait (${why})`);
        await db.query("COMMIT");
        assert.deepEqual((await both).map((r) => r.status).sort(), [201, 409]);
      } finally {
        await db.end();
      }
    },
  );

  test("support sees every user's items with connection and owner, filters them, and exports them as CSV; a manager gets 403", async () => {
    const all = await api(support.session, s.server.url, "/api/delivery/outbox");
    assert.equal(all.status, 200, all.text);
    const first = all.body.items.find((i: { id: string }) => i.id === ids[0]);
    assert.equal(first.connectionName, "DTA Nord");
    assert.equal(first.owner, s.manager.email);
    assert.equal(first.sentBy, s.manager.email);
    const bySha = await api(support.session, s.server.url, `/api/delivery/outbox?q=${first.sha256.slice(0, 10)}`);
    assert.deepEqual(
      bySha.body.items.map((i: { id: string }) => i.id),
      [ids[0]],
    );
    const unknown = await api(support.session, s.server.url, `/api/delivery/outbox?state=failed&connection=${dta}`);
    assert.equal(unknown.body.count, 0);
    assert.equal((await api(s.manager.session, s.server.url, "/api/delivery/outbox")).status, 403);
    assert.equal((await api(s.manager.session, s.server.url, "/api/delivery/outbox/export.csv")).status, 403);

    const csv = await fetch(`${s.server.url}/api/delivery/outbox/export.csv?q=zip`, {
      headers: { Cookie: support.session.cookie },
    });
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type") ?? "", /^text\/csv/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 BOM");
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split("\r\n");
    assert.match(lines[0]!, /^Gesendet am;Dateiname;Status;Verbindung/);
    assert.ok(
      lines.some((l) => l.includes(";'=SUMME(A1).zip;gesendet;DTA Nord;")),
      lines.join("\n"),
    );
  });

  test("every send and every resolution is an audit event", async () => {
    const rows = await sql<{ kind: string; actor: string; detail: Record<string, unknown> }>(
      s.server,
      "SELECT kind, actor, detail FROM audit_events WHERE kind IN ('outbox_send', 'outbox_resolve') ORDER BY id",
    );
    const sends = rows.filter((r) => r.kind === "outbox_send");
    // The three of the list, the unknown one, and the one of each two concurrent uploads that passed.
    assert.equal(sends.length, testDatabaseUrl() ? 6 : 5, JSON.stringify(rows));
    const sha = String(sends[0]!.detail.sha256);
    assert.match(sha, /^[0-9a-f]{64}$/);
    assert.deepEqual(sends[0]!.detail, {
      itemId: ids[0],
      filename: "eins.zip",
      bytes: 512,
      sha256: sha,
      state: "sent",
      httpStatus: 201,
    });
    assert.equal(sends[3]!.detail.state, "unknown");
    assert.equal(sends[0]!.actor, s.manager.email);
    assert.deepEqual(
      rows.filter((r) => r.kind === "outbox_resolve").map((r) => r.detail.state),
      ["sent"],
    );
  });
});
