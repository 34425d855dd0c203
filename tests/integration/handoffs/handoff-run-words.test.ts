import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { uvi } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { freePort } from "../../support/server";
import { until } from "../../support/until";
import { api } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Issue #50, runs and words: a run belongs to the page that started it (`scope`: `GET .../runs?scope=` lists that
 * page's runs only), its record names each document by its file (a reloaded page shows names, not ids), and a
 * skipped document's reason is kept as a code, read in each reader's language; a line kept as words before that is
 * shown as it was written. Each e-mail is a detail of the hand-off's one access line, at debug.
 */

const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
  "8201;Haus Ahorn;Lage 1;;;;;",
  "8202;Haus Ahorn;Lage 2;Erika Weiß;erika@example.de;E-Mail;01.03.2026 Formular;",
].join("\n");
const smtpPort = await freePort();

type Line = { documentid: string; state: string; message?: string; filename?: string };
type Run = { id: string; scope: string | null; finishedAt: string | null; lines: Line[] };

describe("hand-off runs: their page and their words", () => {
  const s = sandboxSuite(
    [uvi("w-1", "8201"), uvi("w-2", "8201"), uvi("c-1", "8201"), uvi("c-2", "8201"), uvi("m-1", "8202")],
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
  const read = async <T>(path: string, language = "de") => {
    const res = await api(s.manager.session, s.server.url, path, { headers: { "Accept-Language": language } });
    assert.equal(res.status, 200, res.text);
    return res.body as T;
  };
  const finished = async (id: string, language = "de") => {
    const run = await until(
      () => read<Run>(`/api/handoffs/runs/${id}`, language),
      (r) => Boolean(r.finishedAt),
      { everyMs: 100, tries: 100 },
    );
    assert.ok(run.finishedAt, "the run ended");
    return run;
  };
  let monthRun = "";

  before(async () => {
    const put = await api(s.manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    // Started by a German reader on the month page of October.
    const res = await api(s.manager.session, s.server.url, "/api/handoffs", {
      method: "POST",
      json: { documents: [doc("w-1"), doc("w-2")], scope: "month:2026-10" },
      headers: { "Accept-Language": "de" },
    });
    assert.equal(res.status, 200, res.text);
    monthRun = res.headers.get("Handoff-Run") ?? "";
    assert.ok(monthRun);
  });

  test("a run is listed on the page of its scope only", async () => {
    await finished(monthRun);
    const ids = async (query: string) =>
      (await read<{ runs: Run[] }>(`/api/handoffs/runs${query}`)).runs.map((r) => [r.id, r.scope]);
    assert.deepEqual(await ids("?scope=month:2026-10"), [[monthRun, "month:2026-10"]]);
    assert.deepEqual(await ids("?scope=inbox"), [], "the inbox does not show the month page's run");
    assert.deepEqual(await ids("?scope=month:2026-09"), [], "nor does another month's page");
    assert.deepEqual(await ids(""), [[monthRun, "month:2026-10"]], "unasked, every run is listed");
    const bad = await api(s.manager.session, s.server.url, "/api/handoffs/runs?scope=elsewhere");
    assert.equal(bad.status, 400, bad.text);
  });

  test("a confirmation run is listed on the page of its scope only", async () => {
    const res = await api(s.manager.session, s.server.url, `/api/connections/${s.connectionId}/confirmations`, {
      method: "POST",
      json: { documentids: ["c-1", "c-2"], scope: "inbox" },
    });
    assert.equal(res.status, 200, res.text);
    const id = res.headers.get("Confirmation-Run");
    const scoped = async (scope: string) =>
      (await read<{ runs: Run[] }>(`/api/confirmation-runs?scope=${scope}`)).runs.map((r) => r.id);
    assert.deepEqual(await scoped("inbox"), [id]);
    assert.deepEqual(await scoped("month:2026-10"), [], "the month page does not show the inbox's run");
  });

  test("the record names each document by its file, and its reason in the reader's language", async () => {
    const german = await finished(monthRun, "de");
    assert.deepEqual(
      german.lines.map((l) => [l.documentid, l.state, l.filename]),
      [
        ["w-1", "skipped", "UVI_w-1.pdf"],
        ["w-2", "skipped", "UVI_w-2.pdf"],
      ],
    );
    assert.equal(german.lines[0]!.message, "Für diese Nutzeinheit ist kein Bewohner eingetragen.");
    const english = await finished(monthRun, "en");
    assert.equal(
      english.lines[0]!.message,
      "No resident is registered for this usage unit.",
      "a German run's reason, read by an English reader, is English",
    );
  });

  test("a line kept as words before reasons were codes is shown as it was written", async () => {
    await s.server.query("UPDATE run_lines SET reason = NULL, message = $1 WHERE run_id = $2 AND seq = 1", [
      "Alte Begründung.",
      monthRun,
    ]);
    const english = await finished(monthRun, "en");
    assert.deepEqual(
      english.lines.map((l) => l.message),
      ["No resident is registered for this usage unit.", "Alte Begründung."],
    );
  });

  test("a hand-off by e-mail writes its one access line; the e-mail itself is a debug line", async () => {
    const since = s.server.output().length;
    const res = await api(s.manager.session, s.server.url, "/api/handoffs", {
      method: "POST",
      json: { documents: [doc("m-1")], scope: "inbox" },
    });
    assert.equal(res.status, 200, res.text);
    const run = await finished(res.headers.get("Handoff-Run") ?? "");
    assert.deepEqual(
      run.lines.map((l) => l.state),
      ["sent"],
    );
    assert.equal((await keptMail(s.server)).length, 1);
    // The run's mail was sent before it ended; its request's access line is written once the answer is done.
    const written = await until(
      async () => s.server.output().slice(since),
      (out) => /POST \/api\/handoffs 200|"route":"\/api\/handoffs"/.test(out),
      { everyMs: 20, tries: 250 },
    );
    assert.match(written, /POST \/api\/handoffs 200|"route":"\/api\/handoffs"/, written);
    assert.doesNotMatch(written, /e-mail sent/, "no info line per e-mail");
  });
});
