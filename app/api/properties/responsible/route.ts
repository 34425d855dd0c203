import { withUser } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { readTeamResponsibility, setResponsible } from "@/lib/responsibility/responsibility";
import { ResponsibleBody } from "@/lib/responsibility/schemas";

export const GET = withUser({}, async ({ principal }) => readTeamResponsibility(await getDb(), principal));

export const PUT = withUser({ body: ResponsibleBody }, async ({ principal, body }) =>
  setResponsible(await getDb(), principal, body),
);
