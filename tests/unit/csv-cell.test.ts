import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { csvCell } from "@/lib/csv";

/** The cell's text as a spreadsheet reads it (RFC 4180 quotes undone). */
const unquoted = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);

describe("CSV cells (support's export)", () => {
  test("a formula start, also behind leading spaces, tabs or line breaks, gets a leading '", () => {
    for (const text of [
      "=1+1",
      "+cmd",
      "-1",
      "@x",
      " =2+3",
      "  +1",
      "\t=1",
      "\n=1+1",
      "\r\n@SUM(A1)",
      " \t\n -2",
      "\u00a0=1",
    ]) {
      assert.equal(unquoted(csvCell(text)), `'${text}`, JSON.stringify(text));
    }
  });

  test("a lone leading tab or carriage return is neutralised as before", () => {
    assert.equal(unquoted(csvCell("\tx")), "'\tx");
    assert.equal(unquoted(csvCell("\rx")), "'\rx");
  });

  test("ordinary text, numbers and empty cells stay as they are", () => {
    for (const text of ["Heizkosten_2026-01.pdf", "a=b", "x -1", " text", "", "2026-01-01 10:00:00"]) {
      assert.equal(unquoted(csvCell(text)), text, JSON.stringify(text));
    }
    assert.equal(csvCell(42), "42");
    assert.equal(csvCell(null), "");
  });

  test("separators, quotes and line breaks are quoted", () => {
    assert.equal(csvCell('a;b"c'), '"a;b""c"');
    assert.equal(csvCell("a\nb"), '"a\nb"');
  });
});
