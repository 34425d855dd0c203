import assert from "node:assert/strict";
import { test } from "node:test";
import { COMPLETENESS_SCOPE } from "@/lib/views/completeness/list";
import { DELIVERY_DEFAULTS, DELIVERY_LIST, DELIVERY_PAGE_SIZES, readDeliverySearch } from "@/lib/delivery/support/list";
import { INBOX_LIST, INBOX_PAGE_SIZES, inboxInputOf, readInboxView } from "@/lib/views/inbox/list";
import { plainParams, readParam, toQueryString, type ListDefinition } from "@/lib/lists/params";
import { listSchema } from "@/lib/lists/schema";
import { DeliveryQuery } from "@/lib/delivery/support/schemas";
import { CompletenessQuery } from "@/lib/views/completeness/schemas";
import { InboxQuery } from "@/lib/views/inbox/schemas";

test("inbox URL state: the API's defaults, valid values kept, broken values fall back", () => {
  assert.deepEqual(readInboxView({}), {
    offset: 0,
    limit: 50,
    connection: undefined,
    q: undefined,
    month: undefined,
    state: "open",
    property: undefined,
    doc: undefined,
  });
  const s = readInboxView(
    plainParams(
      new URLSearchParams(
        "offset=50&limit=10&month=2026-10&state=all&q=%20HV-7%20&connection=6f1c1e8e-1d2b-4c4f-9a53-0d1f2e3a4b5c",
      ),
    ),
  );
  assert.deepEqual(
    [s.offset, s.limit, s.month, s.state, s.q, s.connection],
    [50, 10, "2026-10", "all", "HV-7", "6f1c1e8e-1d2b-4c4f-9a53-0d1f2e3a4b5c"],
  );
  const broken = readInboxView({ offset: "-1", limit: "5000", month: "2026-13", state: "nope", connection: "x" });
  assert.deepEqual(
    [broken.offset, broken.limit, broken.month, broken.state, broken.connection],
    [0, 50, undefined, "open", undefined],
  );
  assert.deepEqual(inboxInputOf({ ...s, doc: "a:b" }), {
    offset: 50,
    limit: 10,
    connection: s.connection,
    q: "HV-7",
    month: "2026-10",
    state: undefined,
    property: undefined,
  });
  assert.deepEqual(InboxQuery.parse({}), { offset: 0, limit: 50 }, "the route's defaults are the page's");
});

test("delivery URL state and query strings without defaults", () => {
  const s = readDeliverySearch({ from: "2026-01-01", to: "2026-1-1", state: "gone", limit: "20" });
  assert.deepEqual([s.from, s.to, s.state, s.limit, s.offset], ["2026-01-01", undefined, "gone", 20, 0]);
  assert.equal(readDeliverySearch({ from: "2026-02-30" }).from, undefined, "a day the calendar lacks");
  assert.equal(readDeliverySearch({ limit: "500" }).limit, 500);
  assert.equal(toQueryString({ ...s, limit: 100 }, DELIVERY_DEFAULTS), "state=gone&from=2026-01-01");
  assert.deepEqual(
    DeliveryQuery.parse({ state: "", q: " " }),
    { offset: 0, limit: 100, q: undefined, state: undefined },
    "blank is not given",
  );
  assert.equal(
    CompletenessQuery.safeParse({ connection: "6f1c1e8e-1d2b-4c4f-9a53-0d1f2e3a4b5c" }).success,
    false,
    "the route needs both months",
  );
});

test("each page size is one the route takes, the default among them", () => {
  for (const [list, sizes] of [
    [INBOX_LIST, INBOX_PAGE_SIZES],
    [DELIVERY_LIST, DELIVERY_PAGE_SIZES],
  ] as const) {
    assert.ok(sizes.includes(list.limit.default));
    for (const size of sizes) assert.ok(size >= list.limit.min && size <= list.limit.max, `${size}`);
  }
});

/** Values of every kind: valid, broken, at and past the limits, padded, blank. */
const SAMPLES = [
  ...[
    "0",
    "1",
    "25",
    "50",
    "200",
    "201",
    "500",
    "501",
    "1000",
    "10000000",
    "10000001",
    "-1",
    "1.5",
    "5.0",
    "1e2",
    "0x10",
    " 7 ",
    "abc",
    "",
    "  ",
  ],
  ...["2026-10", "2026-13", "2026-1", " 2026-10", "2026-10-31", "2026-02-29", "2024-02-29", "2026-1-1"],
  ...[
    "6f1c1e8e-1d2b-4c4f-9a53-0d1f2e3a4b5c",
    "6F1C1E8E-1D2B-4C4F-9A53-0D1F2E3A4B5C",
    "6f1c1e8e-1d2b-0c4f-9a53-0d1f2e3a4b5c",
    "00000000-0000-0000-0000-000000000000",
  ],
  ...["open", "gone", "all", "OPEN", " HV-7 ", "x".repeat(200), "x".repeat(201), ` ${"y".repeat(200)} `],
  undefined,
];

test("the browser's reader and the route's schema read every list definition alike", () => {
  const lists: Record<string, ListDefinition> = { INBOX_LIST, DELIVERY_LIST, COMPLETENESS_SCOPE };
  for (const [name, definition] of Object.entries(lists)) {
    const schema = listSchema(definition);
    for (const [key, p] of Object.entries(definition)) {
      for (const raw of SAMPLES) {
        const strict = schema.safeParse(raw === undefined ? {} : { [key]: raw });
        const expected = strict.success ? (strict.data as Record<string, unknown>)[key] : p.default;
        assert.deepEqual(readParam(p, raw), expected, `${name}.${key} of ${JSON.stringify(raw)}`);
      }
    }
  }
});
