import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { openHashJob } from "@/lib/archive/worker";
import { expectedHash, factSize, factsLeftOut, normaliseFacts, parseFileDate } from "@/lib/provider/facts";
import { StateDocument } from "@/lib/sandbox/schema";

/** What the DTA service says about a file, read as untrusted input (docs/provider-client.md, "File facts"). */

const md5 = "9e107d9d372bb6826bd81d3542a419d6";
const sha1 = "2fd4e1c67a2d28fced849ee1bb76e7391b93eb12";
const sha256 = "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592";

describe("file facts", () => {
  test("sizes are non-negative safe integers, numeric text too; anything else is none", () => {
    assert.equal(factSize(1234), 1234);
    assert.equal(factSize(" 42 "), 42);
    assert.equal(factSize(0), 0);
    for (const bad of [-1, 1.5, "1.5", "12a", "", null, undefined, true, {}, [], 2 ** 60, "99999999999999999"])
      assert.equal(factSize(bad), null, String(bad));
  });

  test("a file date is kept as given (bounded, without control characters) and parsed when it is ISO 8601 or German", () => {
    assert.equal(parseFileDate("2024-03-01"), "2024-03-01T00:00:00.000Z");
    assert.equal(parseFileDate("2024-03-01T10:20:30Z"), "2024-03-01T10:20:30.000Z");
    assert.equal(parseFileDate("2024-03-01T10:20:30+01:00"), "2024-03-01T09:20:30.000Z");
    assert.equal(parseFileDate("01.03.2024 10:20"), "2024-03-01T10:20:00.000Z");
    assert.equal(parseFileDate("31.02.2024"), null);
    assert.equal(parseFileDate("gestern"), null);
    const facts = normaliseFacts({ filedate: `gestern\u0000${"x".repeat(500)}` });
    assert.equal(facts.filedate!.length, 64);
    assert.ok(!facts.filedate!.includes("\u0000"));
    assert.equal(facts.filedateParsed, null);
    assert.equal(normaliseFacts({ filedate: 20240301 }).filedate, "20240301");
  });

  test("doctypeversion and hashvalue are bounded strings of any JSON value; empty is none", () => {
    const facts = normaliseFacts({ doctypeversion: 2, hashvalue: { algorithm: "md5" }, filesize: "10" });
    assert.equal(facts.doctypeversion, "2");
    assert.equal(facts.hashvalue, '{"algorithm":"md5"}');
    assert.equal(normaliseFacts({ doctypeversion: "", hashvalue: "  " }).hashvalue, null);
    assert.equal(normaliseFacts({ hashvalue: "a".repeat(1000) }).hashvalue!.length, 200);
  });

  test("a list entry left the facts out when every file fact is null, missing or unreadable (doctypeversion is no file fact)", () => {
    assert.equal(
      factsLeftOut(normaliseFacts({ filesize: null, filedate: null, hashvalue: null, doctypeversion: "1.0" })),
      true,
    );
    assert.equal(factsLeftOut(normaliseFacts({ filesize: "abc", filesizecompressed: -3 })), true);
    assert.equal(factsLeftOut(normaliseFacts({ filesize: 0 })), false);
    assert.equal(factsLeftOut(normaliseFacts({ hashvalue: "unbekannt" })), false);
  });

  test("hex MD5, SHA-1 and SHA-256 digests are checkable, in any case, with a fitting prefix", () => {
    assert.deepEqual(expectedHash(md5), { algorithm: "md5", hex: md5 });
    assert.deepEqual(expectedHash(sha1.toUpperCase()), { algorithm: "sha1", hex: sha1 });
    assert.deepEqual(expectedHash(` ${sha256} `), { algorithm: "sha256", hex: sha256 });
    assert.deepEqual(expectedHash(`MD5:${md5}`), { algorithm: "md5", hex: md5 });
    assert.deepEqual(expectedHash(`sha1:${sha1}`), { algorithm: "sha1", hex: sha1 });
    assert.deepEqual(expectedHash(`sha-256:${sha256}`), { algorithm: "sha256", hex: sha256 });
    assert.deepEqual(expectedHash(`sha256:${sha256}`), { algorithm: "sha256", hex: sha256 });
    // Shown, never checked: other lengths, not hex, a prefix that does not fit, base64, CRC.
    for (const shown of [
      null,
      "",
      "abc",
      md5.slice(1),
      `${md5}0`,
      `sha256:${md5}`,
      `crc32:${md5}`,
      md5.replace("9", "g"),
      Buffer.from(md5, "hex").toString("base64"),
    ]) {
      assert.equal(expectedHash(shown), undefined, String(shown));
    }
  });

  test("the archive worker computes an extra digest of the same bytes in the same pass", async () => {
    const data = randomBytes(300_000);
    for (const algorithm of ["md5", "sha1"] as const) {
      const job = await openHashJob(undefined, algorithm);
      const copy = new Uint8Array(data.byteLength);
      copy.set(data);
      await job.write(copy.buffer, copy.byteLength);
      const done = await job.finish();
      assert.equal(done.sha256, createHash("sha256").update(data).digest("hex"));
      assert.equal(done.extra, createHash(algorithm).update(data).digest("hex"));
    }
    const plain = await openHashJob();
    assert.equal((await plain.finish()).extra, undefined);
  });

  test("a sandbox document may carry any JSON value as a fact, but no NUL", () => {
    const base = {
      service: "dta",
      customer: "4711",
      documentid: "d1",
      filename: "a.zip",
      doctype: "X",
      mimetype: "ZIP",
      content: { base64: "" },
    };
    const ok = StateDocument.parse({
      ...base,
      filesize: "12",
      filesizecompressed: null,
      filedate: { at: 1 },
      hashvalue: [md5],
    });
    assert.deepEqual([ok.filesize, ok.filesizecompressed, ok.filedate, ok.hashvalue], ["12", null, { at: 1 }, [md5]]);
    assert.equal(StateDocument.parse(base).filesize, undefined);
    assert.equal(StateDocument.safeParse({ ...base, hashvalue: "a\u0000b" }).success, false);
  });
});
