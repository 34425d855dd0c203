/**
 * A provider whose every answer a test scripts: a plain node:http server on 127.0.0.1 that records
 * each request (method, path, Authorization header) and hands it to `handle`, which a test sets.
 * Unscripted requests get 404. For answers no real provider sends: huge pages, odd content types.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export type Recorded = { method: string; path: string; authorization?: string };
export type Scripted = {
  origin: string;
  requests: Recorded[];
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;
  close: () => Promise<void>;
};

export async function startScripted(): Promise<Scripted> {
  const scripted = {
    requests: [] as Recorded[],
    handle: (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end("{}");
    },
  } as unknown as Scripted;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", scripted.origin);
    scripted.requests.push({
      method: req.method ?? "",
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
    });
    Promise.resolve(scripted.handle(req, res, url)).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  scripted.origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  scripted.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return scripted;
}

/** Answers a JSON body, written in slices so that a large one streams (and a client that stops reading stops it). */
export function sendJson(res: ServerResponse, body: string, status = 200): void {
  res.writeHead(status, { "content-type": "application/json" });
  const buf = Buffer.from(body);
  let at = 0;
  const pump = () => {
    while (at < buf.length) {
      const slice = buf.subarray(at, at + 256 * 1024);
      at += slice.length;
      if (!res.write(slice)) return void res.once("drain", pump);
    }
    res.end();
  };
  res.on("error", () => undefined);
  pump();
}
