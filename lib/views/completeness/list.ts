import { param, readList, type ListState, type Raw } from "@/lib/lists/params";

/**
 * Support's completeness grid (`GET /api/delivery/completeness`, docs/api.md): its scope, once.
 * The route needs both months (lib/delivery/support/schemas.ts); the page fills missing ones
 * (components/delivery/completeness-search.ts).
 */
export const COMPLETENESS_SCOPE = {
  connection: param.uuid,
  /** One property of the unit registers, by its exact name: the units in it in their owner's register. */
  property: param.text(200),
  /** The provider's `propertymanagement` value of the documents. */
  propertymanagement: param.text(200),
  from: param.month,
  to: param.month,
};
export type CompletenessSearch = ListState<typeof COMPLETENESS_SCOPE>;
export const MAX_COMPLETENESS_MONTHS = 36;

export const readCompletenessSearch = (raw: Raw): CompletenessSearch => readList(COMPLETENESS_SCOPE, raw);
