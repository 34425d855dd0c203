import "server-only";
import { csvLine, csvTime } from "@/lib/csv";
import { env } from "@/lib/env";
import { CHANNEL_WORDS } from "@/lib/register/columns";
import type { Proof } from "@/lib/views/proof/proof";
import { statusWords } from "@/lib/views/proof/words";

/**
 * `GET /api/handoffs/proof.csv`: the proof's lines as the PDF lists them, one per unit and document, in German
 * (lib/csv.ts: `;`, UTF-8 with BOM, formula-safe cells; times in DISPLAY_TIME_ZONE).
 */

const HEADERS = [
  "Nutzeinheit",
  "HV-Nr.",
  "Lage",
  "Dokument",
  "Datei",
  "Bewohner des Zeitraums",
  "Zustellweg",
  "Stand",
  "Weitergegeben am",
  "Durch",
  "Nachweis",
  "SHA-256",
];

export function proofCsv(p: Proof): string {
  const zone = env().displayTimeZone;
  const lines = p.lines.map((l) =>
    csvLine([
      l.unit,
      l.pmnumber,
      l.label,
      l.document?.documentid,
      l.document?.filename,
      l.resident,
      l.channel ? CHANNEL_WORDS[l.channel] : null,
      statusWords(l.status),
      csvTime(l.handedOn, zone),
      l.handedOn ? l.by : null,
      l.evidence.join("; "),
      l.sha256,
    ]),
  );
  return `\uFEFF${csvLine(HEADERS)}${lines.join("")}`;
}
