import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/** scrypt at OWASP's minimum (N=2^17, r=8, p=1): 128 MiB and a few hundred ms per hash. */
const PARAMS = { N: 131072, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
/** Hashes computed at once: a burst of sign-ins waits in line instead of taking every core. */
export const MAX_CONCURRENT_HASHES = 1;

type Slots = { busy: number; waiting: (() => void)[] };
// One line per process, even if a bundler gives several routes their own copy of this module.
const store = globalThis as unknown as { argeHashSlots?: Slots; argeTestScryptN?: number };
const slots = (store.argeHashSlots ??= { busy: 0, waiting: [] });

/** Today's parameters: PARAMS, or in a test server the cheaper N of ARGE_TEST_SCRYPT_N (lib/env.ts). */
const current = () => (store.argeTestScryptN ? { ...PARAMS, N: store.argeTestScryptN } : PARAMS);

/**
 * Only for a server under the test helper (lib/startup.ts, with ARGE_TEST_HOOKS): new hashes at `n` instead of 2^17.
 */
export function useScryptCostForTests(n: number): void {
  store.argeTestScryptN = n;
}

/** Hashes running and waiting right now (for tests and diagnostics). */
export function hashingLoad(): { busy: number; waiting: number } {
  return { busy: slots.busy, waiting: slots.waiting.length };
}

async function inLine<T>(work: () => Promise<T>): Promise<T> {
  if (slots.busy >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  else slots.busy++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is freed.
    const next = slots.waiting.shift();
    if (next) next();
    else slots.busy--;
  }
}

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return inLine(
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const params = current();
  const key = await derive(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** A stored hash made with weaker parameters than today's: re-hashed at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  const params = current();
  return scheme !== "scrypt" || Number(n) < params.N || Number(r) < params.r || Number(p) < params.p;
}

// Compared against when the e-mail is unknown, so that both cases cost the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return dummyHash;
}

/** Constant-time comparison; false for any malformed stored hash (or parameters out of range). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  // A stored hash never makes one check take more than twice today's memory, nor asks for nonsense.
  const withinMemory = 128 * params.N * params.r <= 2 * 128 * PARAMS.N * PARAMS.r;
  if (!(params.N >= 2 && params.r >= 1 && params.p >= 1 && params.p <= 16 && withinMemory)) return false;
  const expected = Buffer.from(key, "base64");
  let actual: Buffer;
  try {
    actual = await derive(password, Buffer.from(salt, "base64"), params);
  } catch {
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
