import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { setFaults } from "../../conformance/support";
import { control, liftHold, untilHeld, uvi } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { freePort } from "../../support/server";
import { api } from "../../support/session";
import { sandboxSuite } from "../../support/suite";
import { until } from "../../support/until";
import { makeUser } from "../../support/connections";

/**
 * Issue 24, the inbox's hand-off as a run that outlives the page: a `POST /api/handoffs` whose
 * client goes away at once still hands every document off (the mailbox holds each mail once), is
 * listed afterwards with counts that agree with its lines, and the inbox answer carries each
 * document's hand-off state and whether it is archived. A document never opened is archived by the
 * hand-off itself (issue #35). A run can be cancelled (`DELETE /api/handoffs/runs/{id}`): the documents
 * it had not begun are neither mailed nor recorded. A run whose instance dies is ended as `instance_ended`.
 */

const RESIDENTS = ["a.eins", "b.zwei", "c.drei", "d.vier"].map((n) => `${n}@example.de`);
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
  ...RESIDENTS.map((email, i) => `810${i};Haus Linde;Lage ${i};Bewohner ${i};${email};E-Mail;01.03.2026 Formular;`),
  "8109;Haus Linde;Keller;;;;;",
].join("\n");
const HANDED = ["r-0", "r-1", "r-2", "r-3"];
// Handed off by a run that is cancelled while it mails the second of them.
const STOPPED = ["x-0", "x-1", "x-2", "x-3"];

type Run = {
  id: string;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  cancelled: number;
  finishedAt: string | null;
  cancelRequested: boolean;
  ended: string | null;
};
type RunDetail = Run & { lines: { documentid: string; state: string; channel: string | null; message?: string }[] };
type InboxDoc = {
  documentid: string;
  archived: boolean;
  handoff: { state: string; channel: string; at: string } | null;
};

const smtpPort = await freePort();

describe("hand-off runs", () => {
  const s = sandboxSuite(
    [
      ...HANDED.map((id, i) => uvi(id, `810${i}`)),
      uvi("r-9", "8109"),
      uvi("r-open", "8100", "2026-09"),
      uvi("r-unread", "8101", "2026-09"),
      ...STOPPED.map((id, i) => uvi(id, `810${i}`, "2026-08")),
    ],
    {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung <uvi@muster.example>",
      },
    },
  );
  const doc = (documentid: string) => ({ connectionId: s.connectionId, documentid });
  const get = async <T>(path: string) => {
    const res = await api(s.manager.session, s.server.url, path);
    assert.equal(res.status, 200, res.text);
    return res.body as T;
  };

  before(async () => {
    const put = await api(s.manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    // Confirmed: their bytes are archived. `r-open` and `r-unread` stay open and unread, so not archived.
    for (const id of [...HANDED, "r-9"]) {
      const res = await api(
        s.manager.session,
        s.server.url,
        `/api/connections/${s.connectionId}/documents/${id}/status`,
        { method: "PUT", json: {} },
      );
      assert.equal(res.status, 200, res.text);
    }
  });

  test("the run goes on after its client has gone, hands each document off once, and is listed with counts that agree", async () => {
    await control(s.server, "DELETE", "/mail");
    // The mails wait at the mailbox until the client has gone: the run is under way when it goes.
    await setFaults(s.server, [{ smtp: "DATA", hold: "mail", times: HANDED.length }]);
    const abort = new AbortController();
    const res = await fetch(`${s.server.url}/api/handoffs`, {
      method: "POST",
      signal: abort.signal,
      headers: { Cookie: s.manager.session.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ documents: [...HANDED, "r-9", "r-open", "r-0"].map(doc) }),
    });
    assert.equal(res.status, 200);
    const id = res.headers.get("Handoff-Run");
    assert.ok(id, "the answer names its run");
    await untilHeld(s.server, "mail");
    abort.abort();
    await liftHold(s.server, "mail");

    const run = await until(
      () => get<RunDetail>(`/api/handoffs/runs/${id}`),
      (r) => Boolean(r.finishedAt),
      { tries: 120, everyMs: 250 },
    );
    await setFaults(s.server, []);
    assert.ok(run?.finishedAt, "the run ended");
    assert.equal(run.ended, "done");
    assert.deepEqual([run.total, run.sent, run.failed, run.skipped], [6, 5, 0, 1]);
    assert.deepEqual(
      run.lines.map((l) => [l.documentid, l.state]),
      [...HANDED.map((d) => [d, "sent"]), ["r-9", "skipped"], ["r-open", "sent"]],
      "the unread `r-open` is fetched and archived by the hand-off, then sent",
    );
    const count = (state: string) => run!.lines.filter((l) => l.state === state).length;
    assert.deepEqual(
      [count("sent"), count("failed"), count("skipped")],
      [run.sent, run.failed, run.skipped],
      "the counts agree with the lines",
    );
    assert.match(String(run.lines[4]!.message), /kein Bewohner eingetragen/);

    const mails = await keptMail(s.server);
    assert.deepEqual(
      mails.map((m) => m.to[0]).sort(),
      [...RESIDENTS, RESIDENTS[0]!].sort(),
      "each document's mail, once: the first resident receives two",
    );

    const { runs } = await get<{ runs: Run[] }>("/api/handoffs/runs");
    const listed = runs.find((r) => r.id === id);
    assert.deepEqual(listed && [listed.total, listed.sent, listed.failed, listed.skipped, listed.ended], [
      6,
      5,
      0,
      1,
      "done",
    ]);
  });

  test("the inbox answer carries each document's hand-off to its present resident and whether it is archived", async () => {
    const inbox = await get<{ groups: { documents: InboxDoc[] }[] }>("/api/inbox?limit=50");
    const docs = new Map(inbox.groups.flatMap((g) => g.documents).map((d) => [d.documentid, d]));
    for (const id of HANDED) {
      const d = docs.get(id);
      assert.equal(d?.archived, true, id);
      assert.equal(d?.handoff?.state, "sent", id);
      assert.equal(d?.handoff?.channel, "email", id);
      assert.ok(!Number.isNaN(Date.parse(d!.handoff!.at)), d!.handoff!.at);
    }
    assert.deepEqual(
      [docs.get("r-9")?.archived, docs.get("r-9")?.handoff],
      [true, null],
      "no resident: not handed off",
    );
    assert.deepEqual(
      [docs.get("r-open")?.archived, docs.get("r-open")?.handoff?.state],
      [true, "sent"],
      "archived by its hand-off",
    );
    assert.deepEqual([docs.get("r-unread")?.archived, docs.get("r-unread")?.handoff], [false, null]);
  });

  test("another user's run answers 404 like a missing one", async () => {
    const { runs } = await get<{ runs: Run[] }>("/api/handoffs/runs");
    const other = await makeUser(s.server, "manager");
    const res = await api(other.session, s.server.url, `/api/handoffs/runs/${runs[0]!.id}`);
    assert.equal(res.status, 404);
    assert.deepEqual((await api(other.session, s.server.url, "/api/handoffs/runs")).body, { runs: [] });
  });

  test("a cancel stops the run before its next document: those not begun are neither mailed nor recorded", async () => {
    await control(s.server, "DELETE", "/mail");
    // The first mail goes out; the second waits at the mailbox: the cancel comes while the run sends it.
    await setFaults(s.server, [
      { smtp: "DATA", hold: "first", times: 1 },
      { smtp: "DATA", hold: "rest", times: STOPPED.length - 1 },
    ]);
    await liftHold(s.server, "first");
    const res = await fetch(`${s.server.url}/api/handoffs`, {
      method: "POST",
      headers: { Cookie: s.manager.session.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ documents: STOPPED.map(doc) }),
    });
    assert.equal(res.status, 200);
    const id = res.headers.get("Handoff-Run");
    assert.ok(id);
    const answer = res.text();
    let run = await get<RunDetail>(`/api/handoffs/runs/${id}`);
    for (let i = 0; i < 200 && run.lines.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      run = await get<RunDetail>(`/api/handoffs/runs/${id}`);
    }
    assert.equal(run.lines.length, 1, "the first document is handed off, the second under way");
    await untilHeld(s.server, "rest");
    const cancel = await api(s.manager.session, s.server.url, `/api/handoffs/runs/${id}`, { method: "DELETE" });
    assert.equal(cancel.status, 200, cancel.text);
    assert.equal((cancel.body as Run).cancelRequested, true);
    await liftHold(s.server, "rest");

    const last = JSON.parse((await answer).trim().split("\n").at(-1)!) as Record<string, unknown>;
    await setFaults(s.server, []);
    run = await get<RunDetail>(`/api/handoffs/runs/${id}`);
    assert.equal(run.ended, "cancelled");
    assert.ok(run.lines.length >= 1 && run.cancelled >= 1, JSON.stringify(run));
    assert.equal(run.lines.length + run.cancelled, STOPPED.length, "every document is either handed off or left out");
    assert.deepEqual([run.sent, run.failed, run.skipped], [run.lines.length, 0, 0]);
    assert.deepEqual(last, { done: true, sent: run.sent, failed: 0, skipped: 0, cancelled: run.cancelled });

    const begun = run.lines.map((l) => l.documentid);
    assert.deepEqual(begun, STOPPED.slice(0, begun.length), "the documents are begun in the order asked");
    const mails = await keptMail(s.server);
    assert.deepEqual(
      mails.map((m) => m.to[0]).sort(),
      RESIDENTS.slice(0, begun.length).sort(),
      "a mail for each document begun (the one under way finished), none for the rest",
    );
    const inbox = await get<{ groups: { documents: InboxDoc[] }[] }>("/api/inbox?limit=50");
    const docs = new Map(inbox.groups.flatMap((g) => g.documents).map((d) => [d.documentid, d]));
    for (const d of STOPPED)
      assert.equal(docs.get(d)?.handoff?.state ?? null, begun.includes(d) ? "sent" : null, `${d}'s hand-off record`);

    const again = await api(s.manager.session, s.server.url, `/api/handoffs/runs/${id}`, { method: "DELETE" });
    assert.equal(again.status, 200, "an ended run is answered as it stands");
    const ended = again.body as Run;
    assert.deepEqual([ended.ended, ended.cancelled, ended.finishedAt], [run.ended, run.cancelled, run.finishedAt]);
    const other = await makeUser(s.server, "manager");
    const foreign = await api(other.session, s.server.url, `/api/handoffs/runs/${id}`, { method: "DELETE" });
    assert.equal(foreign.status, 404);
  });

  test("a run cut off by a crash is ended when the instance is known dead", async () => {
    // The mails wait at the mailbox until the crash: it comes before the second.
    await setFaults(s.server, [{ smtp: "DATA", hold: "mail", times: 2 }]);
    const res = await fetch(`${s.server.url}/api/handoffs`, {
      method: "POST",
      headers: { Cookie: s.manager.session.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ documents: [doc("r-1"), doc("r-2")], again: true }),
    });
    const id = res.headers.get("Handoff-Run");
    assert.ok(id);
    await s.server.crash();
    await res.body?.cancel().catch(() => undefined);
    await s.server.restart();
    await setFaults(s.server, []);
    const run = await get<RunDetail>(`/api/handoffs/runs/${id}`);
    assert.equal(run.ended, "instance_ended");
    assert.notEqual(run.finishedAt, null);
    assert.ok(run.lines.length < 2, "it had not come to its second document");
  });
});
