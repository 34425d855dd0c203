import "server-only";
import { eq, isNull } from "drizzle-orm";
import { open, seal, needsReseal, SecretUnreadableError, type EncryptionKey } from "@/lib/crypto/envelope";
import type { Db } from "@/lib/db/client";
import { connections, type ConnectionRow } from "@/lib/db/schema/connections";
import { AppError } from "@/lib/errors";

/**
 * The only place a stored credential is opened. The associated data names the connection and
 * the field (`password` or `clientSecret`), so a sealed value moved elsewhere does not open.
 */

type Place = { connectionId: string; authType: "basic" | "client_credentials" };

function associatedData({ connectionId, authType }: Place): string {
  return `connections:${connectionId}:${authType === "basic" ? "password" : "clientSecret"}`;
}

export function sealSecret(plaintext: string, place: Place, keys: readonly EncryptionKey[]): string {
  return seal(plaintext, keys, associatedData(place));
}

/** Opens the secret of a connection; a secret no configured key opens is a clear 409, never plaintext. */
export function openSecret(
  row: Pick<ConnectionRow, "id" | "authType" | "secretSealed">,
  keys: readonly EncryptionKey[],
): string {
  try {
    return open(row.secretSealed, keys, associatedData({ connectionId: row.id, authType: row.authType }));
  } catch (err) {
    if (err instanceof SecretUnreadableError) {
      throw new AppError(409, "secret_unreadable", "connections.secretUnreadable", { cause: err });
    }
    throw err;
  }
}

/**
 * Re-seals every stored secret with the current (first) key. Secrets no key opens are counted
 * and left as they are. Safe to run twice.
 */
export async function resealAll(
  db: Db,
  keys: readonly EncryptionKey[],
): Promise<{ resealed: number; current: number; unreadable: number }> {
  const rows = await db
    .select({ id: connections.id, authType: connections.authType, secretSealed: connections.secretSealed })
    .from(connections)
    .where(isNull(connections.deletedAt));
  const result = { resealed: 0, current: 0, unreadable: 0 };
  for (const row of rows) {
    if (!needsReseal(row.secretSealed, keys)) {
      result.current++;
      continue;
    }
    let plaintext: string;
    try {
      plaintext = open(row.secretSealed, keys, associatedData({ connectionId: row.id, authType: row.authType }));
    } catch {
      result.unreadable++;
      continue;
    }
    const sealed = seal(plaintext, keys, associatedData({ connectionId: row.id, authType: row.authType }));
    await db.update(connections).set({ secretSealed: sealed }).where(eq(connections.id, row.id));
    result.resealed++;
  }
  return result;
}
