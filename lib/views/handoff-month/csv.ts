import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { csvLine, csvTime } from "@/lib/csv";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { translate } from "@/lib/i18n/messages";
import { CHANNEL_WORDS } from "@/lib/register/columns";
import { readHandoffMonth } from "@/lib/views/handoff-month/month";
import type { HandoffMonthInput } from "@/lib/views/handoff-month/query";

/**
 * `GET /api/handoffs/month.csv`: the monthly view for the owner's records, in German (headers and
 * states), one line per unit and document (a unit without a document of the month: one line), from
 * the same function as the page. The resident's name is the owner's own record; the address is not
 * in it. lib/csv.ts: `;`, UTF-8 with BOM, formula-safe cells; times in DISPLAY_TIME_ZONE.
 */

const HEADERS = [
  "Nutzeinheit",
  "HV-Nr.",
  "Lage",
  "Bewohner",
  "Zustellweg",
  "Dokument",
  "Datei",
  "Stand",
  "Zeitpunkt",
  "Durch",
  "Grund",
];

export async function handoffMonthCsv(db: Db, p: Principal, input: HandoffMonthInput): Promise<string> {
  const view = await readHandoffMonth(db, p, input, "de");
  const lines = view.rows.flatMap((row) =>
    row.entries.map((e) =>
      csvLine([
        row.unit,
        row.pmnumber,
        row.label,
        e.resident,
        e.channel ? CHANNEL_WORDS[e.channel] : null,
        e.document?.documentid,
        e.document?.filename,
        translate("de", `handoffMonth.status.${e.status}`),
        csvTime(e.at, env().displayTimeZone),
        e.by,
        e.reason,
      ]),
    ),
  );
  return `\uFEFF${csvLine(HEADERS)}${lines.join("")}`;
}
