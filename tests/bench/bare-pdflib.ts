/**
 * pdf-lib alone, for comparison with the print (handoff.bench.ts), in its own process so that its
 * memory is its own: reads every `*.pdf` of the folder named as its argument (in name order), then
 * loads each, copies its pages into one new PDF and saves it; prints one JSON line with the time of
 * that work (the reading of the files left out), the pages, the bytes and the process's largest RSS.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";

const dir = process.argv[2]!;
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".pdf"))
  .sort()
  .map((f) => readFileSync(path.join(dir, f)));
const started = performance.now();
const out = await PDFDocument.create();
for (const bytes of files) {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
}
const pdf = await out.save();
const ms = performance.now() - started;
// maxRSS is in kilobytes.
console.log(
  JSON.stringify({
    ms,
    documents: files.length,
    pages: out.getPageCount(),
    bytes: pdf.length,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
