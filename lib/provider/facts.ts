/**
 * What a DTA provider says about a document's file (`filesize`, `filesizecompressed`, `filedate`,
 * `doctypeversion`, `hashvalue`), normalised as untrusted input: the specification gives neither
 * types nor formats, and its decisions ask a client to take "null, missing, or any value". See
 * docs/provider-client.md, "File facts".
 */

// Stored as they are on the document's row (lib/db/schema/delivery.ts), which is why they are defined there.
import type { ExpectedHash, FileFacts, HashAlgorithm, HashCheck } from "@/lib/db/schema/delivery";
export type { ExpectedHash, FileFacts, HashAlgorithm, HashCheck };

/** The file facts: whether a list entry "left them out" is decided on these (doctypeversion is no fact of the file). */
const FILE_FACTS = ["filesize", "filesizecompressed", "filedate", "hashvalue"] as const;

export const MAX_FACT_TEXT = 64;
export const MAX_HASH_TEXT = 200;

/**
 * Text of any JSON value, without control characters (NUL is refused by jsonb), at most `max` characters; "" is none.
 */
function boundedText(value: unknown, max: number): string | null {
  if (value === null || value === undefined) return null;
  const raw = typeof value === "object" ? JSON.stringify(value) : String(value);
  const text = raw.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ").trim();
  return text ? text.slice(0, max) : null;
}

/** A size: a non-negative safe integer, as a number or as decimal text (XML sends text); anything else is none. */
export function factSize(value: unknown): number | null {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\s*\d{1,16}\s*$/.test(value)
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant of a file date we can read: ISO 8601 (a date, or a time with or without offset) or
 * the German `TT.MM.JJJJ` (optionally with `hh:mm` or `hh:mm:ss`); a time without offset is read as UTC. A date that
 * does not
 * exist (31.02.) is none.
 */
export function parseFileDate(text: string): string | null {
  const iso = ISO_DATE.exec(text);
  const de = iso ? undefined : GERMAN_DATE.exec(text);
  if (!iso && !de) return null;
  const [y, mo, d, h, mi, s] = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : [de![3], de![2], de![1], de![4], de![5], de![6]];
  const parts = [y, mo, d, h ?? "0", mi ?? "0", s ?? "0"].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]);
  const back = new Date(utc);
  // Date.UTC rolls 31.02. over into March: such a date does not exist.
  if (
    back.getUTCFullYear() !== parts[0] ||
    back.getUTCMonth() !== parts[1] - 1 ||
    back.getUTCDate() !== parts[2] ||
    parts[3] > 23
  )
    return null;
  const offset = iso?.[7];
  if (!offset || offset === "Z") return back.toISOString();
  const sign = offset.startsWith("-") ? -1 : 1;
  const digits = offset.slice(1).replace(":", "");
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return new Date(utc - sign * minutes * 60_000).toISOString();
}

/** The facts of one document entry (a list's or the single endpoint's), each field as untrusted as the rest. */
export function normaliseFacts(entry: Record<string, unknown>): FileFacts {
  const filedate = boundedText(entry.filedate, MAX_FACT_TEXT);
  return {
    filesize: factSize(entry.filesize),
    filesizecompressed: factSize(entry.filesizecompressed),
    filedate,
    filedateParsed: filedate === null ? null : parseFileDate(filedate),
    doctypeversion: boundedText(entry.doctypeversion, MAX_FACT_TEXT),
    hashvalue: boundedText(entry.hashvalue, MAX_HASH_TEXT),
  };
}

/** True when the entry says nothing about the file: every file fact null, missing or unreadable. */
export function factsLeftOut(facts: FileFacts): boolean {
  return FILE_FACTS.every((k) => facts[k] === null);
}

const LENGTHS: Record<HashAlgorithm, number> = { md5: 32, sha1: 40, sha256: 64 };
const PREFIXES: Record<string, HashAlgorithm> = {
  md5: "md5",
  sha1: "sha1",
  "sha-1": "sha1",
  sha256: "sha256",
  "sha-256": "sha256",
};

/**
 * The digest a `hashvalue` names, when it is hex of an MD5 (32), SHA-1 (40) or SHA-256 (64) digest,
 * in any case, optionally after `md5:`, `sha1:`, `sha256:` or `sha-256:` (a prefix that does not
 * fit the length makes it unreadable). Anything else is shown, never checked: undefined.
 */
export function expectedHash(hashvalue: string | null): ExpectedHash | undefined {
  const m = /^(?:([a-z0-9-]+):)?([0-9a-f]+)$/i.exec((hashvalue ?? "").trim());
  if (!m) return undefined;
  const hex = m[2]!.toLowerCase();
  const byLength = (Object.keys(LENGTHS) as HashAlgorithm[]).find((a) => LENGTHS[a] === hex.length);
  if (!byLength) return undefined;
  if (m[1] !== undefined && PREFIXES[m[1].toLowerCase()] !== byLength) return undefined;
  return { algorithm: byLength, hex };
}

export const hashMatches = (check: HashCheck): boolean => check.actual === check.hex;
