import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db/client";
import { connections, type ConnectionRow } from "@/lib/db/schema/connections";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { onFinish, shutdownSignal } from "@/lib/process/lifecycle";
import { rowsOf } from "@/lib/db/rows";
import { startInstance } from "@/lib/ops/instances";
import { claimSettledSql } from "./confirm/settled";
import { acquireSyncLease, runSync, type Lease } from "./sync";

/**
 * Background sync: every connection each SYNC_INTERVAL_MINUTES, at most SYNC_CONCURRENCY at once
 * here, a lease against syncing one twice; open confirmations and dead instances' claims are due at
 * once (docs/architecture.md, "Sync"; the figures in docs/scale.md, "The sync of many connections").
 */

/** The background syncs under way, by connection. */
type Running = Map<string, Promise<void>>;
/** One look at a time (`looking`); a look asked for meanwhile runs after it (`again`). */
type Scheduler = { timer?: NodeJS.Timeout; running: Running; looking?: Promise<void>; again: boolean };

const store = globalThis as unknown as { argeScheduler?: Scheduler };

function tickMs(): number {
  const minutes = env().syncIntervalMinutes;
  return minutes > 0 ? Math.min(15_000, Math.max(1000, (minutes * 60_000) / 4)) : 15_000;
}

/** Gives connections that were never scheduled their first time, spread over one interval. */
async function scheduleNew(db: Db): Promise<void> {
  const minutes = env().syncIntervalMinutes;
  if (minutes <= 0) return;
  await db.execute(sql`
    INSERT INTO delivery_sync (connection_id, next_at)
    SELECT c.id, now() + make_interval(secs => ${minutes * 60} * (0.1 + 0.9 * random()))
    FROM connections c WHERE c.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM delivery_sync s WHERE s.connection_id = c.id)
    ON CONFLICT (connection_id) DO NOTHING`);
}

async function dueConnections(db: Db, limit: number, exclude: string[]): Promise<string[]> {
  const background = env().syncIntervalMinutes > 0;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      SELECT c.id FROM connections c LEFT JOIN delivery_sync s ON s.connection_id = c.id
      WHERE c.deleted_at IS NULL AND (s.lease_until IS NULL OR s.lease_until < now())
        AND ${
          exclude.length
            ? sql`c.id NOT IN (${sql.join(
                exclude.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql`true`
        }
        AND ((${background} AND s.next_at <= now())
          OR ((s.last_at IS NULL OR s.last_at < now() - interval '10 seconds') AND EXISTS (
            SELECT 1 FROM delivery_confirmations x WHERE x.connection_id = c.id
              AND (x.state = 'unknown' OR (x.state = 'pending' AND ${claimSettledSql("x", sql`now()`)}))))
          -- A claim of an instance that died after the last sync: that sync could not judge it.
          OR EXISTS (
            SELECT 1 FROM delivery_confirmations x JOIN app_instances i ON i.id = x.instance_id
            WHERE x.connection_id = c.id AND x.state = 'pending' AND i.ended_at IS NOT NULL AND (s.last_at IS NULL OR i.ended_at > s.last_at)))
      ORDER BY s.next_at NULLS FIRST LIMIT ${limit}`),
  );
  return rows.map((r) => r.id);
}

/**
 * Syncs one due connection unless another instance took it first. Resolves to whether the
 * scheduler may look for the next one at once: not after the database failed before the lease
 * (it would pick the same connection again and again); a sync that ran or failed has moved the
 * connection's next time (or still holds its lease), another instance's lease hides it.
 */
async function syncInBackground(db: Db, connectionId: string): Promise<boolean> {
  let lease: Lease | null;
  let connection: ConnectionRow | undefined;
  try {
    [connection] = await db
      .select()
      .from(connections)
      .where(and(eq(connections.id, connectionId), isNull(connections.deletedAt)))
      .limit(1);
    lease = connection ? await acquireSyncLease(db, connectionId) : null;
  } catch (err) {
    log().warn({ connectionId, err: err instanceof Error ? err.message : err }, "background sync not started");
    return false;
  }
  if (!connection || !lease) return true;
  try {
    await runSync(db, lease, { connection, actor: "system" });
  } catch (err) {
    // runSync has recorded the outcome on the connection; the log says which one failed.
    log().warn({ connectionId, err: err instanceof Error ? err.message : err }, "background sync failed");
  }
  return true;
}

async function tick(scheduler: Scheduler): Promise<void> {
  const { running } = scheduler;
  // Shutting down: the syncs under way stop at their next page (sync.ts), none starts.
  if (shutdownSignal().aborted) return;
  const free = env().syncConcurrency - running.size;
  if (free <= 0) return;
  const db = await getDb();
  await scheduleNew(db);
  for (const id of await dueConnections(db, free, [...running.keys()])) {
    const done = syncInBackground(db, id).then((next) => {
      running.delete(id);
      if (next) look(scheduler);
    });
    running.set(id, done);
  }
}

/**
 * Looks for due connections, one look at a time: a look asked for while one runs (a sync
 * finished, the timer) runs once after it, so two looks never hand out the same free slot.
 */
function look(scheduler: Scheduler): void {
  if (scheduler.looking) {
    scheduler.again = true;
    return;
  }
  scheduler.looking = (async () => {
    do {
      scheduler.again = false;
      await tick(scheduler).catch((err: unknown) => log().error({ err }, "sync scheduler tick failed"));
    } while (scheduler.again);
  })().finally(() => (scheduler.looking = undefined));
}

/**
 * Starts the scheduler once per process, after registering this instance; its first look is at
 * once (reconciliation after a crash), and another follows whenever an instance is found dead.
 */
export async function startScheduler(): Promise<void> {
  if (store.argeScheduler) return;
  const scheduler: Scheduler = { running: new Map(), again: false };
  const run = () => look(scheduler);
  scheduler.timer = setInterval(run, tickMs());
  scheduler.timer.unref();
  store.argeScheduler = scheduler;
  // At a shutdown the syncs under way release their leases before the instance ends (lib/ops/instances.ts).
  onFinish(async () => void (await Promise.allSettled(scheduler.running.values())));
  await startInstance(await getDb(), run);
  run();
}
