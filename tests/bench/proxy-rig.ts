/**
 * The rig of the proxy figures (proxy.bench.ts): the alt test provider and a server for one figure, and the timing of
 * calls to either, in alternation.
 */
import { startAltProvider, sampleDocuments, type AltProvider } from "../support/alt-provider";
import { ADMIN, startServer, type ServerDatabase, type TestServer } from "../support/server";
import { api, mustSignIn, type Session } from "../support/session";
import type { Figure } from "./types";

export type FigureResult = Awaited<ReturnType<Figure["run"]>>;

export type Rig = { alt: AltProvider; server: TestServer; session: Session; basicId: string };

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const MB = 1024 * 1024;

/**
 * A provider and a server for one figure, always stopped afterwards; the server on the embedded
 * database unless the figure is one of PostgreSQL's (`.postgres`), where the archive is in the
 * database too (its default there: no ARCHIVE_DIR).
 */
export async function withRig(
  measure: (r: Rig) => Promise<FigureResult>,
  database: ServerDatabase = "embedded",
  env: Record<string, string> = {},
): Promise<FigureResult> {
  const alt = await startAltProvider();
  let server: TestServer | undefined;
  try {
    server = await startServer({ database, env: { PROVIDER_URL_ALLOWLIST: alt.origin, LOG_LEVEL: "warn", ...env } });
    const session = await mustSignIn(server.url, ADMIN.email, ADMIN.password);
    const res = await api(session, server.url, "/api/connections", {
      method: "POST",
      json: { name: "bench", service: "uvi", baseUrl: alt.uviBase, auth: { type: "basic", ...alt.basic } },
    });
    return await measure({ alt, server, session, basicId: res.body.id as string });
  } finally {
    await server?.stop();
    await alt.close();
  }
}

export function prepare(alt: AltProvider, latencyMs: number) {
  alt.reset();
  alt.modes.pageSize = 0; // honours limit: one provider page per proxy page
  alt.modes.latencyMs = latencyMs;
  alt.documents = sampleDocuments(1000, "b").filter((d) => d.service === "uvi");
}

/** The Authorization header of a direct call to the alt provider. */
export const basicAuth = (alt: AltProvider) =>
  `Basic ${Buffer.from(`${alt.basic.username}:${alt.basic.password}`).toString("base64")}`;

export async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Medians of 31 alternating runs of each call, after 5 warm-up rounds. */
export async function medians(calls: (() => Promise<unknown>)[]): Promise<number[]> {
  for (let i = 0; i < 5; i++) await Promise.all(calls.map((c) => c()));
  const times = calls.map(() => [] as number[]);
  for (let i = 0; i < 31; i++) for (const [k, c] of calls.entries()) times[k]!.push(await timeIt(c));
  return times.map(median);
}

export const provider = (r: Rig, path: string) => () =>
  fetch(`${r.alt.uviBase}/documents/v1/documents/out${path}`, {
    headers: { authorization: basicAuth(r.alt), accept: "application/json" },
  }).then((x) => x.text());
export const viaServer = (r: Rig, path: string) => () =>
  fetch(`${r.server.url}${path}`, { headers: { cookie: r.session.cookie } }).then((x) => x.text());
