import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { sql } from "../../support/database";
import { control, inboxStates, ndjson, uvi } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { postPrint } from "../../support/print";
import { ADMIN, freePort } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";
import { list, put, recordMove } from "../../support/units";
import { until } from "../../support/until";

/**
 * Issue #46, four eyes over HTTP: a team with four eyes on and two managers. A hand-off waits as an open release;
 * its requester cannot approve it; a move in its unit voids it ("recipients") when the colleague approves; a new
 * request, approved by the colleague, runs as the requester's and the mail reaches the resident. A bulk confirmation
 * above the threshold waits, up to it runs at once; a single confirmation stays one click. Another team's member
 * neither lists nor approves the team's releases.
 */

const RESIDENT = { name: "Greta Vier", email: "greta.vier@example.de" };
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
  `9401;Haus Eiche;EG;${RESIDENT.name};${RESIDENT.email};E-Mail;01.03.2026 Formular;`,
  "9402;Haus Eiche;1. OG;Otto Zwei;otto.zwei@example.de;E-Mail;01.03.2026 Formular;",
  "9403;Haus Eiche;2. OG;Paula Post;;Post;;Eichenweg 3, 10115 Berlin",
].join("\n");
const PROOF = "/api/handoffs/proof.csv?property=Haus+Eiche&month=2026-10";

const smtpPort = await freePort();

type Release = {
  id: string;
  kind: string;
  state: string;
  mine: boolean;
  counts: { documents: number; units: number; residents: number };
  fingerprint: string;
  requestedBy: { id: string; name: string } | null;
  releasedBy?: { id: string; name: string };
  voidReason?: string;
  runId?: string;
};

describe("four eyes: releases", () => {
  const s = sandboxSuite(
    [
      uvi("v-1", "9401"),
      uvi("v-2", "9402"),
      uvi("p-1", "9403"),
      ...["c-1", "c-2", "c-3", "c-4", "c-5", "c-6", "c-7"].map((id) => uvi(id, "9402")),
    ],
    {
      synced: true,
      env: {
        SANDBOX_SMTP_PORT: String(smtpPort),
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
      },
    },
  );
  let colleague: Session;
  let colleagueId: string;
  let requesterId: string;
  let other: Person;
  let admin: Session;
  let teamId: string;
  const asker = () => s.manager.session;
  const handOff = (who: Session, documentid: string) =>
    api(who, s.server.url, "/api/handoffs", {
      method: "POST",
      json: { documents: [{ connectionId: s.connectionId, documentid }] },
    });
  const approve = (who: Session, id: string) =>
    api(who, s.server.url, `/api/releases/${id}/approve`, { method: "POST", json: {} });
  const releases = async (who: Session, query = "") => {
    const res = await api(who, s.server.url, `/api/releases${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body.releases as Release[];
  };
  const releaseOf = async (id: string) => (await releases(colleague)).find((r) => r.id === id);

  before(async () => {
    admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    const me = await api(asker(), s.server.url, "/api/me");
    assert.equal(me.status, 200, me.text);
    requesterId = me.body.id;
    teamId = me.body.team.id as string;
    const password = "pw-colleague-4eyes";
    const made = await api(admin, s.server.url, "/api/users", {
      method: "POST",
      json: { email: "kollegin-4eyes@example.com", name: "Kollegin Zwei", role: "manager", password, teamId },
    });
    assert.equal(made.status, 201, made.text);
    colleagueId = made.body.id;
    colleague = await mustSignIn(s.server.url, "kollegin-4eyes@example.com", password);
    other = await makeUser(s.server, "manager", admin);
    const imported = await put(asker(), s.server.url, REGISTER);
    assert.equal(imported.status, 200, imported.text);
    const on = await api(asker(), s.server.url, `/api/teams/${teamId}`, {
      method: "PATCH",
      json: { fourEyes: { enabled: true, minDocuments: 3 } },
    });
    assert.equal(on.status, 200, on.text);
    assert.deepEqual(on.body.fourEyes, { enabled: true, minDocuments: 3 });
  });

  test("a single confirmation stays one click with four eyes on", async () => {
    for (const id of ["v-1", "v-2", "p-1"]) {
      const res = await api(asker(), s.server.url, `/api/connections/${s.connectionId}/documents/${id}/status`, {
        method: "PUT",
        json: {},
      });
      assert.equal(res.status, 200, res.text);
    }
  });

  test("a hand-off waits; its requester cannot approve it; a move voids it naming the recipients", async () => {
    await control(s.server, "DELETE", "/mail");
    const asked = await handOff(asker(), "v-1");
    assert.equal(asked.status, 202, asked.text);
    const release = asked.body.release as Release;
    assert.equal(release.kind, "handoff");
    assert.equal(release.state, "open");
    assert.deepEqual(release.counts, { documents: 1, units: 1, residents: 1 });
    assert.match(release.fingerprint, /^[0-9a-f]{64}$/);
    assert.deepEqual(release.requestedBy, { id: requesterId, name: "Test manager" });
    assert.equal(release.mine, true);
    const seen = (await releases(colleague, "?state=open")).find((r) => r.id === release.id);
    assert.equal(seen?.mine, false, "the colleague sees it, not as theirs");
    assert.deepEqual(await keptMail(s.server), [], "nothing was handed on");

    const own = await approve(asker(), release.id);
    assert.equal(own.status, 403, own.text);
    assert.equal(own.body.error, "own_request");

    const unit = (await list(asker(), s.server.url)).units.find((u: { mscnumber: string }) => u.mscnumber === "9401");
    await recordMove(asker(), s.server.url, unit!.id, "2199-12-01", {
      firstName: "Nina",
      lastName: "Neu",
      email: "nina.neu@example.de",
    });
    const voided = await approve(colleague, release.id);
    assert.equal(voided.status, 409, voided.text);
    assert.equal(voided.body.error, "release_void");
    assert.equal(voided.body.reason, "recipients");
    assert.deepEqual(voided.body.changed, ["recipients"]);
    assert.match(voided.body.message, /Empfänger/);
    const after = await releaseOf(release.id);
    assert.equal(after?.state, "void");
    assert.equal(after?.voidReason, "recipients");
    assert.ok(!(await releases(colleague, "?state=open")).some((r) => r.id === release.id));
    assert.deepEqual(await keptMail(s.server), []);
  });

  test("a new request approved by the colleague runs as the requester's: the mail reaches the resident", async () => {
    await control(s.server, "DELETE", "/mail");
    const asked = await handOff(asker(), "v-1");
    assert.equal(asked.status, 202, asked.text);
    const id = (asked.body.release as Release).id;
    const approved = await approve(colleague, id);
    assert.equal(approved.status, 200, approved.text);
    assert.match(approved.body.runId, /^[0-9a-f-]{36}$/);
    assert.equal(approved.body.release.state, "released");
    assert.deepEqual(approved.body.release.releasedBy, { id: colleagueId, name: "Kollegin Zwei" });
    const done = await until(
      () => releaseOf(id),
      (r) => r?.state === "done",
    );
    assert.equal(done?.state, "done");
    assert.equal(done?.runId, approved.body.runId);
    const mail = await keptMail(s.server);
    assert.equal(mail.length, 1);
    assert.deepEqual(mail[0]!.to, [RESIDENT.email]);
    // The run is the requester's, listed for them as their own request's would be.
    const run = await api(asker(), s.server.url, `/api/runs/${approved.body.runId}`);
    assert.equal(run.status, 200, run.text);
    assert.equal(run.body.sent, 1);
    const again = await approve(colleague, id);
    assert.equal(again.status, 409, again.text);
    assert.equal(again.body.error, "release_not_open");
    const audit = await sql<{ kind: string; actor_id: string; detail: Record<string, unknown> }>(
      s.server,
      "SELECT kind, actor_id, detail FROM audit_events WHERE kind LIKE 'release.%' AND detail->>'releaseId' = $1 ORDER BY id",
      [id],
    );
    assert.deepEqual(
      audit.map((e) => [e.kind, e.actor_id]),
      [
        ["release.request", requesterId],
        ["release.approve", colleagueId],
      ],
    );
    // The proof of the month names who released the hand-off of the document.
    const proof = await fetch(`${s.server.url}${PROOF}`, { headers: { Cookie: asker().cookie } });
    assert.equal(proof.status, 200);
    assert.match(await proof.text(), /Weitergabe freigegeben von kollegin-4eyes@example\.com am/);
  });

  test("a print waits (asked again, the same release); once released, the next print is made and ends it", async () => {
    const body = { property: "Haus Eiche", month: "2026-10", senderAddress: "Musterweg 1, 20095 Hamburg" };
    const asked = await postPrint(asker(), body);
    assert.equal(asked.status, 202);
    const release = ((await asked.json()) as { release: Release }).release;
    assert.equal(release.kind, "print");
    assert.deepEqual(release.counts, { documents: 1, units: 1, residents: 1 });
    const again = await postPrint(colleague, body);
    assert.equal(again.status, 202);
    assert.equal(((await again.json()) as { release: Release }).release.id, release.id, "one release per month");
    const approved = await approve(colleague, release.id);
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.release.state, "released");
    assert.equal(approved.body.runId, undefined, "a print has no run: the next print makes it");
    const made = await postPrint(asker(), body);
    assert.equal(made.status, 200, await made.clone().text());
    assert.equal(made.headers.get("content-type"), "application/pdf");
    assert.equal((await releaseOf(release.id))?.state, "done");
    const next = await postPrint(asker(), body);
    assert.equal(next.status, 202, "a second print waits again");
  });

  test("a bulk confirmation above the threshold waits, up to it runs at once", async () => {
    const path = `/api/connections/${s.connectionId}/confirmations`;
    const upTo = await ndjson(asker(), s.server.url, path, { documentids: ["c-1", "c-2", "c-3", "c-3"] });
    assert.equal(upTo.status, 200, upTo.text);
    assert.deepEqual(upTo.lines.at(-1), { done: true, confirmed: 3, failed: 0, unknown: 0, pending: 0, cancelled: 0 });

    const above = ["c-4", "c-5", "c-6", "c-7"];
    const waits = await api(asker(), s.server.url, path, { method: "POST", json: { documentids: [...above, "c-7"] } });
    assert.equal(waits.status, 202, waits.text);
    const release = waits.body.release as Release;
    assert.equal(release.kind, "confirm");
    assert.deepEqual(release.counts, { documents: 4, units: 1, residents: 0 });
    const states = await inboxStates(asker(), s.server.url);
    assert.equal(states["c-4"], "open", "nothing was confirmed");

    const approved = await approve(colleague, release.id);
    assert.equal(approved.status, 200, approved.text);
    assert.ok(approved.body.runId);
    await until(
      () => releaseOf(release.id),
      (r) => r?.state === "done",
    );
    const after = await inboxStates(asker(), s.server.url);
    assert.deepEqual(
      above.map((id) => after[id]),
      Array(4).fill("confirmed"),
    );
  });

  test("another team's member neither lists nor approves the team's releases", async () => {
    const asked = await handOff(asker(), "v-2");
    assert.equal(asked.status, 202, asked.text);
    const id = (asked.body.release as Release).id;
    assert.ok(!(await releases(other.session)).some((r) => r.id === id));
    const res = await approve(other.session, id);
    assert.equal(res.status, 404, res.text);
    assert.equal(res.body.error, "not_found");
    assert.equal((await releaseOf(id))?.state, "open");
    const malformed = await approve(colleague, "not-a-uuid");
    assert.equal(malformed.status, 404, malformed.text);
  });

  test("a request whose requester left the team is void when approved ('requester')", async () => {
    const password = "pw-leaver-4eyes";
    const made = await api(admin, s.server.url, "/api/users", {
      method: "POST",
      json: { email: "leaver-4eyes@example.com", name: "Lea Geht", role: "manager", password, teamId },
    });
    assert.equal(made.status, 201, made.text);
    const leaver = await mustSignIn(s.server.url, "leaver-4eyes@example.com", password);
    const asked = await handOff(leaver, "v-2");
    assert.equal(asked.status, 202, asked.text);
    const otherTeam = (await api(other.session, s.server.url, "/api/me")).body.team.id as string;
    const moved = await api(admin, s.server.url, `/api/users/${made.body.id}`, {
      method: "PATCH",
      json: { teamId: otherTeam },
    });
    assert.equal(moved.status, 200, moved.text);
    const res = await approve(colleague, (asked.body.release as Release).id);
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.error, "release_void");
    assert.equal(res.body.reason, "requester");
    assert.equal((await releaseOf((asked.body.release as Release).id))?.voidReason, "requester");
  });

  test("the page 'Freigaben' lists the open request with its button for the colleague, none for its requester", async () => {
    const page = async (who: Session) => {
      const res = await fetch(`${s.server.url}/releases`, { headers: { Cookie: who.cookie } });
      assert.equal(res.status, 200);
      return res.text();
    };
    const mine = await page(asker());
    assert.match(mine, /Offene Anfragen/);
    assert.match(mine, /Ihre Anfrage wartet auf eine zweite Person/);
    assert.doesNotMatch(mine, /aria-label="Weitergabe an Bewohner von Test manager freigeben"/);
    assert.match(await page(colleague), /aria-label="Weitergabe an Bewohner von Test manager freigeben"/);
  });
});
