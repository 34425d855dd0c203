import assert from "node:assert/strict";
import { test } from "node:test";
import { asciiFileName, contentDisposition, fileNameOf, printFileName } from "@/lib/handoffs/print/file-name";

/** The print's download name (lib/handoffs/print/file-name.ts): RFC 6266 with RFC 5987's `filename*`, issue #34. */

test("the file name keeps umlauts and ß; characters no file system takes become '_'", () => {
  assert.equal(printFileName("Schloßstraße 12", "2026-10"), "Briefe-Schloßstraße_12-2026-10.pdf");
  assert.equal(printFileName("Haus/Grün: Süd*", "2026-10"), "Briefe-Haus_Grün_Süd-2026-10.pdf");
  assert.equal(printFileName("..", "2026-10"), "Briefe-Liegenschaft-2026-10.pdf");
});

test("Content-Disposition: an ASCII filename for old clients, filename* as UTF-8 percent-encoded", () => {
  const header = contentDisposition("Briefe-Schloßstraße_Ärger-2026-10.pdf");
  assert.equal(
    header,
    "attachment; filename=\"Briefe-Schlossstrasse_Arger-2026-10.pdf\"; filename*=UTF-8''Briefe-Schlo%C3%9Fstra%C3%9Fe_%C3%84rger-2026-10.pdf",
  );
  assert.match(header, /^[\x20-\x7e]+$/, "the header itself is ASCII");
  assert.equal(fileNameOf(header), "Briefe-Schloßstraße_Ärger-2026-10.pdf");
});

test("quotes, backslashes and RFC 5987's reserved characters are escaped; a reader prefers filename*", () => {
  const name = `Haus "Zur Linde" (Süd) 100% \\ *'.pdf`;
  const header = contentDisposition(name);
  const star = /filename\*=UTF-8''(\S+)$/.exec(header)?.[1] ?? "";
  assert.match(star, /^[A-Za-z0-9!#$&+\-.^_`|~%]+$/, star);
  assert.equal(asciiFileName("Łódź «x»"), "Lodz _x_");
  assert.equal(fileNameOf(header), name);
  assert.equal(fileNameOf('attachment; filename="plain.pdf"'), "plain.pdf");
  assert.equal(fileNameOf("attachment; filename=\"x.pdf\"; filename*=UTF-8''%E0%A4%A"), "x.pdf", "broken: plain name");
  assert.equal(fileNameOf(null), null);
});
