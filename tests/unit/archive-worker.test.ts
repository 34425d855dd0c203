import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { openHashJob } from "@/lib/archive/worker";
import { drainPendingArchives, pendingKey, settlePendingArchive, trackPendingArchive } from "@/lib/archive/pending";

const dir = mkdtempSync(path.join(tmpdir(), "archive-worker-"));
after(() => rmSync(dir, { recursive: true, force: true }));

const copyOf = (b: Buffer): ArrayBuffer => {
  const out = new Uint8Array(b.byteLength);
  out.set(b);
  return out.buffer;
};

describe("archive worker", () => {
  test("batches (their first `length` bytes) are hashed and appended in order; the file is complete when finish answers; batches are given up", async () => {
    const parts = Array.from({ length: 12 }, (_, i) => randomBytes(100_000 + i * 7919));
    const file = path.join(dir, "a");
    const job = await openHashJob(file);
    const given = parts.map(copyOf);
    await Promise.all(given.map((b) => job.write(b, b.byteLength - 10)));
    assert.ok(
      given.every((b) => b.byteLength === 0),
      "transferred, not copied",
    );
    const all = Buffer.concat(parts.map((p) => p.subarray(0, p.length - 10)));
    assert.deepEqual(await job.finish(), { sha256: createHash("sha256").update(all).digest("hex"), bytes: all.length });
    assert.ok(readFileSync(file).equals(all));
  });

  test("without a file only the hash; jobs at the same time do not mix", async () => {
    const [x, y] = [randomBytes(300_000), randomBytes(200_000)];
    const [a, b] = await Promise.all([openHashJob(), openHashJob()]);
    await Promise.all([
      a.write(copyOf(x.subarray(0, 1000)), 1000),
      b.write(copyOf(y), y.length),
      a.write(copyOf(x.subarray(1000)), x.length - 1000),
    ]);
    assert.equal((await a.finish()).sha256, createHash("sha256").update(x).digest("hex"));
    assert.equal((await b.finish()).sha256, createHash("sha256").update(y).digest("hex"));
  });

  test("a file that cannot be made fails with its code; an existing one is never overwritten", async () => {
    await assert.rejects(
      openHashJob(path.join(dir, "missing", "f")),
      (err: NodeJS.ErrnoException) => err.code === "ENOENT",
    );
    await assert.rejects(openHashJob(path.join(dir, "a")), (err: NodeJS.ErrnoException) => err.code === "EEXIST");
  });

  test("abort closes the file and ends the job", async () => {
    const file = path.join(dir, "b");
    const job = await openHashJob(file);
    await job.write(copyOf(randomBytes(1000)), 1000);
    await job.abort();
    assert.ok(existsSync(file), "removing it is the sink's part");
    await assert.rejects(job.finish());
  });
});

describe("pending archives", () => {
  test("settle waits for the commits of one document; drain for all, also those started meanwhile", async () => {
    const order: string[] = [];
    const later = (ms: number, name: string) => new Promise<void>((r) => setTimeout(() => (order.push(name), r()), ms));
    trackPendingArchive(pendingKey("c", "d1"), later(60, "d1"));
    trackPendingArchive(pendingKey("c", "d2"), later(20, "d2"));
    await settlePendingArchive(pendingKey("c", "d2"));
    assert.deepEqual(order, ["d2"]);
    await settlePendingArchive(pendingKey("c", "nothing"));
    trackPendingArchive(pendingKey("c", "d1"), later(10, "d1 again"));
    await settlePendingArchive(pendingKey("c", "d1"));
    assert.deepEqual(order, ["d2", "d1 again", "d1"], "a second commit of a document is awaited with the first");
    trackPendingArchive(pendingKey("c", "d3"), later(10, "d3"));
    const drained = drainPendingArchives();
    setTimeout(() => trackPendingArchive(pendingKey("c", "d4"), later(30, "d4")), 5);
    await drained;
    assert.deepEqual(order, ["d2", "d1 again", "d1", "d3", "d4"]);
  });
});
