import "../support/unit-env";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { contentDispositionFor, safeContentType, sanitiseFilename } from "@/lib/connections/files";
import { ProviderError } from "@/lib/provider/errors";
import { checkUrl, guardedLookup, isPublicAddress } from "@/lib/provider/guard";
import { parseRetryAfter } from "@/lib/provider/http";
import { resolvePageLink } from "@/lib/provider/answers";
import { ProviderDocumentList, parseXml } from "@/lib/provider/schemas";

const policy = { allowedOrigins: ["http://127.0.0.1:4010"] };
const refused = (e: unknown) => e instanceof ProviderError && e.kind === "refused";

describe("outbound guard", () => {
  test("only public unicast addresses count as public", () => {
    for (const a of [
      "127.0.0.1",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fc00::1",
      "fd12::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::",
      "ff02::1",
    ]) {
      assert.equal(isPublicAddress(a), false, a);
    }
    for (const a of ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "::ffff:8.8.8.8"])
      assert.equal(isPublicAddress(a), true, a);
  });

  test("URLs: http, credentials and private literals in any spelling are refused unless allowlisted", () => {
    for (const u of [
      "http://example.com/",
      "https://user:pw@example.com/",
      "https://127.0.0.1/",
      "https://2130706433/",
      "https://0x7f.1/",
      "https://0177.0.0.1/",
      "https://127.1/",
      "https://0.0.0.0/",
      "https://10.0.0.1/",
      "https://169.254.169.254/",
      "https://[::1]/",
      "https://[::ffff:127.0.0.1]/",
      "https://[fe80::1]/",
      "https://[fd00::1]/",
      "https://localhost/",
      "https://foo.localhost/",
      "http://127.0.0.1:4011/",
    ]) {
      assert.throws(() => checkUrl(new URL(u), policy), refused, u);
    }
    assert.deepEqual(checkUrl(new URL("https://api.kalo.de/arge"), policy), { allowlisted: false });
    assert.deepEqual(checkUrl(new URL("http://127.0.0.1:4010/arge"), policy), { allowlisted: true });
  });

  test("the connect-time lookup refuses a name that resolves to loopback", async () => {
    const err = await new Promise<unknown>((resolve) => guardedLookup("localhost", {}, (e) => resolve(e)));
    assert.equal((err as { code?: string }).code, "E_ARGE_REFUSED_ADDRESS");
  });

  test("paging links: only the configured origin and list path", () => {
    const root = new URL("https://p.example/arge/documents/v1/documents/out");
    const page = new URL(`${root.href}?offset=0&limit=2`);
    assert.equal(
      resolvePageLink("/arge/documents/v1/documents/out?offset=2", page, root).href,
      `${root.href}?offset=2`,
    );
    assert.equal(resolvePageLink(`${root.href}?offset=4`, page, root).searchParams.get("offset"), "4");
    for (const bad of [
      "https://evil.example/arge/documents/v1/documents/out",
      "/other?offset=2",
      "http://p.example/arge/documents/v1/documents/out",
      "//evil.example/x",
    ]) {
      assert.throws(
        () => resolvePageLink(bad, page, root),
        (e: unknown) => e instanceof ProviderError && e.kind === "bad_link",
        bad,
      );
    }
  });
});

describe("parsing helpers", () => {
  test("Retry-After in seconds or as an HTTP date", () => {
    assert.equal(parseRetryAfter("3"), 3000);
    const now = Date.parse("2026-11-23T10:00:00Z");
    assert.equal(parseRetryAfter("Mon, 23 Nov 2026 10:00:05 GMT", now), 5000);
    assert.equal(parseRetryAfter("soon"), undefined);
  });

  test("XML lists with one document and a bare count parse", () => {
    const one = parseXml(
      "<list><documents><document><documentid>7</documentid><metadata><item><mscnumber>1</mscnumber></item></metadata></document></documents></list>",
    );
    const parsed = ProviderDocumentList.parse(one);
    assert.equal(parsed.documents.length, 1);
    assert.equal(parsed.documents[0]!.documentid, "7");
    assert.equal(parsed.documents[0]!.metadata[0]!.mscnumber, "1");
    assert.deepEqual(parseXml("<count>5</count>"), { count: "5" });
  });

  test("file names and types from a provider are made safe", () => {
    assert.equal(sanitiseFilename('../..\\evil"<name>.pdf'), "evil__name_.pdf");
    assert.equal(safeContentType("text/html; charset=utf-8"), "application/octet-stream");
    assert.equal(safeContentType("application/pdf; x=1"), "application/pdf");
    assert.equal(safeContentType("bogus"), "application/octet-stream");
    const cd = contentDispositionFor('Größe "x\r\n.pdf', "id1", "application/pdf");
    assert.ok(!/[\r\n]/.test(cd));
    assert.match(cd, /^inline; filename="Gr__e _x__.pdf"; filename\*=UTF-8''/);
    assert.match(contentDispositionFor(undefined, "dta-1", "application/zip"), /^attachment; filename="dta-1.zip"/);
  });
});
