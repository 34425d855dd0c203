import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { OpsError, readManifestJson, type Manifest } from "./manifest";

/**
 * The manifest's signature (issue #32): whoever can rewrite a manifest can plant rows and recompute its hashes, so
 * restore wants it signed with a key of ENCRYPTION_KEYS, which a restored app needs anyway; a backup holds no key.
 * Every listed key is tried, so backups signed before a rotation still restore. The canonical bytes and the HKDF label
 * must not change, or older backups fail (README.md, "Backups").
 */

export type SigningKey = { kid: string; key: Buffer };
export type SignatureCheck =
  { state: "valid"; kid: string } | { state: "unsigned" } | { state: "altered" | "unknown-key"; kid: string };

const PURPOSE = "arge-inbox backup manifest signature v1";
const Signature = z.object({
  alg: z.literal("HMAC-SHA256"),
  kid: z.string().max(64),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});

/** JSON with object keys sorted at every depth: the same bytes for the same manifest, however it was formatted. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

function mac(key: Buffer, body: unknown): Buffer {
  const derived = Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), PURPOSE, 32));
  return createHmac("sha256", derived).update(canonical(body), "utf8").digest();
}

/** The manifest with its signature by the first (current) key. */
export function signManifest(
  manifest: Manifest,
  keys: readonly SigningKey[],
): Manifest & { signature: z.infer<typeof Signature> } {
  const [current] = keys;
  if (!current) throw new Error("no key to sign the backup with");
  const { signature: _old, ...body } = manifest as Manifest & { signature?: unknown };
  return { ...body, signature: { alg: "HMAC-SHA256", kid: current.kid, mac: mac(current.key, body).toString("hex") } };
}

/** Checks the manifest of a staged snapshot, as written (unknown fields included), against every key. */
export async function checkSignature(staging: string, keys: readonly SigningKey[]): Promise<SignatureCheck> {
  const raw = await readManifestJson(staging);
  const { signature, ...body } = raw;
  if (signature === undefined) return { state: "unsigned" };
  const parsed = Signature.safeParse(signature);
  if (!parsed.success) return { state: "altered", kid: "?" };
  const given = Buffer.from(parsed.data.mac, "hex");
  const { kid } = parsed.data;
  if (keys.some((k) => timingSafeEqual(mac(k.key, body), given))) return { state: "valid", kid };
  return { state: keys.some((k) => k.kid === kid) ? "altered" : "unknown-key", kid };
}

const RESTORE_ANYWAY =
  "Nur wenn sicher ist, dass die Datei unverändert die eigene ist: npm run restore -- DATEI --allow-unsigned / " +
  "only when it is certain that the file is your own, unaltered: npm run restore -- FILE --allow-unsigned";

/** What is wrong with a signature that is not valid, German first; `restoring`: with the way past it. */
export function signatureProblem(check: Exclude<SignatureCheck, { state: "valid" }>, restoring: boolean): OpsError {
  const hint = restoring ? `\n${RESTORE_ANYWAY}` : "";
  if (check.state === "unsigned") {
    return new OpsError(
      "Die Sicherung ist nicht signiert (von einer älteren Version, oder die Signatur wurde entfernt)",
      `the backup is not signed (by an older version, or its signature was removed)${hint}`,
    );
  }
  if (check.state === "altered") {
    return new OpsError(
      `Die Signatur der Sicherung stimmt nicht (Schlüssel ${check.kid}): die Sicherung wurde nach dem Schreiben verändert`,
      `the backup's signature does not match (key ${check.kid}): the backup was altered after it was written${hint}`,
    );
  }
  return new OpsError(
    `Die Sicherung ist mit Schlüssel ${check.kid} signiert, der nicht in ENCRYPTION_KEYS steht; bitte mit den ENCRYPTION_KEYS der App ` +
      "aufrufen (ohne ENCRYPTION_KEYS: generated-secrets.json des alten DATA_DIR ins neue kopieren)",
    `the backup is signed with key ${check.kid}, which is not in ENCRYPTION_KEYS; run this with the app's ENCRYPTION_KEYS ` +
      `(without ENCRYPTION_KEYS: copy generated-secrets.json of the old DATA_DIR into the new one)${hint}`,
  );
}
