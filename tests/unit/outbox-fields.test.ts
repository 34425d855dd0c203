import assert from "node:assert/strict";
import { test } from "node:test";
import { OutboxFields } from "@/lib/outbox/schemas";

/** The text parts of an outbox upload (lib/outbox/schemas.ts): what is taken, what is refused and where. */

const paths = (input: Record<string, string>) => {
  const r = OutboxFields.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
};

// Not given: the key holds undefined, which JSON leaves out.
test("blank fields are not given; text is trimmed; metadata becomes its array", () => {
  const r = OutboxFields.parse({
    doctype: " A ",
    doctypeversion: "",
    kd: "  ",
    metadata: '[{"reftype":"billingunit","mscnumber":"1","extra":{"x":1}}]',
  });
  assert.deepEqual(JSON.parse(JSON.stringify(r)), {
    doctype: "A",
    metadata: [{ reftype: "billingunit", mscnumber: "1", extra: { x: 1 } }],
  });
  assert.deepEqual(JSON.parse(JSON.stringify(OutboxFields.parse({}))), {});
});

test("refused, naming the field: over 64 characters, NUL (which the database cannot store), metadata that is not an array of references", () => {
  assert.deepEqual(paths({ doctype: "d".repeat(65) }), ["doctype"]);
  assert.deepEqual(paths({ kd: "47\u000011" }), ["kd"]);
  assert.deepEqual(paths({ metadata: "{kaputt" }), ["metadata"]);
  assert.deepEqual(paths({ metadata: '{"reftype":"a"}' }), ["metadata"]);
  assert.deepEqual(paths({ metadata: "[1]" }), ["metadata.0"]);
  assert.deepEqual(paths({ metadata: `[{"mscnumber":"${"9".repeat(65)}"}]` }), ["metadata.0.mscnumber"]);
  assert.deepEqual(paths({ metadata: '[{"reftype":"a\\u0000"}]' }), ["metadata"]);
});
