/**
 * A second provider for tests: a plain node:http server on 127.0.0.1 implementing enough of both
 * services, taking the *other* choice at every point where the sandbox decides (docs/sandbox.md, "Its own choices")
 * (absolute UVI links,
 * relative DTA links under `links` only, `next` on the last page, its own page size ignoring
 * `limit`, opaque tokens without `expires_in`, a token endpoint found only through discovery,
 * `204` on confirm, `410` for unknown ids, XML from DTA on request of a mode, ...). It counts what
 * it receives so tests can assert on requests that must, or must not, have happened. Here: the
 * server, its modes and counters, sign-in and tokens; the document service is in alt-service.ts.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { json, serveDocuments } from "./alt-service";

export type AltDocument = {
  documentid: string;
  filename: string;
  service: "uvi" | "dta";
  confirmed?: boolean;
  [k: string]: unknown;
};

export type AltModes = {
  /** The provider's own page size; it ignores `limit` (0: honour limit). */
  pageSize: number;
  /** Honour `limit` only up to this, naming the limit granted in the links (as the sandbox does with its maxLimit). */
  maxLimit?: number;
  /** Omit `next` although more documents follow (the count says so). */
  omitNext: boolean;
  /** Point `next` at this foreign URL. */
  foreignNext?: string;
  /** Answer every service request with a 302 to this URL. */
  redirectTo?: string;
  dtaXml: boolean;
  /** Fail the next requests with these answers (a queue), e.g. 503 with Retry-After. */
  failures: { status: number; headers?: Record<string, string>; body?: string }[];
  /** Send the first part of a file, then stay silent. */
  stallData: boolean;
  /** Wait this long before answering a confirmation. */
  confirmDelayMs: number;
  /** Answer confirmations with this status (after the delay). */
  confirmStatus: number;
  /** Size of the generated file bodies (bytes). */
  dataBytes: number;
  /** Send files without Content-Length (chunked): their size shows only while they stream. */
  omitLength: boolean;
  /** What `/count` claims instead of the truth (a hostile provider), e.g. 1e12. */
  countClaim?: unknown;
  /** Added latency on list and count answers. */
  latencyMs: number;
  /** Answer HTML instead of the service (a wrong base URL). */
  html: boolean;
  /**
   * A page short in the middle: a list request at exactly this offset gets only `size` documents (the next `times`
   * requests there, or every one).
   */
  shortAt?: { offset: number; size: number; times?: number };
};

export type AltProvider = {
  origin: string;
  uviBase: string;
  dtaBase: string;
  basic: { username: string; password: string };
  oauth: { clientId: string; clientSecret: string };
  documents: AltDocument[];
  modes: AltModes;
  counters: {
    tokenRequests: number;
    discoveryRequests: number;
    requests: { method: string; path: string; auth: string; kd?: string }[];
    /** List requests being answered right now, and the most there were at once. */
    listInFlight: number;
    maxListInFlight: number;
  };
  revokeTokens: () => void;
  reset: () => void;
  close: () => Promise<void>;
};

const defaults = (): AltModes => ({
  pageSize: 2,
  omitNext: false,
  dtaXml: false,
  failures: [],
  stallData: false,
  confirmDelayMs: 0,
  confirmStatus: 204,
  dataBytes: 4096,
  omitLength: false,
  latencyMs: 0,
  html: false,
});

export function sampleDocuments(n = 5, prefix = "alt"): AltDocument[] {
  const docs: AltDocument[] = [];
  for (let i = 0; i < n; i++) {
    docs.push({
      service: "uvi",
      documentid: `${prefix}-uvi-${i}`,
      filename: `UVI_${i}.pdf`,
      doctype: "UVI-E",
      mimetype: "application/pdf",
      propertymanagement: null,
      extraField: `kept-${i}`,
      metadata: [
        { reftype: "resident", mscnumber: String(1000 + i), pmnumber: `PM-${i}`, from: "2026-10-01", to: "2026-10-31" },
      ],
    });
  }
  for (let i = 0; i < n; i++) {
    docs.push({
      service: "dta",
      documentid: `${prefix}-dta-${i}`,
      filename: `DTA_${i}.zip`,
      doctype: "A",
      doctypeversion: "3.07",
      mimetype: "ZIP",
      filesize: null,
      metadata: [{ reftype: "billingunit", mscnumber: String(2000 + i), pmnumber: null, from: null, to: null }],
    });
  }
  return docs;
}

export async function startAltProvider(): Promise<AltProvider> {
  const basic = { username: "alt-user", password: `alt-pass-${randomBytes(4).toString("hex")}` };
  const oauth = { clientId: "alt-client", clientSecret: `alt-secret-${randomBytes(4).toString("hex")}` };
  let tokens = new Set<string>();
  const alt = {
    basic,
    oauth,
    documents: sampleDocuments(),
    modes: defaults(),
    counters: {
      tokenRequests: 0,
      discoveryRequests: 0,
      requests: [] as AltProvider["counters"]["requests"],
      listInFlight: 0,
      maxListInFlight: 0,
    },
  } as AltProvider;
  let origin = "";

  function authOf(req: IncomingMessage): "basic" | "bearer" | "none" | "bad" {
    const h = req.headers.authorization ?? "";
    if (h.startsWith("Bearer ")) return tokens.has(h.slice(7)) ? "bearer" : "bad";
    if (h.startsWith("Basic ")) {
      const [u, ...p] = Buffer.from(h.slice(6), "base64").toString().split(":");
      return u === basic.username && p.join(":") === basic.password ? "basic" : "bad";
    }
    return "none";
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", origin);
    const auth = authOf(req);
    alt.counters.requests.push({
      method: req.method ?? "",
      path: url.pathname + url.search,
      auth,
      kd: req.headers.kd as string | undefined,
    });

    if (url.pathname === "/auth/realms/arge-api/.well-known/openid-configuration") {
      alt.counters.discoveryRequests++;
      return json(res, 200, { issuer: origin, token_endpoint: `${origin}/oauth2/issue` });
    }
    if (url.pathname === "/oauth2/issue" && req.method === "POST") {
      alt.counters.tokenRequests++;
      const h = req.headers.authorization ?? "";
      const [u, ...p] = Buffer.from(h.replace(/^Basic /, ""), "base64")
        .toString()
        .split(":");
      await new Promise((r) => setTimeout(r, 20));
      if (u !== oauth.clientId || p.join(":") !== oauth.clientSecret)
        return json(res, 401, { error: "invalid_client" });
      const token = randomBytes(16).toString("hex"); // opaque, no expires_in
      tokens.add(token);
      return json(res, 200, { access_token: token, token_type: "bearer" });
    }
    return serveDocuments(alt, origin, req, res, url, auth);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  Object.assign(alt, {
    origin,
    uviBase: `${origin}/arge`,
    dtaBase: `${origin}/dta`,
    revokeTokens: () => {
      tokens = new Set();
    },
    reset: () => {
      alt.modes = defaults();
      alt.documents = sampleDocuments();
      alt.counters.tokenRequests = 0;
      alt.counters.discoveryRequests = 0;
      alt.counters.requests = [];
      alt.counters.listInFlight = 0;
      alt.counters.maxListInFlight = 0;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  });
  return alt;
}
