import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { demoState } from "./demo/state";
import { startMailbox } from "./mailbox/server";
import { ensureState } from "./state";

/**
 * At server start with SANDBOX=1: the demo data set and the signing key, unless a state exists; then the mailbox's SMTP
 * server.
 */
export async function initSandbox(): Promise<void> {
  const loaded = await ensureState(await getDb(), demoState);
  if (loaded) console.log("sandbox: demo data set loaded");
  await startMailbox(env().sandboxSmtpPort);
}
