import "server-only";
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { signInKnownAddresses, users, type Role } from "@/lib/db/schema/users";
import { teams } from "@/lib/db/schema/teams";
import { AppError, notFound } from "@/lib/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { actorOf, recordEvent } from "@/lib/audit/audit";
import type { CreateUserInput, UpdateUserInput } from "./schemas";

/** The public shape of a user: never the password hash. */
export type UserView = {
  id: string;
  email: string;
  name: string;
  role: Role;
  teamId: string;
  disabled: boolean;
  createdAt: string;
};

const view = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  teamId: users.teamId,
  disabled: users.disabled,
  createdAt: users.createdAt,
};

function toView(row: { createdAt: Date } & Omit<UserView, "createdAt">): UserView {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

export async function listUsers(db: Db): Promise<UserView[]> {
  return (await db.select(view).from(users).orderBy(asc(users.email))).map(toView);
}

/** Who changes users: the signed-in admin, named in the audit trail; a new user joins their team unless told. */
type Admin = { id: string; email: string; teamId: string };

/** The team a user is placed in must exist: an unknown one is a field error, not a 500 of the foreign key. */
async function existingTeam(db: Db, teamId: string): Promise<string> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).limit(1);
  if (!team)
    throw new AppError(400, "validation", "error.validation", {
      fields: [{ path: "teamId", message: "users.teamNotFound" }],
    });
  return team.id;
}

/** Creates a user and records `user.create` in the same transaction (never the password). */
export async function createUser(db: Db, actor: Admin, input: CreateUserInput): Promise<UserView> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const teamId = await existingTeam(tx, input.teamId ?? actor.teamId);
      const [row] = await tx
        .insert(users)
        .values({
          id: randomUUID(),
          email: input.email.trim().toLowerCase(),
          name: input.name,
          role: input.role,
          teamId,
          passwordHash,
        })
        .returning(view);
      const user = toView(row!);
      await recordEvent(tx, {
        kind: "user.create",
        actor: actorOf(actor),
        detail: {
          userId: user.id,
          email: user.email,
          role: user.role,
          teamId,
          fields: ["email", "name", "role", "password", "team"],
        },
      });
      return user;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError(409, "conflict", "users.emailTaken", {
        fields: [{ path: "email", message: "users.emailTaken" }],
      });
    }
    throw err;
  }
}

/** The fields an update really changes; a password given is always a change. */
function changedFields(before: Omit<UserView, "createdAt">, input: UpdateUserInput): string[] {
  return [
    input.name !== undefined && input.name !== before.name && "name",
    input.role !== undefined && input.role !== before.role && "role",
    input.disabled !== undefined && input.disabled !== before.disabled && "disabled",
    input.teamId !== undefined && input.teamId !== before.teamId && "team",
    input.password !== undefined && "password",
  ].filter((f): f is string => typeof f === "string");
}

/**
 * Changes a user. A new role, a new password or disabling bumps the session version, which ends
 * every session of that user at its next request. A real change is recorded as `user.update`
 * (field names and the resulting role, never the password) in the same transaction.
 */
export async function updateUser(db: Db, actor: Admin, id: string, input: UpdateUserInput): Promise<UserView> {
  if (id === actor.id && (input.disabled === true || (input.role && input.role !== "admin"))) {
    throw new AppError(409, "conflict", "users.selfLockout");
  }
  const endsSessions = input.role !== undefined || input.password !== undefined || input.disabled === true;
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
  return db.transaction(async (tx) => {
    const [before] = await tx.select(view).from(users).where(eq(users.id, id)).for("update");
    if (!before) throw notFound("users.notFound");
    if (input.teamId !== undefined) await existingTeam(tx, input.teamId);
    const [row] = await tx
      .update(users)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.role !== undefined && { role: input.role }),
        ...(input.disabled !== undefined && { disabled: input.disabled }),
        ...(input.teamId !== undefined && { teamId: input.teamId }),
        ...(passwordHash !== undefined && { passwordHash }),
        ...(endsSessions && { sessionVersion: sql`${users.sessionVersion} + 1` }),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning(view);
    if (!row) throw notFound("users.notFound");
    // A new password (after a suspected compromise, say): the addresses known from sign-ins with
    // the old one no longer get a budget of their own (lib/auth/throttle.ts).
    if (passwordHash !== undefined) await tx.delete(signInKnownAddresses).where(eq(signInKnownAddresses.userId, id));
    const fields = changedFields(before, input);
    if (fields.length > 0) {
      await recordEvent(tx, {
        kind: "user.update",
        actor: actorOf(actor),
        detail: {
          userId: row.id,
          email: row.email,
          role: row.role,
          fields,
          ...(fields.includes("disabled") && { disabled: row.disabled }),
          ...(fields.includes("team") && { teamId: row.teamId, fromTeamId: before.teamId }),
        },
      });
    }
    return toView(row);
  });
}

export async function setUserLocale(db: Db, userId: string, locale: "de" | "en"): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

/** The team a new install's first admin starts, and its managers join unless told otherwise. */
const FIRST_TEAM = "Büro";

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: create this admin, or reset its password and role. An
 * admin that already matches is left alone, so a restart does not end its sessions. A new admin joins
 * the team of the oldest admin, or, on a new install, a team of its own.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }): Promise<void> {
  const email = admin.email.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (
    existing &&
    existing.role === "admin" &&
    !existing.disabled &&
    (await verifyPassword(admin.password, existing.passwordHash))
  ) {
    return;
  }
  const passwordHash = await hashPassword(admin.password);
  const teamId = existing?.teamId ?? (await adminTeam(db));
  await db
    .insert(users)
    .values({ id: randomUUID(), email, name: "Administrator", role: "admin", teamId, passwordHash })
    .onConflictDoUpdate({
      target: users.email,
      set: { passwordHash, role: "admin", disabled: false, sessionVersion: sql`${users.sessionVersion} + 1` },
    });
}

async function adminTeam(db: Db): Promise<string> {
  const [oldest] = await db
    .select({ teamId: users.teamId })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (oldest) return oldest.teamId;
  const id = randomUUID();
  await db.insert(teams).values({ id, name: FIRST_TEAM });
  return id;
}
