import assert from "node:assert/strict";
import { test } from "node:test";
import type { DocView } from "@/components/documents/inbox-model";
import { handoffsOf, mergeKept, type Groups } from "@/components/documents/kept-rows";
import { fileNameParts } from "@/components/ui/file-name";
import type { InboxGroup } from "@/lib/views/inbox/client";

/** Issue 35: the inbox keeps the rows it confirmed, and file names are cut only after their separators. */

const group = (unit: string): InboxGroup => ({
  unit,
  pmnumber: null,
  label: null,
  register: null,
  billing: false,
  total: 0,
  before: 0,
  documents: [],
});
const doc = (key: string, unit: string, state: DocView["state"] = "open"): DocView => ({
  key,
  connectionId: "c",
  documentid: key,
  filename: `${key}.pdf`,
  doctype: "",
  mimetype: "application/pdf",
  property: null,
  from: null,
  to: null,
  state,
  replacedBy: null,
  unit,
  billing: false,
  archived: false,
  handoff: null,
  recipient: "resident",
});
const page = (...units: [string, DocView[]][]): Groups => units.map(([u, docs]) => ({ group: group(u), docs }));
const keys = (groups: Groups) => groups.map((g) => [g.group.unit, g.docs.map((d) => `${d.key}:${d.state}`)]);

test("rows confirmed on the page stay in their place as confirmed; what the list brings anew follows", () => {
  const shown = page(["1", [doc("a", "1"), doc("b", "1")]], ["2", [doc("c", "2")]]);
  // Read again, the open view no longer lists a and c; d came up from the next page.
  const fresh = page(["1", [doc("b", "1")]], ["3", [doc("d", "3")]]);
  const merged = mergeKept(shown, new Set(["a", "c"]), fresh);
  assert.deepEqual(keys(merged), [
    ["1", ["a:confirmed", "b:open"]],
    ["2", ["c:confirmed"]],
    ["3", ["d:open"]],
  ]);
  assert.equal(merged[0]!.docs[0]!.archived, true, "a confirmation archives the bytes");
  // A row gone for another reason (not confirmed here) goes.
  assert.deepEqual(keys(mergeKept(shown, new Set(), fresh)), [
    ["1", ["b:open"]],
    ["3", ["d:open"]],
  ]);
});

test("a kept row shows what this page's hand-off made of it", () => {
  const shown = page(["1", [doc("c:a", "1")]]);
  const lines = [
    { connectionId: "c", documentid: "a", state: "sent" as const, channel: "email" as const },
    { connectionId: "c", documentid: "z", state: "skipped" as const, channel: null },
  ];
  const handed = handoffsOf(lines, "2026-11-28T10:00:00.000Z");
  assert.deepEqual([...handed.keys()], ["c:a"]);
  const [kept] = mergeKept(shown, new Set(["c:a"]), [], handed)[0]!.docs;
  assert.deepEqual(kept!.handoff, { state: "sent", channel: "email", at: "2026-11-28T10:00:00.000Z" });
});

test("a file name is cut only after an underscore, a hyphen or a dot", () => {
  assert.deepEqual(fileNameParts("UVI_2026-10_55501001.pdf"), ["UVI_", "2026-", "10_", "55501001.", "pdf"]);
  assert.deepEqual(fileNameParts("Abrechnung"), ["Abrechnung"]);
  assert.equal(fileNameParts("a_b-c.d").join(""), "a_b-c.d");
});
