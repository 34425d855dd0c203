import { errorResponse } from "@/lib/api/responses";
import { notFound } from "@/lib/errors";
import { requestLocale } from "@/lib/i18n/server";

/**
 * Any path under /api/ that no other route matches, with any method and with or without a
 * session: 404 in the JSON error shape (docs/api.md, "Conventions"), not the HTML not-found page.
 * More specific routes (auth/[...nextauth] included) always win over this catch-all.
 */
export const dynamic = "force-dynamic";

const handle = async () => errorResponse(notFound("api.unknownPath"), await requestLocale());
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as OPTIONS };
