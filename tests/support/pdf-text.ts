/** A PDF's text page by page, as poppler's pdftotext lays it out (the print's letters and documents). */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";

export function pdfText(pdf: Uint8Array): string[] {
  const r = spawnSync("pdftotext", ["-layout", "-", "-"], {
    input: pdf,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.split("\f").slice(0, -1);
}
