import "server-only";
import { actorOf, recordEvent } from "@/lib/audit/audit";
import type { Db } from "@/lib/db/client";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { printBundle, type PrintItem } from "./letter";
import { issueLink, markDelivered } from "./portal-links";
import { portalOrigin } from "./portal-texts";
import { documentLetter, linkLetter } from "./print-letters";
import { linkLetters, postLetters, type PostLetter } from "./print-targets";
import { claimHandoff, finishHandoff, type Claim } from "./record";
import { archivedBytes } from "./outcome";

/**
 * `GET /api/handoffs/print` (docs/api.md, "The resident's portal and the printed letters"): one
 * PDF of a property's letters for a month. Each post letter's hand-off is claimed like a send
 * (record.ts, again allowed: printing twice prints again and counts the attempt) and becomes
 * `printed` once the PDF is made; a link letter issues the resident's fresh portal link, marked
 * delivered by letter. The print is bounded before anything is read: letters and bytes.
 */

type User = { id: string; email: string; name: string };

/** Letters in one print, and the documents' bytes together (a UVI is a few hundred kilobytes). */
export const MAX_LETTERS = 500;
export const MAX_PRINT_BYTES = 200 * 1024 * 1024;

type Claimed = { letter: PostLetter; claim: Claim; document: Uint8Array };

/** The post letters claimed and read; one held by another print under way, or unreadable in the archive, is left out (and failed). */
async function claimPosts(db: Db, user: User, letters: PostLetter[]): Promise<Claimed[]> {
  const out: Claimed[] = [];
  for (const letter of letters) {
    const target = { ...letter, channel: "post" as const };
    const claimed = await claimHandoff(db, target, user.id, true);
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

async function bounded(db: Db, user: User, q: { property: string; month: string }) {
  const posts = await postLetters(db, user.id, q, MAX_LETTERS + 1);
  const links = await linkLetters(db, user.id, q.property, MAX_LETTERS + 1 - posts.length);
  const count = posts.length + links.length;
  if (count === 0) throw new AppError(404, "nothing_to_print", "portal.print.nothing", { vars: q });
  if (count > MAX_LETTERS) throw new AppError(422, "too_many_letters", "portal.print.tooMany", { vars: { max: MAX_LETTERS } });
  const bytes = posts.reduce((sum, p) => sum + p.bytes, 0);
  if (bytes > MAX_PRINT_BYTES) throw new AppError(413, "print_too_large", "portal.print.tooLarge", { vars: { mb: MAX_PRINT_BYTES / 1024 / 1024 } });
  return { posts, links };
}

export async function printMonth(db: Db, user: User, q: { property: string; month: string }): Promise<Uint8Array> {
  const { posts, links } = await bounded(db, user, q);
  const sender = env().mail?.from ?? { name: user.name, address: user.email };
  const claimed = await claimPosts(db, user, posts);
  const origin = await portalOrigin();
  const issued = [];
  for (const to of links) issued.push({ to, link: await issueLink(db, to, user.id) });
  const items: PrintItem[] = [
    ...claimed.map((c) => ({ letter: documentLetter(sender, c.letter, c.letter.periodFrom), document: c.document })),
    ...issued.map(({ to, link }) => ({ letter: linkLetter(sender, to, { url: `${origin}/r/${link.token}`, expiresAt: link.expiresAt }), document: null })),
  ];
  // Every post letter held by a print under way or unreadable, and no link to send: nothing to print.
  if (items.length === 0) throw new AppError(404, "nothing_to_print", "portal.print.nothing", { vars: q });
  let pdf: Uint8Array;
  try {
    pdf = await printBundle(items, `Verbrauchsinformationen ${q.property} ${q.month}`);
  } catch (err) {
    // A document pdf-lib cannot read: nothing is printed, so nothing is marked printed.
    for (const c of claimed) await finishHandoff(db, c.claim, { state: "failed", reason: JSON.stringify({ kind: "pdf" }) });
    throw new AppError(422, "print_unreadable", "portal.print.unreadable", { cause: err });
  }
  for (const c of claimed) {
    await finishHandoff(db, c.claim, { state: "printed" });
    const { connectionId, documentid, sha256 } = c.letter;
    await recordEvent(db, {
      kind: "handoff",
      actor: actorOf(user),
      connectionId,
      documentid,
      detail: { channel: "post", state: "printed", attempt: c.claim.attempts, sha256 },
    });
  }
  for (const { link } of issued) await markDelivered(db, link.id, "letter");
  if (issued.length > 0)
    await recordEvent(db, { kind: "handoff", actor: actorOf(user), detail: { channel: "portal", state: "letter", units: issued.map((i) => i.to.unitId) } });
  return pdf;
}
