import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "@/lib/log";
import { known, readKnown, type Known } from "./known";
import type { ConfirmContext } from "./context";
import { confirmOne } from "./one";
import { held, type ConfirmResult } from "./results";

type OnResult = (r: ConfirmResult) => void | Promise<void>;

/** Documents of a bulk run read in one statement, shortly before they are confirmed (known.ts). */
const READ_SLICE = 64;

/**
 * Bulk: at most 8 at once, each outcome reported (and awaited) as it finishes; once `stopped()`, none is claimed
 * (`cancelled`).
 */
export async function confirmMany(
  ctx: ConfirmContext,
  documentids: string[],
  kd: string | undefined,
  onResult: OnResult,
  stopped = () => false,
) {
  const ids = [...new Set(documentids)];
  const totals = { confirmed: 0, failed: 0, unknown: 0, pending: 0 };
  let at = 0;
  // The slice of the document taken last is read when its first document is taken; an earlier
  // slice is dropped then, as every one of its documents has been taken (and given its read).
  // A failed read only costs each of its documents its own read.
  const slices = new Map<number, Promise<Map<string, Known> | undefined>>();
  const readOf = (i: number) => {
    const n = Math.floor(i / READ_SLICE);
    if (!slices.has(n)) {
      slices.delete(n - 1);
      slices.set(
        n,
        readKnown(ctx, ids.slice(n * READ_SLICE, (n + 1) * READ_SLICE)).catch(() => undefined),
      );
    }
    return slices.get(n)!;
  };
  const next = () => (stopped() || at >= ids.length ? undefined : at++);
  const worker = async () => {
    for (let i = next(); i !== undefined; i = next()) {
      const id = ids[i]!;
      const read = readOf(i);
      let result: ConfirmResult;
      try {
        result = await confirmOne(ctx, id, kd, await read);
      } catch (err) {
        // A database failure for one document: reported, and the run goes on. What holds the
        // document now (another run's claim, or ours) is still the truth to report.
        const requestId = randomUUID();
        log().error({ err, requestId, connectionId: ctx.connection.id }, "confirmation failed unexpectedly");
        const now = await known(ctx, id).catch(() => undefined);
        result = (now && held(id, now)) ?? {
          documentid: id,
          state: "failed",
          error: { code: "internal", messageKey: "error.internal", vars: { requestId }, status: 500 },
        };
      }
      totals[result.state]++;
      await onResult(result);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, ids.length) }, worker));
  return { ...totals, cancelled: ids.length - at };
}
