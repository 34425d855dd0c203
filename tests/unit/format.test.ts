import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { dayIn, formatBytes, formatDate, formatDateTime, formatMonth, formatPeriod } from "@/lib/format";

// 08:34 UTC on a November day: 09:34 in Berlin (CET), 03:34 in New York (EST).
const AT = "2026-11-24T08:34:05Z";

describe("the one formatting module", () => {
  test("a moment reads in the display time zone it is given, whatever the process's own zone", () => {
    assert.equal(formatDateTime(AT, { locale: "de", timeZone: "Europe/Berlin" }), "24.11.2026, 09:34");
    assert.equal(formatDateTime(AT, { locale: "de", timeZone: "America/New_York" }), "24.11.2026, 03:34");
    assert.equal(
      formatDateTime(AT, { locale: "de", timeZone: "Europe/Berlin" }, { seconds: true }),
      "24.11.2026, 09:34:05",
    );
    assert.equal(
      formatDate("2026-11-24T23:30:00Z", { locale: "de", timeZone: "Europe/Berlin" }),
      "25.11.2026",
      "past midnight in Berlin",
    );
  });

  test("English reads day, month, year and 24 hours on every page", () => {
    assert.equal(formatDateTime(AT, { locale: "en", timeZone: "Europe/Berlin" }), "24 Nov 2026, 09:34");
    assert.equal(formatDate(AT, { locale: "en", timeZone: "Europe/Berlin" }), "24 Nov 2026");
    assert.equal(formatPeriod("2025-01-01", "2025-12-31", "en"), "1 Jan 2025 – 31 Dec 2025");
    assert.equal(formatMonth("2026-10", "en"), "Oct 2026");
  });

  test("a ZIP entry's zoneless time is shown as written; what is no time stays as it is", () => {
    assert.equal(
      formatDateTime("2026-03-01T12:00:00Z", { locale: "de", timeZone: "America/New_York" }, { wallTime: true }),
      "01.03.2026, 12:00",
    );
    assert.equal(formatDateTime("kein Datum", { locale: "de", timeZone: "Europe/Berlin" }), "kein Datum");
  });

  test("the calendar day of a moment depends on the zone", () => {
    assert.equal(dayIn(new Date("2026-11-24T23:30:00Z"), "Europe/Berlin"), "2026-11-25");
    assert.equal(dayIn(new Date("2026-11-24T23:30:00Z"), "America/New_York"), "2026-11-24");
  });

  test("sizes in the page's language", () => {
    assert.equal(formatBytes(1250, "de"), "1,2 KB");
    assert.equal(formatBytes(1250, "en"), "1.2 KB");
  });
});
