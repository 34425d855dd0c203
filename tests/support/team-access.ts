/**
 * The team access matrix's fixtures (tests/integration/teams/team-access.test.ts, issue #46 "Authorization in one
 * place"): team A with its data made through the API against the sandbox, and the principals who ask for it.
 */
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { addConnection } from "./connections";
import { control, mustSync, ndjson, SANDBOX_BASIC, SANDBOX_CLIENT, uvi } from "./delivery";
import { upload } from "./outbox";
import { postPrint } from "./print";
import { ADMIN } from "./server";
import { api, mustSignIn, type Session } from "./session";
import type { SandboxSuite } from "./suite";
import { list, put } from "./units";
import { until } from "./until";

/** Who asks: A's owner of the data and its second manager, B's manager, support, the admin, and two former ones. */
export const WHO = ["disabled", "other", "removed", "support", "admin", "member", "owner"] as const;
export type Who = (typeof WHO)[number];

export const PROPERTY = "Haus Zugang";
export const MONTH = "2026-10";
export const SUBJECT = "Zugang-Betreff";
export const SINCE = "2019-07-01";

/** The sandbox's documents: each of a unit of A's register below. */
export const DOCUMENTS = [
  uvi("z-four", "4601001"),
  uvi("z-post", "4601002"),
  uvi("z-change", "4601003"),
  uvi("z-view", "4601004"),
  uvi("z-run", "4601004", "2026-09"),
];

/** With a billing unit: the units are reported to the provider's on-site-roles (the connection's `onSiteRolesUrl`). */
const REGISTER = [
  "Nutzeinheit;Abrechnungseinheit;Liegenschaft;Lage;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Anschrift;Einzug;Auszug",
  `4601001;000460;${PROPERTY};EG;Greta;Vier;greta.vier@example.de;E-Mail;01.03.2026 Formular;;;`,
  `4601002;000460;${PROPERTY};1. OG;Paula;Post;;Post;;"Zugangsweg 2\n10115 Berlin";;`,
  `4601003;000460;${PROPERTY};2. OG;Alma;Alt;alma.alt@example.de;E-Mail;01.03.2026 Formular;;;15.10.2026`,
  `4601003;000460;${PROPERTY};2. OG;Nils;Neu;nils.neu@example.de;E-Mail;16.10.2026 Mietvertrag §12;;16.10.2026;`,
  `4601004;000460;${PROPERTY};3. OG;Vera;Sicht;vera.sicht@example.de;Portal;01.03.2026 Formular;;;`,
  `4601005;000460;${PROPERTY};DG;Erna;Lösch;erna.loesch@example.de;E-Mail;01.03.2026 Formular;;;`,
].join("\r\n");

/** Team A's resources (and the ids of who asks); `ghost` has the same fields naming nothing that exists. */
export type Fixtures = {
  url: string;
  team: string;
  conn: string;
  dta: string;
  spare: string;
  doc: string;
  docChange: string;
  unit: string;
  unitErase: string;
  tenancy: string;
  outboxItem: string;
  release: string;
  confirmRun: string;
  handoffRun: string;
  property: string;
  /** Two empty teams the admin merges (`POST /api/teams/{id}/merge`). */
  mergeInto: string;
  mergeFrom: string;
  ids: Record<Who, string>;
};

export type Principals = Record<Who, Session>;

export function ghostOf(fx: Fixtures): Fixtures {
  const uuid = () => randomUUID();
  return {
    ...fx,
    ...Object.fromEntries(
      [
        ...["team", "conn", "dta", "spare", "unit", "unitErase", "tenancy", "outboxItem", "release"],
        ...["mergeInto", "mergeFrom"],
      ].map((k) => [k, uuid()]),
    ),
    ...{ confirmRun: uuid(), handoffRun: uuid() },
    doc: `ghost-${randomBytes(4).toString("hex")}`,
    docChange: `ghost-${randomBytes(4).toString("hex")}`,
    property: `Haus ${randomBytes(4).toString("hex")}`,
  };
}

/** Values of `fx` a team outside A must never see in an answer. */
export const markersOf = (fx: Fixtures) => [PROPERTY, "4601001", "4601004", fx.conn, fx.dta, fx.release, SUBJECT];

const ok = async (res: Promise<{ status: number; text: string; body: any }>, status = 200) => {
  const r = await res;
  assert.equal(r.status, status, r.text);
  return r.body;
};

/** A user made by the admin in `teamId`, signed in. */
async function person(s: SandboxSuite, admin: Session, role: string, teamId: string) {
  const email = `access-${role}-${randomBytes(4).toString("hex")}@example.com`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const made = await ok(
    api(admin, s.server.url, "/api/users", {
      method: "POST",
      json: { email, name: `Zugang ${role} ${email.slice(7, 15)}`, role, password, teamId },
    }),
    201,
  );
  return { id: made.id as string, session: await mustSignIn(s.server.url, email, password) };
}

/**
 * Team A (the sandbox suite's manager's team, "owner") with a second manager ("member"), a manager who is then
 * disabled and one who is then moved to team B (both signed in before); team B's manager, a support user and the
 * admin. A's data: the owner's UVI connection and a DTA one, shared, and a spare one to delete; the register; a
 * synced, archived document; a printed letter; a confirmation run and a hand-off run; the texts; "Bestand seit"; the
 * responsibility; an outbox item; four eyes on and an open hand-off release.
 */
export async function setUp(s: SandboxSuite): Promise<{ fx: Fixtures; as: Principals }> {
  const url = s.server.url;
  const owner = s.manager.session;
  const call = (path: string, init?: Parameters<typeof api>[3], who = owner) => api(who, url, path, init);
  const admin = await mustSignIn(url, ADMIN.email, ADMIN.password);
  const me = await ok(call("/api/me"));
  const team = me.team.id as string;
  const teamB = (await ok(call("/api/teams", { method: "POST", json: { name: "Team Fremd" } }, admin), 201)).id;
  const [member, disabled, removed, other] = [
    await person(s, admin, "manager", team),
    await person(s, admin, "manager", team),
    await person(s, admin, "manager", team),
    await person(s, admin, "manager", teamB),
  ];
  const supportTeam = (await ok(call("/api/teams", { method: "POST", json: { name: "Support" } }, admin), 201)).id;
  const support = await person(s, admin, "support", supportTeam);
  const adminMe = await ok(call("/api/me", {}, admin));
  const [mergeInto, mergeFrom] = [
    (await ok(call("/api/teams", { method: "POST", json: { name: "Zusammen 1" } }, admin), 201)).id as string,
    (await ok(call("/api/teams", { method: "POST", json: { name: "Zusammen 2" } }, admin), 201)).id as string,
  ];

  // The sandbox's client also answers on-site-roles; the shared connection reports there.
  const client = { ...SANDBOX_CLIENT, services: [...SANDBOX_CLIENT.services, "osr"] };
  assert.equal((await control(s.server, "PUT", "/state", { clients: [client], documents: DOCUMENTS })).status, 204);
  const shared = { shared: true, onSiteRolesUrl: url };
  await ok(call(`/api/connections/${s.connectionId}`, { method: "PATCH", json: shared }));
  await mustSync(owner, url, s.connectionId);
  const more = async (body: Record<string, unknown>) => {
    const { id } = await addConnection(s.server, owner, { auth: SANDBOX_BASIC, ...body });
    await ok(call(`/api/connections/${id}`, { method: "PATCH", json: { shared: true } }));
    return id;
  };
  const dta = await more({ name: "DTA", service: "dta", baseUrl: `${url}/dta`, customerNumber: "4711" });
  const spare = await more({ name: "Ersatz", service: "uvi", baseUrl: `${url}/arge`, customerNumber: "4712" });

  assert.equal((await put(owner, url, REGISTER)).status, 200);
  // An on-site-roles report of A's first unit, accepted by the sandbox.
  const reported = (msc: string) => async () =>
    (await list(owner, url, "?mine=0")).units.find((u) => u.mscnumber === msc);
  const first = await until(reported("4601001"), (u) => JSON.stringify(u).includes('"accepted"'), {
    tries: 300,
    everyMs: 100,
  });
  assert.ok(JSON.stringify(first).includes('"accepted"'), JSON.stringify(first));
  const units = (await list(owner, url, "?mine=0")).units;
  const unitOf = (msc: string) => units.find((u) => u.mscnumber === msc)!;
  const unit = unitOf("4601004");
  await ok(call("/api/units/settings", { method: "PUT", json: { since: SINCE } }));
  await ok(call("/api/handoffs/texts", { method: "PUT", json: { subject: SUBJECT, body: "{anrede}\n\nIhre UVI." } }));
  await ok(
    call("/api/properties/responsible", {
      method: "PUT",
      json: { property: PROPERTY, responsibleId: me.id, deputyId: member.id },
    }),
  );

  // The viewed document's bytes archived; the post resident's letter printed (for "Gedruckt und versandt").
  for (const doc of ["z-view", "z-post"]) await ok(call(`/api/connections/${s.connectionId}/documents/${doc}/data`));
  // The archive commits right after a view's download has ended (docs/architecture.md, "View"): until it has, the
  // print finds no archived letter (404 nothing_to_print); asked again for up to 5 s, as support's archivedFile does.
  const print = () =>
    postPrint(owner, { property: PROPERTY, month: MONTH, senderAddress: "Zugangsweg 1, 10115 Berlin" });
  let printed = await print();
  for (let i = 0; printed.status === 404 && i < 50; i++) {
    await printed.arrayBuffer();
    await new Promise((r) => setTimeout(r, 100));
    printed = await print();
  }
  assert.equal(printed.status, 200, await printed.text());
  await printed.arrayBuffer().catch(() => undefined);

  const confirmed = await ndjson(owner, url, `/api/connections/${s.connectionId}/confirmations`, {
    documentids: ["z-run"],
  });
  assert.equal(confirmed.status, 200, confirmed.text);
  const runs = await ok(call("/api/runs?kind=confirm"));
  const handoff = await ndjson(owner, url, "/api/handoffs", {
    documents: [{ connectionId: s.connectionId, documentid: "z-view" }],
  });
  assert.equal(handoff.status, 200, handoff.text);
  const handoffRuns = await ok(call("/api/handoffs/runs"));

  const item = await upload(owner, s.server, dta, { name: "zugang.zip", bytes: randomBytes(256) });
  assert.equal(item.status, 201, item.text);

  await ok(call(`/api/teams/${team}`, { method: "PATCH", json: { fourEyes: { enabled: true, minDocuments: 5 } } }));
  const waiting = await ok(
    call("/api/handoffs", {
      method: "POST",
      json: { documents: [{ connectionId: s.connectionId, documentid: "z-four" }] },
    }),
    202,
  );

  // Signed in before, and working on A's data then: one is disabled, one moved to team B. Their old sessions ask
  // the matrix.
  for (const who of [disabled, removed]) {
    const units = await ok(call("/api/units?mine=0", {}, who.session));
    assert.ok(JSON.stringify(units).includes("4601001"), "a member of A sees A's register before");
  }
  await ok(call(`/api/users/${disabled.id}`, { method: "PATCH", json: { disabled: true } }, admin));
  await ok(call(`/api/users/${removed.id}`, { method: "PATCH", json: { teamId: teamB } }, admin));

  const fx: Fixtures = {
    url,
    team,
    conn: s.connectionId,
    dta,
    spare,
    doc: "z-view",
    docChange: "z-change",
    unit: unit.id,
    unitErase: unitOf("4601005").id,
    tenancy: unit.tenancies[0]!.id,
    outboxItem: item.body.id,
    release: waiting.release.id,
    confirmRun: runs.runs[0].id,
    handoffRun: handoffRuns.runs[0].id,
    property: PROPERTY,
    mergeInto,
    mergeFrom,
    ids: {
      owner: me.id,
      member: member.id,
      disabled: disabled.id,
      removed: removed.id,
      other: other.id,
      support: support.id,
      admin: adminMe.id,
    },
  };
  const as: Principals = {
    owner,
    member: member.session,
    disabled: disabled.session,
    removed: removed.session,
    other: other.session,
    support: support.session,
    admin,
  };
  return { fx, as };
}
