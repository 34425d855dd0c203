import { withRole } from "@/lib/api/handler";
import { testConnection } from "@/lib/connections/documents";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { getDb } from "@/lib/db/client";
import { translate } from "@/lib/i18n/messages";

export const POST = withRole(CONNECTION_ROLES, {}, async ({ user, params, locale }) =>
  testConnection(await getDb(), { userId: user.id, connectionId: params.id ?? "" }, (key, vars) => translate(locale, key, vars)),
);
