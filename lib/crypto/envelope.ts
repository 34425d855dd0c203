import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Sealed secrets: AES-256-GCM in a versioned envelope `v1.<kid>.<iv>.<ciphertext+tag>` (base64url
 * parts). The associated data binds a sealed value to its place (connection id and field name), so
 * a sealed value copied into another row or field does not open.
 */

export type EncryptionKey = { kid: string; key: Buffer };

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretUnreadableError extends Error {
  constructor(readonly reason: "format" | "unknown_key" | "tampered") {
    super(`sealed secret cannot be opened (${reason})`);
    this.name = "SecretUnreadableError";
  }
}

/** Seals with the first key of the list (the current one). */
export function seal(plaintext: string, keys: readonly EncryptionKey[], associatedData: string): string {
  const current = keys[0];
  if (!current || current.key.length !== 32) throw new Error("no 32-byte encryption key configured");
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", current.key, iv);
  cipher.setAAD(Buffer.from(associatedData, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, current.kid, iv.toString("base64url"), body.toString("base64url")].join(".");
}

/** The key id an envelope names, or undefined when it is not an envelope. */
export function keyIdOf(envelope: string): string | undefined {
  const parts = envelope.split(".");
  return parts.length === 4 && parts[0] === VERSION ? parts[1] : undefined;
}

/** Opens with whichever configured key the envelope names; throws SecretUnreadableError otherwise. */
export function open(envelope: string, keys: readonly EncryptionKey[], associatedData: string): string {
  const parts = envelope.split(".");
  if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretUnreadableError("format");
  const [, kid, ivText, bodyText] = parts as [string, string, string, string];
  const entry = keys.find((k) => k.kid === kid);
  if (!entry) throw new SecretUnreadableError("unknown_key");
  const iv = Buffer.from(ivText, "base64url");
  const body = Buffer.from(bodyText, "base64url");
  if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new SecretUnreadableError("format");
  try {
    const decipher = createDecipheriv("aes-256-gcm", entry.key, iv);
    decipher.setAAD(Buffer.from(associatedData, "utf8"));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    throw new SecretUnreadableError("tampered");
  }
}

/** True when the envelope is sealed with another key than the current (first) one. */
export function needsReseal(envelope: string, keys: readonly EncryptionKey[]): boolean {
  return keyIdOf(envelope) !== keys[0]?.kid;
}
