import assert from "node:assert/strict";
import { test } from "node:test";
import { isHandoffable } from "@/components/documents/inbox-model";
import { groupsOf } from "@/lib/views/inbox/groups";
import { messages } from "@/lib/catalogue";

/** Issue #50: a vacancy is one word on every page ("Leerstand" / "Vacancy"), and nothing to hand on. */

const row = (u: string, k: string | null) => ({
  c: "c1",
  s: "confirmed",
  r: null,
  u,
  p: null,
  l: null,
  d: { documentid: `d-${u}`, filename: `UVI_${u}.pdf`, metadata: [] },
  a: true,
  k,
  h: null,
});

test("a unit vacant today says so; one with nobody entered says that; a resident is named", () => {
  const groups = groupsOf({
    units: 3,
    documents: 3,
    register: true,
    properties: null,
    open: null,
    rows: JSON.stringify([row("1", "vacancy"), row("2", "uncovered"), row("3", "resident")]),
    known: JSON.stringify([
      { u: "1", pr: "Haus", a: null, l: null, rn: null, ch: null, v: true },
      { u: "2", pr: "Haus", a: null, l: null, rn: null, ch: null, v: null },
      { u: "3", pr: "Haus", a: null, l: null, rn: "Erika Weiß", ch: "email", v: false },
    ]),
    spans: null,
  });
  assert.deepEqual(
    groups.map((g) => [g.unit, g.register?.vacant, g.register?.resident?.name ?? null]),
    [
      ["1", true, null],
      ["2", false, null],
      ["3", false, "Erika Weiß"],
    ],
  );
});

test("a document of a vacancy (or marked as needing none) offers no hand-off; a resident's does", () => {
  const d = (recipient: Parameters<typeof isHandoffable>[0]["recipient"]) =>
    isHandoffable({ billing: false, partial: false, recipient });
  assert.deepEqual(
    [d("vacancy"), d("none"), d("resident"), d("assigned"), d("change"), d(null)],
    [false, false, true, true, true, true],
  );
});

test("the vacancy's words are the same everywhere", () => {
  for (const [locale, word] of [
    ["de", "Leerstand"],
    ["en", "Vacancy"],
  ] as const) {
    const m = messages[locale];
    assert.equal(m["inbox.unit.vacancy"], word);
    assert.equal(m["tenancies.vacancy"], word);
    assert.equal(m["tenancyPage.vacancy"], word);
    assert.equal(m["units.values.vacancy"], word);
    assert.ok(m["inbox.handoff.vacancy"].startsWith(word), m["inbox.handoff.vacancy"]);
    assert.ok(m["handoffMonth.status.vacancy"].startsWith(word), m["handoffMonth.status.vacancy"]);
  }
});
