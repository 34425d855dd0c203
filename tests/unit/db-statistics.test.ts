import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { needsAnalyze } from "@/lib/db/statistics";

describe("statistics after a bulk write (lib/db/statistics.ts)", () => {
  test("a table never analyzed is analyzed after any write; one analyzed, past autovacuum's rule only", () => {
    assert.equal(needsAnalyze(-1, 1), true, "no statistics at all: the planner guesses");
    assert.equal(needsAnalyze(-1, 0), false, "nothing written");
    assert.equal(needsAnalyze(0, 50), false, "50 rows, the threshold, into an empty table");
    assert.equal(needsAnalyze(0, 51), true);
    assert.equal(needsAnalyze(20_000, 2_050), false, "a tenth and 50 rows");
    assert.equal(needsAnalyze(20_000, 2_051), true);
    assert.equal(needsAnalyze(1_000_000, 83_340), false, "a month of a million documents: autovacuum's to do");
  });
});
