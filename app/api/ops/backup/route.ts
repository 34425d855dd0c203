import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/api/responses";
import { notFound } from "@/lib/errors";
import { requestLocale } from "@/lib/i18n/server";
import { backupResponse, isOpsCaller } from "@/lib/ops/backup/route";

/**
 * The embedded database's snapshot for `npm run backup` (lib/ops/backup/route.ts); a 404 like any unknown path to
 * everyone else.
 */
export const dynamic = "force-dynamic";

export async function POST(req: NextRequest): Promise<Response> {
  if (!isOpsCaller(req.headers)) return errorResponse(notFound("api.unknownPath"), await requestLocale());
  return backupResponse();
}
