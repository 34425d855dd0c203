import "server-only";
import { eq } from "drizzle-orm";
import { importJWK, jwtVerify, SignJWT, type JWK } from "jose";
import type { Db } from "@/lib/db/client";
import { now } from "@/lib/process/clock";
import { sandboxClients } from "@/lib/db/schema/sandbox";
import type { Meta } from "./meta";
import { secretEquals, type Credentials } from "./secrets";

export type ClientRow = typeof sandboxClients.$inferSelect;
export const REALM_PATH = "/auth/realms/arge-api";
const DUMMY = "sandbox-no-such-client-secret";

/** Checks Basic credentials; unknown users cost the same comparison as known ones. */
export async function clientByBasic(db: Db, username: string, password: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(sandboxClients).where(eq(sandboxClients.basicUsername, username));
  const ok = secretEquals(password, row?.basicPassword ?? DUMMY);
  return row && row.basicPassword !== null && ok ? row : undefined;
}

export async function clientByOauth(db: Db, clientId: string, secret: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(sandboxClients).where(eq(sandboxClients.oauthClientId, clientId));
  const ok = secretEquals(secret, row?.oauthClientSecret ?? DUMMY);
  return row && row.oauthClientSecret !== null && ok ? row : undefined;
}

type KeyCache = { kid: string; key: CryptoKey | Uint8Array; verifyKey: CryptoKey | Uint8Array; publicJwk: JWK };
let privateCache: KeyCache | undefined;

/** The imported signing key of the current meta row (cached per kid; the row is the authority). */
async function signingKey(meta: Meta): Promise<KeyCache> {
  if (privateCache?.kid !== meta.kid) {
    const { kty, n, e } = meta.privateJwk;
    const publicJwk: JWK = { kty, n, e, kid: meta.kid, alg: "RS256", use: "sig" };
    privateCache = {
      kid: meta.kid,
      key: await importJWK(meta.privateJwk, "RS256"),
      verifyKey: await importJWK(publicJwk, "RS256"),
      publicJwk,
    };
  }
  return privateCache;
}

export async function publicJwks(meta: Meta): Promise<{ keys: JWK[] }> {
  return { keys: [(await signingKey(meta)).publicJwk] };
}

export async function issueToken(meta: Meta, client: ClientRow, issuer: string) {
  const { key, kid } = await signingKey(meta);
  const lifetime = meta.settings.tokenLifetimeSeconds;
  // The process's clock (lib/process/clock.ts): the wall clock, which only a test moves.
  const issuedAt = Math.floor(now() / 1000);
  const token = await new SignJWT({
    azp: client.oauthClientId,
    client_id: client.oauthClientId,
    scope: "documents",
    typ: "Bearer",
  })
    .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
    .setIssuer(issuer)
    .setSubject(client.id)
    .setAudience("arge-documents")
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .setJti(crypto.randomUUID())
    .sign(key);
  return { access_token: token, token_type: "Bearer", expires_in: lifetime, scope: "documents" };
}

/** The client a valid, unexpired token of this sandbox names; undefined for anything else. */
export async function clientByToken(db: Db, meta: Meta, token: string): Promise<ClientRow | undefined> {
  try {
    const { verifyKey } = await signingKey(meta);
    const { payload } = await jwtVerify(token, verifyKey, {
      algorithms: ["RS256"],
      audience: "arge-documents",
      clockTolerance: 0,
      currentDate: new Date(now()),
    });
    if (typeof payload.iss !== "string" || !payload.iss.endsWith(REALM_PATH)) return undefined;
    if (typeof payload.sub !== "string" || typeof payload.client_id !== "string") return undefined;
    const [row] = await db.select().from(sandboxClients).where(eq(sandboxClients.id, payload.sub));
    return row && row.oauthClientId === payload.client_id ? row : undefined;
  } catch {
    return undefined;
  }
}

/** Who is calling, by either scheme. Bearer only when `allowBearer`. */
export async function authenticate(
  db: Db,
  meta: Meta,
  creds: Credentials,
  allowBearer: boolean,
): Promise<ClientRow | undefined> {
  if (creds.kind === "basic") return clientByBasic(db, creds.username, creds.password);
  if (creds.kind === "bearer" && allowBearer) return clientByToken(db, meta, creds.token);
  return undefined;
}
