import { pdfjsAsset } from "@/lib/api/pdfjs-assets";

/** pdf.js's worker and fonts at a URL naming the installed version (lib/api/pdfjs-assets.ts). */
export async function GET(_request: Request, { params }: { params: Promise<{ version: string; file: string[] }> }) {
  const { version, file } = await params;
  return pdfjsAsset(version, file.join("/"));
}
