import "server-only";
import type { Principal } from "@/lib/auth/principal";
import { principalActor, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { printBundle, type PrintItem } from "@/lib/handoffs/print/letter";
import { MAX_PRINT_PAGES, PRINT_BUDGET_MS, PrintFailure } from "@/lib/handoffs/print/worker";
import { issueLink, linkState, markDelivered, needsFreshLink, TOKEN_LENGTH } from "@/lib/handoffs/portal/links";
import { qrFits } from "@/lib/handoffs/print/qr";
import { documentLetter, letterSender, linkLetter } from "@/lib/handoffs/print/letters";
import { readSenderAddress, storeSenderAddress } from "@/lib/handoffs/texts/texts";
import { linkLetters, postLetters, type LinkLetter, type PostLetter } from "@/lib/handoffs/print/targets";
import { claimHandoff, finishHandoff, type Claim } from "@/lib/handoffs/record";
import { archivedBytes } from "@/lib/handoffs/outcome";
import { optInLinks } from "@/lib/handoffs/consent/letters";

/**
 * `POST /api/handoffs/print` (docs/api.md, "The resident's portal and the printed letters"): a post letter is claimed
 * like a send (printing twice prints again, until the letters are confirmed as posted: posted.ts), and so is each
 * document a portal resident's link letter hands on. A made print is `printed` ("Briefe erstellt"): nobody is handed
 * on before a person confirms the letters went out. The print is bounded before anything is read, its pages made on a
 * worker with a time budget (print-worker.ts), so no print holds up the server.
 */

/** Letters in one print, and the documents' bytes together (a UVI is a few hundred kilobytes). */
export const MAX_LETTERS = 500;
export const MAX_PRINT_BYTES = 200 * 1024 * 1024;
// Its pages (MAX_PRINT_PAGES, letters included) and time (PRINT_BUDGET_MS) are bounded on the
// worker, so the constants live in print-worker.ts, where letter.ts's printBundle finds them too.

type Claimed = { letter: PostLetter; claim: Claim; document: Uint8Array };

/**
 * The post letters claimed and read; one held by another print under way, or unreadable in the archive, is left out
 * (and failed).
 */
async function claimPosts(db: Db, p: Principal, letters: PostLetter[]): Promise<Claimed[]> {
  const out: Claimed[] = [];
  for (const letter of letters) {
    const target = { ...letter, channel: "post" as const };
    const claimed = await claimHandoff(db, target, p, true);
    if ("held" in claimed) continue;
    const document = await archivedBytes(db, letter.sha256);
    if (!document) {
      await finishHandoff(db, claimed.claim, { state: "failed", reason: JSON.stringify({ kind: "archive" }) });
      continue;
    }
    out.push({ letter, claim: claimed.claim, document });
  }
  return out;
}

async function bounded(db: Db, p: Principal, q: { property: string; month: string }) {
  const posts = await postLetters(db, p, q, MAX_LETTERS + 1);
  const links = await linkLetters(db, p, q, MAX_LETTERS + 1 - posts.length);
  const count = posts.length + links.length;
  if (count === 0) throw new AppError(404, "nothing_to_print", "portal.print.nothing", { vars: q });
  if (count > MAX_LETTERS)
    throw new AppError(422, "too_many_letters", "portal.print.tooMany", { vars: { max: MAX_LETTERS } });
  const bytes = posts.reduce((sum, p) => sum + p.bytes, 0);
  if (bytes > MAX_PRINT_BYTES)
    throw new AppError(413, "print_too_large", "portal.print.tooLarge", {
      vars: { mb: MAX_PRINT_BYTES / 1024 / 1024 },
    });
  return { posts, links };
}

/** A print that was not made, in the person's words; anything else stays an internal error (500). */
function printError(err: unknown): unknown {
  if (!(err instanceof PrintFailure)) return err;
  const cause = { cause: err };
  if (err.code === "too_many_pages")
    return new AppError(422, "too_many_pages", "portal.print.tooManyPages", {
      ...cause,
      vars: { max: MAX_PRINT_PAGES },
    });
  if (err.code === "too_slow")
    return new AppError(422, "print_too_slow", "portal.print.tooSlow", {
      ...cause,
      vars: { seconds: PRINT_BUDGET_MS / 1000 },
    });
  if (err.code === "too_complex") return new AppError(422, "print_too_complex", "portal.print.tooComplex", cause);
  // Nobody reads this answer: the client left (499, as proxies log it).
  if (err.code === "cancelled") return new AppError(499, "print_cancelled", "portal.print.cancelled", cause);
  return new AppError(422, "print_unreadable", "portal.print.unreadable", cause);
}

/**
 * The print is made: each post letter's hand-off and each document a link letter carries `printed` ("Briefe
 * erstellt", not yet handed on), with its audit event; each link delivered by letter.
 */
async function recordPrinted(
  db: Db,
  p: Principal,
  claimed: { claim: Claim; target: { connectionId: string; documentid: string; sha256: string }; channel: string }[],
  issued: { to: { unitId: string }; link: { id: string } }[],
) {
  for (const c of claimed) {
    await finishHandoff(db, c.claim, { state: "printed" });
    const { connectionId, documentid, sha256 } = c.target;
    await recordEvent(db, {
      kind: "handoff",
      actor: principalActor(p),
      connectionId,
      documentid,
      detail: { channel: c.channel, state: "printed", attempt: c.claim.attempts, sha256 },
    });
  }
  for (const { link } of issued) await markDelivered(db, link.id, "letter");
  if (issued.length > 0)
    await recordEvent(db, {
      kind: "handoff",
      actor: principalActor(p),
      detail: { channel: "portal", state: "letter", units: issued.map((i) => i.to.unitId) },
    });
}

/** The documents a link letter hands on, claimed (one held by a print under way is left to it). */
async function claimLinkDocuments(db: Db, p: Principal, letters: LinkLetter[]) {
  const out: { claim: Claim; target: LinkLetter["documents"][number]; channel: "portal" }[] = [];
  for (const to of letters)
    for (const doc of to.documents) {
      const target = {
        ...doc,
        unitKey: to.unitKey,
        unitId: to.unitId,
        tenancyId: to.tenancyId,
        channel: "portal" as const,
      };
      const claimed = await claimHandoff(db, target, p, false);
      if ("claim" in claimed) out.push({ claim: claimed.claim, target: doc, channel: "portal" });
    }
  return out;
}

/** The letters' sender address: the stored one, else the one given with this print (stored then), else a 409. */
async function senderAddress(db: Db, p: Principal, given: string | undefined): Promise<string> {
  const stored = await readSenderAddress(db, p);
  if (stored) return stored;
  if (given) return storeSenderAddress(db, p, given);
  throw new AppError(409, "sender_address_missing", "portal.print.senderAddressMissing");
}

/**
 * A post resident's portal link, on the first of their letters in this print when it has not reached them yet (the
 * letter then shows it as text and QR code): they may read their documents online too. A revoked link stays revoked.
 */
async function postLinks(db: Db, p: Principal, claimed: Claimed[]) {
  const out = new Map<Claimed, { to: { unitId: string }; link: Awaited<ReturnType<typeof issueLink>> }>();
  const seen = new Set<string>();
  for (const c of claimed) {
    if (seen.has(c.letter.tenancyId)) continue;
    seen.add(c.letter.tenancyId);
    if (!needsFreshLink(await linkState(db, c.letter))) continue;
    out.set(c, { to: c.letter, link: await issueLink(db, c.letter, p.userId) });
  }
  return out;
}

/**
 * The month's print; `signal` is the request's: when the client leaves, the work stops and nothing counts as printed.
 */
export async function printMonth(
  db: Db,
  p: Principal,
  q: { property: string; month: string; senderAddress?: string },
  signal?: AbortSignal,
): Promise<Uint8Array> {
  // Links point at PUBLIC_URL alone; without it the letters go out without a link, and letters that are nothing
  // but a link wait for it. A link's length is the origin's and a token's: checked before anything is claimed.
  const origin = env().linkOrigin;
  if (origin !== undefined && !qrFits(`${origin}/einwilligung/${"x".repeat(TOKEN_LENGTH)}`))
    throw new AppError(503, "public_url_too_long", "portal.linkTooLong");
  // The return line needs the sender's postal address: asked for before anything is claimed.
  const address = await senderAddress(db, p, q.senderAddress);
  const { posts, links: wanted } = await bounded(db, p, q);
  if (origin === undefined && posts.length === 0)
    throw new AppError(503, "public_url_missing", "portal.publicUrlMissing");
  const links = origin === undefined ? [] : wanted;
  const sender = letterSender(env().mail?.from, p, address);
  const claimed = await claimPosts(db, p, posts);
  const carried = await claimLinkDocuments(db, p, links);
  const issued = [];
  for (const to of links) issued.push({ to, link: await issueLink(db, to, p.userId) });
  const posted = await postLinks(db, p, origin === undefined ? [] : claimed);
  const optIns = await optInLinks(db, claimed);
  const url = (link: { token: string; expiresAt: Date }) => ({
    url: `${origin}/r/${link.token}`,
    expiresAt: link.expiresAt,
  });
  const items: PrintItem[] = [
    ...claimed.map((c) => {
      const link = posted.get(c);
      return {
        letter: documentLetter(sender, c.letter, c.letter.periodFrom, link && url(link.link), optIns.get(c)),
        document: c.document,
      };
    }),
    ...issued.map(({ to, link }) => ({
      letter: linkLetter(sender, to, { url: `${origin}/r/${link.token}`, expiresAt: link.expiresAt }),
      document: null,
    })),
  ];
  // Every post letter held by a print under way or unreadable, and no link to send: nothing to print.
  if (items.length === 0) throw new AppError(404, "nothing_to_print", "portal.print.nothing", { vars: q });
  let pdf: Uint8Array;
  try {
    pdf = await printBundle(items, `Verbrauchsinformationen ${q.property} ${q.month}`, {
      maxPages: MAX_PRINT_PAGES,
      budgetMs: PRINT_BUDGET_MS,
      signal,
      owner: p.userId,
    });
    // The client may leave between the worker's answer and here: then nobody got the letters.
    if (signal?.aborted) throw new PrintFailure("cancelled", "the client left before the print was sent");
  } catch (err) {
    // No PDF reached anyone (unreadable, too many pages, too slow, client gone): nothing is marked printed.
    const code = err instanceof PrintFailure ? err.code : "error";
    for (const c of [...claimed, ...carried])
      await finishHandoff(db, c.claim, { state: "failed", reason: JSON.stringify({ kind: "pdf", code }) });
    throw printError(err);
  }
  const made = [...claimed.map((c) => ({ claim: c.claim, target: c.letter, channel: "post" })), ...carried];
  await recordPrinted(db, p, made, [...issued, ...posted.values()]);
  return pdf;
}
