import "server-only";
import type { Principal } from "@/lib/auth/principal";
import type { Db } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/messages";
import type { HandoffLine, HandoffOutcome } from "@/lib/handoffs/outcome";
import { readReason, reasonWords } from "@/lib/handoffs/reasons";
import { handOffMany, type HandoffTotals } from "@/lib/handoffs/many";
import { defineRunKind, type RunView, type StoredLine } from "@/lib/runs/kind";
import { startRun } from "@/lib/runs/runs";

/**
 * A hand-off (`POST /api/handoffs`) as a run (lib/runs): it spans connections, counts what became of each document
 * (sent, failed, skipped) and keeps each document's line, its reason as a code so that each reader reads it in their
 * language. Up to 3 at once per user (each sends one mail after another); an ended one is listed for ten minutes.
 */
export const handoffRunKind = defineRunKind<HandoffLine["state"], HandoffOutcome, HandoffLine>({
  name: "handoff",
  counts: ["sent", "failed", "skipped"],
  maxRunning: 3,
  listedAfterEndS: 600,
  listLimit: 10,
  onConnection: false,
  words: { notFound: "handoffRun.notFound", tooMany: "handoffRun.tooMany" },
  lines: {
    store: ({ reason, channel, ...line }) => ({ ...line, reason: reason ?? null, detail: { channel } }),
    read: readLine,
  },
});

export type HandoffRunView = RunView<HandoffLine["state"]>;
export type HandoffRunDetail = HandoffRunView & { lines: HandoffLine[] };

/** A line in the reader's words: its reason rendered in `locale`; a line kept before reasons were codes, as written. */
function lineOf(line: HandoffOutcome, locale: Locale, stored: string | null = null): HandoffLine {
  const { reason, ...rest } = line;
  const message = reason ? reasonWords(reason, locale) : stored;
  return message === null ? rest : { ...rest, message };
}

function readLine(row: StoredLine, locale: Locale): HandoffLine {
  const { connectionId, documentid, filename } = row;
  const channel = ((row.detail ?? {}) as { channel?: HandoffLine["channel"] }).channel ?? null;
  const read = readReason(row.reason);
  const outcome: HandoffOutcome = { connectionId, documentid, state: row.state as HandoffLine["state"], channel };
  const line = lineOf(read ? { ...outcome, reason: read } : outcome, locale, row.message);
  return filename === null ? line : { ...line, filename };
}

/** The documents a request asks for, each once (handOffMany hands a repeated one off once). */
const distinct = (documents: { connectionId: string; documentid: string }[]) =>
  new Set(documents.map((d) => `${d.connectionId}\n${d.documentid}`)).size;

/**
 * Records a hand-off as a run (429 `too_many_runs` beyond the user's limit, before anything is answered) and gives its
 * id and the work: `run` hands the documents off, giving `emit` each line (the caller's stream, which may have gone
 * away meanwhile) and keeping it on the run, and ends the run with the totals (`cancelled` when a cancel left
 * documents out), or as counted so far when it failed.
 */
export async function startHandoffRun(
  db: Db,
  p: Principal,
  input: { documents: { connectionId: string; documentid: string }[]; again: boolean; scope: string | null },
  locale: Locale,
): Promise<{ id: string; run: (emit: (line: HandoffLine) => void) => Promise<HandoffTotals> }> {
  const record = await startRun(db, handoffRunKind, p, { total: distinct(input.documents), scope: input.scope });
  const run = async (emit: (line: HandoffLine) => void) => {
    let totals: HandoffTotals | undefined;
    const onLine = async (line: HandoffOutcome) => {
      emit(lineOf(line, locale));
      await record.record(line.state, line);
    };
    try {
      totals = await handOffMany(db, p, input, onLine, () => record.cancelled);
      return totals;
    } finally {
      await record.finish(totals);
    }
  };
  return { id: record.id, run };
}
