import type { IncomingMessage, ServerResponse } from "node:http";
import type { AltProvider } from "./alt-provider";

/**
 * The alt provider's document service (alt-provider.ts starts it): both services' list and count,
 * a document's data and status, in JSON or DTA's XML, as the modes the tests set say.
 */

function xmlOf(name: string, value: unknown): string {
  if (Array.isArray(value))
    return `<${name}>${value.map((v) => xmlOf(name === "documents" ? "document" : "item", v)).join("")}</${name}>`;
  if (value && typeof value === "object")
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => xmlOf(k, v))
      .join("")}</${name}>`;
  const text = value === null || value === undefined ? "" : String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<${name}>${text}</${name}>`;
}

export function json(res: ServerResponse, status: number, body: unknown, xml = false) {
  if (xml) {
    res.writeHead(status, { "content-type": "application/xml" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>${xmlOf("result", body)}`);
    return;
  }
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** A request to either service's documents (the token endpoints are the server's own, alt-provider.ts). */
export async function serveDocuments(
  alt: AltProvider,
  origin: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  auth: "basic" | "bearer" | "none" | "bad",
) {
  const uvi = /^\/arge\/documents\/v1\/documents\/out(\/.*)?$/.exec(url.pathname);
  const dta = /^\/dta\/v1\/documents\/out(\/.*)?$/.exec(url.pathname);
  const m = uvi ?? dta;
  if (!m) return json(res, 404, { message: "nothing here" });
  const service = uvi ? "uvi" : "dta";
  if (alt.modes.html) {
    res.writeHead(200, { "content-type": "text/html" });
    return res.end("<html><body>Willkommen</body></html>");
  }
  if (alt.modes.redirectTo) {
    res.writeHead(302, { location: alt.modes.redirectTo });
    return res.end();
  }
  const failure = alt.modes.failures.shift();
  if (failure) {
    res.writeHead(failure.status, failure.headers ?? {});
    return res.end(failure.body ?? "");
  }
  if (auth === "none" || auth === "bad" || (service === "dta" && auth !== "basic")) {
    res.writeHead(401);
    return res.end();
  }
  const open = alt.documents.filter((d) => d.service === service && !d.confirmed);
  const rest = m[1] ?? "";
  const xml = service === "dta" && alt.modes.dtaXml;
  const root = service === "uvi" ? "/arge/documents/v1/documents/out" : "/dta/v1/documents/out";

  if (req.method === "GET" && (rest === "" || rest === "/count")) {
    if (rest === "") {
      alt.counters.listInFlight++;
      alt.counters.maxListInFlight = Math.max(alt.counters.maxListInFlight, alt.counters.listInFlight);
      res.once("close", () => (alt.counters.listInFlight = Math.max(0, alt.counters.listInFlight - 1)));
    }
    if (alt.modes.latencyMs) await new Promise((r) => setTimeout(r, alt.modes.latencyMs));
    if (rest === "/count") return json(res, 200, { count: alt.modes.countClaim ?? open.length }, xml);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const limit = Math.min(Number(url.searchParams.get("limit") ?? 10), alt.modes.maxLimit ?? Infinity);
    const at = alt.modes.shortAt;
    const short = at?.offset === offset && (at.times === undefined || at.times > 0) ? at.size : undefined;
    if (short !== undefined && at?.times !== undefined) at.times--;
    const size = short ?? (alt.modes.pageSize || limit);
    const page = open.slice(offset, offset + size);
    const nextHref =
      alt.modes.foreignNext ??
      (service === "uvi"
        ? `${origin}${root}?offset=${offset + size}&limit=${limit}`
        : `${root}?offset=${offset + size}&limit=${limit}`);
    const links = {
      self: { href: `${root}?offset=${offset}&limit=${limit}` },
      ...(alt.modes.omitNext ? {} : { next: { href: nextHref } }),
    };
    const docs = page.map(({ service: _s, confirmed: _c, ...d }) => ({
      ...d,
      _links: { self: { href: `${root}/${d.documentid}/data` } },
    }));
    return json(res, 200, service === "uvi" ? { _links: links, documents: docs } : { links, documents: docs }, xml);
  }
  const one = /^\/([^/]+)\/(data|status)$/.exec(rest);
  if (!one) return json(res, 404, { message: "unknown path" });
  const id = decodeURIComponent(one[1]!);
  const doc = alt.documents.find((d) => d.service === service && d.documentid === id);
  if (!doc || doc.confirmed)
    return json(res, 410, { statustype: "ERROR", code: "410", message: `gone: ${id} <script>` });

  if (one[2] === "data" && req.method === "GET") {
    const type = service === "uvi" ? "application/pdf" : "application/zip";
    res.writeHead(200, {
      "content-type": type,
      ...(!alt.modes.omitLength && { "content-length": String(alt.modes.dataBytes) }),
      "content-disposition": `attachment; filename="../..\\evil\"<name>.pdf"; filename*=UTF-8''${encodeURIComponent(`Größe "${doc.filename}`)}`,
    });
    const chunk = Buffer.alloc(64 * 1024, service === "uvi" ? "%PDF-1.4 " : "PK");
    let left = alt.modes.dataBytes;
    const stallAt = alt.modes.stallData ? Math.floor(left / 2) : -1;
    const pump = () => {
      while (left > 0) {
        if (stallAt >= 0 && alt.modes.dataBytes - left >= stallAt) return; // stays silent
        const n = Math.min(left, chunk.length);
        left -= n;
        if (!res.write(n === chunk.length ? chunk : chunk.subarray(0, n))) return void res.once("drain", pump);
      }
      res.end();
    };
    return pump();
  }
  if (one[2] === "status" && req.method === "PUT") {
    if (alt.modes.confirmDelayMs) await new Promise((r) => setTimeout(r, alt.modes.confirmDelayMs));
    doc.confirmed = alt.modes.confirmStatus < 300 ? true : doc.confirmed;
    res.writeHead(alt.modes.confirmStatus);
    return res.end();
  }
  res.writeHead(405);
  res.end();
}
