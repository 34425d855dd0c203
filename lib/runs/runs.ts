import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rows";
import { AppError, notFound } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/messages";
import { log } from "@/lib/log";
import { instanceId } from "@/lib/ops/instances";
import type { AnyRunView, RunBase, RunKind, RunView, StoredLine } from "./kind";
import { usableBy } from "@/lib/connections/usable";

/**
 * Work that outlives the request that started it, as a record (migration 0042): a reloaded page lists its team's
 * runs with their progress and who started each (migration 0046: runs are the team's, issue #46), and a cancel
 * reaches the run on whichever instance it runs. The instance that runs it
 * counts every outcome on the row (and keeps its line, for a kind with lines) and reads the cancel back in the same
 * statement; a cancel answered by this instance is seen before the next document at once. A run whose instance dies
 * is ended by the liveness check (lib/ops/instances.ts).
 */

/** A finished run's row (and its lines) is removed this long after it ended, when its user starts another. */
const KEPT_DAYS = 7;

/** The runs of this process, by id: a cancel answered here is seen before the next document. */
const store = globalThis as unknown as { argeRunFlags?: Map<string, { cancelled: boolean }> };
const local = (store.argeRunFlags ??= new Map());

type Row = Omit<RunBase, "startedAt" | "finishedAt" | "startedBy"> & {
  kind: string;
  startedById: string;
  startedByName: string | null;
  connectionId: string | null;
  counts: Record<string, unknown> | string;
  startedAt: string | Date;
  finishedAt: string | Date | null;
};

const COLUMNS = sql`id, kind, connection_id AS "connectionId", total, counts, cancelled, started_at AS "startedAt",
  finished_at AS "finishedAt", cancel_requested_at IS NOT NULL AS "cancelRequested", ended, scope,
  runs.user_id AS "startedById", (SELECT u.name FROM users u WHERE u.id = runs.user_id) AS "startedByName"`;

const iso = (v: string | Date) => new Date(v).toISOString();

function viewOf<C extends string>(kind: RunKind<C>, row: Row): RunView<C> {
  const { kind: _kind, connectionId, counts, startedAt, finishedAt, startedById, startedByName, ...rest } = row;
  const stored = (typeof counts === "string" ? JSON.parse(counts) : counts) as Record<string, unknown>;
  const numbers = Object.fromEntries(kind.counts.map((c) => [c, Number(stored[c] ?? 0)])) as Record<C, number>;
  return {
    ...rest,
    ...numbers,
    ...(kind.onConnection && connectionId !== null ? { connectionId } : {}),
    startedAt: iso(startedAt),
    finishedAt: finishedAt === null ? null : iso(finishedAt),
    startedBy: { id: startedById, name: startedByName ?? "" },
  };
}

const ofKinds = (kinds: readonly RunKind[]): SQL =>
  sql`kind IN (${sql.join(
    kinds.map((k) => sql`${k.name}`),
    sql`, `,
  )})`;

export type Run<C extends string, L> = {
  id: string;
  /** True once a cancel was asked for (here, or seen on the row after an outcome). */
  readonly cancelled: boolean;
  /** Counts one document's outcome on the row, with its line for a kind with lines; reads a cancel from elsewhere. */
  record: (state: C, line?: L) => Promise<void>;
  /** Ends the run with its final counts (`cancelled`: left out because of a cancel), or as counted so far. */
  finish: (totals?: Record<C, number> & { cancelled: number }) => Promise<void>;
};

/**
 * Records a new run of `kind` of `total` documents by `user`, run by this instance, started by the page of `scope`
 * (null: another caller), on `connectionId` for a kind of one connection. 429 `too_many_runs` when the user has
 * `kind.maxRunning` of this kind running already.
 */
export async function startRun<C extends string, L>(
  db: Db,
  kind: RunKind<C, L>,
  p: Principal,
  run: { total: number; scope: string | null; connectionId?: string },
): Promise<Run<C, L>> {
  const id = randomUUID();
  await db.execute(
    sql`DELETE FROM runs WHERE user_id = ${p.userId} AND kind = ${kind.name} AND finished_at < now() - make_interval(days => ${KEPT_DAYS})`,
  );
  const inserted = rowsOf(
    await db.execute(sql`
      INSERT INTO runs (id, kind, user_id, team_id, connection_id, instance_id, total, scope)
      SELECT ${id}, ${kind.name}, ${p.userId}, ${p.teamId}, ${run.connectionId ?? null}, ${instanceId()}, ${run.total}, ${run.scope}
      WHERE (SELECT count(*) FROM runs WHERE user_id = ${p.userId} AND kind = ${kind.name} AND finished_at IS NULL) < ${kind.maxRunning}
      RETURNING id`),
  );
  if (inserted.length === 0)
    throw new AppError(429, "too_many_runs", kind.words.tooMany, { vars: { n: kind.maxRunning } });
  const flag = { cancelled: false };
  local.set(id, flag);
  let seq = 0;
  return {
    id,
    get cancelled() {
      return flag.cancelled;
    },
    record: async (state, line) => {
      // The record is for display: a failure to keep it must not stop the work.
      try {
        const kept = kind.lines && line !== undefined ? keepLine(id, seq++, kind.lines.store(line)) : sql``;
        const [row] = rowsOf<{ cancel: boolean }>(
          await db.execute(sql`
            ${kept}
            UPDATE runs SET counts = counts || jsonb_build_object(${state}::text, COALESCE((counts->>${state}::text)::int, 0) + 1)
            WHERE id = ${id}
            RETURNING cancel_requested_at IS NOT NULL AS cancel`),
        );
        if (row?.cancel) flag.cancelled = true;
      } catch (err) {
        log().warn({ err, run: id, kind: kind.name }, "run: progress not recorded");
      }
    },
    finish: async (totals) => {
      local.delete(id);
      // Written even when the liveness check ended the run meanwhile (this instance was taken for dead): the run did
      // finish, and these are its counts.
      const counts = totals
        ? sql`counts = ${JSON.stringify(Object.fromEntries(kind.counts.map((c) => [c, totals[c]])))}::jsonb, cancelled = ${totals.cancelled},`
        : sql``;
      await db.execute(sql`
        UPDATE runs SET ${counts} finished_at = now(), ended = ${totals?.cancelled ? "cancelled" : "done"}
        WHERE id = ${id}`);
    },
  };
}

/** The statement's head that keeps one line beside the count (one statement, so a line is never counted twice). */
function keepLine(id: string, seq: number, line: Omit<StoredLine, "message" | "filename">): SQL {
  const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
  return sql`WITH kept AS (
    INSERT INTO run_lines (run_id, seq, connection_id, documentid, state, reason, detail)
    VALUES (${id}, ${seq}, ${line.connectionId}, ${line.documentid}, ${line.state}, ${json(line.reason)}::jsonb, ${json(line.detail)}::jsonb)
  )`;
}

/**
 * The team's runs of `kind` that run or ended in the last `kind.listedAfterEndS`, oldest first: at most
 * `kind.listLimit`, the running ones first; of `scope` only when one is given (a page lists its own runs).
 */
export async function listRuns<C extends string>(
  db: Db,
  kind: RunKind<C>,
  p: Principal,
  scope: string | undefined,
): Promise<RunView<C>[]> {
  const ofScope = scope === undefined ? sql`` : sql`AND scope = ${scope}`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      SELECT ${COLUMNS} FROM runs
      WHERE team_id = ${p.teamId} AND kind = ${kind.name}
        AND (finished_at IS NULL OR finished_at > now() - make_interval(secs => ${kind.listedAfterEndS})) ${ofScope}
      ORDER BY finished_at IS NULL DESC, started_at DESC LIMIT ${kind.listLimit}`),
  );
  return rows.reverse().map((r) => viewOf(kind, r));
}

const kindOf = (kinds: readonly RunKind[], row: Row) => kinds.find((k) => k.name === row.kind)!;

/** No such run of the caller: in the words of its kind when only one is asked for (an older address), else of any. */
const missing = (kinds: readonly RunKind[]) => notFound(kinds.length === 1 ? kinds[0]!.words.notFound : "run.notFound");

/**
 * One of the team's runs of one of `kinds`, with its lines so far for a kind with lines (in the order they finished,
 * each named by its file where the caller's connections still have it, in the reader's language). 404 for any run
 * not the team's.
 */
export async function readRun(
  db: Db,
  kinds: readonly RunKind[],
  p: Principal,
  id: string,
  locale: Locale,
): Promise<{ kind: RunKind; view: AnyRunView; lines?: unknown[] }> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`SELECT ${COLUMNS} FROM runs WHERE id = ${id} AND team_id = ${p.teamId} AND ${ofKinds(kinds)}`),
  );
  if (!row) throw missing(kinds);
  const kind = kindOf(kinds, row);
  const view = viewOf(kind, row);
  if (!kind.lines) return { kind, view };
  const lines = rowsOf<StoredLine>(
    await db.execute(sql`
      SELECT l.connection_id AS "connectionId", l.documentid, l.state, l.message, l.reason, l.detail, d.filename
      FROM run_lines l
      LEFT JOIN connections c ON c.id = l.connection_id AND ${usableBy(p)}
      LEFT JOIN delivery_documents d ON c.id IS NOT NULL AND d.connection_id = l.connection_id AND d.documentid = l.documentid
      WHERE l.run_id = ${id} ORDER BY l.seq`),
  );
  const read = kind.lines.read;
  return { kind, view, lines: lines.map((l) => read(l, locale)) };
}

/**
 * Asks the team's run `id` (of one of `kinds`) to stop before its next document: those under way finish, those not
 * begun are left out. A run that has ended is answered as it stands. 404 for any run not the team's.
 */
export async function cancelRun(
  db: Db,
  kinds: readonly RunKind[],
  p: Principal,
  id: string,
): Promise<{ kind: RunKind; view: AnyRunView }> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      UPDATE runs
      SET cancel_requested_at = CASE WHEN finished_at IS NULL THEN COALESCE(cancel_requested_at, now()) ELSE cancel_requested_at END
      WHERE id = ${id} AND team_id = ${p.teamId} AND ${ofKinds(kinds)}
      RETURNING ${COLUMNS}`),
  );
  if (!row) throw missing(kinds);
  const flag = local.get(id);
  if (flag && row.finishedAt === null) flag.cancelled = true;
  const kind = kindOf(kinds, row);
  return { kind, view: viewOf(kind, row) };
}

/** The team's runs of each of `kinds` (as `listRuns` lists each), oldest first, each named by its kind. */
export async function listRunsOf(
  db: Db,
  kinds: readonly RunKind[],
  p: Principal,
  scope: string | undefined,
): Promise<(AnyRunView & { kind: string })[]> {
  const lists = await Promise.all(
    kinds.map(async (kind) => (await listRuns(db, kind, p, scope)).map((view) => ({ kind: kind.name, ...view }))),
  );
  return lists.flat().sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

/** A run as `/api/runs/{id}` answers it: named by its kind, with its lines for a kind with lines. */
export const runAnswer = ({ kind, view, lines }: { kind: RunKind; view: AnyRunView; lines?: unknown[] }) => ({
  kind: kind.name,
  ...view,
  ...(lines === undefined ? {} : { lines }),
});
