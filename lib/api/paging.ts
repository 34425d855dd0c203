import { z } from "zod";

/**
 * `offset` and `limit` in the query string of the provider's document list (`GET /api/connections/{id}/documents`). The
 * dashboard's own lists page by their list definitions (lib/lists/params.ts `param.offset`, `param.limit`), with the
 * same largest offset.
 */
export const Paging = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
