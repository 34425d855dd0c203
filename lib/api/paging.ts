import { z } from "zod";

/** The one paging schema of every list: `offset` and `limit` in the query string. */
export const Paging = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
