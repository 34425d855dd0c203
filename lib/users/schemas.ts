import { z } from "zod";
import { isCommonPassword } from "@/lib/common-passwords";
import { ROLES } from "@/lib/db/schema/users";

export const MIN_PASSWORD_LENGTH = 10;

const Password = z
  .string()
  .min(MIN_PASSWORD_LENGTH)
  .max(200)
  .refine((p) => !isCommonPassword(p), { params: { messageKey: "validation.commonPassword" } });
const Name = z.string().trim().min(1).max(120);

export const CreateUserBody = z.strictObject({
  email: z.email().max(254),
  name: Name,
  role: z.enum(ROLES),
  password: Password,
  /** The team the user joins (issue #46); left out: the admin's own. */
  teamId: z.uuid().optional(),
});
export type CreateUserInput = z.infer<typeof CreateUserBody>;

export const UpdateUserBody = z.strictObject({
  name: Name.optional(),
  role: z.enum(ROLES).optional(),
  password: Password.optional(),
  disabled: z.boolean().optional(),
  /** A move to another team: the old team's data is out of reach from the user's next request on. */
  teamId: z.uuid().optional(),
});
export type UpdateUserInput = z.infer<typeof UpdateUserBody>;

export const UpdateMeBody = z.strictObject({ locale: z.enum(["de", "en"]) });

export const UserId = z.uuid();
