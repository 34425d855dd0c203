import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { HashAlgorithm } from "@/lib/provider/facts";
import { archivedFile, batcher, RESOLVED, type ArchiveSink } from "./sink";
import { ensureFreeSpace } from "./space";
import { openHashJob } from "./worker";

/** The archive in a directory: one file per hash, under the first two hex digits of its name. */

export const shaPath = (dir: string, sha: string) => path.join(dir, sha.slice(0, 2), sha);

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Directories this process made (or found) already: not made again for every file. */
const madeDirs = new Set<string>();

/** Runs `op` in directory `dir`, making the directory first when it is not known to exist (or was removed). */
async function inDir<T>(dir: string, op: () => Promise<T>): Promise<T> {
  if (madeDirs.has(dir)) {
    try {
      return await op();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      madeDirs.delete(dir);
    }
  }
  await mkdir(dir, { recursive: true });
  madeDirs.add(dir);
  return op();
}

/** The file is written and hashed by the archive worker; rename and directory fsync happen here. */
export async function dirSink(dir: string, extra?: HashAlgorithm): Promise<ArchiveSink> {
  const tmpDir = path.join(dir, "tmp");
  const tmp = path.join(tmpDir, randomUUID());
  const job = await inDir(tmpDir, async () => {
    await ensureFreeSpace(tmpDir);
    return openHashJob(tmp, extra);
  });
  let aborted = false;
  const out = batcher((batch, length) => (aborted ? RESOLVED : job.write(batch, length)));
  return {
    write: (chunk) => out.write(chunk),
    async commit() {
      await out.drain();
      const done = await job.finish();
      const target = shaPath(dir, done.sha256);
      await inDir(path.dirname(target), () => rename(tmp, target));
      await fsyncDir(path.dirname(target));
      return archivedFile(done, extra);
    },
    async abort() {
      aborted = true;
      await job.abort().catch(() => undefined);
      await rm(tmp, { force: true });
    },
  };
}
