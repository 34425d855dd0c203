import { postNdjson } from "@/lib/client/fetch-json";
import type { HandoffLine } from "@/lib/handoffs/outcome";
import type { Target } from "@/components/documents/inbox-model";
import type { RunReport } from "@/components/runs/kind";
import { RUN_ID_HEADER } from "@/lib/runs/kind";
import type { RunScope } from "@/lib/runs/schemas";

/**
 * `POST /api/handoffs` for the asked documents (at most 1000: the inbox's page holds fewer). The
 * server runs it as a recorded run that goes on without us: `onRun` learns its id from the answer's
 * `Run-Id` header, and the run panel reads the run's record from then on, so the lines themselves are only
 * read to the end. The run is the page's of `scope` (lib/runs/schemas.ts). Loaded with the first hand-off
 * (handoff-run-kind.tsx): the inbox's first load does not carry it.
 */
export async function postHandoffs(
  targets: Target[],
  { again, scope, confirmFirst }: { again: boolean; scope: RunScope; confirmFirst?: boolean },
  report: Pick<RunReport, "onRun" | "onError" | "onWaiting">,
): Promise<void> {
  let named = false;
  try {
    await postNdjson<HandoffLine | { done: true }>(
      "/api/handoffs",
      {
        documents: targets.map((x) => ({ connectionId: x.connectionId, documentid: x.documentid })),
        again,
        scope,
        ...(confirmFirst && { confirmFirst }),
      },
      () => undefined,
      {
        onHeaders: (headers) => {
          const id = headers.get(RUN_ID_HEADER);
          if (!id) return;
          named = true;
          report.onRun(id);
        },
        // Four eyes: the hand-off waits for a second person (lib/releases); no run yet.
        onWaiting: () => {
          named = true;
          report.onWaiting();
        },
      },
    );
  } catch (err) {
    // Refused before any document (too many runs, a lost session). An answer cut off after it named
    // its run is no failure: the run goes on, and its record tells the rest.
    if (!named) report.onError(err instanceof Error ? err.message : String(err));
  }
}
