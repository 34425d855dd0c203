import { withRole } from "@/lib/api/handler";
import { getDb } from "@/lib/db/client";
import { CreateUserBody } from "@/lib/users/schemas";
import { createUser, listUsers } from "@/lib/users/users";

export const GET = withRole(["admin"], {}, async () => listUsers(await getDb()));

export const POST = withRole(["admin"], { body: CreateUserBody }, async ({ user, body }) =>
  Response.json(await createUser(await getDb(), user, body), { status: 201 }),
);
