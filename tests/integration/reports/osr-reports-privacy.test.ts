import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addConnection, makeUser, type Person } from "../../support/connections";
import { sql } from "../../support/database";
import { SANDBOX_CLIENT, control, mustSync, uvi } from "../../support/delivery";
import { filesHolding, pagesHolding } from "../../support/erasure";
import { api } from "../../support/session";
import { suiteServer } from "../../support/suite";
import { until } from "../../support/until";

/**
 * Issue 44: a provider's on-site-roles refusal that quotes the partner it refuses (name, e-mail,
 * address) is stored without them: support's lists and timeline show its codes and the redacted
 * text, the `osr.report` audit event the codes only. An erasure of the resident, after
 * RESIDENT_RETENTION_MONTHS as on request, leaves only the codes on the unit's reports, and the name
 * in no file of DATA_DIR (on PostgreSQL: in no page of the tables). Against the sandbox over HTTP;
 * its fault rules answer the refusals.
 */

/** A resident, and the words of a refusal that quotes them. */
const person = (first: string, last: string, street: string, city: string) => ({
  first,
  last,
  email: `${first}.${last}@example.de`.toLowerCase(),
  street,
  city,
});
const PRESENT = person("Quirinella", "Zwackelmann", "Zwackelweg 17", "12345 Zwackeldorf");
const FORMER = person("Ottilie", "Uhlenhorst", "Uhlenweg 3", "54321 Uhlendorf");
type Quoted = typeof PRESENT;
const needles = (p: Quoted) => [p.first, p.last, p.email, p.street];
/** A resident of another unit whose report the sandbox accepts: found on disk, it shows the search reads the right bytes. */
const KEPT = "Kesselring";

const REGISTER = [
  "Nutzeinheit;Abrechnungseinheit;Liegenschaft;Vorname;Nachname;E-Mail;Zustellweg;Anschrift;Einzug;Auszug",
  `9301;000111;Haus Linde;${PRESENT.first};${PRESENT.last};${PRESENT.email};Post;${PRESENT.street}, ${PRESENT.city};01.01.2020;`,
  `9302;000111;Haus Linde;Bertholdine;${KEPT};;Post;Tannenweg 2, 10115 Berlin;01.01.2020;`,
  `9303;000111;Haus Linde;${FORMER.first};${FORMER.last};${FORMER.email};Post;${FORMER.street}, ${FORMER.city};01.01.2015;31.12.2021`,
  "9303;000111;Haus Linde;Paul;Jetzt;;Post;Tannenweg 4, 10115 Berlin;01.01.2022;",
].join("\n");
const PATH = (unit: string) => `/onsiteroles/v2/billingunits/000111/residentialunits/${unit}/on-site-roles`;

/** Every character as a JSON `\u` escape: the answer quotes the resident, the stored fault rule holds none of their bytes. */
const escaped = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
const refusal = (p: Quoted) => `{"messages": [
  {"type": "error", "shortmessage": "PARTNER_ADDRESS_MISMATCH",
   "message": "Partner ${escaped(`${p.first} ${p.last} <${p.email}>`)} (P-1): Anschrift ${escaped(`${p.street}, ${p.city}`)} weicht ab"},
  {"type": "warning", "shortmessage": "${escaped(`${p.last}, ${p.first}`)}", "message": "Kontakt ${escaped(p.email)}"}
]}`;
const CODES_ONLY = [
  { type: "error", shortmessage: "PARTNER_ADDRESS_MISMATCH", message: "" },
  { type: "warning", shortmessage: "", message: "" },
];

type Message = { type: string; shortmessage: string; message: string };
type Report = { connectionId: string; state: string; messages?: Message[] };
type Unit = { id: string; mscnumber: string; reports: Report[] };
type Timeline = {
  connections: { state: string; messages: Message[]; events: { kind: string; messages: Message[] }[] }[];
};

const holdsNone = (text: string, p: Quoted, what: string) => {
  for (const needle of [...needles(p), p.city])
    assert.ok(!text.toLowerCase().includes(needle.toLowerCase()), `${needle} in ${what}`);
};
const rejectedStep = (t: Timeline) => t.connections[0]!.events.find((e) => e.kind === "rejected")!;

describe("a provider's refusal that quotes the resident", () => {
  const s = suiteServer({ sandbox: true, env: { RESIDENT_RETENTION_MONTHS: "240" } });
  let manager: Person;
  let support: Person;
  let unitIds: Map<string, string>;

  const units = async () => {
    const res = await api(manager.session, s.server.url, "/api/units?limit=200");
    assert.equal(res.status, 200, res.text);
    return new Map((res.body as { units: Unit[] }).units.map((u) => [u.mscnumber, u]));
  };
  const timeline = async (mscnumber: string) => {
    const res = await api(support.session, s.server.url, `/api/delivery/units/${unitIds.get(mscnumber)}/reports`);
    assert.equal(res.status, 200, res.text);
    return res.body as Timeline;
  };

  before(async () => {
    const client = { ...SANDBOX_CLIENT, services: ["uvi", "dta", "osr"] };
    const documents = ["9301", "9302", "9303"].map((m) => uvi(`d-${m}`, m));
    assert.equal((await control(s.server, "PUT", "/state", { clients: [client], documents })).status, 204);
    const rules = [
      { method: "POST", path: PATH("9301"), status: 400, body: refusal(PRESENT) },
      { method: "POST", path: PATH("9303"), status: 400, body: refusal(FORMER) },
    ];
    assert.equal((await control(s.server, "PUT", "/faults", rules)).status, 204);
    manager = await makeUser(s.server, "manager");
    support = await makeUser(s.server, "support");
    const { id } = await addConnection(s.server, manager.session, {
      name: "Nord",
      service: "uvi",
      baseUrl: `${s.server.url}/arge`,
      auth: { type: "basic", ...SANDBOX_CLIENT.basic },
      onSiteRolesUrl: s.server.url,
    });
    await mustSync(manager.session, s.server.url, id);
    const put = await api(manager.session, s.server.url, "/api/units", {
      method: "PUT",
      body: REGISTER,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(put.status, 200, put.text);
    assert.deepEqual((put.body as { errors: unknown[] }).errors, []);
    const states = { "9301": "rejected", "9302": "accepted", "9303": "rejected" };
    const register = await until(
      units,
      (m) => Object.entries(states).every(([msc, state]) => m.get(msc)?.reports[0]?.state === state),
      { tries: 200, everyMs: 100 },
    );
    for (const [msc, state] of Object.entries(states))
      assert.equal(register.get(msc)?.reports[0]?.state, state, JSON.stringify(register.get(msc)));
    unitIds = new Map([...register.values()].map((u) => [u.mscnumber, u.id]));
  });

  test("support's list and the unit's timeline show the codes and the text without name, e-mail or address", async () => {
    const list = await api(support.session, s.server.url, "/api/delivery/reports?q=9301");
    assert.equal(list.status, 200, list.text);
    const [unit] = (list.body as { units: { reports: Report[] }[] }).units;
    const messages = unit!.reports[0]!.messages!;
    assert.deepEqual(
      messages.map((m) => [m.type, m.shortmessage]),
      [
        ["error", "PARTNER_ADDRESS_MISMATCH"],
        ["warning", "<…>, <…>"],
      ],
    );
    assert.match(messages[0]!.message, /^Partner <…> <<…>> \(P-1\): Anschrift <…>(, <…>)? weicht ab$/);
    assert.equal(messages[1]!.message, "Kontakt <…>");
    holdsNone(list.text, PRESENT, "support's list");

    const steps = await timeline("9301");
    assert.deepEqual(rejectedStep(steps).messages, messages, "the step keeps what the report shows");
    holdsNone(JSON.stringify(steps), PRESENT, "the unit's timeline");
    holdsNone(JSON.stringify((await units()).get("9301")!.reports), PRESENT, "the register's reports");
    holdsNone(JSON.stringify(await timeline("9303")), FORMER, "the former resident's unit's timeline");
  });

  test("the osr.report audit event keeps the codes, and no text of the provider's", async () => {
    const events = await sql<{ detail: Record<string, unknown> }>(
      s.server,
      "SELECT detail FROM audit_events WHERE kind = 'osr.report' AND detail->>'unit' = ANY($1) ORDER BY id",
      [[unitIds.get("9301"), unitIds.get("9303")]],
    );
    const refused = events.filter((e) => e.detail.state === "rejected");
    assert.equal(refused.length, 2, JSON.stringify(events));
    for (const { detail } of refused) assert.deepEqual(detail.codes, ["PARTNER_ADDRESS_MISMATCH"]);
    for (const { detail } of events) {
      assert.deepEqual(
        Object.keys(detail).filter((k) => /message/i.test(k)),
        [],
        "no messages in the detail",
      );
      const text = JSON.stringify(detail);
      for (const p of [PRESENT, FORMER]) holdsNone(text, p, "the audit trail");
      assert.doesNotMatch(text, /Partner|Anschrift|Kontakt|<…>/, "no text of the provider's");
    }
    for (const p of [PRESENT, FORMER]) holdsNone(s.server.output(), p, "the server's output");
  });

  test("after RESIDENT_RETENTION_MONTHS: the former resident's unit keeps the codes of its refusal, not the text", async () => {
    s.server.env.RESIDENT_RETENTION_MONTHS = "12";
    // The retention's sweep runs at the start.
    await s.server.restart();
    const steps = await until(
      () => timeline("9303"),
      (t) => t.connections[0]!.messages.every((m) => m.message === ""),
      { tries: 100, everyMs: 100 },
    );
    assert.deepEqual(steps.connections[0]!.messages, CODES_ONLY);
    assert.deepEqual(rejectedStep(steps).messages, CODES_ONLY);
    const present = await timeline("9301");
    assert.equal(rejectedStep(present).messages[1]!.message, "Kontakt <…>", "another unit's texts stay");
  });

  test("after the resident's erasure on request: codes only on the unit's reports, and no name in any file of DATA_DIR", async () => {
    const erased = await api(s.admin, s.server.url, `/api/units/${unitIds.get("9301")}/resident`, {
      method: "DELETE",
      headers: { origin: s.server.url },
    });
    assert.equal(erased.status, 200, erased.text);

    const steps = await timeline("9301");
    assert.equal(steps.connections[0]!.state, "rejected");
    assert.deepEqual(steps.connections[0]!.messages, CODES_ONLY);
    assert.deepEqual(rejectedStep(steps).messages, CODES_ONLY);

    const gone = [...needles(PRESENT), ...needles(FORMER)];
    if (s.server.env.DATABASE_URL) {
      for (const table of ["tenancies", "osr_reports", "osr_report_events", "audit_events"])
        assert.deepEqual(await pagesHolding(s.server.env.DATABASE_URL, table, gone), [], `in ${table}`);
      assert.deepEqual(await pagesHolding(s.server.env.DATABASE_URL, "tenancies", [KEPT]), [KEPT]);
      return;
    }
    // SIGKILL: what the erasure left on disk, with no shutdown checkpoint after it.
    await s.server.crash();
    const found = filesHolding(s.server.dataDir, [...gone, KEPT]);
    assert.ok(
      found.some((f) => f.endsWith(KEPT)),
      `the kept resident is on disk: ${found.join(", ")}`,
    );
    assert.deepEqual(
      found.filter((f) => !f.endsWith(KEPT)),
      [],
      "the erased residents are not",
    );
  });
});
