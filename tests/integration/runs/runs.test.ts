import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { control, liftHold, untilHeld, uvi } from "../../support/delivery";
import { freePort } from "../../support/server";
import { api } from "../../support/session";
import { sandboxSuite } from "../../support/suite";
import { until } from "../../support/until";

/**
 * Issue #45, one run module: a bulk confirmation and a hand-off are two kinds of one run (lib/runs). Each `POST` that
 * starts one names it by `Run-Id` (and still by its old header); `GET /api/runs/{id}` and `DELETE /api/runs/{id}`
 * answer for either kind, `GET /api/runs` lists them by scope and kind, another user's run is 404, and the older
 * addresses of each kind answer as they did (and 404 for a run of the other kind).
 */

const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Anschrift",
  "8301;Haus Eiche;Lage 1;;;;",
].join("\n");
const STATUS = "/arge/documents/v1/documents/out/*/status";
const SLOW = Array.from({ length: 30 }, (_, i) => `s-${i}`);
const smtpPort = await freePort();

type Run = {
  kind?: string;
  id: string;
  total: number;
  scope: string | null;
  connectionId?: string;
  cancelled: number;
  cancelRequested: boolean;
  finishedAt: string | null;
  ended: string | null;
  lines?: { documentid: string; state: string; filename?: string; message?: string }[];
  [count: string]: unknown;
};

describe("runs of either kind at one address", () => {
  const s = sandboxSuite(
    [uvi("h-1", "8301"), uvi("h-2", "8301"), uvi("c-1", "8301"), ...SLOW.map((id) => uvi(id, "8301"))],
    {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung <uvi@muster.example>",
      },
    },
  );
  const call = (path: string, init: Parameters<typeof api>[3] = {}, who?: Person) =>
    api((who ?? s.manager).session, s.server.url, path, init);
  const read = async <T>(path: string) => {
    const res = await call(path);
    assert.equal(res.status, 200, res.text);
    return res.body as T;
  };
  const ended = (id: string) =>
    until(
      () => read<Run>(`/api/runs/${id}`),
      (r) => r.finishedAt !== null,
      { everyMs: 100, tries: 150 },
    );
  let other: Person;
  let handoff = "";
  let confirm = "";

  before(async () => {
    other = await makeUser(s.server, "manager");
    const put = await call("/api/units", { method: "PUT", body: REGISTER, headers: { "content-type": "text/csv" } });
    assert.equal(put.status, 200, put.text);
    const h = await call("/api/handoffs", {
      method: "POST",
      json: {
        documents: ["h-1", "h-2"].map((documentid) => ({ connectionId: s.connectionId, documentid })),
        scope: "month:2026-10",
      },
    });
    assert.equal(h.status, 200, h.text);
    handoff = h.headers.get("Run-Id") ?? "";
    assert.match(handoff, /^[0-9a-f-]{36}$/);
    assert.equal(h.headers.get("Handoff-Run"), handoff, "the old header names the same run");
    const c = await call(`/api/connections/${s.connectionId}/confirmations`, {
      method: "POST",
      json: { documentids: ["c-1"], scope: "inbox" },
    });
    assert.equal(c.status, 200, c.text);
    confirm = c.headers.get("Run-Id") ?? "";
    assert.match(confirm, /^[0-9a-f-]{36}$/);
    assert.equal(c.headers.get("Confirmation-Run"), confirm, "the old header names the same run");
  });

  test("GET /api/runs/{id} reads a run of either kind, with its kind's counts and lines", async () => {
    const h = await ended(handoff);
    assert.deepEqual(
      [h.kind, h.total, h.sent, h.failed, h.skipped, h.cancelled, h.ended, h.scope],
      ["handoff", 2, 0, 0, 2, 0, "done", "month:2026-10"],
    );
    assert.deepEqual(
      h.lines?.map((l) => [l.documentid, l.state, l.filename]),
      [
        ["h-1", "skipped", "UVI_h-1.pdf"],
        ["h-2", "skipped", "UVI_h-2.pdf"],
      ],
    );
    const c = await ended(confirm);
    assert.deepEqual(
      [c.kind, c.connectionId, c.total, c.confirmed, c.failed, c.cancelled, c.ended, c.scope],
      ["confirm", s.connectionId, 1, 1, 0, 0, "done", "inbox"],
    );
    assert.equal(c.lines, undefined, "a confirmation keeps no lines: they are its answer's");
  });

  test("the older addresses answer as before, each for its own kind", async () => {
    const { kind: _kind, ...h } = await read<Run>(`/api/runs/${handoff}`);
    assert.deepEqual(await read<Run>(`/api/handoffs/runs/${handoff}`), h);
    assert.equal((await call(`/api/handoffs/runs/${confirm}`)).status, 404, "a confirmation is no hand-off");
    assert.equal((await call(`/api/handoffs/runs/${confirm}`, { method: "DELETE" })).status, 404);
    assert.equal((await call(`/api/confirmation-runs/${handoff}`, { method: "DELETE" })).status, 404);
    const oldConfirm = await call(`/api/confirmation-runs/${confirm}`, { method: "DELETE" });
    assert.equal(oldConfirm.status, 200, oldConfirm.text);
    const { kind: _k, ...c } = await read<Run>(`/api/runs/${confirm}`);
    assert.deepEqual(oldConfirm.body, c, "an ended run is answered as it stands");
    assert.deepEqual(
      (await read<{ runs: Run[] }>("/api/confirmation-runs?scope=inbox")).runs.map((r) => [r.id, r.kind]),
      [[confirm, undefined]],
    );
    assert.deepEqual(
      (await read<{ runs: Run[] }>("/api/handoffs/runs")).runs.map((r) => [r.id, r.kind]),
      [[handoff, undefined]],
    );
  });

  test("GET /api/runs lists the caller's runs by scope and kind", async () => {
    const list = async (query: string) =>
      (await read<{ runs: Run[] }>(`/api/runs${query}`)).runs.map((r) => [r.kind, r.id, r.scope]);
    const h = ["handoff", handoff, "month:2026-10"];
    const c = ["confirm", confirm, "inbox"];
    assert.deepEqual(await list(""), [h, c], "oldest first");
    assert.deepEqual(await list("?kind=confirm"), [c]);
    assert.deepEqual(await list("?kind=handoff"), [h]);
    assert.deepEqual(await list("?scope=inbox"), [c]);
    assert.deepEqual(await list("?scope=month:2026-10&kind=handoff"), [h]);
    assert.deepEqual(await list("?scope=month:2026-10&kind=confirm"), []);
    for (const bad of ["?kind=print", "?scope=elsewhere", "?other=1"])
      assert.equal((await call(`/api/runs${bad}`)).status, 400, bad);
  });

  test("another user's run is 404 at every address, and their list is empty", async () => {
    for (const id of [handoff, confirm]) {
      assert.equal((await call(`/api/runs/${id}`, {}, other)).status, 404);
      assert.equal((await call(`/api/runs/${id}`, { method: "DELETE" }, other)).status, 404);
    }
    assert.equal((await call(`/api/handoffs/runs/${handoff}`, {}, other)).status, 404);
    assert.equal((await call(`/api/confirmation-runs/${confirm}`, { method: "DELETE" }, other)).status, 404);
    assert.deepEqual((await call("/api/runs", {}, other)).body, { runs: [] });
    const bad = await call("/api/runs/not-a-uuid");
    assert.equal(bad.status, 404, bad.text);
    assert.equal((bad.body as { error: string }).error, "not_found");
  });

  test("DELETE /api/runs/{id} cancels a running run: what it had not begun is left out", async () => {
    await control(s.server, "PUT", "/faults", [{ method: "PUT", path: STATUS, hold: "put" }]);
    const res = await fetch(`${s.server.url}/api/connections/${s.connectionId}/confirmations`, {
      method: "POST",
      headers: { Cookie: s.manager.session.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ documentids: SLOW }),
    });
    assert.equal(res.status, 200);
    const id = res.headers.get("Run-Id") ?? "";
    // Under way: the provider holds its first PUT, and at most 8 are in flight.
    await untilHeld(s.server, "put");
    const cancel = await call(`/api/runs/${id}`, { method: "DELETE" });
    assert.equal(cancel.status, 200, cancel.text);
    assert.deepEqual([(cancel.body as Run).kind, (cancel.body as Run).cancelRequested], ["confirm", true]);
    await liftHold(s.server, "put");
    const text = await res.text();
    assert.equal((JSON.parse(text.trim().split("\n").at(-1)!) as { done?: boolean }).done, true, text);
    await control(s.server, "PUT", "/faults", []);
    const run = await ended(id);
    assert.equal(run.ended, "cancelled");
    assert.ok(run.cancelled > 0, `left out: ${run.cancelled}`);
    const counted = ["confirmed", "failed", "unknown", "pending"].reduce((n, c) => n + Number(run[c]), 0);
    assert.equal(counted + run.cancelled, SLOW.length, "every document is either counted or left out");
  });
});
