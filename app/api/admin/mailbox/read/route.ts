import { withRole } from "@/lib/api/handler";
import { readMailboxNow } from "@/lib/handoffs/bounces/reader";

/**
 * An admin runs a round of the mailbox reader now (docs/api.md, "Bounces"): its outcome, counts only (a round under
 * way is awaited and its outcome answered).
 */
export const POST = withRole(["admin"], {}, async () => readMailboxNow());
