import "server-only";
import { hkdfSync, webcrypto } from "node:crypto";
import { jwtDecrypt, type JWTPayload } from "jose";

/**
 * Reading next-auth's session cookie as its `decode` does (JWE `dir` + `A256GCM`, key derived from
 * AUTH_SECRET with HKDF-SHA256 and next-auth's fixed info string, 15 s clock tolerance on `exp`),
 * without paying for it on every request: next-auth derives the key again on each call, and
 * decryption runs on the thread pool, one more wait per request on a busy machine.
 */

const CLOCK_TOLERANCE_S = 15;
/** Tokens opened before (a few per signed-in browser); the oldest goes first. */
const MAX_OPENED = 1000;

let current: { secret: string; key: Promise<webcrypto.CryptoKey>; opened: Map<string, JWTPayload> } | undefined;

function stateFor(secret: string) {
  if (current?.secret !== secret) {
    const raw = hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32);
    current = { secret, key: webcrypto.subtle.importKey("raw", raw, "AES-GCM", false, ["decrypt"]), opened: new Map() };
  }
  return current;
}

// The wall clock, not lib/process/clock.ts: next-auth stamps `exp` by it. The session's lifetime on the app's
// clock is lib/auth/session.ts's check of `authTime`.
const isExpired = (payload: JWTPayload) =>
  typeof payload.exp === "number" && payload.exp + CLOCK_TOLERANCE_S <= Date.now() / 1000;

/**
 * The claims of a session token, or null when it does not open or has expired. A token that opened
 * once is remembered by its exact text: decryption is a pure function of token and secret, so
 * only its expiry is checked again (a changed byte is another token and is decrypted afresh).
 */
export async function openSessionToken(token: string, secret: string): Promise<JWTPayload | null> {
  const state = stateFor(secret);
  const known = state.opened.get(token);
  if (known) {
    if (!isExpired(known)) return known;
    state.opened.delete(token);
    return null;
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtDecrypt(token, await state.key, {
      clockTolerance: CLOCK_TOLERANCE_S,
      keyManagementAlgorithms: ["dir"],
      contentEncryptionAlgorithms: ["A256GCM"],
    }));
  } catch {
    return null;
  }
  if (state.opened.size >= MAX_OPENED) state.opened.delete(state.opened.keys().next().value!);
  state.opened.set(token, Object.freeze(payload));
  return payload;
}
