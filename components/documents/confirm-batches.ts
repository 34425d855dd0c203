import { HttpError, postNdjson } from "@/lib/client/fetch-json";
import type { ConfirmationsLine } from "@/lib/delivery/client";
import { RUN_ID_HEADER } from "@/lib/runs/kind";
import type { RunScope } from "@/lib/runs/schemas";
import type { Outcome, RunControl, RunReport } from "@/components/runs/kind";
import { batchesOf, docKey, type Target } from "./inbox-model";

/**
 * One `POST .../confirmations` per connection (at most 1000 ids each), the outcome of every
 * document recorded as its line arrives. A refusal before the stream began sent nothing (failed);
 * a stream cut off mid-way leaves the rest unknown: the server goes on without us, and the next
 * sync reconciles them. Once `control.stop` no further batch is sent. Each run is the page's of `scope`
 * (lib/runs/schemas.ts), named to `report` by its answer's `Run-Id`; a document a cancel left out is
 * `cancelled` (open: the run never came to it). Loaded with the first run (confirm-run-kind.tsx): the
 * inbox's first load does not carry it.
 */
export async function confirmBatches(
  targets: Target[],
  control: RunControl,
  report: Pick<RunReport, "onRun" | "onOutcomes" | "onWaiting">,
  scope: RunScope,
) {
  const record = report.onOutcomes;
  for (const batch of batchesOf(targets)) {
    const waiting = new Set(batch.targets.map((t) => t.key));
    const settle = (outcome: Outcome) => {
      record([...waiting].map((k) => [k, outcome]));
      waiting.clear();
    };
    if (control.stop) {
      settle({ state: "cancelled" });
      continue;
    }
    const onHeaders = (headers: Headers) => {
      const id = headers.get(RUN_ID_HEADER);
      control.runId = undefined;
      if (id) report.onRun(id);
    };
    const onLine = (line: ConfirmationsLine) => {
      if ("documentid" in line) {
        const key = docKey(batch.connectionId, line.documentid);
        waiting.delete(key);
        record([[key, { state: line.state, message: line.message }]]);
      } else if ("error" in line) {
        settle({ state: "failed", message: line.message });
      } else if (line.cancelled > 0) {
        settle({ state: "cancelled" });
      }
    };
    try {
      await postNdjson<ConfirmationsLine>(
        `/api/connections/${batch.connectionId}/confirmations`,
        { documentids: batch.targets.map((t) => t.documentid), scope },
        onLine,
        {
          onHeaders,
          // Four eyes: from the team's threshold on, the batch waits for a second person (lib/releases).
          onWaiting: () => {
            settle({ state: "waiting" });
            report.onWaiting();
          },
        },
      );
      settle({ state: "unknown" });
    } catch (err) {
      settle(err instanceof HttpError ? { state: "failed", message: err.message } : { state: "unknown" });
    }
  }
}
