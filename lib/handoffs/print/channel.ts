import "server-only";
import type { HandoffChannel, HandoffUnit } from "@/lib/handoffs/channel";
import type { HandoffReason } from "@/lib/handoffs/reasons";

/**
 * The printed letter (docs/api.md, "The resident's portal and the printed letters"): a resident on post is handed
 * their documents in the property's letters (print.ts, `POST /api/handoffs/print`), not one by one; asked here, the
 * document is skipped with the property whose letters to print, before its bytes are archived.
 */

const byLetter = (unit: HandoffUnit): HandoffReason => ({
  key: "portal.skip.post",
  vars: { property: unit.property ?? "–" },
});

export const postChannel: HandoffChannel = {
  name: "post",
  refusal: byLetter,
  handOff: async (_db, _p, ready) => ({
    connectionId: ready.connectionId,
    documentid: ready.documentid,
    state: "skipped",
    channel: "post",
    reason: byLetter(ready.unit!),
  }),
};
