import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { mapHeader } from "@/lib/register/columns";
import { historyText } from "@/lib/register/history-text";
import { historyWrites, mergeHistory, type FileRow } from "@/lib/register/merge";
import { splitName } from "@/lib/register/names";
import type { RowTenancy } from "@/lib/register/rows";
import type { Consent } from "@/lib/register/tenancies/consent";
import type { Tenancy } from "@/lib/register/tenancies/history";

/**
 * Issue 50, "the register's round trip" (lib/register/match.ts, merge.ts): the property
 * software's next export corrects the tenancies it names: moved dates of the same person are that
 * tenancy, whatever the order of the rows; a contract number decides first; a file may replace a
 * unit's history; the column names the property software writes.
 */

const TODAY = "2026-11-29";

/** The written agreement behind a stored resident's e-mail (lib/register/tenancies/consent.ts). */
const consent: Consent = { channel: "email", at: "2019-02-15", how: "written", reference: "Mietvertrag §12" };

const stored = (
  id: string,
  name: string | null,
  moveIn: string | null,
  moveOut: string | null = null,
  more: Partial<Tenancy> = {},
): Tenancy => ({
  id,
  moveIn,
  moveOut,
  vacancy: name === null,
  erased: false,
  contract: null,
  resident: name
    ? { ...splitName(name), email: `${id}@example.de`, channel: "email", postalAddress: null, consent }
    : null,
  ...more,
});

const row = (line: number, name: string | null, moveIn?: string | null, more: Partial<RowTenancy> = {}): FileRow => ({
  line,
  tenancy: {
    person: name === null ? null : splitName(name),
    oneColumn: true,
    salutationColumn: false,
    email: name ? "x@example.de" : undefined,
    channel: name ? "email" : undefined,
    consent: name ? { at: "2026-11-01", reference: "Formular" } : undefined,
    ...(moveIn !== undefined && { moveIn }),
    ...more,
  },
});

const summary = (
  history: { id?: string; moveIn: string | null; moveOut: string | null; resident: { name: string } | null }[],
) => history.map((t) => `${t.id ?? "new"} ${t.resident?.name ?? "leer"} ${t.moveIn ?? "…"}–${t.moveOut ?? "…"}`);

describe("the property software's next export merged into a unit's history", () => {
  const before = [
    stored("g", "Greta Uhlenbrock", "2027-01-01"),
    stored("k", "Konrad Uhlenbrock", "2019-03-01", "2026-12-31"),
  ];

  test("moved dates of the same people correct their tenancies, in either order of the rows, and are listed", () => {
    for (const rows of [
      [row(2, "Konrad Uhlenbrock", "2019-03-01", { moveOut: "2027-01-14" }), row(3, "Greta Uhlenbrock", "2027-01-15")],
      [row(3, "Greta Uhlenbrock", "2027-01-15"), row(2, "Konrad Uhlenbrock", "2019-03-01", { moveOut: "2027-01-14" })],
    ]) {
      const merged = mergeHistory(before, rows, TODAY);
      assert.deepEqual(merged.problems, []);
      assert.deepEqual(summary(merged.history), [
        "k Konrad Uhlenbrock 2019-03-01–2027-01-14",
        "g Greta Uhlenbrock 2027-01-15–…",
      ]);
      const writes = historyWrites(before, merged.history, merged.removed);
      assert.deepEqual(writes.inserts, []);
      assert.deepEqual(
        writes.changes.map((c) => [c.line, c.who, historyText(c, "de")]),
        [
          [2, "Konrad Uhlenbrock", "Auszug korrigiert 31.12.2026 → 14.01.2027"],
          [3, "Greta Uhlenbrock", "Einzug korrigiert 01.01.2027 → 15.01.2027"],
        ],
      );
      assert.equal(historyText(writes.changes[1]!, "en"), "Move-in corrected 01.01.2027 → 15.01.2027");
    }
  });

  test("a resident who comes back is a tenancy of their own: the rows' order does not swap the ids", () => {
    const history = [
      stored("a2", "Anna Alt", "2025-01-01"),
      stored("c", "Carl Zwischen", "2023-01-01", "2024-12-31"),
      stored("a1", "Anna Alt", "2020-01-01", "2022-12-31"),
    ];
    const merged = mergeHistory(
      history,
      [
        row(4, "Anna Alt", "2025-02-01"),
        row(3, "Carl Zwischen", "2023-01-01", { moveOut: "2025-01-31" }),
        row(2, "Anna Alt", "2020-01-01", { moveOut: "2022-12-31" }),
      ],
      TODAY,
    );
    assert.deepEqual(merged.problems, []);
    assert.deepEqual(summary(merged.history), [
      "a1 Anna Alt 2020-01-01–2022-12-31",
      "c Carl Zwischen 2023-01-01–2025-01-31",
      "a2 Anna Alt 2025-02-01–…",
    ]);
  });

  test("a contract number decides first: a new name is the same contract; another number is another tenancy", () => {
    const history = [stored("a", "Anna Alt", "2018-05-01", null, { contract: "MV-1" })];
    const renamed = mergeHistory(history, [row(2, "Anna Neu", "2018-06-01", { contract: "MV-1" })], TODAY);
    assert.deepEqual(summary(renamed.history), ["a Anna Neu 2018-06-01–…"]);
    const other = mergeHistory(history, [row(2, "Anna Alt", "2018-07-01", { contract: "MV-2" })], TODAY);
    assert.deepEqual(other.problems, []);
    assert.deepEqual(summary(other.history), ["a Anna Alt 2018-05-01–2018-06-30", "new Anna Alt 2018-07-01–…"]);
    const learnt = mergeHistory(
      [stored("a", "Anna Alt", "2018-05-01")],
      [row(2, "Anna Alt", "2018-05-01", { contract: "MV-1", email: "a@example.de" })],
      TODAY,
    );
    const writes = historyWrites([stored("a", "Anna Alt", "2018-05-01")], learnt.history);
    assert.deepEqual(
      [writes.updates.map((t) => [t.id, t.contract]), [...writes.columns]],
      [[["a", "MV-1"]], ["contract"]],
    );
    const twice = mergeHistory(
      [],
      [row(2, "A B", "2020-01-01", { contract: "MV-1" }), row(3, "C D", "2021-01-01", { contract: "MV-1" })],
      TODAY,
    );
    assert.deepEqual(
      twice.problems.map((p) => [p.line, p.column, p.message, p.vars]),
      [[3, "contract", "unitsApi.row.contractRepeated", { line: 2 }]],
    );
  });

  test("a history that contradicts a stored vacancy is refused when merged, and replaces it when the user chooses so", () => {
    const history = [
      stored("v", null, "2027-03-01"),
      stored("g", "Greta Uhlenbrock", "2027-01-15", "2027-02-28"),
      stored("x", null, null, "2010-12-31", { erased: true }),
      stored("k", "Konrad Uhlenbrock", "2019-03-01", "2027-01-14"),
    ];
    const rows = [
      row(2, "Konrad Uhlenbrock", "2019-03-01", { moveOut: "2027-01-14" }),
      row(3, "Greta Uhlenbrock", "2027-01-15", { moveOut: "2027-03-31" }),
      row(4, "Paul Post", "2027-04-01"),
    ];
    const merged = mergeHistory(history, rows, TODAY);
    assert.deepEqual(
      merged.problems.map((p) => [p.line, p.message, p.vars]),
      [[3, "unitsApi.row.overlapsVacancy", { from: "01.03.2027", to: "31.03.2027" }]],
    );
    const replaced = mergeHistory(history, rows, TODAY, "replace");
    assert.deepEqual(replaced.problems, []);
    assert.deepEqual(summary(replaced.history), [
      "x leer …–2010-12-31",
      "k Konrad Uhlenbrock 2019-03-01–2027-01-14",
      "g Greta Uhlenbrock 2027-01-15–2027-03-31",
      "new Paul Post 2027-04-01–…",
    ]);
    const writes = historyWrites(history, replaced.history, replaced.removed);
    assert.deepEqual(writes.deletes, ["v"], "the erased one no file can name stays");
    assert.deepEqual(
      writes.changes.map((c) => historyText(c, "de")),
      [
        "Auszug korrigiert 28.02.2027 → 31.03.2027",
        "Neu: Paul Post ab 01.04.2027",
        "Entfällt: Leerstand ab 01.03.2027",
      ],
    );
    // Replacing, the file's empty move-out is the truth: he lives there still.
    const open = mergeHistory(
      history,
      [row(2, "Konrad Uhlenbrock", "2019-03-01", { moveOut: null })],
      TODAY,
      "replace",
    );
    assert.deepEqual(summary(open.history), ["x leer …–2010-12-31", "k Konrad Uhlenbrock 2019-03-01–…"]);
  });
});

describe("the property software's column names", () => {
  const mapped = (headers: string[]) =>
    Object.fromEntries([...mapHeader(headers).columns].map(([c, { header }]) => [header, c]));

  test("Objekt is the property, Einheit/Whg.-Nr./Wohnung the unit's number, Mieter the resident, Mietvertrag the contract", () => {
    assert.deepEqual(mapped(["Objekt", "Einheit", "Mieter", "Mietvertrag"]), {
      Objekt: "property",
      Einheit: "pmnumber",
      Mieter: "resident",
      Mietvertrag: "contract",
    });
    assert.deepEqual(mapped(["Whg.-Nr.", "Vertragsnummer"]), { "Whg.-Nr.": "pmnumber", Vertragsnummer: "contract" });
    assert.deepEqual(mapped(["Wohnung"]), { Wohnung: "pmnumber" });
  });

  test("Wohnung beside a unit number is the flat's description (Lage), in either order", () => {
    for (const headers of [
      ["Whg.-Nr.", "Wohnung"],
      ["Wohnung", "Whg.-Nr."],
    ]) {
      const { columns, duplicates } = mapHeader(headers);
      assert.deepEqual(duplicates, []);
      assert.equal(columns.get("pmnumber")?.header, "Whg.-Nr.");
      assert.equal(columns.get("label")?.header, "Wohnung");
    }
    assert.deepEqual(mapHeader(["Einheit", "Whg.-Nr."]).duplicates, ["Whg.-Nr."], "two unit numbers stay ambiguous");
  });
});
