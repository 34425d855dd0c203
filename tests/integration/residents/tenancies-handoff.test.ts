import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { sql } from "../../support/database";
import { ndjson, uvi } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { pdfText } from "../../support/pdf-text";
import { LINK, postPrint } from "../../support/print";
import { ADMIN, freePort } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Issue 34, residents in time: a register with its history (Windows-1252, move-in and move-out,
 * name parts, the address in parts) decides who receives each October document, by the one rule,
 * on every channel and in every view: the resident whose tenancy covers the whole period; a change
 * in the period is handed to nobody until the manager assigns it; a vacancy needs no hand-off.
 */

const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Anrede;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Straße;PLZ;Ort;Einzug;Auszug",
  "9001;Haus Eiche;EG links;Frau;Erika;Weiß;erika@example.de;E-Mail;15.02.2024 Mietvertrag §12;;;;01.03.2024;",
  "9002;Haus Eiche;EG rechts;Frau;Anna;Alt;anna@example.de;Portal;01.12.2019 Formular;;;;01.01.2020;31.10.2026",
  "9002;Haus Eiche;EG rechts;Herr;Jörg;Neumann;joerg@example.de;Portal;20.10.2026 Formular;;;;01.11.2026;",
  "9003;Haus Eiche;1. OG;Herr;Hans-Jürgen;Groß;;Post;;Schloßstraße 5;10115;Berlin;01.01.2019;",
  "9004;Haus Eiche;2. OG;Frau;Olga;Vorher;olga@example.de;E-Mail;01.12.2020 Formular;;;;01.01.2021;14.10.2026",
  "9004;Haus Eiche;2. OG;Herr;Nico;Nachher;nico@example.de;E-Mail;01.10.2026 Formular;;;;15.10.2026;",
  "9005;Haus Eiche;3. OG;Herr;Karl;Leer;karl@example.de;E-Mail;01.12.2014 Formular;;;;01.01.2015;31.08.2026",
  "9005;Haus Eiche;3. OG;;;;;;;;;;01.09.2026;",
].join("\r\n");

type Unit = {
  id: string;
  mscnumber: string;
  resident: { name: string } | null;
  tenancies: { id: string; moveIn: string | null; moveOut: string | null; vacancy: boolean; resident: unknown }[];
};
type Entry = {
  document: { documentid: string } | null;
  status: string;
  resident: string | null;
  tenancies?: { id: string; name: string | null; moveIn: string | null; moveOut: string | null }[];
  decided?: { by: string | null };
};
type MonthRow = { unit: string; entries: Entry[] };

const smtpPort = await freePort();

describe("residents in time: one rule on every channel", () => {
  const s = sandboxSuite(
    [
      uvi("e-1", "9001"),
      uvi("e-2", "9002"),
      uvi("e-3", "9003"),
      uvi("e-4", "9004"),
      uvi("e-5", "9005"),
      uvi("e-6", "9002", "2026-11"),
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
  const doc = (documentid: string) => ({ connectionId: s.connectionId, documentid });
  const handOff = (ids: string[]) =>
    ndjson(s.manager.session, s.server.url, "/api/handoffs", { documents: ids.map(doc) });
  const get = (path: string) => api(s.manager.session, s.server.url, path);
  const month = async (ym: string) => {
    const res = await get(`/api/handoffs/month?property=${encodeURIComponent("Haus Eiche")}&month=${ym}`);
    assert.equal(res.status, 200, res.text);
    return new Map((res.body as { rows: MonthRow[] }).rows.map((r) => [r.unit, r.entries]));
  };
  const mailsTo = async (address: string) => (await keptMail(s.server)).filter((m) => m.to.includes(address));
  let admin: Session;
  const units = new Map<string, Unit>();

  before(async () => {
    admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    const put = await api(s.manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: Buffer.from(REGISTER, "latin1"),
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual((put.body as { errors: unknown[] }).errors, [], put.text);
    for (const u of ((await get("/api/units?limit=200")).body as { units: Unit[] }).units) units.set(u.mscnumber, u);
    for (const id of ["e-1", "e-2", "e-3", "e-4", "e-5", "e-6"]) {
      const res = await api(
        s.manager.session,
        s.server.url,
        `/api/connections/${s.connectionId}/documents/${id}/status`,
        {
          method: "PUT",
          json: {},
        },
      );
      assert.equal(res.status, 200, res.text);
    }
  });

  test("the import keeps each unit's history: who lived there from when to when, and who lives there now", () => {
    const dates = (msc: string) => units.get(msc)!.tenancies.map((t) => [t.moveIn, t.moveOut, t.vacancy]);
    assert.deepEqual(dates("9002"), [
      ["2026-11-01", null, false],
      ["2020-01-01", "2026-10-31", false],
    ]);
    assert.deepEqual(dates("9005"), [
      ["2026-09-01", null, true],
      ["2015-01-01", "2026-08-31", false],
    ]);
    assert.equal(units.get("9002")!.resident?.name, "Jörg Neumann");
    assert.equal(units.get("9003")!.resident?.name, "Hans-Jürgen Groß", "Windows-1252 read, name in natural order");
    assert.equal(units.get("9005")!.resident, null, "a vacancy has no resident");
  });

  test("when and how a resident agreed to a digital channel is kept; post needs no consent", async () => {
    const consent = async (msc: string) => {
      const [row] = await sql<{
        channel: string | null;
        how: string | null;
        reference: string | null;
        at: string | null;
      }>(
        s.server,
        `SELECT t.consent_channel AS channel, t.consent_how AS how, t.consent_reference AS reference,
           to_char(t.digital_consent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS at
         FROM tenancies t JOIN units u ON u.id = t.unit_id WHERE u.mscnumber = $1 AND t.move_out IS NULL`,
        [msc],
      );
      return row!;
    };
    assert.deepEqual(
      await consent("9001"),
      { channel: "email", how: "written", reference: "Mietvertrag §12", at: "2024-02-15" },
      "the e-mail resident's written agreement is recorded with its day and reference",
    );
    assert.deepEqual(
      await consent("9003"),
      { channel: null, how: null, reference: null, at: null },
      "the post resident agreed to nothing",
    );
  });

  test("October goes to the resident of October on each channel; a change or a vacancy in the period to nobody", async () => {
    const res = await handOff(["e-1", "e-2", "e-3", "e-4", "e-5"]);
    const states = Object.fromEntries(res.lines.slice(0, 5).map((l) => [l.documentid, [l.state, l.channel ?? null]]));
    assert.deepEqual(
      states,
      {
        "e-1": ["sent", "email"],
        "e-2": ["sent", "portal"],
        "e-3": ["skipped", "post"],
        "e-4": ["skipped", null],
        "e-5": ["skipped", null],
      },
      res.text,
    );
    assert.match(String(res.lines.find((l) => l.documentid === "e-4")!.message), /Bewohner gewechselt/);
    assert.match(String(res.lines.find((l) => l.documentid === "e-5")!.message), /leer/);
    assert.equal((await handOff(["e-1"])).lines[0]!.state, "skipped", "once");
    assert.equal((await mailsTo("erika@example.de")).length, 1, "the e-mail resident receives it once");
    assert.equal((await mailsTo("joerg@example.de")).length, 0, "the new resident gets nothing of October");
    for (const nobody of ["olga@example.de", "nico@example.de", "karl@example.de"])
      assert.equal((await mailsTo(nobody)).length, 0, nobody);
  });

  test("the portal: the resident who moved out on 31 October still sees October; the new one never does", async () => {
    const anna = LINK.exec((await mailsTo("anna@example.de"))[0]?.text ?? "")?.[1];
    assert.ok(anna, "Anna's mail carries her link");
    const annaPage = await (await fetch(anna.replace(/^https?:\/\/[^/]+/, s.server.url))).text();
    assert.ok(annaPage.includes("UVI_e-2.pdf") && !annaPage.includes("UVI_e-6.pdf"), "October, not November");
    assert.equal((await handOff(["e-6"])).lines[0]!.state, "sent");
    const joerg = LINK.exec((await mailsTo("joerg@example.de"))[0]?.text ?? "")?.[1];
    assert.ok(joerg, "Jörg's mail carries his link");
    const joergPage = await (await fetch(joerg.replace(/^https?:\/\/[^/]+/, s.server.url))).text();
    assert.ok(joergPage.includes("UVI_e-6.pdf") && !joergPage.includes("UVI_e-2.pdf"), "November, never October");
  });

  test("the month view lists the change with who lived there when; the print holds the post resident's letter", async () => {
    const october = await month("2026-10");
    const status = (msc: string) => october.get(msc)![0]!.status;
    assert.deepEqual(["9001", "9002", "9003", "9004", "9005"].map(status), [
      "email",
      "portal",
      "notPrinted",
      "change",
      "vacancy",
    ]);
    assert.equal(october.get("9002")![0]!.resident, "Anna Alt", "the resident of the period, not of today");
    const change = october.get("9004")![0]!;
    assert.deepEqual(
      change.tenancies?.map((t) => [t.name, t.moveIn, t.moveOut]),
      [
        ["Olga Vorher", "2021-01-01", "2026-10-14"],
        ["Nico Nachher", "2026-10-15", null],
      ],
    );
    const print = await postPrint(s.manager.session, {
      property: "Haus Eiche",
      month: "2026-10",
      senderAddress: "Musterweg 1, 20095 Hamburg",
    });
    assert.equal(print.status, 200);
    const text = pdfText(new Uint8Array(await print.arrayBuffer())).join("\n");
    assert.match(text, /Hans-Jürgen Groß/);
    assert.match(text, /Schloßstraße 5/);
    assert.doesNotMatch(text, /Olga|Nico|Karl|Erika/, "only the post resident of the period");
    assert.equal((await month("2026-10")).get("9003")![0]!.status, "printed");
  });

  test("assigned, the change's document goes to that resident alone; the grid and the inbox agree", async () => {
    const nico = (await month("2026-10")).get("9004")![0]!.tenancies!.find((t) => t.name === "Nico Nachher")!;
    const covered = await api(s.manager.session, s.server.url, "/api/handoffs/assignments", {
      method: "PUT",
      json: { ...doc("e-1"), tenancyId: nico.id },
    });
    assert.equal(covered.status, 409, "a covered document is not the manager's to move");
    const put = await api(s.manager.session, s.server.url, "/api/handoffs/assignments", {
      method: "PUT",
      json: { ...doc("e-4"), tenancyId: nico.id },
    });
    assert.equal(put.status, 200, put.text);
    const entry = (await month("2026-10")).get("9004")![0]!;
    assert.equal(entry.status, "open");
    assert.equal(entry.resident, "Nico Nachher");
    assert.equal(entry.decided?.by, s.manager.email);
    assert.equal((await handOff(["e-4"])).lines[0]!.state, "sent");
    assert.equal((await mailsTo("nico@example.de")).length, 1);
    assert.equal((await mailsTo("olga@example.de")).length, 0);
    assert.equal((await month("2026-10")).get("9004")![0]!.status, "email");
    const undo = await api(s.manager.session, s.server.url, "/api/handoffs/assignments", {
      method: "DELETE",
      json: doc("e-4"),
    });
    assert.equal(undo.status, 409, "once handed on, the decision is part of the record");

    // The post resident's letter was made by the print; it reaches him once confirmed as posted (issue #50).
    const posted = await api(s.manager.session, s.server.url, "/api/handoffs/posted", {
      method: "POST",
      json: { property: "Haus Eiche", month: "2026-10" },
    });
    assert.equal(posted.status, 200, posted.text);
    const grid = await api(
      admin,
      s.server.url,
      `/api/delivery/completeness?connection=${s.connectionId}&from=2026-10&to=2026-10`,
    );
    assert.equal(grid.status, 200, grid.text);
    const cells = Object.fromEntries(
      (grid.body as { units: { unit: string; cells: (string | null)[] }[] }).units.map((u) => [u.unit, u.cells[0]]),
    );
    assert.deepEqual(
      ["9001", "9002", "9003", "9004", "9005"].map((u) => cells[u]),
      ["handedOver", "handedOver", "handedOver", "handedOver", "confirmed"],
    );
    const inbox = await get("/api/inbox?month=2026-10&limit=50");
    const recipients = Object.fromEntries(
      (inbox.body as { groups: { documents: { documentid: string; recipient: string | null }[] }[] }).groups
        .flatMap((g) => g.documents)
        .map((d) => [d.documentid, d.recipient]),
    );
    assert.equal(recipients["e-4"], "assigned");
    assert.equal(recipients["e-5"], "vacancy");
    assert.equal(recipients["e-1"], "resident");
    for (const person of ["Weiß", "Neumann", "erika@example.de", "Schloßstraße"])
      assert.ok(!s.server.output().includes(person), `${person} in no log line`);
  });
});
