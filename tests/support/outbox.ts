/** Helpers for the DTA outbox's tests: uploads as a browser or a script sends them, and what the sandbox received. */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { addConnection } from "./connections";
import { control, requestsLog, SANDBOX_BASIC } from "./delivery";
import type { SandboxSuite } from "./suite";
import { sql } from "./database";
import type { TestServer } from "./server";
import { api, type Session } from "./session";

/** A DTA connection of the suite's manager to the sandbox, for customer 4711; its id. */
export async function dtaConnection(s: SandboxSuite, name: string): Promise<string> {
  const body = { name, service: "dta", baseUrl: `${s.server.url}/dta`, auth: SANDBOX_BASIC, customerNumber: "4711" };
  return (await addConnection(s.server, s.manager.session, body)).id;
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Bytes that look like a multipart body's own markers (CRLF, dashes) among random ones. */
export function awkwardBytes(size: number): Buffer {
  const out = randomBytes(size);
  Buffer.from("\r\n--boundary\r\n").copy(out, Math.floor(size / 2));
  return out;
}

/** `POST /api/connections/{id}/outbox` with a FormData body (Content-Length known, as a browser sends it). */
export function upload(
  session: Session,
  server: TestServer,
  connectionId: string,
  file: { name: string; bytes: Uint8Array; type?: string },
  fields: Record<string, string> = {},
  query = "",
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/zip" }), file.name);
  return api(session, server.url, `/api/connections/${connectionId}/outbox${query}`, { method: "POST", body: form });
}

/**
 * The same upload as a chunked stream: no Content-Length, so only counting while it streams can
 * refuse it. With `abandon`, the client stops after `size` bytes of the file and waits for that
 * signal, which aborts the request (a browser tab closed midway).
 */
export function uploadChunked(
  session: Session,
  server: TestServer,
  connectionId: string,
  name: string,
  size: number,
  abandon?: AbortSignal,
) {
  const boundary = "----outbox-test";
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* parts() {
    yield head;
    for (let at = 0; at < size; at += 64 * 1024) yield randomBytes(Math.min(64 * 1024, size - at));
    // Abandoned: the form is never finished (the abort cancels the request).
    if (abandon) return void (await new Promise((resolve) => abandon.addEventListener("abort", resolve)));
    yield tail;
  }
  const chunks = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      const { done, value } = await chunks.next();
      if (done) c.close();
      else c.enqueue(value);
    },
  });
  return api(session, server.url, `/api/connections/${connectionId}/outbox`, {
    method: "POST",
    body,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    duplex: "half",
    signal: abandon,
  } as RequestInit);
}

export type Received = {
  documentid: string;
  customer: string;
  filename: string;
  doctype: string | null;
  doctypeversion: string | null;
  metadata: unknown;
  content: { base64: string };
};

/** What the sandbox received through `documents/in` with this file name. */
export async function receivedAs(server: TestServer, filename: string): Promise<Received[]> {
  const state = (await control(server, "GET", "/state")).body as { received: Received[] };
  return state.received.filter((r) => r.filename === filename);
}

/** The uploads that reached the sandbox's `documents/in`, as its request log has them. */
export async function uploadsLogged(server: TestServer) {
  return (await requestsLog(server)).filter((r) => r.method === "POST" && r.path === "/dta/v1/documents/in");
}

export const setFaults = async (server: TestServer, rules: unknown[]) =>
  void (await control(server, "PUT", "/faults", rules));

/** Files in the archive (directory archive) or blobs (database archive), temporary ones included. */
export async function archiveSize(server: TestServer): Promise<number> {
  if (server.env.DATABASE_URL)
    return Number((await sql<{ n: number }>(server, "SELECT count(*)::int AS n FROM delivery_blobs"))[0]!.n);
  const root = path.join(server.dataDir, "archive");
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0;
}
