/**
 * lib/handoffs/mail's `sendMail` in a process of its own, configured only by its environment (SMTP_URL,
 * MAIL_FROM) as the server would be: `node --conditions=react-server --import tsx
 * tests/support/send-mail.ts`, the message as JSON on stdin (attachments' bytes in base64), the
 * result as the last line of stdout, `RESULT {...}`. tests/support/mail.ts runs it.
 */
import { closeMail, sendMail } from "@/lib/handoffs/mail/send";

type Input = {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; contentType?: string; base64: string }[];
};

let raw = "";
for await (const chunk of process.stdin) raw += String(chunk);
const input = JSON.parse(raw) as Input;
const result = await sendMail({
  ...input,
  attachments: input.attachments?.map(({ base64, ...a }) => ({ ...a, content: Buffer.from(base64, "base64") })),
});
closeMail();
process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
