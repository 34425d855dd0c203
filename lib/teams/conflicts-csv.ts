import { csvLine } from "@/lib/csv";

/** A merge conflict as the page holds it: the going team's unit and its history in the import's columns. */
export type ConflictRows = { rows: Record<string, string | null>[] };

/**
 * The conflicts of a team merge (`POST /api/teams/{id}/merge`) as a file for the register import, built in the
 * browser: the German headers the rows carry as keys (in the order they first appear), `;`, CRLF, UTF-8 with BOM and
 * formula-safe cells, as the register's export writes them (lib/csv.ts; the import removes the guard again).
 */
export function conflictsCsv(conflicts: ConflictRows[]): string {
  const headers: string[] = [];
  for (const c of conflicts)
    for (const row of c.rows)
      for (const key of Object.keys(row)) {
        if (!headers.includes(key)) headers.push(key);
      }
  const lines = conflicts.flatMap((c) => c.rows.map((row) => csvLine(headers.map((h) => row[h] ?? null))));
  return `\uFEFF${csvLine(headers)}${lines.join("")}`;
}

/** `konflikte-<team>-<YYYY-MM-DD>.csv`: the going team's name in lower case, anything but letters and digits as `-`. */
export function conflictsFileName(team: string, date: Date): string {
  const name = team
    .toLocaleLowerCase("de-DE")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  const day = [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((n) => String(n).padStart(2, "0"));
  return `konflikte-${name || "team"}-${day.join("-")}.csv`;
}

/** A unit key (`m:<Nutzeinheit>` or `p:<HV-Nr.>`, lib/register/rows.ts) as the number a person knows, and its kind. */
export function unitNumberOf(unitKey: string): { kind: "msc" | "pm"; number: string } {
  if (unitKey.startsWith("p:")) return { kind: "pm", number: unitKey.slice(2) };
  return { kind: "msc", number: unitKey.startsWith("m:") ? unitKey.slice(2) : unitKey };
}
