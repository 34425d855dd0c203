import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { translate } from "@/lib/i18n/messages";
import { readMessages } from "@/lib/provider/osr-answer";
import { quotedValues, redactText } from "@/lib/redact";
import { buildReport, partnerPmnumber, reportedStart, reportHash, type ReportTenancy } from "@/lib/onsite-roles/body";
import { EXPLAINED_CODES, explainReport, type Explanation } from "@/lib/onsite-roles/explain";
import { dueBy, isWorkingDay, nationwideHolidays, reportDeadline } from "@/lib/onsite-roles/due";

/**
 * Issue 36: a unit's whole history as one on-site-roles v2 data set (lib/onsite-roles/body.ts),
 * and the deadline of its report (due.ts): the third working day after the end of the move's month,
 * less Germany's nationwide holidays, on a day the test sets. Issue 44: a provider's messages read
 * without the residents' values or any e-mail address (lib/redact.ts, lib/provider/osr-answer.ts).
 */

const UNIT = { billingunit: "000123456", mscnumber: "9002", pmnumber: "PM-9002" };
const person = (firstName: string, lastName: string) => ({
  name: `${firstName} ${lastName}`,
  firstName,
  lastName,
  company: null,
});
const tenancy = (id: string, moveIn: string | null, moveOut: string | null, who: ReportTenancy["resident"]) => ({
  id,
  moveIn,
  moveOut,
  vacancy: who === null,
  erased: false,
  resident: who,
});

/** The data set with `since` the day a tenancy without a move-in starts; it must be one. */
const built = (unit: typeof UNIT, history: ReportTenancy[], since: string | null = "2026-01-15") => {
  const body = buildReport(unit, history, since);
  assert.ok(body, "a data set");
  return body;
};

describe("the v2 data set of a unit", () => {
  const history = [
    tenancy("t-new", "2026-11-01", null, person("Jörg", "Neumann")),
    tenancy("t-gap", "2026-09-01", "2026-10-31", null),
    tenancy("t-old", null, "2026-08-31", person("Anna", "Alt")),
  ];

  test("partners with name parts only, contracts oldest first, a vacancy billed to the owner", () => {
    const body = built(UNIT, history);
    const anna = partnerPmnumber("t-old");
    const joerg = partnerPmnumber("t-new");
    assert.deepEqual(
      new Set(body.partners.map((p) => JSON.stringify(p))),
      new Set([
        JSON.stringify({ partnerPmnumber: anna, name: "Alt", commercial: false, firstname: "Anna" }),
        JSON.stringify({ partnerPmnumber: joerg, name: "Neumann", commercial: false, firstname: "Jörg" }),
      ]),
    );
    assert.deepEqual(body.billingcontracts, [
      { validfrom: "2026-01-15", validto: "2026-08-31", vacancy: false, billingrecipient: { partnerPmnumber: anna } },
      { validfrom: "2026-09-01", validto: "2026-10-31", vacancy: true, billingrecipient: { owner: true } },
      { validfrom: "2026-11-01", validto: null, vacancy: false, billingrecipient: { partnerPmnumber: joerg } },
    ]);
    assert.deepEqual(body.consumptioninformationcontracts, [
      { validfrom: "2026-01-15", validto: "2026-08-31", partnerPmnumber: anna },
      { validfrom: "2026-11-01", validto: null, partnerPmnumber: joerg },
    ]);
    assert.equal(body.billingunitMscnumber, "000123456");
    assert.equal(body.residentialunitMscnumber, "9002");
    assert.doesNotMatch(JSON.stringify(body), /@|email|Straße/);
  });

  test("the hash follows the state: the same history in any order hashes alike, a corrected date does not", () => {
    const same = reportHash(built(UNIT, [...history].reverse()));
    assert.equal(reportHash(built(UNIT, history)), same);
    const corrected = history.map((t) => (t.id === "t-new" ? { ...t, moveIn: "2026-11-02" } : t));
    assert.notEqual(reportHash(built(UNIT, corrected)), same);
  });

  test("a partner number is stable per tenancy, bounded, and says nothing of the person", () => {
    assert.equal(partnerPmnumber("t-old"), partnerPmnumber("t-old"));
    assert.notEqual(partnerPmnumber("t-old"), partnerPmnumber("t-new"));
    assert.match(partnerPmnumber("t-old"), /^P-[0-9a-f]{20}$/);
  });

  test("a company is a commercial partner without a first name; an erased former resident is left out", () => {
    const firm = { name: "Muster GmbH", firstName: null, lastName: null, company: "Muster GmbH" };
    const body = built(UNIT, [
      tenancy("t-firm", "2026-01-01", null, firm),
      { ...tenancy("t-erased", "2015-01-01", "2020-12-31", null), vacancy: false, erased: true },
    ]);
    assert.deepEqual(body.partners, [
      { partnerPmnumber: partnerPmnumber("t-firm"), name: "Muster GmbH", commercial: true },
    ]);
    assert.equal(body.billingcontracts.length, 1);
  });
});

describe("a tenancy without a move-in (issue #50)", () => {
  const old = (moveOut: string | null) => [tenancy("t-old", null, moveOut, person("Anna", "Alt"))];

  test("is reported from the unit's `since`, never from another day; the day is part of the state", () => {
    const body = built(UNIT, old(null), "2026-09-01");
    assert.deepEqual(
      body.consumptioninformationcontracts.map((c) => [c.validfrom, c.validto]),
      [["2026-09-01", null]],
    );
    assert.notEqual(reportHash(built(UNIT, old(null), "2026-05-01")), reportHash(body));
    // A move-out after that day, then a new resident: the periods run forwards (the sandbox's PERIOD_REVERSED).
    const moved = built(
      UNIT,
      [...old("2026-10-20"), tenancy("t-new", "2026-10-21", null, person("Jörg", "Neumann"))],
      "2026-09-01",
    );
    assert.deepEqual(
      moved.billingcontracts.map((c) => [c.validfrom, c.validto]),
      [
        ["2026-09-01", "2026-10-20"],
        ["2026-10-21", null],
      ],
    );
  });

  test("ended before `since`: from its last day; without any `since`: no data set at all", () => {
    assert.equal(reportedStart("2026-09-01", "2026-08-15"), "2026-08-15");
    assert.equal(reportedStart("2026-09-01", null), "2026-09-01");
    assert.equal(reportedStart(null, "2026-08-15"), null);
    assert.deepEqual(built(UNIT, old("2026-08-15"), "2026-09-01").billingcontracts[0]!.validfrom, "2026-08-15");
    assert.equal(buildReport(UNIT, old(null), null), null, "not reportable until a date is known");
    // An erased former resident without a move-in is left out, so it needs no date.
    const erased = [{ ...old("2020-12-31")[0]!, resident: null, erased: true }];
    assert.ok(buildReport(UNIT, [...erased, tenancy("t-new", "2021-01-01", null, person("Jörg", "Neu"))], null));
  });
});

describe("the provider's answer explained", () => {
  const unit = (moveIn: string | null) => ({
    mscnumber: "9002",
    billingunit: "000111",
    tenancies: [
      { id: "t-new", moveIn: "2026-10-21", vacancy: false, erased: false, resident: { name: "Jörg Neumann" } },
      { id: "t-old", moveIn, vacancy: false, erased: false, resident: { name: "Anna Alt" } },
    ],
  });
  const refused = (...codes: string[]) => ({
    connectionId: "c-1",
    status: 400,
    messages: codes.map((shortmessage) => ({ type: "error", shortmessage, message: "raw text of the provider" })),
  });
  const say = (e: Explanation) => e.sentences.map((x) => translate("de", x.key, x.vars)).join(" ");

  test("a reversed period with a resident without a move-in: enter that move-in, the code beside it", () => {
    const [e] = explainReport(refused("PERIOD_REVERSED"), unit(null));
    assert.equal(e!.code, "PERIOD_REVERSED");
    assert.deepEqual(e!.action, { kind: "moveIn", tenancyId: "t-old", name: "Anna Alt" });
    assert.match(say(e!), /Tragen Sie den Einzug von Anna Alt ein/);
    assert.doesNotMatch(say(e!), /raw text/, "never the provider's text");
    const [known] = explainReport(refused("PERIOD_OVERLAP"), unit("2020-01-01"));
    assert.equal(known!.action, null);
    assert.match(say(known!), /Prüfen Sie Einzug und Auszug/);
  });

  test("every code of the sandbox's checks and schema is explained; an unknown one generally, with its code", () => {
    const sources = ["validate.ts", "schema.ts", "serve.ts"].map((f) =>
      readFileSync(path.join(import.meta.dirname, "../../lib/sandbox/osr", f), "utf8"),
    );
    // Every upper-case token the service's code names (a method aside, and NO_DATA, the read-back's own), and
    // the reason phrases of the statuses it answers without a code of its own (answers.ts, statusCode).
    const named = sources.flatMap((text) => [...text.matchAll(/"([A-Z][A-Z_]{3,})"/g)].map((m) => m[1]!));
    const phrases = ["FORBIDDEN", "NOT_FOUND", "METHOD_NOT_ALLOWED", "NOT_ACCEPTABLE"];
    const codes = new Set([...named.filter((c) => c !== "POST" && c !== "NO_DATA"), ...phrases]);
    for (const code of ["PERIOD_REVERSED", "UNKNOWN_UNIT", "REQUIRED_FIELD_MISSING"]) assert.ok(codes.has(code), code);
    for (const code of codes) {
      assert.ok(EXPLAINED_CODES.has(code), `${code} explained`);
      const [e] = explainReport(refused(code), unit(null));
      assert.ok(e!.known, code);
      for (const s of e!.sentences) assert.notEqual(translate("de", s.key, s.vars), s.key, `${code}: ${s.key}`);
      for (const s of e!.sentences) assert.notEqual(translate("en", s.key, s.vars), s.key, `${code}: ${s.key}`);
    }
    const [other] = explainReport(refused("KALO_4711"), unit(null));
    assert.equal(other!.known, false);
    assert.match(say(other!), /mit dem Code KALO_4711 abgelehnt/);
    const [bare] = explainReport({ connectionId: "c-1", status: 401, messages: [] }, unit(null));
    assert.deepEqual([bare!.code, bare!.action], ["HTTP 401", { kind: "connection", connectionId: "c-1" }]);
  });
});

describe("the deadline: the third working day after the month's end", () => {
  test("Germany's nationwide holidays, and only those", () => {
    const y2027 = nationwideHolidays(2027);
    for (const d of ["2027-01-01", "2027-03-26", "2027-03-29", "2027-10-03", "2027-12-25", "2027-12-26"])
      assert.ok(y2027.has(d), d);
    assert.ok(!y2027.has("2027-01-06"), "Epiphany is a holiday of three states only");
    assert.equal(isWorkingDay("2027-01-06"), true);
    assert.equal(isWorkingDay("2027-01-01"), false);
  });

  test("a month end before a weekend, and before a holiday", () => {
    // October 2026 ends on a Saturday: Monday 2, Tuesday 3, Wednesday 4 November.
    assert.equal(dueBy("2026-10-15"), "2026-11-04");
    // December 2026 ends on a Thursday; 1 January is New Year's Day, then a weekend: 4, 5, 6 January.
    assert.equal(dueBy("2026-12-01"), "2027-01-06");
    // March 2027 ends on a Wednesday (Easter fell before it): Thursday 1, Friday 2, Monday 5 April.
    assert.equal(dueBy("2027-03-10"), "2027-04-05");
  });

  test("due while not accepted, overdue past the day, nothing for a move in the running month", () => {
    const history = [{ moveIn: "2026-12-01", moveOut: null }];
    assert.deepEqual(reportDeadline(history, "pending", "2026-12-20"), { overdue: false });
    assert.deepEqual(reportDeadline(history, "pending", "2027-01-06"), { dueBy: "2027-01-06", overdue: false });
    assert.deepEqual(reportDeadline(history, "rejected", "2027-01-07"), { dueBy: "2027-01-06", overdue: true });
    assert.deepEqual(reportDeadline(history, "accepted", "2027-01-07"), { overdue: false });
    // A move-out on 30 November is a change on 1 December.
    assert.deepEqual(reportDeadline([{ moveIn: null, moveOut: "2026-11-30" }], "unknown", "2027-01-02"), {
      dueBy: "2027-01-06",
      overdue: false,
    });
  });

  test("the holidays hold in a time zone far from Berlin", () => {
    const before = process.env.TZ;
    process.env.TZ = "Pacific/Kiritimati";
    try {
      assert.ok(nationwideHolidays(2031).has("2031-01-01"));
      assert.ok(nationwideHolidays(2031).has("2031-12-25"));
    } finally {
      process.env.TZ = before;
    }
  });
});

describe("a provider's messages, redacted", () => {
  const quoted = quotedValues({
    names: ["Quirinella Zwackelmann", "Quirinella", "Zwackelmann", null],
    email: "q.zwackelmann@example.de",
    address: "Zwackelweg 7\n12345 Zwackeldorf",
  });

  test("the report's people's names, parts, e-mail and address lines, and any e-mail address, are replaced", () => {
    const [m] = readMessages(
      {
        messages: [
          {
            type: "error",
            shortmessage: "PARTNER_MISMATCH ZWACKELMANN",
            message:
              "Partner Quirinella\u200b Zwackelmann <Q.Zwackelmann@Example.de> (zwackelmann, QUIRINELLA), Anschrift Zwackelweg 7, 12345 Zwackeldorf; Kontakt: other.person@example.org",
          },
        ],
      },
      quoted,
    );
    assert.deepEqual(m, {
      type: "error",
      shortmessage: "PARTNER_MISMATCH <…>",
      message: "Partner <…> <<…>> (<…>, <…>), Anschrift <…>, <…>; Kontakt: <…>",
    });
  });

  test("short values only as whole words; bounded after the replacement, so no cut leaves part of a value", () => {
    assert.equal(redactText("Al wohnt in der Allee", ["Al"], 100), "<…> wohnt in der Allee");
    const long = `${"x".repeat(496)} Zwackelmann`;
    const [m] = readMessages({ messages: [{ shortmessage: "X", message: long }] }, quoted);
    assert.equal(m!.message, `${"x".repeat(496)} <…>`);
    assert.equal(m!.message.length, 500);
    const [cut] = readMessages({ messages: [{ shortmessage: "X", message: `${"y".repeat(600)}` }] }, quoted);
    assert.equal(cut!.message.length, 500);
  });

  test("a hostile text does not stall the search: 64 KiB without an @, and with many", () => {
    const started = performance.now();
    redactText("a".repeat(65_536), quoted, 500);
    redactText("a@".repeat(32_768), quoted, 500);
    redactText(`${"a".repeat(60_000)}@${"b.".repeat(2_000)}`, quoted, 500);
    assert.ok(performance.now() - started < 1_000, `${Math.round(performance.now() - started)} ms`);
  });
});
