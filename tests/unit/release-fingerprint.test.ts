import assert from "node:assert/strict";
import { test } from "node:test";
import { canonical, changedParts } from "@/lib/releases/fingerprint";

/**
 * Four eyes (issue #46): a release's fingerprint is a SHA-256 over a canonical JSON, so equal content must give equal
 * text whatever order a query or an object literal gave its keys, while the order of a list (sorted by its maker)
 * counts; a void names the parts that changed.
 */

test("canonical JSON sorts every object's keys, keeps lists in order and drops undefined", () => {
  assert.equal(canonical({ b: 1, a: { d: [2, 1], c: null } }), '{"a":{"c":null,"d":[2,1]},"b":1}');
  assert.equal(canonical({ a: 1, b: { y: "ä", x: true } }), canonical({ b: { x: true, y: "ä" }, a: 1 }));
  assert.notEqual(canonical([1, 2]), canonical([2, 1]));
  assert.equal(canonical({ a: undefined, b: 2 }), '{"b":2}');
  assert.equal(canonical(undefined), "null");
  assert.equal(canonical('Weg 3\r\n"Ort"'), JSON.stringify('Weg 3\r\n"Ort"'));
});

test("the changed parts are named, documents first", () => {
  const stored = { documents: "d1", recipients: "r1" };
  const fresh = (documents: string, recipients: string) => ({
    fingerprint: "",
    documents,
    recipients,
    counts: { documents: 0, units: 0, residents: 0 },
  });
  assert.deepEqual(changedParts(stored, fresh("d1", "r1")), []);
  assert.deepEqual(changedParts(stored, fresh("d1", "r2")), ["recipients"]);
  assert.deepEqual(changedParts(stored, fresh("d2", "r1")), ["documents"]);
  assert.deepEqual(changedParts(stored, fresh("d2", "r2")), ["documents", "recipients"]);
});
