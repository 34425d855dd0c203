import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { sql } from "../../support/database";
import {
  SANDBOX_BASIC,
  assertInboxCountsAgree,
  inboxStates,
  mustSync,
  ndjson,
  putsOf,
  requestsLog,
  uvi,
} from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { ADMIN, freePort } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";
import { list, put } from "../../support/units";

/**
 * Issue #46, "Existing data": an admin merges two teams over HTTP. Each team has a manager, a register (one unit
 * with the same history in both, one whose resident differs, one of its own) and a connection to the same sandbox
 * account (twins); each confirmed and handed on something. After the merge the answer counts what was joined and
 * lists the conflict with the other side's rows; the merged-away team is empty; its manager works on the kept team's
 * data; a second sync and a hand-off run confirm and send nothing again. Refusals: 403 for a manager and support,
 * 404 for an unknown team, 400 for a team merged into itself.
 */

const smtpPort = await freePort();
const HEADER = "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift";
const EQUAL = "9501;Haus Linde;EG;Erna Gleich;erna.gleich@example.de;E-Mail;01.03.2026 Formular;";
const INTO = [
  HEADER,
  EQUAL,
  "9502;Haus Linde;1. OG;Karl Anders;karl@example.de;E-Mail;01.03.2026 Formular;",
  "9504;Haus Linde;3. OG;Ina Hier;ina@example.de;E-Mail;01.03.2026 Formular;",
];
const FROM = [
  HEADER,
  EQUAL,
  "9502;Haus Linde;1. OG;Konrad Dort;konrad@example.de;E-Mail;01.03.2026 Formular;",
  "9503;Haus Linde;2. OG;Fritz Weg;fritz@example.de;E-Mail;01.03.2026 Formular;",
];
const DOCS: [string, string][] = [
  ["e-from", "9501"],
  ["e-into", "9501"],
  ["k-from", "9502"],
  ["a-from", "9503"],
  ["c-from", "9503"],
  ["b-into", "9504"],
  ["c-into", "9504"],
];

type Conflict = {
  unitKey: string;
  label: string | null;
  property: string | null;
  rows: Record<string, string | null>[];
};

describe("team merge", () => {
  const s = sandboxSuite(
    DOCS.map(([id, msc]) => uvi(id, msc)),
    {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
      },
    },
  );
  let admin: Session;
  let fromManager: Person;
  let fromConnection: string;
  let intoTeam: string;
  let openRelease: string;
  let fromTeam: string;
  const into = () => s.manager.session;
  const confirm = (who: Session, connectionId: string, ids: string[]) =>
    Promise.all(
      ids.map(async (id) => {
        const res = await api(who, s.server.url, `/api/connections/${connectionId}/documents/${id}/status`, {
          method: "PUT",
          json: {},
        });
        assert.equal(res.status, 200, res.text);
      }),
    );
  const handOff = (who: Session, connectionId: string, ids: string[]) =>
    ndjson(who, s.server.url, "/api/handoffs", { documents: ids.map((documentid) => ({ connectionId, documentid })) });
  const merge = (who: Session, id: string, from: unknown) =>
    api(who, s.server.url, `/api/teams/${id}/merge`, { method: "POST", json: { from } });
  const texts = (who: Session, property: string | null, init?: { method: string; json: unknown }) =>
    api(
      who,
      s.server.url,
      `/api/handoffs/texts${property === null ? "" : `?property=${encodeURIComponent(property)}`}`,
      init,
    );
  const teamOf = async (who: Session) => (await api(who, s.server.url, "/api/me")).body.team.id as string;

  before(async () => {
    admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    fromManager = await makeUser(s.server, "manager", admin);
    [intoTeam, fromTeam] = [await teamOf(into()), await teamOf(fromManager.session)];
    fromConnection = (
      await addConnection(s.server, fromManager.session, {
        service: "uvi",
        baseUrl: `${s.server.url}/arge`,
        auth: SANDBOX_BASIC,
      })
    ).id;
    await mustSync(fromManager.session, s.server.url, fromConnection);
    assert.equal((await put(into(), s.server.url, INTO.join("\n"))).status, 200);
    assert.equal((await put(fromManager.session, s.server.url, FROM.join("\n"))).status, 200);
    await confirm(into(), s.connectionId, ["e-into", "b-into", "c-into"]);
    await confirm(fromManager.session, fromConnection, ["e-from", "k-from", "a-from", "c-from"]);
    const intoRun = await handOff(into(), s.connectionId, ["e-into"]);
    assert.equal(intoRun.lines.at(-1)!.sent, 1, intoRun.text);
    const fromRun = await handOff(fromManager.session, fromConnection, ["e-from", "k-from", "a-from"]);
    assert.equal(fromRun.lines.at(-1)!.sent, 3, fromRun.text);
    // Texts: both teams have one for Haus Linde, only `from` one for every property.
    for (const [who, property, subject] of [
      [into(), "Haus Linde", "Bleibt {monat}"],
      [fromManager.session, "Haus Linde", "Geht {monat}"],
      [fromManager.session, null, "Alle {monat}"],
    ] as const) {
      const res = await texts(who, property, { method: "PUT", json: { subject, body: "Guten Tag {bewohner}" } });
      assert.equal(res.status, 200, res.text);
    }
    // An open release of `from` (four eyes on there).
    const on = await api(fromManager.session, s.server.url, `/api/teams/${fromTeam}`, {
      method: "PATCH",
      json: { fourEyes: { enabled: true, minDocuments: 3 } },
    });
    assert.equal(on.status, 200, on.text);
    const asked = await api(fromManager.session, s.server.url, "/api/handoffs", {
      method: "POST",
      json: { documents: [{ connectionId: fromConnection, documentid: "c-from" }] },
    });
    assert.equal(asked.status, 202, asked.text);
    openRelease = asked.body.release.id;
  });

  test("refusals: a manager and support 403, an unknown team 404, the same team 400", async () => {
    assert.equal((await merge(into(), intoTeam, fromTeam)).status, 403);
    const support = await makeUser(s.server, "support", admin);
    assert.equal((await merge(support.session, intoTeam, fromTeam)).status, 403);
    for (const [id, from] of [
      [randomUUID(), fromTeam],
      [intoTeam, randomUUID()],
    ]) {
      const res = await merge(admin, id!, from);
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.error, "not_found");
    }
    const same = await merge(admin, intoTeam, intoTeam);
    assert.equal(same.status, 400, same.text);
    assert.equal(same.body.error, "same_team");
    assert.match(same.body.message, /mit sich selbst/);
    const loose = await api(admin, s.server.url, `/api/teams/${intoTeam}/merge`, {
      method: "POST",
      json: { from: fromTeam, extra: true },
    });
    assert.equal(loose.status, 400, loose.text);
    assert.equal((await teamOf(fromManager.session)) === fromTeam, true, "nothing merged by a refusal");
  });

  test("the merge joins the registers and the twin connections and lists the conflict with the other side's rows", async () => {
    const mailBefore = (await keptMail(s.server)).length;
    const putsBefore = await requestsLog(s.server);
    const res = await merge(admin, intoTeam, fromTeam);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.units.merged, 2, "9503 moved, 9501 equal");
    assert.equal(res.body.connections.merged, 1);
    const conflicts = res.body.units.conflicts as Conflict[];
    assert.equal(conflicts.length, 1, res.text);
    assert.match(conflicts[0]!.unitKey, /9502/);
    assert.equal(conflicts[0]!.label, "1. OG");
    assert.equal(conflicts[0]!.property, "Haus Linde");
    assert.equal(conflicts[0]!.rows.length, 1);
    const row = conflicts[0]!.rows[0]!;
    assert.equal(row["Nutzeinheit"], "9502");
    assert.equal(row["E-Mail"], "konrad@example.de");
    assert.match(`${row["Bewohner"]} ${row["Vorname"]} ${row["Nachname"]}`, /Dort/);

    // The merged-away team is empty; its row stays.
    const emptied = ["users", "units", "connections", "handoff_texts", "register_settings", "releases"];
    for (const table of [...emptied, "property_responsibility"]) {
      const [n] = await sql<{ n: number }>(s.server, `SELECT count(*)::int AS n FROM ${table} WHERE team_id = $1`, [
        fromTeam,
      ]);
      assert.equal(n!.n, 0, table);
    }
    const teams = await api(admin, s.server.url, "/api/teams");
    assert.deepEqual(teams.body.find((t: { id: string }) => t.id === fromTeam)?.members, []);
    const [twin] = await sql<{ deleted: boolean; team_id: string }>(
      s.server,
      "SELECT deleted_at IS NOT NULL AS deleted, team_id FROM connections WHERE id = $1",
      [fromConnection],
    );
    assert.deepEqual(twin, { deleted: true, team_id: intoTeam });

    // The moved manager works on the kept team's register; the kept manager sees the moved unit; the conflict's
    // unit stays as the kept team had it.
    assert.equal(await teamOf(fromManager.session), intoTeam);
    for (const who of [into(), fromManager.session]) {
      const units = (await list(who, s.server.url)).units;
      assert.deepEqual(units.map((u) => u.mscnumber).sort(), ["9501", "9502", "9503", "9504"]);
      assert.equal(units.find((u) => u.mscnumber === "9502")!.resident!.name, "Karl Anders");
    }
    // Every document confirmed on either side is confirmed through the kept connection.
    const states = await inboxStates(into(), s.server.url);
    assert.deepEqual(
      DOCS.map(([id]) => [id, states[id]]),
      DOCS.map(([id]) => [id, "confirmed"]),
    );
    const [audit] = await sql<{ detail: Record<string, unknown> }>(
      s.server,
      "SELECT detail FROM audit_events WHERE kind = 'team.merge'",
    );
    assert.equal(audit!.detail.connectionsMerged, 1);
    assert.doesNotMatch(JSON.stringify(audit!.detail), /Konrad|Erna|Karl|Fritz|example\.de/);

    // The kept team's text wins on its property, the other one's for every property moved; the open release is void.
    const linde = await texts(fromManager.session, "Haus Linde");
    assert.deepEqual([linde.body.source, linde.body.subject], ["property", "Bleibt {monat}"]);
    const ahorn = await texts(into(), "Haus Ahorn");
    assert.deepEqual([ahorn.body.source, ahorn.body.subject], ["all", "Alle {monat}"]);
    const released = (await api(into(), s.server.url, "/api/releases")).body.releases as {
      id: string;
      state: string;
      voidReason?: string;
    }[];
    const release = released.find((r) => r.id === openRelease);
    assert.deepEqual([release?.state, release?.voidReason], ["void", "team_merged"]);
    await assertInboxCountsAgree(into(), s.server.url, ["2026-10"]);

    // The proof of the month lists the deliveries of both sides under the kept connection and units: handed on to the
    // kept tenancy where the histories were equal (or the unit moved); to a resident the kept unit does not know where
    // they differed, with the proof kept.
    const proof = await fetch(`${s.server.url}/api/handoffs/proof.csv?property=Haus+Linde&month=2026-10`, {
      headers: { Cookie: into().cookie },
    });
    assert.equal(proof.status, 200);
    const csv = await proof.text();
    const lines = new Map(
      csv
        .split("\r\n")
        .map((line) => line.split(";"))
        .map((cells) => [cells[3], { at: cells[8], evidence: cells[10] }]),
    );
    for (const id of ["e-from", "e-into", "a-from"]) assert.ok(lines.get(id)?.at, `${id} handed on: ${csv}`);
    assert.match(lines.get("k-from")?.evidence ?? "", /E-Mail versandt am .* an Bewohner \(ohne Namen\)/, csv);

    // A second sync and a hand-off run repeat nothing confirmed or handed on before.
    await mustSync(into(), s.server.url, s.connectionId);
    const after = await inboxStates(into(), s.server.url);
    assert.deepEqual(
      DOCS.map(([id]) => after[id]),
      DOCS.map(() => "confirmed"),
    );
    const again = await handOff(into(), s.connectionId, ["e-from", "e-into", "a-from"]);
    assert.deepEqual(
      again.lines.slice(0, -1).map((l) => [l.documentid, l.state]),
      [
        ["e-from", "skipped"],
        ["e-into", "skipped"],
        ["a-from", "skipped"],
      ],
      again.text,
    );
    for (const line of again.lines.slice(0, -1)) assert.match(String(line.message), /Schon an diesen Bewohner/);
    assert.equal((await keptMail(s.server)).length, mailBefore, "no mail sent again");
    const putsAfter = await requestsLog(s.server);
    for (const [id] of DOCS) assert.equal(putsOf(putsAfter, id), putsOf(putsBefore, id), `${id} not confirmed again`);
  });
});
