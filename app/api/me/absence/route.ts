import { withUser } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { readAbsence, setAbsence } from "@/lib/responsibility/absence";
import { AbsenceBody } from "@/lib/responsibility/schemas";

export const GET = withUser({}, async ({ principal }) => readAbsence(await getDb(), principal));

export const PUT = withUser({ body: AbsenceBody }, async ({ principal, body }) =>
  setAbsence(await getDb(), principal, body),
);
