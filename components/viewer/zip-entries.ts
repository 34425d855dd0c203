import { inflateSync } from "fflate";

/**
 * Reads a ZIP archive's central directory in the browser. fflate unpacks but does not report
 * entry dates, so the directory is parsed here (APPNOTE 4.3.12, with ZIP64 sizes and offsets)
 * and single entries are inflated only when asked for.
 */
export type ZipEntry = {
  name: string;
  size: number;
  compressedSize: number;
  /** The entry's DOS date and time as written (no time zone): stored as that wall time in UTC; null when unset. */
  modified: Date | null;
  method: number;
  encrypted: boolean;
  isDirectory: boolean;
  offset: number;
};

export class ZipError extends Error {
  constructor(readonly reason: "invalid" | "unsupported" | "tooLarge") {
    super(`zip: ${reason}`);
  }
}

/** Entries above this size are not unpacked in the browser (a guard against zip bombs). */
export const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

const utf8 = new TextDecoder("utf-8", { fatal: true });
const latin1 = new TextDecoder("latin1");

function decodeName(bytes: Uint8Array, isUtf8: boolean): string {
  if (isUtf8) return new TextDecoder("utf-8").decode(bytes);
  try {
    return utf8.decode(bytes);
  } catch {
    // Old archivers write CP437; Latin-1 keeps ASCII intact and never fails.
    return latin1.decode(bytes);
  }
}

function dosDate(date: number, time: number): Date | null {
  if (date === 0) return null;
  const d = new Date(
    Date.UTC(
      ((date >> 9) & 0x7f) + 1980,
      ((date >> 5) & 0x0f) - 1,
      date & 0x1f,
      time >> 11,
      (time >> 5) & 0x3f,
      (time & 0x1f) * 2,
    ),
  );
  return Number.isNaN(d.getTime()) ? null : d;
}

function findEndOfDirectory(view: DataView): number {
  const stop = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let i = view.byteLength - 22; i >= stop; i--) if (view.getUint32(i, true) === EOCD) return i;
  throw new ZipError("invalid");
}

export function listZipEntries(zip: Uint8Array): ZipEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (zip.byteLength < 22) throw new ZipError("invalid");
  const end = findEndOfDirectory(view);
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if ((count === 0xffff || offset === MAX32) && end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) {
    const at = Number(view.getBigUint64(end - 12, true));
    if (at + 56 > zip.byteLength || view.getUint32(at, true) !== ZIP64_EOCD) throw new ZipError("invalid");
    count = Number(view.getBigUint64(at + 32, true));
    offset = Number(view.getBigUint64(at + 48, true));
  }
  const entries: ZipEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.byteLength || view.getUint32(p, true) !== CENTRAL) throw new ZipError("invalid");
    const flags = view.getUint16(p + 8, true);
    const nameLength = view.getUint16(p + 28, true);
    const extraLength = view.getUint16(p + 30, true);
    const commentLength = view.getUint16(p + 32, true);
    let compressedSize = view.getUint32(p + 20, true);
    let size = view.getUint32(p + 24, true);
    let local = view.getUint32(p + 42, true);
    const name = decodeName(zip.subarray(p + 46, p + 46 + nameLength), (flags & 0x800) !== 0);
    // ZIP64 extra field: the 64-bit values, in this order, for the fields that hold 0xFFFFFFFF.
    for (let e = p + 46 + nameLength; e + 4 <= p + 46 + nameLength + extraLength;) {
      const id = view.getUint16(e, true);
      const length = view.getUint16(e + 2, true);
      if (id === 0x0001) {
        let f = e + 4;
        const next = () => Number(view.getBigUint64((f += 8) - 8, true));
        if (size === MAX32) size = next();
        if (compressedSize === MAX32) compressedSize = next();
        if (local === MAX32) local = next();
      }
      e += 4 + length;
    }
    entries.push({
      name,
      size,
      compressedSize,
      modified: dosDate(view.getUint16(p + 14, true), view.getUint16(p + 12, true)),
      method: view.getUint16(p + 10, true),
      encrypted: (flags & 0x1) !== 0,
      isDirectory: name.endsWith("/"),
      offset: local,
    });
    p += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The unpacked bytes of one entry (stored or deflated). */
export function extractZipEntry(zip: Uint8Array, entry: ZipEntry): Uint8Array<ArrayBuffer> {
  if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw new ZipError("unsupported");
  if (entry.size > MAX_ENTRY_BYTES) throw new ZipError("tooLarge");
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (entry.offset + 30 > zip.byteLength || view.getUint32(entry.offset, true) !== LOCAL) throw new ZipError("invalid");
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  const data = zip.subarray(start, start + entry.compressedSize);
  if (data.byteLength !== entry.compressedSize) throw new ZipError("invalid");
  if (entry.method === 0) return data.slice();
  try {
    return inflateSync(data, { out: new Uint8Array(entry.size) });
  } catch {
    throw new ZipError("invalid");
  }
}

const TEXT_EXTENSIONS = new Set(["txt", "xml", "dta", "csv", "json", "log", "ini", "md", "edi", "asc"]);

/** Entries shown as text (decoded as UTF-8): the record, XML and plain-text files of a DTA delivery. */
export function isTextEntry(name: string): boolean {
  return TEXT_EXTENSIONS.has(name.toLowerCase().split(".").pop() ?? "");
}
