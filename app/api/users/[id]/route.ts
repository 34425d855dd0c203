import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { UpdateUserBody, UserId } from "@/lib/users/schemas";
import { updateUser } from "@/lib/users/users";

export const PATCH = withRole(["admin"], { body: UpdateUserBody }, async ({ user, body, params }) => {
  const id = UserId.safeParse(params.id);
  if (!id.success) throw notFound("users.notFound");
  return updateUser(await getDb(), user, id.data, body);
});
