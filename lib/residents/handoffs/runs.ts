import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { instanceId } from "@/lib/ops/instances";
import { recentRuns, requestCancel } from "@/lib/ops/runs";
import { AppError, notFound } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/messages";
import { log } from "@/lib/log";
import type { HandoffLine, HandoffOutcome } from "@/lib/residents/handoffs/outcome";
import { readReason, reasonWords } from "@/lib/residents/handoffs/reasons";
import { handOffMany, type HandoffTotals } from "@/lib/residents/handoffs/run";

/**
 * A hand-off (`POST /api/handoffs`) as a record (migration 0026), so that it outlives the page
 * that started it (and is listed on that page only: its `scope`, migration 0041), like a bulk confirmation (lib/delivery/confirm/runs.ts): the instance that runs it
 * keeps each document's line and the counts on the row as each finishes, whether or not anyone
 * still reads the answer, and a reloaded page lists its user's runs with their lines. A cancel
 * (migration 0034) stops it before its next document: seen at once on this instance, read back with
 * each line from another. A run whose instance dies is ended by the liveness check (lib/ops/instances.ts).
 */

/** A user's hand-offs at once: each sends one mail after another, so a few are plenty. */
export const MAX_HANDOFF_RUNS_PER_USER = 3;
/** A finished run is still listed this long, so that a reloaded page sees how it ended. */
const LISTED_AFTER_END_S = 600;
/** At most this many runs in a list (the running ones, then the most recently ended). */
const LIST_LIMIT = 10;
/** A finished run's row (and its lines) is removed this long after it ended, when its user starts another. */
const KEPT_DAYS = 7;

export type HandoffRunView = HandoffTotals & {
  id: string;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  cancelRequested: boolean;
  ended: "done" | "cancelled" | "instance_ended" | null;
  /** The page that started it (lib/ops/run-scope.ts), null for another caller of the API. */
  scope: string | null;
};
export type HandoffRunDetail = HandoffRunView & { lines: HandoffLine[] };

type Row = Omit<HandoffRunView, "startedAt" | "finishedAt"> & {
  startedAt: string | Date;
  finishedAt: string | Date | null;
};
type LineRow = {
  connectionId: string;
  documentid: string;
  state: HandoffLine["state"];
  channel: HandoffLine["channel"];
  message: string | null;
  reason: unknown;
  filename: string | null;
};

const COLUMNS = sql`id, total, sent, failed, skipped, cancelled, started_at AS "startedAt", finished_at AS "finishedAt",
  cancel_requested_at IS NOT NULL AS "cancelRequested", ended, scope`;

/** The runs of this process, by id: a cancel answered here is seen before the next document. */
const store = globalThis as unknown as { argeHandoffRuns?: Map<string, { cancelled: boolean }> };
const local = (store.argeHandoffRuns ??= new Map());
const iso = (v: string | Date) => new Date(v).toISOString();
const viewOf = (r: Row): HandoffRunView => ({
  ...r,
  startedAt: iso(r.startedAt),
  finishedAt: r.finishedAt === null ? null : iso(r.finishedAt),
});

/** The documents a request asks for, each once (handOffMany hands a repeated one off once). */
const distinct = (documents: { connectionId: string; documentid: string }[]) =>
  new Set(documents.map((d) => `${d.connectionId}\n${d.documentid}`)).size;

/**
 * Records a new run of `total` documents by `userId` on this instance, started by the page of `scope`; 429
 * `too_many_runs` beyond the user's limit.
 */
async function startRun(db: Db, p: Principal, total: number, scope: string | null): Promise<string> {
  const id = randomUUID();
  await db.execute(
    sql`DELETE FROM handoff_runs WHERE user_id = ${p.userId} AND finished_at < now() - make_interval(days => ${KEPT_DAYS})`,
  );
  const inserted = rowsOf(
    await db.execute(sql`
      INSERT INTO handoff_runs (id, user_id, instance_id, total, scope)
      SELECT ${id}, ${p.userId}, ${instanceId()}, ${total}, ${scope}
      WHERE (SELECT count(*) FROM handoff_runs WHERE user_id = ${p.userId} AND finished_at IS NULL) < ${MAX_HANDOFF_RUNS_PER_USER}
      RETURNING id`),
  );
  if (inserted.length === 0)
    throw new AppError(429, "too_many_runs", "handoffRun.tooMany", { vars: { n: MAX_HANDOFF_RUNS_PER_USER } });
  return id;
}

/**
 * Keeps one document's line (its reason as a code: each reader reads it in their language) and counts it on the run,
 * in one statement; true when a cancel was asked for.
 */
async function recordLine(db: Db, id: string, seq: number, line: HandoffOutcome): Promise<boolean> {
  // The record is for display: a failure to keep it must not stop the hand-offs.
  try {
    const [row] = rowsOf<{ cancel: boolean }>(
      await db.execute(sql`
      WITH kept AS (
        INSERT INTO handoff_run_lines (run_id, seq, connection_id, documentid, state, channel, reason)
        VALUES (${id}, ${seq}, ${line.connectionId}, ${line.documentid}, ${line.state}, ${line.channel},
          ${line.reason ? JSON.stringify(line.reason) : null}::jsonb)
      )
      UPDATE handoff_runs SET sent = sent + ${Number(line.state === "sent")}, failed = failed + ${Number(line.state === "failed")},
        skipped = skipped + ${Number(line.state === "skipped")} WHERE id = ${id}
      RETURNING cancel_requested_at IS NOT NULL AS cancel`),
    );
    return row?.cancel === true;
  } catch (err) {
    log().warn({ err, run: id }, "hand-off run: line not recorded");
    return false;
  }
}

/**
 * Records a hand-off as a run (429 `too_many_runs` beyond the user's limit, before anything is
 * answered) and gives its id and the work: `run` hands the documents off, giving `emit` each line
 * (the caller's stream, which may have gone away meanwhile), and ends the row with the totals
 * (`cancelled` when a cancel left documents out), or as counted so far when it failed.
 */
export async function startHandoffRun(
  db: Db,
  p: Principal,
  input: { documents: { connectionId: string; documentid: string }[]; again: boolean; scope: string | null },
  locale: Locale,
): Promise<{ id: string; run: (emit: (line: HandoffLine) => void) => Promise<HandoffTotals> }> {
  const id = await startRun(db, p, distinct(input.documents), input.scope);
  const flag = { cancelled: false };
  local.set(id, flag);
  const run = async (emit: (line: HandoffLine) => void) => {
    let seq = 0;
    let totals: HandoffTotals | undefined;
    const onLine = async (line: HandoffOutcome) => {
      emit(lineOf(line, locale));
      if (await recordLine(db, id, seq++, line)) flag.cancelled = true;
    };
    try {
      totals = await handOffMany(db, p, input, onLine, () => flag.cancelled);
      return totals;
    } finally {
      local.delete(id);
      // Written even when the liveness check ended the run meanwhile (this instance was taken for dead): it did finish.
      const counts = totals
        ? sql`sent = ${totals.sent}, failed = ${totals.failed}, skipped = ${totals.skipped}, cancelled = ${totals.cancelled},`
        : sql``;
      await db.execute(sql`
        UPDATE handoff_runs SET ${counts} finished_at = now(), ended = ${totals?.cancelled ? "cancelled" : "done"}
        WHERE id = ${id}`);
    }
  };
  return { id, run };
}

/** The user's running hand-offs and those that ended in the last LISTED_AFTER_END_S, oldest first; of `scope` when given. */
export async function listHandoffRuns(db: Db, p: Principal, scope?: string): Promise<HandoffRunView[]> {
  const rows = await recentRuns<Row>(db, "handoff_runs", COLUMNS, p, {
    listedAfterEndS: LISTED_AFTER_END_S,
    limit: LIST_LIMIT,
    scope,
  });
  return rows.map(viewOf);
}

/** A line in the reader's words: its reason rendered in `locale`; a line kept before reasons were codes, as it was written. */
function lineOf(line: HandoffOutcome, locale: Locale, stored: string | null = null): HandoffLine {
  const { reason, ...rest } = line;
  const message = reason ? reasonWords(reason, locale) : stored;
  return message === null ? rest : { ...rest, message };
}

/**
 * One of the user's runs with each document's line so far, in the order they finished, each named by its file where
 * the user's index still has it and its reason in the reader's language; 404 for any run not the user's.
 */
export async function readHandoffRun(db: Db, p: Principal, id: string, locale: Locale): Promise<HandoffRunDetail> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`SELECT ${COLUMNS} FROM handoff_runs WHERE id = ${id} AND user_id = ${p.userId}`),
  );
  if (!row) throw notFound("handoffRun.notFound");
  const lines = rowsOf<LineRow>(
    await db.execute(sql`
      SELECT l.connection_id AS "connectionId", l.documentid, l.state, l.channel, l.message, l.reason, d.filename
      FROM handoff_run_lines l
      LEFT JOIN connections c ON c.id = l.connection_id AND c.user_id = ${p.userId}
      LEFT JOIN delivery_documents d ON c.id IS NOT NULL AND d.connection_id = l.connection_id AND d.documentid = l.documentid
      WHERE l.run_id = ${id} ORDER BY l.seq`),
  );
  return {
    ...viewOf(row),
    lines: lines.map(({ message, reason, filename, ...l }) => {
      const read = readReason(reason);
      const line = lineOf(read ? { ...l, reason: read } : l, locale, message);
      return filename === null ? line : { ...line, filename };
    }),
  };
}

/**
 * Asks the user's run `id` to stop before its next document: the one under way finishes and is recorded, those not
 * begun are not handed on. A run that has ended is answered as it stands. 404 for any run not the user's.
 */
export async function cancelHandoffRun(db: Db, p: Principal, id: string): Promise<HandoffRunView> {
  const row = await requestCancel<Row>(db, "handoff_runs", COLUMNS, p, id);
  if (!row) throw notFound("handoffRun.notFound");
  const flag = local.get(id);
  if (flag && row.finishedAt === null) flag.cancelled = true;
  return viewOf(row);
}
