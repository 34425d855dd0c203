import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { reporterFor } from "@/lib/connections/provider";
import type { Db } from "@/lib/db/client";
import { connections } from "@/lib/db/schema/connections";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { codesOf } from "./message-codes";
import { readUnitStates } from "./state";
import { dropReport, recordOutcome, release, type Claimed } from "./store";

/** A provider's code as a log may carry it: a plain token, else a mark that it was not one (never its text). */
const CODE = /^[A-Za-z0-9_.:-]{1,64}$/;
export const loggableCode = (code: string) => (CODE.test(code) ? code : "(not a code)");

/**
 * One claimed report, sent: the unit's state as the register holds it now (built again, so what
 * goes out is never older than the claim), one POST within PROVIDER_TIMEOUT_MS, its outcome on the
 * row (the provider's messages without the unit's residents' values or any e-mail address) and an
 * `osr.report` audit event naming the unit and the connection, with the messages' codes only: never
 * a person, never a provider's text. A refusal also writes a WARN line with the connection, the unit,
 * the status and the provider's codes only.
 */
export async function sendClaimed(db: Db, me: string, claim: Claimed): Promise<void> {
  const [connection] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.id, claim.connection_id), isNull(connections.deletedAt)))
    .limit(1);
  const reporter = connection ? reporterFor(connection) : null;
  const state = (await readUnitStates(db, [claim.unit_id])).get(claim.unit_id);
  if (!reporter || !state) {
    await dropReport(db, claim);
    return;
  }
  let outcome;
  try {
    outcome = await reporter(
      {
        billingunit: state.body.billingunitMscnumber,
        unit: state.body.residentialunitMscnumber,
        body: state.body,
        quoted: state.quoted,
      },
      AbortSignal.timeout(env().providerTimeoutMs),
    );
  } catch (err) {
    // Not the provider's answer (a secret that no key opens, say): let go, try again at the next look.
    log().warn({ connectionId: claim.connection_id, err: err instanceof Error ? err.message : err }, "report not sent");
    await release(db, me, claim);
    return;
  }
  if (outcome.state === "rejected")
    log().warn(
      {
        connectionId: claim.connection_id,
        unitId: claim.unit_id,
        status: outcome.status,
        codes: outcome.messages.map((m) => loggableCode(m.shortmessage)),
      },
      "on-site-roles report refused",
    );
  await recordOutcome(db, me, claim, state.hash, outcome, {
    kind: "osr.report",
    actor: "system",
    connectionId: claim.connection_id,
    detail: {
      unit: claim.unit_id,
      state: outcome.state,
      status: outcome.status,
      attempt: claim.attempts,
      ...(outcome.state === "accepted" && { transactionid: outcome.transactionid }),
      ...(outcome.state !== "unknown" && { codes: codesOf(outcome.messages) }),
      ...(outcome.state === "unknown" && { reason: outcome.reason }),
    },
  });
}
