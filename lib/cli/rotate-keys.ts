/**
 * `npm run keys:rotate`: re-seals every stored connection secret with the first key of
 * ENCRYPTION_KEYS. Run it with the new key first and the old keys after it, while the app is
 * stopped (the embedded database has one writer); then the old keys can be removed.
 */
import { resealAll } from "@/lib/connections/secrets";
import { getDb } from "@/lib/db/client";
import { ConfigError, env } from "@/lib/env";

async function main(): Promise<number> {
  let keys;
  try {
    keys = env().encryptionKeys;
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const db = await getDb();
  const result = await resealAll(db, keys);
  console.log(
    `Schlüssel ${keys[0]!.kid}: ${result.resealed} neu versiegelt, ${result.current} bereits aktuell, ${result.unreadable} nicht lesbar. / ` +
      `key ${keys[0]!.kid}: ${result.resealed} re-sealed, ${result.current} already current, ${result.unreadable} unreadable.`,
  );
  const handle = (globalThis as { argeDb?: Promise<{ close: () => Promise<void> }> }).argeDb;
  await (await handle)?.close();
  return result.unreadable > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Fehler / error: ${(err as Error).message}`);
    process.exit(1);
  },
);
