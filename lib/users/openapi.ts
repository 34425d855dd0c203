import { z } from "zod";
import { CreateUserBody, UpdateMeBody, UpdateUserBody } from "@/lib/users/schemas";
import { DateTime, json, Uuid, type ApiOperation, type Same } from "@/lib/api/operation";
import type { CurrentUser } from "@/lib/auth/session";
import { ROLES } from "@/lib/db/schema/users";
import type { UserView } from "@/lib/users/users";

/** The OpenAPI entries of the signed-in user and of the admins' user management (lib/openapi/openapi.ts joins them). */

export const UserAnswer = z.object({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  teamId: Uuid,
  disabled: z.boolean(),
  createdAt: DateTime,
});
export const MeAnswer = z.object({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  teamId: Uuid,
  locale: z.enum(["de", "en"]).nullable(),
  team: z.object({ id: Uuid, name: z.string() }),
});

export const ME_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/me",
    tag: "users",
    summary: "The signed-in user",
    access: "signed-in",
    answers: [{ status: 200, description: "the user", content: json(MeAnswer) }],
  },
  {
    method: "PATCH",
    path: "/api/me",
    tag: "users",
    summary: "Save the signed-in user's language",
    access: "signed-in",
    body: UpdateMeBody,
    answers: [{ status: 200, description: "the user with the new locale", content: json(MeAnswer) }],
  },
];

export const USER_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/users",
    tag: "users",
    summary: "All users",
    access: ["admin"],
    answers: [{ status: 200, description: "by email", content: json(z.array(UserAnswer)) }],
  },
  {
    method: "POST",
    path: "/api/users",
    tag: "users",
    summary: "Create a user",
    access: ["admin"],
    body: CreateUserBody,
    answers: [{ status: 201, description: "the user", content: json(UserAnswer) }],
    errors: { 409: "`conflict`: the email exists" },
  },
  {
    method: "PATCH",
    path: "/api/users/{id}",
    tag: "users",
    summary: "Change a user",
    access: ["admin"],
    body: UpdateUserBody,
    description: "A new role, a new password or `disabled: true` ends that user's sessions at once.",
    answers: [{ status: 200, description: "the user", content: json(UserAnswer) }],
    errors: { 404: "`not_found`", 409: "`conflict`: an admin may not disable or demote themselves" },
  },
];

const checks: true[] = [
  true as Same<UserView, z.output<typeof UserAnswer>>,
  true as Same<CurrentUser & { team: { id: string; name: string } }, z.output<typeof MeAnswer>>,
];
void checks;
