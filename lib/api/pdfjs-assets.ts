import "server-only";
import { createReadStream } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/**
 * pdf.js's worker and standard fonts, served by the app itself (no CDN; the page CSP allows
 * `worker-src 'self'`). The URL names the installed version, so it may be cached for good: after
 * an upgrade the page asks for a new URL and an old one answers 404.
 */
const ROOT = path.join(process.cwd(), "node_modules", "pdfjs-dist");
const FILES: [RegExp, (name: string) => string, string][] = [
  [/^pdf\.worker\.min\.mjs$/, () => "build/pdf.worker.min.mjs", "text/javascript; charset=utf-8"],
  [/^standard_fonts\/[A-Za-z0-9_-]+\.pfb$/, (n) => n, "application/octet-stream"],
  [/^standard_fonts\/[A-Za-z0-9_-]+\.ttf$/, (n) => n, "font/ttf"],
];

let installed: Promise<string> | undefined;
const installedVersion = () =>
  (installed ??= readFile(path.join(ROOT, "package.json"), "utf8").then(
    (text) => (JSON.parse(text) as { version: string }).version,
  ));

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

/** The file `name` (a path below pdfjs-dist) of pdf.js `version`, or 404 for any other version or file. */
export async function pdfjsAsset(version: string, name: string): Promise<Response> {
  const match = FILES.find(([pattern]) => pattern.test(name));
  if (!match || version !== (await installedVersion())) return notFound();
  const full = path.join(ROOT, match[1](name));
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) return notFound();
  return new Response(Readable.toWeb(createReadStream(full)) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": match[2],
      "content-length": String(info.size),
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
