import "../support/unit-env";
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_TEXT, fillText, HandoffTextBody, unknownPlaceholders } from "@/lib/residents/texts/template";

/** The hand-off e-mail's template (lib/residents/texts/template.ts): which names it refuses, and how values go in. */

const VALUES = {
  einheit: "EG links",
  liegenschaft: "Haus Birke",
  monat: "Oktober 2026",
  bewohner: "Jürgen Weiß",
  absender: "Hausverwaltung Muster",
  kontakt: "uvi@muster.example",
};

test("names in braces that are not placeholders are listed once each; the built-in text has none", () => {
  assert.deepEqual(unknownPlaceholders("{monat} {Monat} {wohnung} {wohnung} {} {a b}"), ["Monat", "wohnung", ""]);
  assert.deepEqual(unknownPlaceholders(DEFAULT_TEXT.subject + DEFAULT_TEXT.body), []);
  assert.equal(HandoffTextBody.safeParse(DEFAULT_TEXT).success, true);
  assert.equal(HandoffTextBody.safeParse({ subject: "UVI\r\nBcc: x@example.de", body: "Text" }).success, false);
});

test("values go in literally in one pass, without line breaks; the subject stays one line", () => {
  const filled = fillText(
    { subject: "UVI {monat} – {einheit}", body: "Guten Tag {bewohner},\n{absender}" },
    { ...VALUES, einheit: "EG\r\nBcc: x@example.de", bewohner: "{monat} <b>Weiß</b>" },
  );
  assert.equal(filled.subject, "UVI Oktober 2026 – EG Bcc: x@example.de");
  assert.equal(filled.body, "Guten Tag {monat} <b>Weiß</b>,\nHausverwaltung Muster");
});
