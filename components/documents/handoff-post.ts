import { postNdjson } from "@/lib/client/fetch-json";
import type { HandoffLine } from "@/lib/client/types";
import type { Target } from "./inbox-model";

/**
 * `POST /api/handoffs` for the asked documents (at most 1000: the inbox's page holds fewer). The
 * server runs it as a recorded run that goes on without us: `onRun` learns its id from the answer's
 * header, and the run panel reads the run's record from then on, so the lines themselves are only
 * read to the end. Loaded with the first hand-off (use-handoff-run.ts): the inbox's first load
 * does not carry it.
 */
export async function postHandoffs(targets: Target[], again: boolean, onRun: (id: string) => void): Promise<void> {
  await postNdjson<HandoffLine | { done: true }>(
    "/api/handoffs",
    { documents: targets.map((x) => ({ connectionId: x.connectionId, documentid: x.documentid })), again },
    () => undefined,
    {
      onHeaders: (headers) => {
        const id = headers.get("Handoff-Run");
        if (id) onRun(id);
      },
    },
  );
}
