import { testConnection } from "@/lib/connections/test-connection";
import { withConnection } from "@/lib/connections/with-connection";
import { translate } from "@/lib/i18n/messages";

export const POST = withConnection({}, async ({ connection, locale }) =>
  testConnection(connection, (key, vars) => translate(locale, key, vars)),
);
