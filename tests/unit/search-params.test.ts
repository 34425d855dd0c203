import assert from "node:assert/strict";
import { test } from "node:test";
import { DeliverySearch, InboxSearch, plainParams, toQueryString } from "@/lib/client/search-params";

test("inbox URL state: defaults, valid values kept, broken values fall back", () => {
  assert.deepEqual(InboxSearch.parse({}), { offset: 0, limit: 25, connection: undefined, q: undefined, month: undefined, state: "open", doc: undefined });
  const s = InboxSearch.parse(
    plainParams(new URLSearchParams("offset=50&limit=10&month=2026-10&state=all&q=%20HV-7%20&connection=6f1c1e8e-1d2b-4c4f-9a53-0d1f2e3a4b5c")),
  );
  assert.deepEqual([s.offset, s.limit, s.month, s.state, s.q, s.connection], [50, 10, "2026-10", "all", "HV-7", "6f1c1e8e-1d2b-4c4f-9a53-0d1f2e3a4b5c"]);
  const broken = InboxSearch.parse({ offset: "-1", limit: "5000", month: "2026-13", state: "nope", connection: "x" });
  assert.deepEqual([broken.offset, broken.limit, broken.month, broken.state, broken.connection], [0, 25, undefined, "open", undefined]);
});

test("delivery URL state and query strings without defaults", () => {
  const s = DeliverySearch.parse({ from: "2026-01-01", to: "2026-1-1", state: "gone", limit: "20" });
  assert.deepEqual([s.from, s.to, s.state, s.limit], ["2026-01-01", undefined, "gone", 20]);
  assert.equal(toQueryString({ offset: 0, limit: 25, state: "open", q: "a b" }, { offset: 0, limit: 25, state: "open" }), "q=a+b");
});
