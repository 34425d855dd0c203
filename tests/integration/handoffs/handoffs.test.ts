import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { makeUser } from "../../support/connections";
import { control, ndjson, uvi } from "../../support/delivery";
import { keptMail } from "../../support/mail";
import { ADMIN, freePort } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Issue 24, the e-mail channel: each document goes to its unit's resident once, as the archived
 * bytes (the same SHA-256), through SMTP_URL into the sandbox mailbox, over real sockets; the
 * record says sent with the message id, or failed with the server's answer; asked again it is
 * skipped unless `again`; nothing of the resident in the server's output.
 */

const RESIDENT = { name: "Jürgen Weiß", email: "juergen.weiss@example.de" };
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift",
  `7001;Haus Birke;EG links;${RESIDENT.name};${RESIDENT.email};E-Mail;01.03.2026 Formular;`,
  "7002;Haus Birke;1. OG;Anna Post;;Post;;Birkenweg 2, 10115 Berlin",
  "7004;Haus Birke;2. OG;;;;;",
  "7005;Haus Birke;3. OG;Erste Bewohnerin;erste@example.de;E-Mail;01.03.2026 Formular;",
].join("\n");
// The month now in the display time zone: a resident who moves in now gets this month's document.
const THIS_MONTH = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
}).format(new Date());

// A file of the whole property: its billing unit and its flats (as a DTA ZIP names them), no flat's own.
const PROPERTY_FILE = [
  { reftype: "billingunit", mscnumber: "AE-70", pmnumber: null, from: null, to: null },
  ...["7001", "7002"].map((msc) => ({
    reftype: "residentialunit",
    mscnumber: msc,
    pmnumber: `PM-${msc}`,
    from: "2026-10-01",
    to: "2026-10-31",
  })),
];

// The server's own mailbox is where its SMTP_URL points, so the port is chosen before it starts.
const smtpPort = await freePort();

describe("hand-off by e-mail", () => {
  const s = sandboxSuite(
    [
      uvi("h-1", "7001"),
      uvi("h-2", "7002"),
      uvi("h-3", "7003"),
      uvi("h-4", "7004"),
      uvi("h-5", "7001", "2026-09"),
      uvi("h-6", "7005"),
      uvi("h-7", "7005", THIS_MONTH),
      uvi("h-8", "7001", "2026-08"),
      uvi("h-prop", null, "2026-10", { metadata: PROPERTY_FILE }),
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
  const handOff = (documents: { connectionId: string; documentid: string }[], again?: boolean) =>
    ndjson(s.manager.session, s.server.url, "/api/handoffs", { documents, ...(again !== undefined && { again }) });
  const confirm = async (documentid: string) => {
    const res = await api(
      s.manager.session,
      s.server.url,
      `/api/connections/${s.connectionId}/documents/${documentid}/status`,
      { method: "PUT", json: {} },
    );
    assert.equal(res.status, 200, res.text);
  };
  // Support's record of the document (its timeline), as an admin reads it.
  let admin: Session;
  const recordOf = async (documentid: string) => {
    const res = await api(admin, s.server.url, `/api/delivery/documents/${s.connectionId}/${documentid}`);
    assert.equal(res.status, 200, res.text);
    return res.body as { sha256: string; events: { kind: string; detail: Record<string, unknown> }[] };
  };

  before(async () => {
    admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    const put = await api(s.manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    for (const id of ["h-1", "h-2", "h-3", "h-4", "h-5", "h-6", "h-7"]) await confirm(id);
  });

  test("the archived bytes reach the resident once; asked again they are skipped, with `again` sent once more", async () => {
    await control(s.server, "DELETE", "/mail");
    const first = await handOff([doc("h-1"), doc("h-1")]);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.lines, [
      { connectionId: s.connectionId, documentid: "h-1", state: "sent", channel: "email" },
      { done: true, sent: 1, failed: 0, skipped: 0, cancelled: 0 },
    ]);
    const [mail, ...more] = await keptMail(s.server);
    assert.equal(more.length, 0, "one mail, though the document was named twice");
    assert.deepEqual(mail!.to, [RESIDENT.email]);
    assert.match(mail!.subject, /Verbrauchsinformation für Oktober 2026 – EG links/);
    assert.match(mail!.text, new RegExp(`Guten Tag ${RESIDENT.name},`));
    const record = await recordOf("h-1");
    assert.equal(mail!.attachments.length, 1);
    assert.equal(mail!.attachments[0]!.sha256, record.sha256, "the attachment is the archived file");

    const again = await handOff([doc("h-1")]);
    assert.equal(again.lines[0]!.state, "skipped");
    assert.match(String(again.lines[0]!.message), /Schon an diesen Bewohner weitergegeben/);
    assert.equal((await keptMail(s.server)).length, 1, "not sent twice by accident");

    const resent = await handOff([doc("h-1")], true);
    assert.equal(resent.lines[0]!.state, "sent");
    assert.equal((await keptMail(s.server)).length, 2);
    const list = await api(s.manager.session, s.server.url, "/api/handoffs");
    assert.equal(list.status, 200, list.text);
    const [item] = (list.body as { items: Record<string, unknown>[] }).items.filter((i) => i.documentid === "h-1");
    assert.equal(item!.state, "sent");
    assert.equal(item!.attempts, 2);
    assert.equal(item!.resident, RESIDENT.name);
    assert.ok(typeof item!.messageId === "string" && item!.messageId.length > 0);
    const events = (await recordOf("h-1")).events.filter((e) => e.kind === "handoff");
    assert.equal(events.length, 2);
    assert.ok(!JSON.stringify(events).includes(RESIDENT.email), "support's timeline holds no address");
  });

  test("a refused recipient is failed with the server's answer, and is sent when asked again", async () => {
    await control(s.server, "DELETE", "/mail");
    await control(s.server, "PUT", "/faults", [{ smtp: "RCPT", address: RESIDENT.email, status: 550, times: 1 }]);
    const refused = await handOff([doc("h-5")]);
    await control(s.server, "DELETE", "/faults");
    assert.equal(refused.lines[0]!.state, "failed", refused.text);
    assert.match(String(refused.lines[0]!.message), /abgelehnt \(550/);
    assert.equal((await keptMail(s.server)).length, 0);
    const retried = await handOff([doc("h-5")]);
    assert.equal(retried.lines[0]!.state, "sent", retried.text);
    assert.equal((await keptMail(s.server)).length, 1);
  });

  test("a document never opened is fetched and archived by its hand-off, and the archived bytes go out (issue #35)", async () => {
    await control(s.server, "DELETE", "/mail");
    assert.equal((await recordOf("h-8")).sha256 ?? null, null, "not archived before");
    const res = await handOff([doc("h-8")]);
    assert.deepEqual(
      res.lines.map((l) => l.state ?? l.done),
      ["sent", true],
      res.text,
    );
    const record = await recordOf("h-8");
    assert.match(record.sha256, /^[0-9a-f]{64}$/);
    const fetch = record.events.find((e) => e.kind === "fetch");
    assert.deepEqual([fetch?.detail.via, fetch?.detail.sha256], ["handoff", record.sha256]);
    const [mail] = await keptMail(s.server);
    assert.equal(mail!.attachments[0]!.sha256, record.sha256, "the archived bytes went out");
  });

  test("what cannot go out is skipped with its reason: not archived, no unit, no resident, another channel, not the user's", async () => {
    const other = await makeUser(s.server, "manager");
    const res = await handOff([doc("h-5x"), doc("h-3"), doc("h-4"), doc("h-2"), doc("h-prop")]);
    assert.deepEqual(
      res.lines.slice(0, 5).map((l) => [l.documentid, l.state]),
      [
        ["h-5x", "skipped"],
        ["h-3", "skipped"],
        ["h-4", "skipped"],
        ["h-2", "skipped"],
        ["h-prop", "skipped"],
      ],
    );
    assert.match(String(res.lines[4]!.message), /Datei der ganzen Liegenschaft/);
    const inbox = await api(s.manager.session, s.server.url, "/api/inbox?limit=200");
    const groups = (inbox.body as { groups: { unit: string | null; billing: boolean }[] }).groups;
    assert.deepEqual(
      groups.filter((g) => g.billing).map((g) => g.unit),
      ["AE-70"],
      "the property's file is its own group, marked as the property's",
    );
    assert.match(String(res.lines[1]!.message), /nicht in Ihrem Verzeichnis/);
    assert.match(String(res.lines[2]!.message), /kein Bewohner/);
    assert.match(String(res.lines[3]!.message), /gedruckten Briefen/);
    const foreign = await ndjson(other.session, s.server.url, "/api/handoffs", { documents: [doc("h-1")] });
    assert.equal(foreign.lines[0]!.state, "skipped");
    assert.match(String(foreign.lines[0]!.message), /gibt es in Ihren Verbindungen nicht/);
    assert.ok(
      !s.server.output().includes(RESIDENT.email) && !s.server.output().includes("Weiß"),
      "nothing of the resident in the server's output",
    );
  });

  test("a new resident never receives a document of a period before their move-in: it was their predecessor's (issues #32, #34)", async () => {
    await control(s.server, "DELETE", "/mail");
    const [year, month] = THIS_MONTH.split("-");
    const move = [
      "Nutzeinheit;Liegenschaft;Lage;Bewohner;E-Mail;Zustellweg;Einwilligung;Anschrift;Einzug",
      `7005;Haus Birke;3. OG;Neue Bewohnerin;neue@example.de;E-Mail;01.03.2026 Formular;;01.${month}.${year}`,
    ];
    const put = await api(s.manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: move.join("\n"),
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    const res = await handOff([doc("h-6"), doc("h-7")], true);
    assert.deepEqual(
      res.lines.slice(0, 2).map((l) => [l.documentid, l.state]),
      [
        ["h-6", "sent"],
        ["h-7", "sent"],
      ],
      res.text,
    );
    const mails = await keptMail(s.server);
    const to = (file: string) =>
      mails.filter((m) => m.attachments.some((a) => a.filename?.includes(file))).flatMap((m) => m.to);
    assert.deepEqual(
      to("h-6"),
      ["erste@example.de"],
      "October's document goes to the resident of October, who moved out",
    );
    assert.deepEqual(to("h-7"), ["neue@example.de"], "this month's document to the resident who lives there now");
  });
});
