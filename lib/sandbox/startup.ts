import "server-only";
import { getDb } from "@/lib/db/client";
import { demoState } from "./demo/state";
import { ensureState } from "./state";

/** At server start with SANDBOX=1: the demo data set and the signing key, unless a state exists. */
export async function initSandbox(): Promise<void> {
  const loaded = await ensureState(await getDb(), demoState);
  if (loaded) console.log("sandbox: demo data set loaded");
}
