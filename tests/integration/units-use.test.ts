import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser, type Person } from "../support/connections";
import { uvi } from "../support/delivery";
import { api, type Session } from "../support/session";
import { sandboxSuite } from "../support/suite";

/**
 * Issue 23, the register in everyday use. The inbox's search finds the units whose register entry
 * matches (property, address, label, resident; case-insensitive substring), only in the user's own
 * register; a document whose unit is registered by its pmnumber alone gets that unit's names, and
 * a unit registered by its mscnumber keeps them.
 */

type Group = { unit: string | null; label: string | null; register: { property: string | null; resident: { name: string } | null } | null };

const put = (who: Session, base: string, csv: string) => api(who, base, "/api/units", { method: "PUT", body: csv, headers: { "content-type": "text/csv" } });

// The uvi() documents name unit N with pmnumber PM-N. 8004 is registered by its pmnumber only;
// 8005 both ways, as two units: its mscnumber's entry is the document's unit.
const REGISTER = [
  "Nutzeinheit;HV-Nr.;Liegenschaft;Adresse;Lage;Bewohner;E-Mail;Zustellweg",
  "8001;PM-8001;Haus Linde;Lindenallee 3, 10115 Berlin;EG;Jürgen Weiß;j@example.de;E-Mail",
  "8002;PM-8002;Haus Eiche;Eichenweg 9, 14467 Potsdam;1. OG;Zoë Qvist;zq-unique@example.de;Portal",
  ";PM-8004;Haus Linde;Lindenallee 3, 10115 Berlin;DG;Ömer Çelik;oemer@example.de;Portal",
  "8005;;Haus Ahorn;;2. OG;;;",
  ";PM-8005;Haus Buche;;falsch;;;",
].join("\n");

describe("the register in the inbox's search", () => {
  const s = sandboxSuite(["8001", "8002", "8003", "8004", "8005"].map((msc) => uvi(`use-${msc}`, msc)).concat(uvi("use-none", null)), {
    synced: true,
  });
  let other: Person;
  before(async () => {
    other = await makeUser(s.server, "manager");
    assert.equal((await put(s.manager.session, s.server.url, REGISTER)).status, 200);
    // Another user's register names 8003: neither its names nor its search reach this user's inbox.
    assert.equal(
      (await put(other.session, s.server.url, "Nutzeinheit;Liegenschaft;Bewohner;E-Mail;Zustellweg\n8003;Fremdes Haus;Fremder Mieter;f@example.de;E-Mail\n"))
        .status,
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
    assert.deepEqual(await units(`?q=${encodeURIComponent("Çelik")}`), ["8004"], "resident of a unit registered by its pmnumber");
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
    const names = Object.fromEntries(all.groups.map((g) => [g.unit ?? "none", [g.register?.property ?? null, g.label, g.register?.resident?.name ?? null]]));
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
});
