/**
 * The print's file name as a download names it, umlauts and ß kept: `Content-Disposition` after
 * RFC 6266 with an ASCII `filename` for old clients and `filename*` (RFC 5987, UTF-8) for the rest.
 * Pure: the route writes the header, the month page reads it back.
 */

/** "Briefe-Schloßstraße_12-2026-10.pdf": characters no file system takes become "_", spaces too. */
export const printFileName = (property: string, month: string) => monthFileName("Briefe", property, month, "pdf");

/** "<what>-<property>-<month>.<ext>" as the print's name is made (the proof's "Nachweis-…" too). */
export function monthFileName(what: string, property: string, month: string, ext: string): string {
  const safe = property
    .normalize("NFC")
    .replace(/[\p{Cc}\\/:*?"<>|%]+/gu, "_")
    .replace(/[\s_]+/g, "_")
    .replace(/^[._]+|[._]+$/g, "");
  return `${what}-${safe || "Liegenschaft"}-${month}.${ext}`;
}

const SPELLED: Record<string, string> = {
  ß: "ss",
  ẞ: "SS",
  æ: "ae",
  Æ: "AE",
  ø: "o",
  Ø: "O",
  œ: "oe",
  Œ: "OE",
  ł: "l",
  Ł: "L",
};

/** The name in printable ASCII: "Schloßstraße" -> "Schlossstrasse", accents dropped, anything else "_". */
export function asciiFileName(name: string): string {
  return [...name]
    .map((ch) => SPELLED[ch] ?? ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, ""))
    .join("")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
}

/** RFC 5987's attr-chars stay, every other UTF-8 byte is percent-encoded (encodeURIComponent leaves ' ( ) *). */
const encode5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `attachment; filename="Briefe-Schlossstrasse-2026-10.pdf"; filename*=UTF-8''Briefe-Schlo%C3%9Fstra%C3%9Fe-2026-10.pdf` */
export function contentDisposition(name: string): string {
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encode5987(name)}`;
}

/** The file name a `Content-Disposition` header gives: `filename*` where it is UTF-8 and readable, else `filename`. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8'[^']*'([^;\s]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A broken encoding: the plain name below.
    }
  }
  return /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header)?.[1]?.replace(/\\(.)/g, "$1") ?? null;
}
