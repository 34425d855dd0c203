/**
 * Hand-off figures of contracts/BENCH.md (issue 37), on the embedded database, over loopback only,
 * every server stopped afterwards, every loop bounded (handoff-rig.ts sets the server up):
 * - handoff.email_1k_vs_bare_smtp: POST /api/handoffs of 1,000 archived documents to e-mail
 *   residents, the server's SMTP_URL being its own sandbox mailbox, against nodemailer in the
 *   bench's process sending the same 1,000 messages (the subjects and texts the app sent, read back
 *   from the mailbox; the same PDF bytes) to the same mailbox, one after another with a connection
 *   each, as lib/handoffs/many.ts and lib/handoffs/mail/send.ts do. Runs in alternation.
 * - handoff.print_500_*: POST /api/handoffs/print of a property with 500 post residents (a letter
 *   and a document each) against pdf-lib alone in a child process (bare-pdflib.ts) copying the same
 *   documents' pages into one file; the server's RSS growth during each print.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import nodemailer from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { PDFDocument } from "pdf-lib";
import { cpuSeconds, MiB, rssBytes, rssGrowthDuring, threadCpu } from "../support/memory";
import { HANDOFF_MONTH, MAIL_FROM, sandboxBytes, withHandoffRig, type HandoffRig, type Resident } from "./handoff-rig";
import { control, median, ndjsonRun, round } from "./rig";
import type { Figure } from "./types";

// ---------------------------------------------------------------- e-mail

const MAILS = 1000;
/**
 * One run each (the app's first, its messages are the bare script's). Both sides reuse a connection
 * for 100 messages: smtp-server waits 100 ms for early talkers on each new one.
 */
const MAIL_ROUNDS = 1;

type Message = { to: string; subject: string; text: string; filename: string; content: Buffer };
type Kept = { to: string[]; subject: string; text: string; attachments: { filename: string; sha256: string }[] };

/** The mailbox emptied, then one timed run; the mailbox must hold `MAILS` messages afterwards. */
async function timedRun(rig: HandoffRig, run: () => Promise<unknown>): Promise<number> {
  await control(rig.server, "DELETE", "/mail");
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const kept = (await control(rig.server, "GET", "/mail")).body as Kept[];
  if (kept.length !== MAILS) throw new Error(`the mailbox kept ${kept.length} of ${MAILS} messages`);
  return ms;
}

async function appSend(rig: HandoffRig, again: boolean): Promise<void> {
  const documents = rig.ids.map((documentid) => ({ connectionId: rig.connection, documentid }));
  const { done } = await ndjsonRun(rig, "/api/handoffs", { documents, again });
  if (done.sent !== MAILS) throw new Error(`the hand-off ended with ${JSON.stringify(done)}`);
}

/** The messages the app sent (read back from the mailbox), each with its document's bytes from the sandbox. */
async function sentMessages(rig: HandoffRig): Promise<Message[]> {
  const kept = (await control(rig.server, "GET", "/mail")).body as Kept[];
  const byFile = new Map(kept.map((m) => [m.attachments[0]?.filename, m]));
  const out: Message[] = [];
  for (const [i, id] of rig.ids.entries()) {
    const filename = `UVI_${HANDOFF_MONTH}_${rig.units[i]}.pdf`;
    const m = byFile.get(filename);
    if (!m) throw new Error(`no message with ${filename} in the mailbox (${id})`);
    out.push({ to: m.to[0]!, subject: m.subject, text: m.text, filename, content: await sandboxBytes(rig.server, id) });
  }
  return out;
}

/** The same messages through nodemailer, pooled as lib/handoffs/mail/send.ts configures it, one after another. */
async function bareSend(port: number, messages: Message[]): Promise<void> {
  const options: SMTPPool.Options = {
    pool: true,
    maxConnections: 2,
    maxMessages: 100,
    host: "127.0.0.1",
    port,
    secure: false,
    requireTLS: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    dnsTimeout: 10_000,
    logger: false,
    debug: false,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  const transport = nodemailer.createTransport(options, { from: MAIL_FROM });
  for (const m of messages)
    await transport.sendMail({
      to: m.to,
      subject: m.subject,
      text: m.text,
      attachments: [{ filename: m.filename, content: m.content, contentType: "application/pdf" }],
    });
  transport.close();
}

async function emailFigure() {
  const residents: Resident[] = Array.from({ length: MAILS }, () => ({ property: "Haus Mail", channel: "email" }));
  return withHandoffRig(residents, async (rig) => {
    const app = [await timedRun(rig, () => appSend(rig, false))];
    const messages = await sentMessages(rig);
    const bare: number[] = [];
    for (let i = 0; i < MAIL_ROUNDS; i++) {
      bare.push(await timedRun(rig, () => bareSend(rig.smtpPort, messages)));
      if (i < MAIL_ROUNDS - 1) app.push(await timedRun(rig, () => appSend(rig, true)));
    }
    const rate = (ms: number) => round(MAILS / (ms / 1000), 1);
    return {
      value: round(median(bare) / median(app)),
      info: {
        appMs: app.map(Math.round),
        bareMs: bare.map(Math.round),
        appPerSecond: rate(median(app)),
        barePerSecond: rate(median(bare)),
        attachmentKb: round(messages.reduce((n, m) => n + m.content.length, 0) / messages.length / 1024, 1),
      },
    };
  });
}

// ---------------------------------------------------------------- print

const LETTERS = 500;
const PRINT_ROUNDS = 3;
const PROPERTY = "Haus Post";
/** A small print first, in another property: the code a print runs is loaded once per process. */
const WARM = { property: "Haus Vorlauf", letters: 5 };

async function print(rig: HandoffRig, property: string): Promise<ArrayBuffer> {
  const res = await fetch(`${rig.server.url}/api/handoffs/print`, {
    method: "POST",
    headers: { Cookie: rig.session.cookie, "content-type": "application/json" },
    body: JSON.stringify({ property, month: HANDOFF_MONTH, senderAddress: "Musterweg 1, 20095 Hamburg" }),
  });
  const bytes = await res.arrayBuffer();
  if (res.status !== 200)
    throw new Error(`print of ${property}: ${res.status} ${Buffer.from(bytes).toString().slice(0, 300)}`);
  return bytes;
}

type Bare = { ms: number; pages: number; bytes: number; maxRssMb: number };

async function barePdflib(dir: string): Promise<Bare & { wallMs: number }> {
  const started = performance.now();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join(import.meta.dirname, "bare-pdflib.ts"), dir],
    {
      timeout: 300_000,
      maxBuffer: 1024 * 1024,
    },
  );
  return { ...(JSON.parse(stdout.trim().split("\n").at(-1)!) as Bare), wallMs: performance.now() - started };
}

/** CPU seconds of the server's main thread (its task of the same id): the rest is the print's worker, GC and I/O threads. */
const mainThreadCpu = (pid: number): number => threadCpu(pid).get(pid)?.s ?? 0;

type PrintRun = { ms: number; growthMb: number; bytes: ArrayBuffer; cpuS: number; mainThreadCpuS: number };

async function measuredPrint(rig: HandoffRig): Promise<PrintRun> {
  const pid = rig.server.pid()!;
  const cpu = { all: cpuSeconds(pid), main: mainThreadCpu(pid) };
  const started = performance.now();
  const { result, growth } = await rssGrowthDuring(pid, () => print(rig, PROPERTY));
  const ms = performance.now() - started;
  const cpuS = round(cpuSeconds(pid) - cpu.all);
  return {
    ms,
    growthMb: round(growth / MiB, 1),
    bytes: result,
    cpuS,
    mainThreadCpuS: round(mainThreadCpu(pid) - cpu.main),
  };
}

/**
 * A warm-up print, the first print of the property (it issues each post resident's portal link, so
 * every letter carries a QR code), then PRINT_ROUNDS prints again (no new links) in alternation with the bare script.
 */
async function measurePrint(rig: HandoffRig, dir: string) {
  await print(rig, WARM.property);
  const rssBeforeMb = round(rssBytes(rig.server.pid()!) / MiB, 1);
  const first = await measuredPrint(rig);
  const again: PrintRun[] = [];
  const bare: (Bare & { wallMs: number })[] = [];
  for (let i = 0; i < PRINT_ROUNDS; i++) {
    bare.push(await barePdflib(dir));
    again.push(await measuredPrint(rig));
  }
  const pages = async (r: PrintRun) => (await PDFDocument.load(r.bytes, { updateMetadata: false })).getPageCount();
  return {
    first: { ...first, pages: await pages(first) },
    again,
    againPages: await pages(again[0]!),
    bare,
    rssBeforeMb,
  };
}

let printRun: ReturnType<typeof runPrint> | undefined;

async function runPrint() {
  const residents: Resident[] = [
    ...Array.from({ length: LETTERS }, (): Resident => ({ property: PROPERTY, channel: "post" })),
    ...Array.from({ length: WARM.letters }, (): Resident => ({ property: WARM.property, channel: "post" })),
  ];
  const dir = mkdtempSync(path.join(tmpdir(), "arge-bench-print-"));
  try {
    return await withHandoffRig(residents, async (rig) => {
      for (let i = 0; i < LETTERS; i++)
        writeFileSync(path.join(dir, `${String(i).padStart(4, "0")}.pdf`), await sandboxBytes(rig.server, rig.ids[i]!));
      return await measurePrint(rig, dir);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const printFigures = () => (printRun ??= runPrint());

export const figures: Figure[] = [
  {
    name: "handoff.email_1k_vs_bare_smtp",
    unit: "ratio",
    goal: ">= 0.7",
    baseline: `documents per second of POST /api/handoffs (${MAILS.toLocaleString("en")} archived documents, e-mail residents, SMTP_URL the server's own sandbox mailbox) against nodemailer in the bench's process sending the same ${MAILS.toLocaleString("en")} messages (the app's subjects and texts, the same PDF bytes) to the same mailbox one after another over pooled connections (2 at most, 100 messages each), as the app does; mailbox emptied before each run; ${MAIL_ROUNDS} run(s) each in alternation, the app's first (its messages are the script's), medians`,
    run: emailFigure,
  },
  {
    name: "handoff.print_500_letters_vs_bare_pdflib",
    unit: "ratio",
    goal: "<= 1.5",
    baseline: `time of POST /api/handoffs/print for a property with ${LETTERS} post residents (a cover letter and a one-month UVI each; the answer read to its end), printed again (the month's first print, which issues the portal links and so a QR code on each letter, is in info), against pdf-lib alone in a child process (tests/bench/bare-pdflib.ts) loading the same ${LETTERS} documents, copying their pages into one file and saving it (no letters; reading the files not counted); after a warm-up print of ${WARM.letters}; ${PRINT_ROUNDS} runs each in alternation, medians`,
    run: async () => {
      const r = await printFigures();
      const appMs = median(r.again.map((a) => a.ms));
      const bareMs = median(r.bare.map((b) => b.ms));
      return {
        value: round(appMs / bareMs),
        info: {
          printMs: r.again.map((a) => Math.round(a.ms)),
          bareMs: r.bare.map((b) => Math.round(b.ms)),
          bareWallMs: r.bare.map((b) => Math.round(b.wallMs)),
          printCpuS: r.again.map((a) => ({ process: a.cpuS, mainThread: a.mainThreadCpuS })),
          print: { pages: r.againPages, bytes: r.again[0]!.bytes.byteLength },
          bare: { pages: r.bare[0]!.pages, bytes: r.bare[0]!.bytes },
          firstPrint: {
            ms: Math.round(r.first.ms),
            ratio: round(r.first.ms / bareMs),
            pages: r.first.pages,
            bytes: r.first.bytes.byteLength,
            cpuS: { process: r.first.cpuS, mainThread: r.first.mainThreadCpuS },
          },
        },
      };
    },
  },
  {
    name: "handoff.print_500_rss_growth_mb",
    unit: "mb",
    goal: "< 150",
    baseline: `the server's largest RSS (sampled every 10 ms) during a print of ${LETTERS} letters above its RSS before that print (the print's worker thread is in the server's process); the largest over the month's first print (with QR codes) and ${PRINT_ROUNDS} prints again; after a warm-up print of ${WARM.letters}`,
    run: async () => {
      const r = await printFigures();
      return {
        value: Math.max(r.first.growthMb, ...r.again.map((a) => a.growthMb)),
        info: {
          firstPrintGrowthMb: r.first.growthMb,
          againGrowthMb: r.again.map((a) => a.growthMb),
          rssBeforeMb: r.rssBeforeMb,
          bareMaxRssMb: r.bare.map((b) => round(b.maxRssMb, 1)),
        },
      };
    },
  },
];
