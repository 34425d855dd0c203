import "server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { dbNow, onClockMoved } from "@/lib/process/clock";
import { onFinish } from "@/lib/process/lifecycle";
import { rowsOf } from "@/lib/db/rows";

/**
 * This process as one instance of the app (docs/architecture.md, "Crash recovery"): a row in
 * app_instances with a heartbeat. A confirmation's claim names its instance, so when an instance
 * is known to be dead its pending claims can be judged at once (and its sync leases end). Dead means: with the embedded
 * database, every other instance (one process owns DATA_DIR); on one host, a process id that no
 * longer runs; anywhere, a heartbeat silent for LAPSE_MS, on the app's clock (lib/process/clock.ts: a test moves it).
 */

const HEARTBEAT_MS = 2000;
/** Long enough that a busy but living process is not taken for dead (its PUTs are bounded by their deadline anyway). */
const LAPSE_MS = 10_000;

type State = { id: string; timer?: NodeJS.Timeout; onDead?: () => void };
// One instance per process, even if a bundler gives several routes their own copy of this module.
const store = globalThis as unknown as { argeInstance?: State };
const state = (store.argeInstance ??= { id: newId() });

function newId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** The id this process's claims carry. */
export function instanceId(): string {
  return state.id;
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return false; // an earlier process with our id number: it has ended
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Marks instances dead that are known to be: every other one with the embedded database, those
 * on this host whose process is gone, and those whose heartbeat lapsed. Resolves to how many.
 */
export async function settleDeadInstances(db: Db): Promise<number> {
  const me = state.id;
  const embedded = !env().databaseUrl;
  // With the embedded database every other instance is dead anyway: no process ids to look at.
  const sameHost = embedded
    ? []
    : rowsOf<{ id: string; pid: number }>(
        await db.execute(
          sql`SELECT id, pid FROM app_instances WHERE ended_at IS NULL AND id <> ${me} AND host = ${hostname()}`,
        ),
      );
  const gone = sameHost.filter((c) => !isRunning(c.pid)).map((c) => c.id);
  const ended = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE app_instances SET ended_at = now()
      WHERE ended_at IS NULL AND id <> ${me}
        AND (${embedded} OR heartbeat_at < ${dbNow()} - make_interval(secs => ${LAPSE_MS / 1000})
          ${
            gone.length
              ? sql`OR id IN (${sql.join(
                  gone.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql``
          })
      RETURNING id`),
  );
  if (ended.length === 0) return 0;
  log().warn(
    { instances: ended.map((r) => r.id) },
    "instances ended without shutting down: their confirmations are checked now",
  );
  // Their sync leases (owner: instance id, ':', a suffix) end now rather than when they run out.
  await db.execute(sql`
    UPDATE delivery_sync s SET lease_owner = NULL, lease_until = NULL
    WHERE s.lease_until IS NOT NULL AND EXISTS (
      SELECT 1 FROM app_instances i WHERE i.ended_at IS NOT NULL AND starts_with(s.lease_owner, i.id || ':'))`);
  // Their runs (lib/runs: bulk confirmations, hand-offs) ended with them: a document they had not come to stays as it was.
  await db.execute(sql`
    UPDATE runs r SET finished_at = now(), ended = 'instance_ended'
    WHERE r.finished_at IS NULL AND EXISTS (SELECT 1 FROM app_instances i WHERE i.id = r.instance_id AND i.ended_at IS NOT NULL)`);
  return ended.length;
}

async function register(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO app_instances (id, host, pid) VALUES (${state.id}, ${hostname()}, ${process.pid})
    ON CONFLICT (id) DO UPDATE SET heartbeat_at = ${dbNow()}, ended_at = NULL`);
  // Rows of instances long gone, with no claim left to judge, are not kept.
  await db.execute(sql`
    DELETE FROM app_instances i WHERE i.ended_at < now() - interval '7 days'
      AND NOT EXISTS (SELECT 1 FROM delivery_confirmations c WHERE c.instance_id = i.id AND c.state = 'pending')`);
}

async function beat(db: Db): Promise<void> {
  const alive = rowsOf(
    await db.execute(
      sql`UPDATE app_instances SET heartbeat_at = ${dbNow()} WHERE id = ${state.id} AND ended_at IS NULL RETURNING id`,
    ),
  );
  if (alive.length === 0) {
    // Another instance took this one for dead (it was silent too long) and may have judged its
    // claims: from now on this process claims under a new id.
    log().error({ instance: state.id }, "this instance was taken for dead; it continues under a new id");
    state.id = newId();
    await register(db);
  }
  if ((await settleDeadInstances(db)) > 0) state.onDead?.();
}

/**
 * Registers this process, marks the instances known dead, and keeps a heartbeat. `onDead` runs
 * whenever instances are found dead (the scheduler then looks for their claims at once).
 */
export async function startInstance(db: Db, onDead: () => void): Promise<void> {
  state.onDead = onDead;
  await register(db);
  await settleDeadInstances(db);
  if (state.timer) return;
  const beatNow = () => void beat(db).catch((err: unknown) => log().warn({ err }, "instance heartbeat failed"));
  state.timer = setInterval(beatNow, HEARTBEAT_MS);
  state.timer.unref();
  // Time a test moved on has passed for the heartbeats too: silent instances are judged at once.
  onClockMoved(beatNow);
  onFinish(() => endInstance(db));
}

/**
 * A clean shutdown, after every request has finished: no PUT of this instance is under way, so
 * other instances may judge its claims (and take its leases) now rather than after LAPSE_MS.
 */
async function endInstance(db: Db): Promise<void> {
  clearInterval(state.timer);
  state.timer = undefined;
  await db.execute(sql`UPDATE app_instances SET ended_at = now() WHERE id = ${state.id}`);
  await db.execute(
    sql`UPDATE delivery_sync SET lease_owner = NULL, lease_until = NULL WHERE starts_with(lease_owner, ${state.id + ":"})`,
  );
  // The drain waits for connections, not for a run whose page has gone: it ends with the process.
  await db.execute(
    sql`UPDATE runs SET finished_at = now(), ended = 'instance_ended' WHERE instance_id = ${state.id} AND finished_at IS NULL`,
  );
}
