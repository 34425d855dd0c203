import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { documentsOf, exceptionsOf, monthNumbers, openPoints, touches } from "@/components/month-round/round-words";
import type { RoundDocument, RoundProperty } from "@/lib/views/month-round/client";
import { MONTH_STATUSES, type MonthStatus } from "@/lib/views/handoff-month/query";

/** The month page's numbers in words and what each step takes (components/month-round/round-words.ts). */

const row = (
  counts: Partial<Record<MonthStatus, number>>,
  reports = { open: 0, due: 0, overdue: 0 },
): RoundProperty => ({
  property: "Haus Linde",
  units: 10,
  documents: 9,
  read: 0,
  confirmed: 0,
  toConfirm: 0,
  toHandOn: 0,
  toConfirmAndHandOn: 0,
  counts: { ...(Object.fromEntries(MONTH_STATUSES.map((s) => [s, 0])) as Record<MonthStatus, number>), ...counts },
  propertyFiles: 0,
  reports,
  bounced: [],
  withoutConsent: 0,
  responsible: null,
  deputy: null,
  standIn: null,
});

const doc = (id: string, unitId: string, tenancyId: string | null, flags: Partial<RoundDocument>): RoundDocument => ({
  connectionId: "c",
  documentid: id,
  filename: `${id}.pdf`,
  unitId,
  tenancyId,
  confirmable: false,
  confirmed: false,
  handsOn: false,
  ...flags,
});

describe("the month page's words", () => {
  test("handed on by any channel; not reached is a failed delivery, letters not printed are letters to print; moves to assign", () => {
    const numbers = monthNumbers(
      row({
        email: 2,
        portal: 1,
        opened: 1,
        posted: 1,
        printed: 1,
        failed: 1,
        noEmail: 2,
        notPrinted: 4,
        change: 1,
        noPeriod: 1,
        open: 3,
      }),
    );
    // A letter made (`printed`) is not handed on before it is confirmed as posted.
    assert.deepEqual(numbers, { handedOn: 5, notReached: 1, toPrint: 4, toPost: 1, moves: 2 });
  });

  test("open points: what is left to do, and one more while a step has documents ready; zero only when nothing is", () => {
    assert.equal(openPoints(row({ email: 9 }), "2026-10"), 0);
    assert.equal(openPoints({ ...row({ email: 9 }), toConfirm: 47 }, "2026-10"), 1, "'Alle bestätigen (47)' is open");
    assert.equal(openPoints({ ...row({ failed: 1, notPrinted: 2 }), toHandOn: 3 }, "2026-10"), 3);
  });

  test("what is left to do: only what occurs, each with its one place, reports by their deadline", () => {
    const todo = exceptionsOf(
      row({ failed: 1, noDocument: 2, uncovered: 1 }, { open: 3, due: 1, overdue: 1 }),
      "2026-10",
    );
    assert.deepEqual(
      todo.map((e) => [e.id, e.n, e.href]),
      [
        ["moves", 1, "/handoffs?property=Haus+Linde&month=2026-10"],
        ["failed", 1, "/handoffs?property=Haus+Linde&month=2026-10"],
        ["noDocument", 2, "/connections"],
        ["overdue", 1, "/units?reports=open"],
        ["due", 1, "/units?reports=open"],
      ],
    );
    assert.deepEqual(exceptionsOf(row({ email: 9 }), "2026-10"), []);
  });

  test("an e-mail that came back is not reached and its letter is to print, before the post letters (issue #47)", () => {
    const r = row({ email: 2, bounced: 1, failed: 1, notPrinted: 2 });
    assert.deepEqual(monthNumbers(r), { handedOn: 2, notReached: 2, toPrint: 2, toPost: 0, moves: 0 });
    assert.deepEqual(
      exceptionsOf(r, "2026-10").map((e) => [e.id, e.n, e.text]),
      [
        ["failed", 1, "month.do.failed"],
        ["bounced", 1, "month.do.bounced"],
        ["notPrinted", 2, "month.do.notPrinted"],
      ],
    );
  });

  test("each step takes what is ready for it, and counts the residents it reaches", () => {
    const docs = [
      doc("a", "u1", "t1", { confirmable: true, handsOn: true }),
      doc("b", "u2", null, { confirmable: true }),
      doc("c", "u3", "t3", { confirmed: true, handsOn: true }),
      doc("d", "u3", "t3", { confirmable: true, handsOn: true }),
    ];
    assert.deepEqual(
      documentsOf("confirm", docs).map((d) => d.documentid),
      ["a", "b", "d"],
    );
    assert.deepEqual(
      documentsOf("handOn", docs).map((d) => d.documentid),
      ["c"],
    );
    assert.deepEqual(
      documentsOf("both", docs).map((d) => d.documentid),
      ["a", "b", "c", "d"],
    );
    assert.deepEqual(touches("confirm", documentsOf("confirm", docs)), { documents: 3, units: 3, residents: 2 });
    assert.deepEqual(touches("both", docs), { documents: 4, units: 3, residents: 2 });
  });
});
