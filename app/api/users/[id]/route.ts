import { z } from "zod";
import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { UpdateUserBody, UserId } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/users";

export const PATCH = withRole(
  ["admin"],
  { body: UpdateUserBody, params: z.object({ id: UserId }), notFound: "users.notFound" },
  async ({ user, body, params }) => updateUser(await getDb(), user, params.id, body),
);
