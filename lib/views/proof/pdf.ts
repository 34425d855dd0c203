import "server-only";
import { formatMonth } from "@/lib/format";
import { CHANNEL_WORDS } from "@/lib/register/columns";
import type { Proof, ProofLine } from "@/lib/views/proof/proof";
import { drawProof, type DrawLine, type Drawing } from "@/lib/views/proof/worker";
import { proofTime, statusWords, totalsWords } from "@/lib/views/proof/words";

/**
 * The proof as a PDF for the file: A4, standard fonts (Helvetica, and Courier for the hash), so its text is
 * extractable; a header on every page and "Seite n von m" below (drawn on a worker, ./worker.ts). One block per unit
 * and document, never split over two pages; the SHA-256 on one line in 8 pt Courier (64 characters: 307 pt).
 */

export const TITLE = "Nachweis der Weitergabe nach § 6a HeizkostenV";

const text = (t: string, size = 8.5): DrawLine => ({ text: t, font: "regular", size });

/** The lines of one unit's document. */
function blockOf(l: ProofLine): DrawLine[] {
  const unit = [l.unit, l.label, l.pmnumber && `HV-Nr. ${l.pmnumber}`].filter(Boolean).join(" · ");
  const handed = [
    `Zustellweg: ${l.channel ? CHANNEL_WORDS[l.channel] : "–"}`,
    l.handedOn && `weitergegeben am ${proofTime(l.handedOn)}`,
    l.handedOn && l.by && `durch ${l.by}`,
  ];
  return [
    { text: unit, font: "bold", size: 9.5, right: statusWords(l.status) },
    text(`Bewohner des Zeitraums: ${l.resident}`),
    text(l.document ? `Dokument: ${l.document.filename} (${l.document.documentid})` : "Dokument: –"),
    text(handed.filter(Boolean).join(" · ")),
    ...l.evidence.map((e) => text(`Nachweis: ${e}`)),
    ...(l.sha256 ? [{ text: `SHA-256: ${l.sha256}`, font: "mono" as const, size: 8, keep: true }] : []),
  ];
}

/** The first page's facts: property, month, owner, when and by whom the proof was made. */
function introOf(p: Proof): DrawLine[] {
  return [
    { text: TITLE, font: "bold", size: 14 },
    text(`Liegenschaft: ${p.property}`, 10),
    text(`Monat: ${formatMonth(p.month, "de", "long")} (die Dokumente, deren Zeitraum in diesem Monat beginnt)`, 10),
    text(`Eigentümer des Verzeichnisses: ${p.owner.name} <${p.owner.email}>`, 10),
    text(`Erstellt am ${proofTime(p.madeAt)} von ${p.madeBy.name} <${p.madeBy.email}>`, 10),
    ...(p.names ? [] : [text("Ohne Namen der Bewohner (Ausfertigung für den Support).", 10)]),
  ];
}

export function proofDrawing(p: Proof): Drawing {
  const [sum, ...totals] = totalsWords(p);
  return {
    title: `${TITLE}, ${p.property}, ${p.month}`,
    head: `${TITLE} · ${p.property} · ${formatMonth(p.month, "de", "long")}`,
    blocks: [
      { lines: introOf(p), rule: false },
      ...p.lines.map((l) => ({ lines: blockOf(l), rule: true })),
      { lines: [{ text: sum!, font: "bold", size: 10 }, ...totals.map((t) => text(t, 9))], rule: false },
    ],
  };
}

/** The PDF, in one of `owner`'s PDF places; `signal` ends the work when the client leaves. */
export const proofPdf = (p: Proof, owner: string, signal?: AbortSignal) => drawProof(proofDrawing(p), owner, signal);
