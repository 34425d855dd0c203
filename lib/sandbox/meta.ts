import "server-only";
import { eq } from "drizzle-orm";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { sandboxMeta } from "@/lib/db/schema/sandbox";
import { DEFAULT_SETTINGS, Settings } from "./schema";

export type Meta = { settings: Settings; privateJwk: JWK; kid: string };

/** A fresh RS256 key pair; generated once and then kept with the state in the meta row. */
export async function newSigningKey(): Promise<{ privateJwk: JWK; kid: string }> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true, modulusLength: 2048 });
  const kid = randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  return { privateJwk, kid };
}

export async function readMeta(db: Db): Promise<Meta | undefined> {
  const [row] = await db.select().from(sandboxMeta).where(eq(sandboxMeta.id, 1));
  if (!row) return undefined;
  const settings = Settings.safeParse(row.settings);
  return {
    settings: settings.success ? settings.data : DEFAULT_SETTINGS,
    privateJwk: row.privateJwk as JWK,
    kid: row.kid,
  };
}
