import { withRole } from "@/lib/api/handler";
import { jsonResponse } from "@/lib/api/responses";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { importRegister } from "@/lib/register/import";
import { readUnitsPage } from "@/lib/views/units-page/units-page";
import { ImportQuery, UnitsQuery } from "@/lib/register/schemas";
import { readRegisterUpload } from "@/lib/register/upload";

/** The register is read as bytes (lib/register/upload.ts), not as the wrapper's JSON body. */
export const PUT = withRole(CONNECTION_ROLES, { query: ImportQuery }, async ({ req, principal, query, locale }) => {
  const bytes = await readRegisterUpload(req);
  const { status, report } = await importRegister(await getDb(), principal, {
    bytes,
    dryRun: query.dryRun === "1",
    replace: query.replace === "1",
    history: query.history ?? "merge",
    locale,
  });
  return jsonResponse(report, { status });
});

export const GET = withRole(CONNECTION_ROLES, { query: UnitsQuery }, async ({ principal, query }) =>
  readUnitsPage(await getDb(), principal, query),
);
