/** The access matrix's rows that write, the admins' routes, and what destroys: tests/integration/teams/team-access.test.ts. */
import assert from "node:assert/strict";
import { conn, doc, insiders, outboxForm, TEAM, writeOwn, type Answer, type Row } from "./access-matrix";
import { SANDBOX_BASIC } from "./delivery";
import { MONTH, PROPERTY, SINCE, SUBJECT, type Fixtures } from "./team-access";

/** What changes team A's data, then the admins' routes, then what destroys (DELETE), each after the reads. */
export const WRITES: Row[] = [
  {
    op: "POST /api/connections",
    kind: "team",
    req: (fx) => ({
      path: "/api/connections",
      method: "POST",
      json: { name: "Zweiter Zugang", service: "uvi", baseUrl: `${fx.url}/arge`, auth: SANDBOX_BASIC },
    }),
    expect: {
      support: 403,
      member: (res, fx) => {
        assert.equal(res.status, 409, res.text);
        assert.deepEqual([res.body.error, res.body.connectionId], ["duplicate_connection", fx.conn]);
      },
      ...Object.fromEntries(
        (["other", "removed", "admin"] as const).map((who) => [
          who,
          (res: Answer, fx: Fixtures) => {
            assert.ok(res.status === 201 || res.status === 409, `${who}: ${res.text}`);
            assert.notEqual(res.body.connectionId, fx.conn, `${who}: A's connection named`);
          },
        ]),
      ),
    },
    note: "the same provider account: a duplicate within A (naming A's), not for anyone outside A",
  },
  {
    op: "PATCH /api/connections/{id}",
    kind: "team",
    req: (fx) => ({ path: conn(fx), method: "PATCH", json: { name: "Gemeinsamer Zugang" } }),
    expect: { ...TEAM, member: 403, owner: "ok" },
    // The contract says "the owner or an admin"; lib/connections/with-connection.ts admits only connections the caller
    // works through, so an admin of another team gets 404 here (docs/api.md: "another team's: 404"); the admin's way
    // to another team's connection is the transfer.
    note: "settings are the owner's (or an admin's within the team): a member gets 403; an admin of another team 404",
  },
  {
    op: "POST /api/connections/{id}/test",
    kind: "team",
    req: (fx) => ({ path: conn(fx, "/test"), method: "POST" }),
    expect: TEAM,
  },
  {
    op: "POST /api/connections/{id}/sync",
    kind: "team",
    req: (fx) => ({ path: conn(fx, "/sync"), method: "POST" }),
    expect: TEAM,
  },
  {
    op: "PUT /api/connections/{id}/documents/{documentid}/status",
    kind: "team",
    req: (fx) => ({ path: doc(fx, "/status"), method: "PUT" }),
    expect: TEAM,
  },
  {
    op: "POST /api/connections/{id}/confirmations",
    kind: "team",
    req: (fx) => ({ path: conn(fx, "/confirmations"), method: "POST", json: { documentids: [fx.doc] } }),
    expect: TEAM,
    note: "one document, under the team's threshold of four eyes: it runs",
  },
  {
    op: "POST /api/connections/{id}/outbox",
    kind: "team",
    req: (fx) => ({ path: `/api/connections/${fx.dta}/outbox`, method: "POST", form: outboxForm }),
    expect: TEAM,
    ok: [201],
  },
  {
    op: "PATCH /api/connections/{id}/outbox/{itemId}",
    kind: "team",
    req: (fx) => ({
      path: `/api/connections/${fx.dta}/outbox/${fx.outboxItem}`,
      method: "PATCH",
      json: { state: "sent" },
    }),
    expect: TEAM,
    ok: [200, 409],
    note: "409 not_unknown: the item was sent, so there is nothing to settle; the route reached it",
  },
  {
    op: "PUT /api/units",
    kind: "team",
    req: () => ({
      path: "/api/units?dryRun=1",
      method: "PUT",
      csv: `Nutzeinheit;Liegenschaft\r\n4601001;${PROPERTY}\r\n`,
    }),
    expect: {
      support: 403,
      member: (res) => assert.equal(res.status === 200 && res.body.created, 0, `member: ${res.text}`),
      ...Object.fromEntries(
        (["other", "removed", "admin"] as const).map((who) => [
          who,
          (res: Answer) => assert.equal(res.status === 200 && res.body.created, 1, `${who}: ${res.text}`),
        ]),
      ),
    },
    note: "a dry run: A's unit is known to A's register only, new to anyone else's",
  },
  {
    op: "PUT /api/units/settings",
    kind: "team",
    req: (_fx, who) => ({
      path: "/api/units/settings",
      method: "PUT",
      json: { since: insiders(who) ? SINCE : "2018-01-01" },
    }),
    expect: writeOwn("/api/units/settings", "since", SINCE),
  },
  {
    op: "PATCH /api/units/{id}",
    kind: "team",
    req: (fx) => ({ path: `/api/units/${fx.unit}`, method: "PATCH", json: { label: "3. OG rechts" } }),
    expect: TEAM,
  },
  {
    op: "POST /api/units/{id}/tenancies",
    kind: "team",
    req: (fx) => ({
      path: `/api/units/${fx.unit}/tenancies`,
      method: "POST",
      json: { moveIn: "2099-01-01", resident: null },
    }),
    expect: TEAM,
    ok: [201],
  },
  {
    op: "PATCH /api/units/{id}/tenancies/{tenancyId}",
    kind: "team",
    req: (fx) => ({
      path: `/api/units/${fx.unit}/tenancies/${fx.tenancy}`,
      method: "PATCH",
      json: { moveIn: "2001-01-01" },
    }),
    expect: TEAM,
  },
  {
    op: "POST /api/units/{id}/portal-link",
    kind: "team",
    req: (fx) => ({ path: `/api/units/${fx.unit}/portal-link`, method: "POST" }),
    expect: TEAM,
  },
  {
    op: "PUT /api/units/{id}/hold",
    kind: "team",
    req: (fx) => ({ path: `/api/units/${fx.unit}/hold`, method: "PUT", json: { reason: "Rechtsstreit 1 C 1/26" } }),
    expect: TEAM,
  },
  {
    op: "DELETE /api/units/{id}/hold",
    kind: "team",
    req: (fx) => ({ path: `/api/units/${fx.unit}/hold`, method: "DELETE" }),
    expect: TEAM,
    note: "right after the PUT: the unit is held no longer than this pair",
  },
  {
    op: "PUT /api/handoffs/texts",
    kind: "team",
    req: (_fx, who) => ({
      path: "/api/handoffs/texts",
      method: "PUT",
      json: { subject: insiders(who) ? SUBJECT : "Fremder Betreff", body: "{anrede}" },
    }),
    expect: writeOwn("/api/handoffs/texts", "subject", SUBJECT),
  },
  {
    op: "PUT /api/handoffs/assignments",
    kind: "team",
    req: (fx) => ({
      path: "/api/handoffs/assignments",
      method: "PUT",
      json: { connectionId: fx.conn, documentid: fx.docChange, tenancyId: null },
    }),
    expect: TEAM,
  },
  {
    op: "POST /api/handoffs",
    kind: "team",
    req: (fx) => ({
      path: "/api/handoffs",
      method: "POST",
      json: { documents: [{ connectionId: fx.conn, documentid: fx.doc }] },
    }),
    expect: TEAM,
    ok: [202],
    missingStatus: 200,
    note: "A's four eyes: the member's hand-off waits (202); outside A each document is skipped as an unknown one",
  },
  {
    op: "POST /api/handoffs/print",
    kind: "team",
    req: (fx) => ({
      path: "/api/handoffs/print",
      method: "POST",
      json: { property: fx.property, month: MONTH, senderAddress: "Fremdweg 9, 20095 Hamburg" },
    }),
    expect: TEAM,
    ok: [202],
    note: "A's four eyes: the member's print waits (202); outside A, with a sender address of one's own, nothing to print",
  },
  {
    op: "POST /api/handoffs/posted",
    kind: "team",
    req: (fx) => ({ path: "/api/handoffs/posted", method: "POST", json: { property: fx.property, month: MONTH } }),
    expect: TEAM,
    note: "the owner's letter, printed before four eyes were on, confirmed as posted",
  },
  {
    op: "POST /api/releases/{id}/approve",
    kind: "team",
    req: (fx) => ({ path: `/api/releases/${fx.release}/approve`, method: "POST" }),
    expect: TEAM,
  },
  {
    op: "PUT /api/properties/responsible",
    kind: "team",
    req: (fx, who) => ({
      path: "/api/properties/responsible",
      method: "PUT",
      json: insiders(who)
        ? { property: fx.property, responsibleId: fx.ids.owner, deputyId: fx.ids.member }
        : { property: fx.property, responsibleId: fx.ids[who] },
    }),
    expect: TEAM,
    // Support is read-only: 403 before anything is looked up, of its own team too.
    note: "any role names its own team's; outside A the caller names themself, and A's property is unknown there",
  },
  {
    op: "GET /api/teams/{id}",
    kind: "team",
    req: (fx) => ({ path: `/api/teams/${fx.team}` }),
    expect: { ...TEAM, support: "missing", admin: "ok" },
    note: "a member reads their own team, an admin any team",
  },
  {
    op: "PATCH /api/teams/{id}",
    kind: "team",
    req: (fx) => ({ path: `/api/teams/${fx.team}`, method: "PATCH", json: { name: "Team Zugang" } }),
    expect: { ...TEAM, support: "missing", admin: "ok" },
    // Support of the team itself gets 403 (tests/integration/auth/teams.test.ts); support here is of another team.
    note: "a member any role their own team, an admin any team",
  },
];
