import "../support/unit-env";
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEFAULT_TEXT, fillText, HandoffTextBody, unknownPlaceholders } from "@/lib/handoffs/texts/template";

/** The hand-off e-mail's template (lib/handoffs/texts/template.ts): which names it refuses, and how values go in. */

const VALUES = {
  anrede: "Guten Tag Herr Weiß,",
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

test("an empty value takes the space before it: a stored 'Guten Tag {bewohner},' greets neutrally, never 'Guten Tag ,'", () => {
  const stored = { subject: "UVI {monat}", body: "Guten Tag {bewohner},\nText" };
  assert.equal(fillText(stored, { ...VALUES, bewohner: "" }).body, "Guten Tag,\nText");
  assert.equal(fillText(stored, { ...VALUES, bewohner: "Frau Weiß" }).body, "Guten Tag Frau Weiß,\nText");
  const builtIn = fillText(DEFAULT_TEXT, { ...VALUES, anrede: "Sehr geehrte Damen und Herren," }).body;
  assert.equal(builtIn.split("\n")[0], "Sehr geehrte Damen und Herren,");
});

test("the sender address is one line and never an e-mail address", () => {
  const text = { ...DEFAULT_TEXT, senderAddress: "Musterweg 1, 20095 Hamburg" };
  assert.equal(HandoffTextBody.safeParse(text).success, true);
  assert.equal(HandoffTextBody.safeParse({ ...text, senderAddress: "" }).success, true);
  assert.equal(HandoffTextBody.safeParse({ ...text, senderAddress: "uvi@muster.example" }).success, false);
  assert.equal(HandoffTextBody.safeParse({ ...text, senderAddress: "Musterweg 1\n20095 Hamburg" }).success, false);
});
