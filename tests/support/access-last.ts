/**
 * The access matrix's rows of support's views, the admins' routes, and what destroys
 * (tests/integration/teams/team-access.test.ts).
 */
import { randomBytes } from "node:crypto";
import { ADMIN_ONLY, conn, q, RUN, SUPPORT, TEAM, type Row } from "./access-matrix";
import { MONTH, PROPERTY } from "./team-access";

/** Support's read views over every team: support and admins see A's. */
export const VIEWS: Row[] = [
  // Support's views over every team.
  {
    op: "GET /api/delivery/documents",
    kind: "support",
    req: (fx) => ({ path: `/api/delivery/documents?q=${fx.doc}` }),
    expect: SUPPORT,
    marks: (fx) => [fx.doc],
  },
  {
    op: "GET /api/delivery/documents/{connection}/{documentid}",
    kind: "support",
    req: (fx) => ({ path: `/api/delivery/documents/${fx.conn}/${fx.doc}` }),
    expect: SUPPORT,
    marks: (fx) => [fx.doc],
  },
  {
    op: "GET /api/delivery/documents/{connection}/{documentid}/file",
    kind: "support",
    req: (fx) => ({ path: `/api/delivery/documents/${fx.conn}/${fx.doc}/file` }),
    expect: SUPPORT,
  },
  {
    op: "GET /api/delivery/export.csv",
    kind: "support",
    req: (fx) => ({ path: `/api/delivery/export.csv?q=${fx.doc}` }),
    expect: SUPPORT,
    marks: (fx) => [fx.doc],
  },
  {
    op: "GET /api/delivery/completeness",
    kind: "support",
    req: (fx) => ({ path: `/api/delivery/completeness${q({ connection: fx.conn, from: MONTH, to: MONTH })}` }),
    expect: SUPPORT,
    marks: () => ["4601001"],
  },
  {
    op: "GET /api/delivery/outbox",
    kind: "support",
    req: () => ({ path: "/api/delivery/outbox" }),
    expect: SUPPORT,
    marks: () => ["zugang.zip"],
  },
  {
    op: "GET /api/delivery/outbox/export.csv",
    kind: "support",
    req: () => ({ path: "/api/delivery/outbox/export.csv" }),
    expect: SUPPORT,
    marks: () => ["zugang.zip"],
  },
  {
    op: "GET /api/delivery/connections",
    kind: "support",
    req: () => ({ path: "/api/delivery/connections" }),
    expect: SUPPORT,
    marks: (fx) => [fx.conn],
  },
  {
    op: "GET /api/delivery/properties",
    kind: "support",
    req: () => ({ path: "/api/delivery/properties" }),
    expect: SUPPORT,
    marks: () => [PROPERTY],
  },
  {
    op: "GET /api/delivery/reports",
    kind: "support",
    req: () => ({ path: "/api/delivery/reports?q=4601001" }),
    expect: SUPPORT,
    marks: (fx) => ["4601001", fx.conn],
  },
];

/** After every other row: the admins' routes, then each DELETE (on a resource of its own where others need one). */
export const LAST: Row[] = [
  // The admins' routes.
  { op: "GET /api/teams", kind: "admin", req: () => ({ path: "/api/teams" }), expect: ADMIN_ONLY },
  {
    op: "POST /api/teams/{id}/merge",
    kind: "admin",
    req: (fx) => ({ path: `/api/teams/${fx.mergeInto}/merge`, method: "POST", json: { from: fx.mergeFrom } }),
    expect: ADMIN_ONLY,
  },
  {
    op: "POST /api/teams",
    kind: "admin",
    req: () => ({ path: "/api/teams", method: "POST", json: { name: `Team ${randomBytes(3).toString("hex")}` } }),
    expect: ADMIN_ONLY,
    ok: [201],
  },
  { op: "GET /api/users", kind: "admin", req: () => ({ path: "/api/users" }), expect: ADMIN_ONLY },
  {
    op: "POST /api/users",
    kind: "admin",
    req: () => ({
      path: "/api/users",
      method: "POST",
      json: {
        email: `neu-${randomBytes(4).toString("hex")}@example.com`,
        name: "Neu",
        role: "manager",
        password: `pw-${randomBytes(8).toString("hex")}`,
      },
    }),
    expect: ADMIN_ONLY,
    ok: [201],
  },
  {
    op: "PATCH /api/users/{id}",
    kind: "admin",
    req: (fx) => ({ path: `/api/users/${fx.ids.member}`, method: "PATCH", json: { name: "Zugang Mitglied" } }),
    expect: ADMIN_ONLY,
  },
  {
    op: "GET /api/admin/residents",
    kind: "admin",
    req: () => ({ path: "/api/admin/residents?q=Lösch" }),
    expect: ADMIN_ONLY,
  },
  {
    op: "POST /api/admin/mailbox/read",
    kind: "admin",
    req: () => ({ path: "/api/admin/mailbox/read", method: "POST" }),
    expect: ADMIN_ONLY,
    note: "a round of the mailbox reader: counts only, no team's data",
  },
  {
    op: "POST /api/connections/{id}/transfer",
    kind: "admin",
    req: (fx) => ({ path: conn(fx, "/transfer"), method: "POST", json: { userId: fx.ids.owner } }),
    expect: ADMIN_ONLY,
    note: "to its owner again: nothing changes hands",
  },
  { op: "GET /api/sandbox/mail", kind: "admin", req: () => ({ path: "/api/sandbox/mail" }), expect: ADMIN_ONLY },

  // What destroys: last.
  {
    op: "DELETE /api/handoffs/assignments",
    kind: "team",
    req: (fx) => ({
      path: "/api/handoffs/assignments",
      method: "DELETE",
      json: { connectionId: fx.conn, documentid: fx.docChange },
    }),
    expect: TEAM,
    ok: [204],
  },
  {
    op: "DELETE /api/units/{id}/portal-link",
    kind: "team",
    req: (fx) => ({ path: `/api/units/${fx.unit}/portal-link`, method: "DELETE" }),
    expect: TEAM,
  },
  {
    op: "DELETE /api/runs/{id}",
    kind: "team",
    req: (fx) => ({ path: `/api/runs/${fx.confirmRun}`, method: "DELETE" }),
    expect: RUN,
  },
  {
    op: "DELETE /api/confirmation-runs/{id}",
    kind: "team",
    req: (fx) => ({ path: `/api/confirmation-runs/${fx.confirmRun}`, method: "DELETE" }),
    expect: RUN,
  },
  {
    op: "DELETE /api/handoffs/runs/{id}",
    kind: "team",
    req: (fx) => ({ path: `/api/handoffs/runs/${fx.handoffRun}`, method: "DELETE" }),
    expect: RUN,
  },
  {
    op: "DELETE /api/connections/{id}",
    kind: "team",
    req: (fx) => ({ path: `/api/connections/${fx.spare}`, method: "DELETE" }),
    expect: { ...TEAM, member: 403, owner: "ok" },
    ok: [204],
    note: "A's spare connection, shared: the member gets 403, its owner deletes it",
  },
  {
    op: "DELETE /api/units/{id}/resident",
    kind: "admin",
    req: (fx) => ({ path: `/api/units/${fx.unitErase}/resident`, method: "DELETE" }),
    expect: ADMIN_ONLY,
    note: "the admin erases the resident of A's unit kept for it",
  },
  {
    op: "DELETE /api/sandbox/mail",
    kind: "admin",
    req: () => ({ path: "/api/sandbox/mail", method: "DELETE" }),
    expect: ADMIN_ONLY,
    ok: [200, 204],
  },
];
