import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { historyWrites, mergeHistory, type FileRow } from "@/lib/register/merge";
import type { RowTenancy } from "@/lib/register/rows";
import { splitName } from "@/lib/register/names";
import type { Consent } from "@/lib/register/tenancies/consent";
import type { Tenancy } from "@/lib/register/tenancies/history";

/**
 * Issue 34: an import's rows merged into a unit's stored history (lib/register/merge.ts):
 * the same person updates their tenancy (same id), a new person with a move-in ends the one before,
 * a changed resident without a date is refused, history the file does not name stays, overlaps are
 * named, and a file that says what is stored writes nothing.
 */

const TODAY = "2026-11-28";

/** The written agreement behind a stored resident's e-mail (lib/register/tenancies/consent.ts). */
const consent: Consent = { channel: "email", at: "2019-02-15", how: "written", reference: "Mietvertrag §12" };
const written = { at: "2026-11-01", reference: "Formular" };

const stored = (id: string, name: string | null, moveIn: string | null, moveOut: string | null = null): Tenancy => ({
  id,
  moveIn,
  moveOut,
  vacancy: name === null,
  erased: false,
  contract: null,
  resident: name
    ? { ...splitName(name), email: `${id}@example.de`, channel: "email", postalAddress: null, consent }
    : null,
});

const row = (line: number, name: string | null, moveIn?: string | null, more: Partial<RowTenancy> = {}): FileRow => ({
  line,
  tenancy: {
    person: name === null ? null : splitName(name),
    oneColumn: true,
    salutationColumn: false,
    ...(moveIn !== undefined && { moveIn }),
    ...more,
  },
});

const reach: Partial<RowTenancy> = { email: "x@example.de", channel: "email", consent: written };

const summary = (
  history: { id?: string; moveIn: string | null; moveOut: string | null; resident: { name: string } | null }[],
) => history.map((t) => `${t.id ?? "new"} ${t.resident?.name ?? "leer"} ${t.moveIn ?? "…"}–${t.moveOut ?? "…"}`);

describe("an import's rows merged into a unit's history", () => {
  test("a first import without dates: there since before any document", () => {
    const merged = mergeHistory(
      [],
      [row(2, "Weiß, Jürgen", null, { email: "j@example.de", channel: "email", consent: written })],
      TODAY,
    );
    assert.deepEqual(merged.problems, []);
    assert.deepEqual(summary(merged.history), ["new Jürgen Weiß …–…"]);
  });

  test("a new person with a move-in ends the present tenancy the day before; the old one keeps its id", () => {
    const before = [stored("a", "Anna Alt", null)];
    const merged = mergeHistory(
      before,
      [row(2, "Bernd Neu", "2026-10-15", { email: "b@example.de", channel: "email", consent: written })],
      TODAY,
    );
    assert.deepEqual(merged.problems, []);
    assert.deepEqual(summary(merged.history), ["a Anna Alt …–2026-10-14", "new Bernd Neu 2026-10-15–…"]);
    const writes = historyWrites(before, merged.history);
    assert.deepEqual([writes.inserts.length, writes.updates.map((t) => t.id)], [1, ["a"]]);
  });

  test("a changed resident without a move-in is refused, naming the present one", () => {
    const merged = mergeHistory([stored("a", "Anna Alt", null)], [row(4, "Bernd Neu", null)], TODAY);
    assert.deepEqual(
      merged.problems.map((p) => [p.line, p.column, p.message, p.vars]),
      [[4, "moveIn", "unitsApi.row.changedWithoutMoveIn", { before: "Anna Alt" }]],
    );
  });

  test("the same file again, or one naming only the present resident, writes nothing; history stays", () => {
    const history = [stored("b", "Bernd Neu", "2026-10-15"), stored("a", "Anna Alt", null, "2026-10-14")];
    for (const rows of [
      [row(2, "Anna Alt", null, { moveOut: "2026-10-14" }), row(3, "Bernd Neu", "2026-10-15")],
      [row(2, "Neu, Bernd")],
      [row(2, "Bernd Neu", "2026-10-15")],
    ]) {
      const merged = mergeHistory(history, rows, TODAY);
      assert.deepEqual(merged.problems, []);
      assert.deepEqual(summary(merged.history), ["a Anna Alt …–2026-10-14", "b Bernd Neu 2026-10-15–…"]);
      const writes = historyWrites(history, merged.history);
      assert.deepEqual([writes.inserts, writes.updates, [...writes.columns]], [[], [], []]);
    }
  });

  test("the same person with a learnt move-in or a new e-mail: the same tenancy, updated", () => {
    const history = [stored("a", "Anna Alt", null)];
    const merged = mergeHistory(history, [row(2, "Alt, Anna", "2020-04-01", { email: "neu@example.de" })], TODAY);
    const writes = historyWrites(history, merged.history);
    assert.deepEqual(
      writes.updates.map((t) => [t.id, t.moveIn, t.resident?.email]),
      [["a", "2020-04-01", "neu@example.de"]],
    );
    assert.deepEqual([...writes.columns].sort(), ["email", "moveIn"]);
  });

  test("a vacancy from its move-in, with a move-out; overlaps with stored tenancies and between lines are named", () => {
    const vacancy = mergeHistory(
      [stored("a", "Anna Alt", null, "2026-09-30")],
      [row(2, null, "2026-10-01", { moveOut: "2026-10-31" })],
      TODAY,
    );
    assert.deepEqual(vacancy.problems, []);
    assert.deepEqual(summary(vacancy.history), ["a Anna Alt …–2026-09-30", "new leer 2026-10-01–2026-10-31"]);

    const explicit = [stored("a", "Anna Alt", null, "2026-10-31")];
    const overlap = mergeHistory(explicit, [row(5, "Carla Dritt", "2026-10-15", reach)], TODAY);
    assert.deepEqual(
      overlap.problems.map((p) => [p.line, p.message, p.vars]),
      [[5, "unitsApi.row.overlapsStored", { from: "…", to: "31.10.2026", who: "Anna Alt" }]],
    );
    const lines = mergeHistory(
      [],
      [row(2, "A B", "2026-01-01", { moveOut: "2026-06-30", ...reach }), row(3, "C D", "2026-06-01", reach)],
      TODAY,
    );
    assert.deepEqual(
      lines.problems.map((p) => [p.line, p.message, p.vars]),
      [[3, "unitsApi.row.overlapsLine", { line: 2 }]],
    );
    const twoUndated = mergeHistory([], [row(2, "A B", null, reach), row(3, "C D", null, reach)], TODAY);
    assert.deepEqual(
      twoUndated.problems.map((p) => p.message),
      ["unitsApi.row.twoWithoutMoveIn"],
    );
  });

  test("a name the register holds as one keeps its parts when the file gives the same name in one column", () => {
    const whole: Tenancy = {
      ...stored("a", "Anna Alt", null),
      resident: {
        name: "Anna Alt",
        salutation: null,
        firstName: null,
        lastName: null,
        company: null,
        email: "a@example.de",
        channel: "email",
        postalAddress: null,
        consent,
      },
    };
    const merged = mergeHistory([whole], [row(2, "Anna Alt")], TODAY);
    assert.deepEqual(historyWrites([whole], merged.history).updates, []);
  });

  test("without a name column a row speaks of the present resident; an empty row where someone lives is refused", () => {
    const history = [stored("a", "Anna Alt", null)];
    const mail: FileRow = { line: 2, tenancy: { oneColumn: false, salutationColumn: false, email: "x@example.de" } };
    const merged = mergeHistory(history, [mail], TODAY);
    assert.deepEqual(
      historyWrites(history, merged.history).updates.map((t) => [t.id, t.resident?.email]),
      [["a", "x@example.de"]],
    );
    const empty = mergeHistory(history, [row(2, null, null)], TODAY);
    assert.deepEqual(
      empty.problems.map((p) => p.message),
      ["unitsApi.row.residentDropped"],
    );
  });
});
