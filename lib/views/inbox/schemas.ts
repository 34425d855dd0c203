import { listSchema } from "@/lib/lists/schema";
import { INBOX_LIST } from "./list";

/** The inbox's query (`GET /api/inbox`), from its one definition (list.ts). */
export const InboxQuery = listSchema(INBOX_LIST);
