import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

/**
 * The resident's consent links (docs/api.md, "Consent"): each tenancy has an opt-in link (`/einwilligung/{token}`)
 * and an objection link (`/widerspruch/{token}`), made without state: the token is the tenancy's id (16 bytes) and
 * the first 16 bytes of an HMAC-SHA256 of the link's purpose and that id, under a key derived from AUTH_SECRET
 * (base64url, 43 characters). So a printed letter's link stays valid as long as the tenancy does, nothing is stored,
 * and nobody makes one without the secret (2^128 to guess). A new AUTH_SECRET ends every printed link.
 */

export type ConsentLinkKind = "optIn" | "objection";

const ID_BYTES = 16;
const MAC_BYTES = 16;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The key of the consent links, apart from the sessions' own use of AUTH_SECRET. */
const key = () => createHmac("sha256", env().authSecret).update("arge-inbox consent links v1").digest();

const mac = (kind: ConsentLinkKind, id: Buffer) =>
  createHmac("sha256", key()).update(kind).update("\n").update(id).digest().subarray(0, MAC_BYTES);

const idBytes = (tenancyId: string) => Buffer.from(tenancyId.replace(/-/g, ""), "hex");

/** The token of a tenancy's link of `kind`. */
export function consentToken(kind: ConsentLinkKind, tenancyId: string): string {
  const id = idBytes(tenancyId);
  return Buffer.concat([id, mac(kind, id)]).toString("base64url");
}

/** The tenancy a token names, or null for one this server did not make (compared in constant time). */
export function tenancyOfToken(kind: ConsentLinkKind, token: string): string | null {
  if (!TOKEN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== ID_BYTES + MAC_BYTES) return null;
  const id = bytes.subarray(0, ID_BYTES);
  if (!timingSafeEqual(bytes.subarray(ID_BYTES), mac(kind, id))) return null;
  const hex = id.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The pages of the links, by kind. */
export const CONSENT_PAGES: Record<ConsentLinkKind, string> = { optIn: "einwilligung", objection: "widerspruch" };

/** The page's path of a tenancy's link. */
export const consentPath = (kind: ConsentLinkKind, tenancyId: string) =>
  `/${CONSENT_PAGES[kind]}/${consentToken(kind, tenancyId)}`;

/** The link as a letter or an e-mail carries it (PUBLIC_URL, else the sandbox's address); undefined without one. */
export function consentUrl(kind: ConsentLinkKind, tenancyId: string): string | undefined {
  const origin = env().linkOrigin;
  return origin === undefined ? undefined : `${origin}${consentPath(kind, tenancyId)}`;
}

/** RFC 8058's one-click objection (`List-Unsubscribe-Post`): the objection's POST endpoint. */
export function objectionEndpoint(tenancyId: string): string | undefined {
  const origin = env().linkOrigin;
  return origin === undefined ? undefined : `${origin}/api/consent/${consentToken("objection", tenancyId)}/objection`;
}
