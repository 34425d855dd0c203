/**
 * The print's worker (lib/handoffs/print/worker.ts): pages over the bound are refused before any
 * is copied, a time budget and a client's leaving end the worker, and prints beyond the workers'
 * places wait for one instead of failing.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { PDFDocument } from "pdf-lib";
import { assemblePrint, PrintFailure, type Assembly } from "@/lib/handoffs/print/worker";

async function emptyPages(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([100, 100]);
  return pdf.save();
}

/** One letter page, then a document of `pages` pages. */
async function assembly(pages: number): Promise<Assembly> {
  return { title: "Test", letters: await emptyPages(1), items: [{ pages: [0, 1], document: await emptyPages(pages) }] };
}

const failsWith = (code: string) => (err: unknown) => err instanceof PrintFailure && err.code === code;

test("a print within the bound has the letter's page and every page of the document", async () => {
  const pdf = await assemblePrint(await assembly(9), { maxPages: 10, budgetMs: 30_000 });
  assert.equal((await PDFDocument.load(pdf)).getPageCount(), 10);
});

test("one page over the bound, letters counted, is refused as too many pages", async () => {
  await assert.rejects(
    assemblePrint(await assembly(10), { maxPages: 10, budgetMs: 30_000 }),
    failsWith("too_many_pages"),
  );
});

test("a document that is no PDF names its position; the time budget and the client's leaving end the worker", async () => {
  const broken: Assembly = {
    ...(await assembly(1)),
    items: [{ pages: [0, 1], document: new TextEncoder().encode("<html>") }],
  };
  await assert.rejects(
    assemblePrint(broken, { maxPages: 10, budgetMs: 30_000 }),
    (err) => failsWith("unreadable")(err) && /document 1 of the print/.test(String(err)),
  );
  await assert.rejects(assemblePrint(await assembly(2000), { maxPages: 5000, budgetMs: 1 }), failsWith("too_slow"));
  const leave = new AbortController();
  const left = assemblePrint(await assembly(2000), { maxPages: 5000, budgetMs: 30_000, signal: leave.signal });
  setTimeout(() => leave.abort(), 20);
  await assert.rejects(left, failsWith("cancelled"));
});

test("more prints than one person's places wait for a place; one whose client leaves while it waits gives its place up", async () => {
  const leave = new AbortController();
  const limits = { maxPages: 100, budgetMs: 30_000 };
  const [a, b, c, d] = await Promise.all([assembly(20), assembly(20), assembly(20), assembly(20)]);
  // One person holds at most one of the two places (lib/handoffs/print/places.ts): the others wait their turn.
  const prints = [a!, b!, c!].map((x) => assemblePrint(x, limits));
  const waiting = assemblePrint(d!, { ...limits, signal: leave.signal });
  leave.abort();
  await assert.rejects(waiting, failsWith("cancelled"));
  for (const pdf of await Promise.all(prints)) assert.equal((await PDFDocument.load(pdf)).getPageCount(), 21);
});
