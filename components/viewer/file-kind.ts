/** Which viewer a file gets: by its magic bytes when they are known, else by type and name. */
export type FileKind = "pdf" | "zip" | "other";

export function kindOf(mimetype: string, filename: string, head?: Uint8Array): FileKind {
  if (head && head.length >= 4) {
    if (head[0] === 0x25 && head[1] === 0x50 && head[2] === 0x44 && head[3] === 0x46) return "pdf"; // %PDF
    if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 0x03 || head[2] === 0x05)) return "zip"; // PK\3\4, PK\5\6 (empty)
  }
  const type = mimetype.toLowerCase();
  const ext = filename.toLowerCase().split(".").pop() ?? "";
  // Providers send "ZIP" for DTA files; the archive route answers "application/zip".
  if (type.includes("pdf") || ext === "pdf") return "pdf";
  if (type.includes("zip") || ext === "zip") return "zip";
  return "other";
}
