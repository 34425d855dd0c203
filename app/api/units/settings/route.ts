import { withRole } from "@/lib/api/handler";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { RegisterSettingsBody } from "@/lib/register/schemas";
import { readRegisterSettings, setRegisterSince } from "@/lib/register/since";

/** The register's own settings: "Bestand seit" (docs/api.md, "The unit register"). */
export const GET = withRole(CONNECTION_ROLES, {}, async ({ principal }) =>
  readRegisterSettings(await getDb(), principal),
);

export const PUT = withRole(CONNECTION_ROLES, { body: RegisterSettingsBody }, async ({ principal, body }) =>
  setRegisterSince(await getDb(), principal, body.since),
);
