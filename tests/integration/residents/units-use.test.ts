import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { makeUser, type Person } from "../../support/connections";
import { sql } from "../../support/database";
import { uvi } from "../../support/delivery";
import { filesHolding, pagesHolding, plainOwnerDatabase } from "../../support/erasure";
import { ADMIN, startServer, testDatabaseUrl, type TestServer } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Issue 23, the register in everyday use. The inbox's search finds the units whose register entry
 * matches (property, address, label, resident; case-insensitive substring), only in the user's own
 * register; a document whose unit is registered by its pmnumber alone gets that unit's names, and
 * a unit registered by its mscnumber keeps them. The admin searches every user's register for a
 * resident (`GET /api/admin/residents`, admins only, at least 2 characters) and erases one; the
 * term never reaches the server's output, its metrics or the audit trail. Issue 32: an erased
 * resident's name, e-mail and address are then in no file of the embedded database (nor in any
 * page of the register's table on PostgreSQL, where a user without the right to CHECKPOINT still
 * erases).
 */

const METRICS_TOKEN = "units-use-metrics-token-0123456789";

type Group = {
  unit: string | null;
  label: string | null;
  register: { property: string | null; resident: { name: string } | null } | null;
};
type Match = {
  id: string;
  mscnumber: string | null;
  pmnumber: string | null;
  owner: string;
  property: string | null;
  label: string | null;
  resident: unknown;
};

const put = (who: Session, base: string, csv: string) =>
  api(who, base, "/api/units", { method: "PUT", body: csv, headers: { "content-type": "text/csv" } });

// The uvi() documents name unit N with pmnumber PM-N. 8004 is registered by its pmnumber only;
// 8005 both ways, as two units: its mscnumber's entry is the document's unit.
const REGISTER = [
  "Nutzeinheit;HV-Nr.;Liegenschaft;Adresse;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung",
  "8001;PM-8001;Haus Linde;Lindenallee 3, 10115 Berlin;EG;Jürgen Weiß;j@example.de;E-Mail;01.03.2026 Formular",
  "8002;PM-8002;Haus Eiche;Eichenweg 9, 14467 Potsdam;1. OG;Zoë Qvist;zq-unique@example.de;Portal;02.03.2026 Formular",
  ";PM-8004;Haus Linde;Lindenallee 3, 10115 Berlin;DG;Ömer Çelik;oemer@example.de;Portal;03.03.2026 Mietvertrag §12",
  "8005;;Haus Ahorn;;2. OG;;;;",
  ";PM-8005;Haus Buche;;falsch;;;",
].join("\n");

describe("the register in the inbox's search, and the admin's residents", () => {
  const s = sandboxSuite(
    ["8001", "8002", "8003", "8004", "8005"].map((msc) => uvi(`use-${msc}`, msc)).concat(uvi("use-none", null)),
    {
      synced: true,
      env: { METRICS_TOKEN },
    },
  );
  let other: Person;
  let admin: Session;
  before(async () => {
    other = await makeUser(s.server, "manager");
    admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    assert.equal((await put(s.manager.session, s.server.url, REGISTER)).status, 200);
    // Another user's register names 8003: neither its names nor its search reach this user's inbox.
    assert.equal(
      (
        await put(
          other.session,
          s.server.url,
          "Nutzeinheit;Liegenschaft;Bewohner;E-Mail;Zustellweg;Einwilligung\n8003;Fremdes Haus;Fremder Mieter;f@example.de;E-Mail;01.03.2026 Formular\n",
        )
      ).status,
      200,
    );
  });
  const inbox = async (query: string) => {
    const res = await api(s.manager.session, s.server.url, `/api/inbox${query}`);
    assert.equal(res.status, 200, res.text);
    return res.body as { units: number; documents: number; groups: Group[] };
  };
  const units = async (query: string) => (await inbox(query)).groups.map((g) => g.unit);

  test("the search finds units by the register's property, address, label and resident, case-insensitive", async () => {
    assert.deepEqual(await units("?q=LINDE"), ["8001", "8004"], "property, the pmnumber-only unit included");
    assert.deepEqual(await units(`?q=${encodeURIComponent("eichenweg")}`), ["8002"], "address");
    assert.deepEqual(await units(`?q=${encodeURIComponent("1. og")}`), ["8002"], "label");
    assert.deepEqual(await units(`?q=${encodeURIComponent("jürgen")}`), ["8001"], "resident");
    assert.deepEqual(
      await units(`?q=${encodeURIComponent("Çelik")}`),
      ["8004"],
      "resident of a unit registered by its pmnumber",
    );
    const found = await inbox("?q=LINDE");
    assert.equal(found.units, 2);
    assert.equal(found.documents, 2);
    // The document's own text still counts.
    assert.deepEqual(await units("?q=use-8003"), ["8003"]);
    assert.deepEqual(await units("?q=Fremder"), [], "another user's register is not searched");
    assert.deepEqual(await units("?q=falsch"), [], "a pmnumber entry does not name a unit its mscnumber's entry names");
    assert.deepEqual(await units("?q=%25"), [], "LIKE wildcards are taken literally");
  });

  test("a unit registered by its pmnumber alone names its documents; its mscnumber's entry wins", async () => {
    const all = await inbox("");
    const names = Object.fromEntries(
      all.groups.map((g) => [
        g.unit ?? "none",
        [g.register?.property ?? null, g.label, g.register?.resident?.name ?? null],
      ]),
    );
    assert.deepEqual(names["8004"], ["Haus Linde", "DG", "Ömer Çelik"]);
    assert.deepEqual(names["8005"], ["Haus Ahorn", "2. OG", null]);
    assert.deepEqual(
      all.groups.map((g) => g.unit),
      ["8005", "8002", "8001", "8004", "8003", null],
      "by property (Ahorn, Eiche, Linde), then unit; units it does not know last",
    );
    assert.deepEqual(await units(`?property=${encodeURIComponent("Haus Linde")}`), ["8001", "8004"]);
    assert.deepEqual(await units(`?property=${encodeURIComponent("Haus Buche")}`), []);
  });

  const residents = (who: Session | null, query: string) => api(who, s.server.url, `/api/admin/residents${query}`);

  test("only an admin searches residents, with at least 2 characters", async () => {
    assert.equal((await residents(null, "?q=Weiß")).status, 401);
    assert.equal((await residents(s.manager.session, "?q=Weiß")).status, 403);
    assert.equal((await residents((await makeUser(s.server, "support")).session, "?q=Weiß")).status, 403);
    const short = await residents(admin, "?q=%20W%20");
    assert.equal(short.status, 400, short.text);
    assert.deepEqual(short.body.fields, [{ path: "q", message: "Geben Sie mindestens 2 Zeichen ein." }]);
    assert.equal((await residents(admin, "")).status, 400);
  });

  test("the admin finds residents of every user by name, e-mail or unit number, paged, and erases one", async () => {
    const search = async (query: string) => {
      const res = await residents(admin, query);
      assert.equal(res.status, 200, res.text);
      return res.body as { count: number; residents: Match[] };
    };
    const byName = await search(`?q=${encodeURIComponent("zoë")}`);
    assert.equal(byName.count, 1);
    const zoe = byName.residents[0]!;
    assert.deepEqual(zoe, {
      id: zoe.id,
      tenancyId: (zoe as Match & { tenancyId: string }).tenancyId,
      moveIn: null,
      moveOut: null,
      mscnumber: "8002",
      pmnumber: "PM-8002",
      owner: s.manager.email,
      property: "Haus Eiche",
      label: "1. OG",
      resident: { name: "Zoë Qvist", channel: "portal" },
      hold: null,
    });
    assert.deepEqual(
      (await search("?q=OEMER@example")).residents.map((r) => r.pmnumber),
      ["PM-8004"],
      "by e-mail",
    );
    const byNumber = await search("?q=800");
    assert.deepEqual(
      byNumber.residents
        .map((r) => [r.mscnumber ?? r.pmnumber, r.owner, r.resident])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      [
        ["8001", s.manager.email, { name: "Jürgen Weiß", channel: "email" }],
        ["8002", s.manager.email, { name: "Zoë Qvist", channel: "portal" }],
        ["8003", other.email, { name: "Fremder Mieter", channel: "email" }],
        ["PM-8004", s.manager.email, { name: "Ömer Çelik", channel: "portal" }],
      ],
      "every user's units that hold a resident (8005 holds none)",
    );
    // By name: "Fremder Mieter" first, "Jürgen Weiß" second whichever way the database collates Ö.
    const second = await search("?q=800&limit=1&offset=1");
    assert.equal(second.count, 4);
    assert.deepEqual(
      second.residents.map((r) => r.mscnumber),
      ["8001"],
    );

    const erased = await api(admin, s.server.url, `/api/units/${zoe.id}/resident`, {
      method: "DELETE",
      headers: { origin: s.server.url },
    });
    assert.equal(erased.status, 200, erased.text);
    assert.equal((await search(`?q=${encodeURIComponent("zoë")}`)).count, 0, "an erased resident is found no more");
    const unit = await api(s.manager.session, s.server.url, "/api/units?q=8002");
    assert.deepEqual(
      (unit.body as { units: { mscnumber: string; property: string; resident: unknown }[] }).units.map((u) => [
        u.mscnumber,
        u.property,
        u.resident,
      ]),
      [["8002", "Haus Eiche", null]],
      "the unit stays",
    );
  });

  test("the search term reaches neither the server's output nor its metrics nor the audit trail", async () => {
    const metrics = await (
      await fetch(`${s.server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const audit = JSON.stringify(await sql(s.server, "SELECT kind, detail FROM audit_events"));
    assert.match(audit, /resident\.erase/);
    for (const term of ["zoë", "Zo%C3%AB", "Zoë", "Qvist", "OEMER@example", "zq-unique"]) {
      assert.ok(!s.server.output().includes(term), `${term} in the server's output`);
      assert.ok(!metrics.includes(term), `${term} in the metrics`);
      assert.ok(!audit.includes(term), `${term} in the audit trail`);
    }
  });

  // A fresh manager's register of two residents, one erased: isolated by its data from the tests above.
  test("embedded: in no file of DATA_DIR, even with the server killed right after; PostgreSQL: in no page of the table", async () => {
    await eraseOne(s.server, (await makeUser(s.server, "manager")).session, admin);
    if (s.server.env.DATABASE_URL) {
      assert.deepEqual(await pagesHolding(s.server.env.DATABASE_URL, "tenancies", [...ERASED, KEPT]), [KEPT]);
      return;
    }
    // SIGKILL: what the erasure left on disk, with no shutdown checkpoint after it (this file's last test on its server).
    await s.server.crash();
    const found = filesHolding(s.server.dataDir, [...ERASED, KEPT]);
    assert.ok(
      found.some((f) => f.endsWith(KEPT)),
      `the kept resident is on disk: ${found.join(", ")}`,
    );
    assert.deepEqual(
      found.filter((f) => !f.endsWith(KEPT)),
      [],
      "the erased resident is not",
    );
  });
});

// The erased resident's values, and a kept resident's name: found on disk, it shows that the search reads the right
// bytes.
const ERASED = ["Quirinella Zwackelmann", "quirinella.zwackelmann@example.de", "Postfach 4711 Zwackeldorf"];
const KEPT = "Bertholdine Kesselring";
const TWO_RESIDENTS = [
  "Nutzeinheit;Liegenschaft;Bewohner;E-Mail;Zustellweg;Anschrift",
  `9001;Haus Tanne;${ERASED[0]};${ERASED[1]};Post;${ERASED[2]}`,
  `9002;Haus Tanne;${KEPT};;Post;Tannenweg 2, 10115 Berlin`,
].join("\n");

/** Imports TWO_RESIDENTS for `manager` and erases 9001's resident as `admin`. */
async function eraseOne(server: TestServer, manager: Session, admin: Session): Promise<void> {
  assert.equal((await put(manager, server.url, TWO_RESIDENTS)).status, 200);
  const [unit] = (await api(manager, server.url, "/api/units?q=9001")).body.units as { id: string }[];
  const erased = await api(admin, server.url, `/api/units/${unit!.id}/resident`, {
    method: "DELETE",
    headers: { origin: server.url },
  });
  assert.equal(erased.status, 200, erased.text);
  assert.deepEqual(erased.body, { unitId: unit!.id, tenancies: 1 });
}

describe(
  "erasure on PostgreSQL as a user who may not CHECKPOINT",
  { skip: !testDatabaseUrl() && "needs TEST_DATABASE_URL" },
  () => {
    let owner: Awaited<ReturnType<typeof plainOwnerDatabase>>;
    let own: TestServer | undefined;
    before(async () => {
      owner = await plainOwnerDatabase();
    });
    after(async () => {
      await own?.stop();
      await owner?.drop();
    });

    test("the erasure succeeds, the table is rewritten, and the log names the step that was refused", async () => {
      own = await startServer({ database: "embedded", env: { DATABASE_URL: owner.url } });
      const admin = await mustSignIn(own.url, ADMIN.email, ADMIN.password);
      await eraseOne(own, (await makeUser(own, "manager", admin)).session, admin);
      assert.deepEqual(await pagesHolding(owner.url, "tenancies", [...ERASED, KEPT]), [KEPT]);
      assert.match(own.output(), /"step":"checkpoint"/);
      assert.ok(!ERASED.some((e) => own!.output().includes(e)), "no erased value in the log");
    });
  },
);
