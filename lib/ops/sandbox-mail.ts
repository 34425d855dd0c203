import "server-only";
import { z } from "zod";
import { env } from "@/lib/env";
import { AppError, notFound } from "@/lib/errors";

/**
 * The sandbox mailbox as the dashboard's admin page reads and empties it: over the sandbox's own
 * control API (`/sandbox/api/mail`, docs/sandbox.md) on this process's loopback port with the
 * sandbox's admin token, like any other client of the sandbox; the dashboard imports nothing of
 * lib/sandbox (eslint.config.mjs). The answer is read as untrusted input: bounded in time and size.
 */

export const SandboxMailAnswer = z.object({
  at: z.string().describe("when it arrived, ISO 8601 UTC"),
  from: z.string().describe("the From header as written, else the envelope's sender"),
  to: z.array(z.string()).describe("the envelope's recipients"),
  subject: z.string(),
  text: z.string().describe("the plain text, up to 100,000 characters"),
  attachments: z.array(
    z.object({ filename: z.string().nullable(), contentType: z.string(), size: z.number().int(), sha256: z.string() }),
  ),
  headers: z
    .record(z.string(), z.string())
    .default({})
    .describe("the message's `list-unsubscribe` and `list-unsubscribe-post` lines, where it has them"),
  bySandbox: z
    .boolean()
    .default(false)
    .describe("sent by the sandbox itself: a notification or an auto-reply of a resident's mail server"),
});
export type SandboxMail = z.output<typeof SandboxMailAnswer>;

/** The mailbox keeps 1000 messages of up to 100,000 characters each. */
const MAX_MESSAGES = 1000;
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

const unreachable = (cause?: unknown) => new AppError(502, "sandbox_unreachable", "sandboxMail.unreachable", { cause });

async function control(method: "GET" | "DELETE"): Promise<Response> {
  const e = env();
  if (!e.sandbox || !e.sandboxAdminToken) throw notFound();
  const res = await fetch(`http://127.0.0.1:${e.port}/sandbox/api/mail`, {
    method,
    headers: { authorization: `Bearer ${e.sandboxAdminToken}`, accept: "application/json" },
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: "error",
  }).catch((err: unknown) => {
    throw unreachable(err);
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw unreachable(new Error(`sandbox control answered ${res.status}`));
  }
  return res;
}

async function boundedText(res: Response): Promise<string> {
  if (Number(res.headers.get("content-length") ?? 0) > MAX_ANSWER_BYTES)
    throw unreachable(new Error("answer too large"));
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = res.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    bytes += read.value.byteLength;
    if (bytes > MAX_ANSWER_BYTES) {
      await reader!.cancel();
      throw unreachable(new Error("answer too large"));
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The messages the sandbox mailbox kept, oldest first. */
export async function readSandboxMail(): Promise<SandboxMail[]> {
  const text = await boundedText(await control("GET"));
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch (err) {
    throw unreachable(err);
  }
  const parsed = z.array(SandboxMailAnswer).max(MAX_MESSAGES).safeParse(answer);
  if (!parsed.success) throw unreachable(parsed.error);
  return parsed.data;
}

export async function emptySandboxMail(): Promise<void> {
  await control("DELETE");
}
