import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { ndjson, uvi } from "../../support/delivery";
import { pdfText } from "../../support/pdf-text";
import { postPrint } from "../../support/print";
import { ADMIN, freePort } from "../../support/server";
import { api, mustSignIn, type Session } from "../../support/session";
import { sandboxSuite } from "../../support/suite";

/**
 * Issue 50, "printed means posted" and "the proof never forgets", over HTTP: the first print asks for the sender's
 * postal address; a print makes the letters ("Briefe erstellt") and hands nobody on; "Gedruckt und versandt" (POST
 * /api/handoffs/posted) does, for the post letters and for a portal resident without e-mail whose link letter carried
 * the month's document, who is never counted by "Alle weitergeben"; the proof says both steps, and keeps an e-mail
 * and its Message-ID after a move made the document a change of resident.
 */

const PROPERTY = "Haus Post";
const MONTH = "2026-10";
const REGISTER = [
  "Nutzeinheit;Liegenschaft;Lage;Vorname;Nachname;E-Mail;Zustellweg;Einwilligung;Straße;PLZ;Ort;Einzug",
  `7001;${PROPERTY};EG;Berta;Brief;;Post;;Postweg 1;10115;Berlin;01.01.2020`,
  `7002;${PROPERTY};1. OG;Paul;Ohnemail;;Portal;01.03.2026 Formular;Postweg 1;10115;Berlin;01.01.2020`,
  `7003;${PROPERTY};2. OG;Erika;Mail;erika@example.de;E-Mail;01.03.2026 Formular;;;;01.01.2020`,
].join("\r\n");
const IDS = { berta: "q-1", paul: "q-2", erika: "q-3" };
const SENDER = "Postweg 9, 10115 Berlin";

type Entry = { status: string; document: { documentid: string } | null };
type MonthView = { rows: { unit: string; entries: Entry[] }[]; counts: Record<string, number> };
type Round = { properties: { property: string; counts: Record<string, number>; toHandOn: number }[] };
type RoundDocs = { documents: { documentid: string; handsOn: boolean; confirmed: boolean }[] };

/** The PDF's lines from a unit's first line to the next unit's (or the totals). */
function blocks(pages: string[]): Map<string, string> {
  const out = new Map<string, string>();
  let unit: string | null = null;
  for (const line of pages.join("\n").split("\n")) {
    const head = /^\s*(700\d) · /.exec(line);
    if (head) unit = head[1]!;
    else if (/^\s*Summe\s*$/.test(line)) unit = null;
    if (unit) out.set(unit, `${out.get(unit) ?? ""}${line.trim()}\n`);
  }
  return out;
}

const smtpPort = await freePort();

describe("printed means posted; the proof never forgets", () => {
  const s = sandboxSuite([uvi(IDS.berta, "7001"), uvi(IDS.paul, "7002"), uvi(IDS.erika, "7003")], {
    synced: true,
    env: {
      SANDBOX_SMTP_PORT: String(smtpPort),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: "Hausverwaltung Muster <uvi@muster.example>",
    },
  });
  const q = new URLSearchParams({ property: PROPERTY, month: MONTH }).toString();
  const get = <T>(path: string) => api(s.manager.session, s.server.url, path).then((r) => r.body as T);
  const statusOf = async (documentid: string) => {
    const view = await get<MonthView>(`/api/handoffs/month?${q}`);
    return view.rows.flatMap((r) => r.entries).find((e) => e.document?.documentid === documentid)?.status;
  };
  const round = async () => (await get<Round>(`/api/month?${q}`)).properties[0]!;
  const roundDocs = async () => (await get<RoundDocs>(`/api/month/documents?${q}`)).documents;
  const posted = (body: Record<string, unknown>, origin?: string) =>
    fetch(`${s.server.url}/api/handoffs/posted`, {
      method: "POST",
      headers: {
        Cookie: s.manager.session.cookie,
        "content-type": "application/json",
        ...(origin && { Origin: origin }),
      },
      body: JSON.stringify(body),
    });
  const proof = async (session: Session = s.manager.session, extra = "") => {
    const res = await fetch(`${s.server.url}/api/handoffs/proof?${q}${extra}`, { headers: { Cookie: session.cookie } });
    assert.equal(res.status, 200, await res.clone().text());
    const pages = pdfText(new Uint8Array(await res.arrayBuffer()));
    return { text: pages.join("\n"), units: blocks(pages) };
  };
  const proofCsv = async () =>
    (
      await fetch(`${s.server.url}/api/handoffs/proof.csv?${q}`, { headers: { Cookie: s.manager.session.cookie } })
    ).text();
  const doc = (documentid: string) => ({ connectionId: s.connectionId, documentid });
  let admin: Session;

  before(async () => {
    admin = await mustSignIn(s.server.url, ADMIN.email, ADMIN.password);
    const put = await api(s.manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    for (const id of Object.values(IDS)) {
      const path = `/api/connections/${s.connectionId}/documents/${id}/status`;
      const res = await api(s.manager.session, s.server.url, path, { method: "PUT", json: {} });
      assert.equal(res.status, 200, res.text);
    }
  });

  test("a portal resident without e-mail waits for the letter: not counted by 'Alle weitergeben', never skipped by it", async () => {
    const docs = await roundDocs();
    assert.ok(!docs.some((d) => d.documentid === IDS.paul && d.handsOn), "Paul's way is the letter");
    assert.equal(docs.find((d) => d.documentid === IDS.erika)?.handsOn, true);
    assert.equal((await round()).toHandOn, 1, "only Erika's e-mail is an action's to move");
    assert.equal(await statusOf(IDS.paul), "notPrinted", "a letter to print");
    const run = await ndjson(s.manager.session, s.server.url, "/api/handoffs", { documents: [doc(IDS.erika)] });
    assert.equal(run.lines[0]?.state, "sent", run.text);
    assert.equal((await round()).toHandOn, 0, "nothing left for 'Alle weitergeben'");
  });

  test("the first print asks for the sender's postal address (409) and claims nothing; given with the print, it is stored", async () => {
    const refused = await postPrint(s.manager.session, { property: PROPERTY, month: MONTH });
    const body = (await refused.json()) as { error: string; message: string };
    assert.equal(refused.status, 409, JSON.stringify(body));
    assert.equal(body.error, "sender_address_missing");
    assert.match(body.message, /Absenderanschrift/);
    assert.equal(await statusOf(IDS.berta), "notPrinted", "nothing claimed");

    const print = await fetch(`${s.server.url}/api/handoffs/print`, {
      method: "POST",
      headers: { Cookie: s.manager.session.cookie, "content-type": "application/json" },
      body: JSON.stringify({ property: PROPERTY, month: MONTH, senderAddress: SENDER }),
    });
    assert.equal(print.status, 200, await print.clone().text());
    const letters = pdfText(new Uint8Array(await print.arrayBuffer())).join("\n");
    assert.match(letters, /Postweg 9/, "the return line names the address");
    assert.match(letters, /Berta Brief/);
    assert.match(letters, /Paul Ohnemail/, "Paul's letter with his link");
    const texts = await get<{ senderAddress: string | null }>("/api/handoffs/texts");
    assert.equal(texts.senderAddress, SENDER);
  });

  test("a print makes the letters ('Briefe erstellt'): nobody is handed on, the proof says so", async () => {
    assert.equal(await statusOf(IDS.berta), "printed");
    assert.equal(await statusOf(IDS.paul), "printed", "the document Paul's link letter carries");
    const row = await round();
    assert.equal(row.counts.printed, 2);
    assert.equal(row.counts.posted, 0);
    assert.equal(row.counts.email, 1);
    const { text, units } = await proof();
    assert.match(units.get("7001")!, /Briefe erstellt/);
    assert.match(units.get("7001")!, /Nachweis: gedruckt am \d\d\.\d\d\.\d{4}, \d\d:\d\d von /);
    assert.doesNotMatch(units.get("7001")!, /versandt am/);
    assert.doesNotMatch(units.get("7001")!, /weitergegeben am/);
    assert.match(text, /Weitergegeben: 1 \(/);
    assert.match(text, /Briefe erstellt: 2/);
    // The support timeline says the letter was made, not handed on.
    const record = await api(admin, s.server.url, `/api/delivery/documents/${s.connectionId}/${IDS.berta}`);
    const events = (record.body as { events: { kind: string; detail: { state?: string } }[] }).events;
    assert.ok(events.some((e) => e.kind === "handoff" && e.detail.state === "printed"));
  });

  test("'Gedruckt und versandt' under the Origin check: a selection, then the rest; each letter then is handed on", async () => {
    const foreign = await posted({ property: PROPERTY, month: MONTH }, "https://elsewhere.example");
    assert.equal(foreign.status, 403);
    assert.equal(await statusOf(IDS.berta), "printed", "a foreign page changes nothing");

    const one = await posted({ property: PROPERTY, month: MONTH, documents: [doc(IDS.berta)] });
    assert.equal(one.status, 200, await one.clone().text());
    assert.deepEqual(((await one.json()) as { posted: number }).posted, 1);
    assert.equal(await statusOf(IDS.berta), "posted");
    assert.equal(await statusOf(IDS.paul), "printed", "not in the selection");

    const rest = await posted({ property: PROPERTY, month: MONTH });
    assert.equal(((await rest.json()) as { posted: number }).posted, 1);
    assert.equal(await statusOf(IDS.paul), "portal", "Paul is handed on by the letter with his link");
    const again = await posted({ property: PROPERTY, month: MONTH });
    assert.equal(again.status, 404);
    assert.equal(((await again.json()) as { error: string }).error, "nothing_to_post");

    const row = await round();
    assert.deepEqual([row.counts.printed, row.counts.posted, row.counts.portal, row.toHandOn], [0, 1, 1, 0]);
    const grid = await api(
      admin,
      s.server.url,
      `/api/delivery/completeness?connection=${s.connectionId}&from=${MONTH}&to=${MONTH}`,
    );
    const cells = (grid.body as { units: { unit: string; cells: string[] }[] }).units;
    assert.deepEqual(cells.find((u) => u.unit === "7001")?.cells, ["handedOver"], grid.text);

    const { text, units } = await proof();
    const manager = s.manager.email.replace(/[.]/g, "\\.");
    assert.match(units.get("7001")!, new RegExp(`Nachweis: gedruckt am [^\\n]* von ${manager}`));
    assert.match(
      units.get("7001")!,
      new RegExp(`Nachweis: versandt am \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d von ${manager}`),
    );
    assert.match(units.get("7001")!, /weitergegeben am/);
    assert.match(units.get("7002")!, /Nachweis: Brief mit Portal-Link versandt am/);
    assert.match(text, /Weitergegeben: 3 \(/);
    assert.doesNotMatch(text, /Nicht weitergegeben: [1-9]/);
    assert.match(await proofCsv(), /gedruckt am [^;"]*\(Briefe erstellt\); versandt am/);
  });

  test("an e-mail followed by a move keeps its Message-ID in the proof, with the move after it", async () => {
    // Sent by the first test; sent here when that one stopped early (a document already sent is skipped).
    await ndjson(s.manager.session, s.server.url, "/api/handoffs", { documents: [doc(IDS.erika)] });
    const list = await get<{ items: { documentid: string; messageId?: string }[] }>(`/api/handoffs?month=${MONTH}`);
    const messageId = list.items.find((i) => i.documentid === IDS.erika)?.messageId;
    assert.ok(messageId, "Erika's e-mail has a message id");
    const units = await get<{ units: { id: string; mscnumber: string }[] }>(`/api/units?property=Haus%20Post`);
    const unit = units.units.find((u) => u.mscnumber === "7003")!;
    const move = await api(s.manager.session, s.server.url, `/api/units/${unit.id}/tenancies`, {
      method: "POST",
      json: {
        moveIn: "2026-10-16",
        resident: { firstName: "Nico", lastName: "Neu", channel: "post", postalAddress: "Postweg 1, 10115 Berlin" },
      },
    });
    assert.equal(move.status, 201, move.text);
    assert.equal(await statusOf(IDS.erika), "change", "the rule now sees a change of resident in the period");

    const { units: blocksOf } = await proof();
    const block = blocksOf.get("7003")!;
    assert.match(block, /Nachweis: E-Mail versandt am \d\d\.\d\d\.\d{4}, \d\d:\d\d von [^\n]* an Erika Mail/, block);
    assert.match(block, new RegExp(`^Nachweis: Message-ID ${messageId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"));
    assert.match(block, /Nachweis: danach: Umzug erfasst am \d\d\.\d\d\.\d{4}, \d\d:\d\d/);
    const lines = block.split("\n");
    const sent = lines.findIndex((l) => l.includes("E-Mail versandt"));
    const moved = lines.findIndex((l) => l.includes("Umzug erfasst"));
    assert.ok(sent >= 0 && moved > sent, "the move after the e-mail");

    // The record of outcomes is append-only: the e-mail, the print and its posting are there, and stay as written.
    const kept = await s.server.query<{ state: string; message_id: string | null }>(
      "SELECT state, message_id FROM handoff_outcomes WHERE documentid = ANY($1) ORDER BY at, id",
      [[IDS.erika, IDS.berta]],
    );
    assert.deepEqual(
      kept.map((o) => o.state),
      ["sent", "printed", "posted"],
      "Erika's e-mail, Berta's letter made and posted",
    );
    assert.equal(kept[0]!.message_id, messageId);
    await assert.rejects(
      s.server.query("UPDATE handoff_outcomes SET message_id = NULL WHERE documentid = $1", [IDS.erika]),
      /append-only/,
    );

    // Support's proof keeps it too, without the name.
    const support = await proof(admin, `&connection=${s.connectionId}`);
    assert.match(support.units.get("7003")!, /Message-ID /);
    assert.match(support.units.get("7003")!, /an Bewohner \(ohne Namen\)/);
    assert.doesNotMatch(support.text, /Erika|Berta|Paul/);
    assert.match(
      await proofCsv(),
      /E-Mail versandt am [^;"]* an Erika Mail; Message-ID [^;"]*; Einwilligung schriftlich am [^;"]*; danach: Umzug erfasst am/,
    );
  });
});
