import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { instanceId } from "@/lib/ops/instances";
import { onClockMoved } from "@/lib/process/clock";
import { onFinish, shutdownSignal } from "@/lib/process/lifecycle";
import { requeueRecomputed } from "./recompute";
import { sendClaimed } from "./send";
import { claimDue } from "./store";
import { onWake } from "./wake";

/**
 * The report sender, once per process (started by lib/startup.ts): a look for due reports every
 * TICK_MS, and at once when a change of this process queued some (./wake.ts), so each report goes
 * out well within 30 s of its change whatever SYNC_INTERVAL_MINUTES says. At most CONCURRENCY
 * reports at once, PER_CONNECTION of one connection (each a unit of its own): a provider that is
 * slow or refuses everything holds its share of the slots, never the other connections' reports.
 * At its start, the reported states are built again and any that changed are queued (./recompute.ts).
 */

const TICK_MS = 5_000;
const CONCURRENCY = 16;
const PER_CONNECTION = 8;

/** The reports under way, by connection and unit. */
type Sender = {
  running: Map<string, { connectionId: string; done: Promise<void> }>;
  looking?: Promise<void>;
  again: boolean;
};

function busyByConnection(sender: Sender): Map<string, number> {
  const busy = new Map<string, number>();
  for (const { connectionId } of sender.running.values()) busy.set(connectionId, (busy.get(connectionId) ?? 0) + 1);
  return busy;
}
const store = globalThis as unknown as { argeReportSender?: Sender };

async function tick(sender: Sender, db: Db): Promise<void> {
  if (shutdownSignal().aborted) return;
  const free = CONCURRENCY - sender.running.size;
  if (free <= 0) return;
  const me = instanceId();
  // The claim outlasts the token and the POST, each bounded by PROVIDER_TIMEOUT_MS.
  const holdMs = 2 * env().providerTimeoutMs + 10_000;
  for (const claim of await claimDue(db, me, free, busyByConnection(sender), holdMs, PER_CONNECTION)) {
    const key = `${claim.connection_id}/${claim.unit_id}`;
    const done = sendClaimed(db, me, claim)
      .catch((err: unknown) => log().error({ err, connectionId: claim.connection_id }, "report failed"))
      .finally(() => {
        sender.running.delete(key);
        look(sender);
      });
    sender.running.set(key, { connectionId: claim.connection_id, done });
  }
}

/** One look at a time; one asked for meanwhile runs after it. */
function look(sender: Sender): void {
  if (sender.looking) {
    sender.again = true;
    return;
  }
  sender.looking = (async () => {
    const db = await getDb();
    do {
      sender.again = false;
      await tick(sender, db).catch((err: unknown) => log().error({ err }, "report sender tick failed"));
    } while (sender.again);
  })().finally(() => (sender.looking = undefined));
}

export function startReportSender(): void {
  if (store.argeReportSender) return;
  const sender: Sender = { running: new Map(), again: false };
  store.argeReportSender = sender;
  const run = () => look(sender);
  setInterval(run, TICK_MS).unref();
  onWake(run);
  // A back-off a test moved the clock past is due now (lib/process/clock.ts).
  onClockMoved(run);
  // At a shutdown the reports under way finish (each bounded by the provider timeout); none starts.
  onFinish(async () => void (await Promise.allSettled([...sender.running.values()].map((r) => r.done))));
  run();
  // A state this version builds differently from the one last sent is reported again (./recompute.ts).
  void getDb()
    .then(requeueRecomputed)
    .then((queued) => queued > 0 && run())
    .catch((err: unknown) => log().error({ err }, "recomputing the reported states failed"));
}
