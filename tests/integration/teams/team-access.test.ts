import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { conn, doc, judgeRow, LIST, month, OWN, proofOf, RUN, TEAM, type Row } from "../../support/access-matrix";
import { LAST, VIEWS } from "../../support/access-last";
import { WRITES } from "../../support/access-writes";
import { routeOperations } from "../../support/routes";
import { sandboxSuite } from "../../support/suite";
import {
  DOCUMENTS,
  ghostOf,
  MONTH,
  PROPERTY,
  setUp,
  SINCE,
  SUBJECT,
  type Fixtures,
  type Principals,
} from "../../support/team-access";

/**
 * Issue #46, "Authorization in one place": every route of apiRoutes() has a row here, and for every route of team A's
 * data each principal gets what docs/api.md states: A's second manager works on it (the first one made it); team B's
 * manager, a manager moved from A to B (with the session they had in A), and the admin of another team get what a
 * missing id gets; support gets its read views over every team and 403 for the connection roles' routes; a disabled
 * manager's session gets 401. Lists of the caller's own team answer anyone outside A without any of A's data.
 * Rows that destroy what others need (DELETE) come last; within a row, those outside A ask first, the member last.
 */

/** The public routes, the caller's own things, the reads of A's data and support's views. */
const ROWS: Row[] = [
  { op: "GET /api/health", kind: "public", req: () => ({ path: "/api/health" }), expect: {} },
  { op: "GET /api/ready", kind: "public", req: () => ({ path: "/api/ready" }), expect: {} },
  { op: "GET /api/openapi.json", kind: "public", req: () => ({ path: "/api/openapi.json" }), expect: {} },
  {
    op: "GET /api/metrics",
    kind: "public",
    req: () => ({ path: "/api/metrics" }),
    expect: {},
    ok: [401, 404],
    note: "no bearer token: 401, or 404 while METRICS_TOKEN is unset",
  },
  // The resident's opt-in and objection links (issue #47): no session, a token of their tenancy; a forged one opens
  // nothing for anyone, only the page that says so (tests/integration/handoffs/consent.test.ts).
  ...["POST /api/consent/{token}/code", "POST /api/consent/{token}/confirm", "GET /api/consent/{token}/objection"]
    .concat("POST /api/consent/{token}/objection")
    .map((op): Row => ({
      op,
      kind: "public",
      req: () => ({ path: op.split(" ")[1]!.replace("{token}", "x".repeat(43)), method: op.split(" ")[0] }),
      expect: {},
      note: "a forged token: 303 to the page, which says the link does not hold (followed here)",
    })),

  // The caller's own things.
  {
    op: "GET /api/me",
    kind: "own",
    req: () => ({ path: "/api/me" }),
    expect: {
      ...OWN,
      removed: (res, fx) => {
        assert.equal(res.status, 200, res.text);
        assert.notEqual(res.body.team.id, fx.team, "the moved member's session names their new team");
      },
    },
  },
  {
    op: "PATCH /api/me",
    kind: "own",
    req: () => ({ path: "/api/me", method: "PATCH", json: { locale: "de" } }),
    expect: OWN,
  },
  { op: "GET /api/me/absence", kind: "own", req: () => ({ path: "/api/me/absence" }), expect: OWN },
  {
    op: "PUT /api/me/absence",
    kind: "own",
    req: () => ({ path: "/api/me/absence", method: "PUT", json: { from: "2099-01-01", to: "2099-01-02" } }),
    expect: OWN,
  },
  ...["/api/runs", "/api/confirmation-runs", "/api/handoffs/runs"].map((path): Row => ({
    op: `GET ${path}`,
    kind: "team",
    req: () => ({ path }),
    expect: { ...LIST, owner: "sees" },
    marks: (fx) => [path === "/api/handoffs/runs" ? fx.handoffRun : fx.confirmRun],
    hide: (fx) => [fx.confirmRun, fx.handoffRun],
    note: "the team's runs: the member's list holds the owner's",
  })),
  { op: "GET /api/runs/{id}", kind: "team", req: (fx) => ({ path: `/api/runs/${fx.confirmRun}` }), expect: RUN },
  {
    op: "GET /api/handoffs/runs/{id}",
    kind: "team",
    req: (fx) => ({ path: `/api/handoffs/runs/${fx.handoffRun}` }),
    expect: RUN,
  },

  // Team A's data: reads.
  {
    op: "GET /api/connections",
    kind: "team",
    req: () => ({ path: "/api/connections" }),
    expect: LIST,
    marks: (fx) => [fx.conn, fx.dta],
  },
  {
    op: "GET /api/connections/{id}/documents",
    kind: "team",
    req: (fx) => ({ path: conn(fx, "/documents") }),
    expect: TEAM,
  },
  {
    op: "GET /api/connections/{id}/documents/count",
    kind: "team",
    req: (fx) => ({ path: conn(fx, "/documents/count") }),
    expect: TEAM,
  },
  {
    op: "GET /api/connections/{id}/documents/{documentid}",
    kind: "team",
    req: (fx) => ({ path: doc(fx) }),
    expect: TEAM,
  },
  {
    op: "GET /api/connections/{id}/documents/{documentid}/data",
    kind: "team",
    req: (fx) => ({ path: doc(fx, "/data") }),
    expect: TEAM,
  },
  {
    op: "GET /api/connections/{id}/outbox",
    kind: "team",
    req: (fx) => ({ path: `/api/connections/${fx.dta}/outbox` }),
    expect: TEAM,
  },
  { op: "GET /api/inbox", kind: "team", req: () => ({ path: "/api/inbox" }), expect: LIST, marks: (fx) => [fx.doc] },
  {
    op: "GET /api/units",
    kind: "team",
    req: () => ({ path: "/api/units?mine=0" }),
    expect: LIST,
    marks: () => ["4601001"],
  },
  {
    op: "GET /api/units/{id}",
    kind: "team",
    req: (fx) => ({ path: `/api/units/${fx.unit}` }),
    expect: { ...TEAM, member: "sees" },
    marks: () => ["4601004"],
    note: "one unit with the replies read back from its residents' e-mails",
  },
  {
    op: "GET /api/units/export.csv",
    kind: "team",
    req: () => ({ path: "/api/units/export.csv" }),
    expect: LIST,
    marks: () => ["4601001"],
  },
  {
    op: "GET /api/units/settings",
    kind: "team",
    req: () => ({ path: "/api/units/settings" }),
    expect: LIST,
    marks: () => [SINCE],
  },
  {
    op: "GET /api/delivery/units/{id}/reports",
    kind: "team",
    req: (fx) => ({ path: `/api/delivery/units/${fx.unit}/reports` }),
    expect: { ...TEAM, member: "sees", support: "sees", admin: "sees" },
    marks: (fx) => [fx.conn, "accepted"],
    note: "support and admin read any unit's reports; a manager their team's",
  },
  { op: "GET /api/handoffs", kind: "team", req: () => ({ path: "/api/handoffs" }), expect: LIST },
  ...["/api/handoffs/month", "/api/handoffs/month.csv", "/api/month/documents"].map((path): Row => ({
    op: `GET ${path}`,
    kind: "team",
    req: (fx) => ({ path: `${path}${month(fx)}` }),
    expect: { ...TEAM, member: "sees" },
    marks: (fx) => [fx.doc],
    missingStatus: 200,
    note: "a property the caller's register does not hold is a view without rows (docs/api.md), as A's is outside A",
  })),
  {
    op: "GET /api/handoffs/proof",
    kind: "team",
    req: (fx, who) => ({ path: `/api/handoffs/proof${proofOf(fx, who)}` }),
    expect: { ...TEAM, support: "ok", admin: "ok" },
    note: "support and admin read any team's proof by its connection (without residents' names)",
  },
  {
    op: "GET /api/handoffs/proof.csv",
    kind: "team",
    req: (fx, who) => ({ path: `/api/handoffs/proof.csv${proofOf(fx, who)}` }),
    expect: { ...TEAM, support: "ok", admin: "ok" },
  },
  {
    op: "GET /api/handoffs/texts",
    kind: "team",
    req: () => ({ path: "/api/handoffs/texts" }),
    expect: LIST,
    marks: () => [SUBJECT],
  },
  {
    op: "GET /api/month",
    kind: "team",
    req: () => ({ path: `/api/month?month=${MONTH}&mine=0` }),
    expect: LIST,
    marks: () => [PROPERTY],
  },
  {
    op: "GET /api/releases",
    kind: "team",
    req: () => ({ path: "/api/releases" }),
    expect: LIST,
    marks: (fx) => [fx.release],
  },
  {
    op: "GET /api/properties/responsible",
    kind: "team",
    req: () => ({ path: "/api/properties/responsible" }),
    expect: { ...LIST, support: "hidden" },
    marks: () => [PROPERTY],
    note: "any role reads its own team's",
  },
];

describe("team access matrix: every route × member, other team, support, admin, disabled, removed", () => {
  const s = sandboxSuite(DOCUMENTS);
  let fx: Fixtures;
  let as: Principals;

  before(async () => {
    ({ fx, as } = await setUp(s));
  });

  test("every route of apiRoutes() has its row in the matrix, and every row a route", () => {
    const rows = [...ROWS, ...VIEWS, ...WRITES, ...LAST].map((r) => r.op).sort();
    assert.deepEqual([...new Set(rows)].sort(), rows, "a route has two rows");
    assert.deepEqual(rows, routeOperations());
  });

  for (const row of [...ROWS, ...VIEWS, ...WRITES, ...LAST])
    test(`${row.op} (${row.kind})`, async () => {
      await judgeRow(row, as, fx, ghostOf(fx));
    });
});
