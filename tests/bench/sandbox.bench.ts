// sandbox.list_100k_vs_1k (contracts/BENCH.md): a UVI list page (limit 100, middle offset) with
// 100,000 documents vs with 1,000, median over bounded repetitions, loopback only. Two servers
// (one per size) are asked in alternation, so machine noise falls on both sides alike.
import { startServer } from "../support/server";
import type { Figure } from "./types";

const REPS = 80;
const WARMUP = 15;
const CLIENT = {
  id: "bench",
  services: ["uvi"],
  basic: { username: "bench", password: "bench-secret-123" },
  customers: ["1"],
};
const AUTH = `Basic ${Buffer.from("bench:bench-secret-123").toString("base64")}`;

function state(n: number) {
  const documents = Array.from({ length: n }, (_, i) => ({
    service: "uvi",
    customer: "1",
    documentid: `b-${i}`,
    filename: `UVI_${i}.pdf`,
    doctype: "UVI-E",
    mimetype: "application/pdf",
    metadata: [
      {
        reftype: "resident",
        mscnumber: String(10_000_000 + i),
        pmnumber: `HV-${i}`,
        from: "2026-10-01",
        to: "2026-10-31",
      },
    ],
    content: { generate: "uvi-pdf" },
  }));
  // Every tenth document is already confirmed, so a page must skip closed documents.
  documents.forEach((d, i) => i % 10 === 3 && Object.assign(d, { confirmed: true }));
  return { clients: [CLIENT], documents };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function put(url: string, token: string, body: unknown): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/sandbox/api/state`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status !== 204) throw new Error(`PUT state: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return performance.now() - started;
}

async function pageTime(url: string, n: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/arge/documents/v1/documents/out?offset=${Math.floor(n / 2)}&limit=100`, {
    headers: { Authorization: AUTH },
  });
  const body = (await res.json()) as { documents: unknown[] };
  if (res.status !== 200 || body.documents.length !== 100) throw new Error(`list: ${res.status}`);
  return performance.now() - started;
}

export const figures: Figure[] = [
  {
    name: "sandbox.list_100k_vs_1k",
    unit: "ratio",
    goal: "<= 2",
    baseline: "the same list page with 1,000 documents, same server, same run",
    run: async () => {
      const [one, two] = await Promise.all([
        startServer({ sandbox: true, database: "embedded" }),
        startServer({ sandbox: true, database: "embedded" }),
      ]);
      try {
        await put(one.url, one.env.SANDBOX_ADMIN_TOKEN!, state(1_000));
        const replaceMs = await put(two.url, two.env.SANDBOX_ADMIN_TOKEN!, state(100_000));
        const smallTimes: number[] = [];
        const largeTimes: number[] = [];
        for (let i = 0; i < WARMUP + REPS; i++) {
          const a = await pageTime(one.url, 1_000);
          const b = await pageTime(two.url, 100_000);
          if (i >= WARMUP) {
            smallTimes.push(a);
            largeTimes.push(b);
          }
        }
        const small = median(smallTimes);
        const large = median(largeTimes);
        return {
          value: Math.round((large / small) * 100) / 100,
          info: {
            median_ms_1k: Math.round(small * 100) / 100,
            median_ms_100k: Math.round(large * 100) / 100,
            replace_100k_ms: Math.round(replaceMs),
            reps: REPS,
          },
        };
      } finally {
        await Promise.all([one.stop(), two.stop()]);
      }
    },
  },
];
