import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { demoState } from "./demo/state";
import { initLocalImap } from "./mailbox/dovecot";
import { startMailbox } from "./mailbox/server";
import { ensureState } from "./state";

/**
 * At server start with SANDBOX=1: the demo data set and the signing key, unless a state exists; then the mailbox's SMTP
 * server; where its own IMAP server cannot run (no Dovecot, MAIL_IMAP_URL unset), one line says bounces are not read.
 */
export async function initSandbox(): Promise<void> {
  const loaded = await ensureState(await getDb(), demoState);
  if (loaded) console.log("sandbox: demo data set loaded");
  initLocalImap();
  await startMailbox(env().sandboxSmtpPort);
}
