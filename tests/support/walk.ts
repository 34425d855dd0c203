import assert from "node:assert/strict";
import { after, before, beforeEach } from "node:test";
import type { createProviderClient, ProviderConnection, WalkOptions } from "@/lib/provider/client";
import { ProviderError } from "@/lib/provider/errors";
import type { ProviderDocument } from "@/lib/provider/schemas";
import { sampleDocuments, startAltProvider, type AltProvider } from "./alt-provider";
import { startScripted, type Scripted } from "./scripted-provider";

/** The providers and helpers of the walk's unit tests (tests/unit/provider-walk*.test.ts). */
export let alt: AltProvider;
export let scripted: Scripted;
let seq = 0;
export const config = () => ({ timeoutMs: 2000, allowedOrigins: [alt.origin, scripted.origin] });
export const UVI_ROOT = "/arge/documents/v1/documents/out";

/** Starts both providers for the file that calls it, and resets the alt provider before each test. */
export function withWalkProviders(): void {
  before(async () => {
    alt = await startAltProvider();
    scripted = await startScripted();
  });
  after(async () => {
    await alt.close();
    await scripted.close();
  });
  beforeEach(() => alt.reset());
}

export function uviBasic(): ProviderConnection {
  return {
    id: `w${++seq}`,
    service: "uvi",
    baseUrl: alt.uviBase,
    authUrl: null,
    customerNumber: null,
    auth: { type: "basic", ...alt.basic },
  };
}
export function dtaBasic(): ProviderConnection {
  return {
    id: `w${++seq}`,
    service: "dta",
    baseUrl: alt.dtaBase,
    authUrl: null,
    customerNumber: "4711",
    auth: { type: "basic", ...alt.basic },
  };
}
/** A UVI connection to the scripted provider, whose answers a test writes itself. */
export function scriptedUvi(): ProviderConnection {
  return {
    id: `w${++seq}`,
    service: "uvi",
    baseUrl: `${scripted.origin}/arge`,
    authUrl: null,
    customerNumber: null,
    auth: { type: "basic", username: "u", password: "p" },
  };
}
/** `n` open documents of one service, with ids `walk-<service>-<i>`. */
export function useDocuments(n: number, service: "uvi" | "dta" = "uvi") {
  alt.documents = sampleDocuments(n, "walk").filter((d) => d.service === service);
  return alt.documents.map((d) => d.documentid);
}
export const kindOf = (kind: string) => (e: unknown) => e instanceof ProviderError && e.kind === kind;
export const listRequests = () =>
  alt.counters.requests.filter((r) => r.path.startsWith(UVI_ROOT + "?") || r.path.startsWith("/dta/v1/documents/out?"));

/** Walks with a recording onPage: every delivered id, the batches, the last progress, overlap of calls. */
export async function walkAll(
  client: ReturnType<typeof createProviderClient>,
  opts: Omit<WalkOptions, "onPage"> = {},
  onBatch?: (docs: ProviderDocument[]) => void,
) {
  const ids: string[] = [];
  const progress: { seen: number; count: number }[] = [];
  let active = 0;
  let maxActive = 0;
  const result = await client.walk({
    ...opts,
    onPage: async (documents, p) => {
      active++;
      maxActive = Math.max(maxActive, active);
      assert.ok(documents.length > 0, "no empty batches");
      ids.push(...documents.map((d) => d.documentid));
      progress.push(p);
      onBatch?.(documents);
      await new Promise((r) => setTimeout(r, 2));
      active--;
    },
  });
  return { result, ids, progress, maxActive };
}

export function assertEveryOnce(ids: string[], expected: string[]) {
  assert.equal(ids.length, new Set(ids).size, "no document delivered twice");
  assert.deepEqual([...ids].sort(), [...expected].sort());
}
