/**
 * Page figures of contracts/BENCH.md, measured in Chromium (Debian's, else Playwright's own)
 * against the built app with the sandbox provider on loopback. Every loop is bounded.
 */
import { existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { control, uvi } from "../support/delivery";
import { ADMIN, startServer, type TestServer } from "../support/server";
import { api, mustSignIn, type Session } from "../support/session";
import type { Figure } from "./types";

type FigureResult = Awaited<ReturnType<Figure["run"]>>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const CHROMIUM = "/usr/bin/chromium";

function client(id: string, customer: string) {
  return { id, services: ["uvi"], basic: { username: id, password: `${id}-secret-1` }, customers: [customer] };
}

/** `n` open documents of `customer`: six months for each usage unit. */
function documents(customer: string, n: number) {
  const months = ["2026-05", "2026-06", "2026-07", "2026-08", "2026-09", "2026-10"];
  return Array.from({ length: n }, (_, i) => ({
    ...uvi(`${customer}-${i}`, `7${customer}${String(Math.floor(i / 6)).padStart(5, "0")}`, months[i % 6]),
    customer,
  }));
}

type Rig = { server: TestServer; browser: Browser; sessions: Record<string, Session> };

/** A server whose users each have one synced connection with the given number of documents. */
async function withRig(
  sizes: Record<string, number>,
  measure: (r: Rig) => Promise<FigureResult>,
): Promise<FigureResult> {
  const server = await startServer({ sandbox: true, database: "embedded", env: { LOG_LEVEL: "warn" } });
  let browser: Browser | undefined;
  try {
    const entries = Object.entries(sizes);
    const clients = entries.map(([name], i) => client(`bench-${name}`, String(8 + i)));
    const put = await control(server, "PUT", "/state", {
      clients,
      documents: entries.flatMap(([, n], i) => documents(String(8 + i), n)),
    });
    if (put.status !== 204) throw new Error(`sandbox state: ${put.status}`);
    const admin = await mustSignIn(server.url, ADMIN.email, ADMIN.password);
    const sessions: Record<string, Session> = {};
    for (const [i, [name]] of entries.entries()) {
      const email = `${name}@bench.example`;
      await api(admin, server.url, "/api/users", {
        method: "POST",
        json: { email, name, role: "manager", password: "bench-password-1" },
      });
      sessions[name] = await mustSignIn(server.url, email, "bench-password-1");
      const c = clients[i]!;
      const conn = await api(sessions[name], server.url, "/api/connections", {
        method: "POST",
        json: {
          name: `bench ${name}`,
          service: "uvi",
          baseUrl: `${server.url}/arge`,
          auth: { type: "basic", ...c.basic },
        },
      });
      const sync = await fetch(`${server.url}/api/connections/${conn.body.id}/sync`, {
        method: "POST",
        headers: { cookie: sessions[name].cookie },
      });
      const done = JSON.parse((await sync.text()).trim().split("\n").pop()!) as { open?: number };
      if (done.open !== sizes[name]) throw new Error(`sync of ${name}: ${JSON.stringify(done)}`);
    }
    browser = await chromium.launch({
      executablePath: existsSync(CHROMIUM) ? CHROMIUM : undefined,
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-gpu",
      ],
    });
    return await measure({ server, browser, sessions });
  } finally {
    await browser?.close();
    await server.stop();
  }
}

async function contextFor(r: Rig, who: string): Promise<BrowserContext> {
  const context = await r.browser.newContext({ locale: "de-DE" });
  const [name, value] = r.sessions[who]!.cookie.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: r.server.url, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/** The JavaScript the inbox loads until it is interactive (the load event), each file gzipped as a proxy would. */
async function firstLoadJs(r: Rig): Promise<FigureResult> {
  const context = await contextFor(r, "small");
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script")
      scripts.push(
        res.body().then(
          (b) => gzipSync(b, { level: 6 }).length,
          () => 0,
        ),
      );
  });
  await page.goto(`${r.server.url}/documents`, { waitUntil: "load" });
  await page.getByTestId("unit-group").first().waitFor();
  const sizes = await Promise.all(scripts);
  await context.close();
  const kb = Math.round((sizes.reduce((a, b) => a + b, 0) / 1024) * 10) / 10;
  return { value: kb, info: { files: sizes.length } };
}

/** Time until the first unit of the inbox is on screen, 10,000 open documents vs 100, alternating. */
async function renderRatio(r: Rig): Promise<FigureResult> {
  const contexts = { big: await contextFor(r, "big"), small: await contextFor(r, "small") };
  const once = async (who: "big" | "small") => {
    const page = await contexts[who].newPage();
    const t = performance.now();
    await page.goto(`${r.server.url}/documents`, { waitUntil: "commit" });
    await page.getByTestId("unit-group").first().waitFor();
    const ms = performance.now() - t;
    await page.close();
    return ms;
  };
  for (let i = 0; i < 3; i++) await Promise.all([once("big"), once("small")]);
  const big: number[] = [];
  const small: number[] = [];
  for (let i = 0; i < 15; i++) {
    big.push(await once("big"));
    small.push(await once("small"));
  }
  await contexts.big.close();
  await contexts.small.close();
  const ratio = Math.round((median(big) / median(small)) * 100) / 100;
  return { value: ratio, info: { bigMs: Math.round(median(big)), smallMs: Math.round(median(small)) } };
}

export const figures: Figure[] = [
  {
    name: "pages.inbox_first_load_js_kb_gzip",
    unit: "kb",
    goal: "<= 160",
    baseline: "absolute: gzip size of every script the inbox loads until its load event and first unit",
    run: () => withRig({ small: 100 }, firstLoadJs),
  },
  {
    name: "pages.inbox_render_10k_vs_100",
    unit: "ratio",
    goal: "<= 1.3",
    baseline: "the same page with 100 open documents, same run, alternating",
    run: () => withRig({ small: 100, big: 10_000 }, renderRatio),
  },
];
