import { z } from "zod";
import { HoldName } from "../hold-name";

/**
 * A fault rule of the mailbox: it stands in the HTTP rules' list and counts down the same way, told apart by its `smtp`
 * key, so one list drives every fault a test stages. The fields: docs/sandbox.md, "Fault rules".
 */
export const MailFaultRule = z
  .object({
    smtp: z.enum(["MAIL", "RCPT", "DATA"]),
    address: z.email().max(320).optional(),
    status: z.number().int().min(400).max(599).optional(),
    message: z
      .string()
      .max(200)
      .regex(/^[^\r\n\u0000]*$/, "one line of text")
      .optional(),
    drop: z.literal(true).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    hold: HoldName.optional(),
    times: z.number().int().min(1).optional(),
  })
  .strict()
  .refine((r) => !(r.status !== undefined && r.drop), { message: "status and drop exclude each other" })
  .refine((r) => r.status !== undefined || r.drop || r.delayMs !== undefined || r.hold !== undefined, {
    message: "a mail rule needs status, drop, delayMs or hold",
  })
  .refine((r) => r.message === undefined || r.status !== undefined, { message: "message goes with status" });
export type MailFaultRule = z.infer<typeof MailFaultRule>;

export type SmtpCommand = MailFaultRule["smtp"];

/**
 * Whether `rule` answers `command` for these addresses (the sender for MAIL, the recipient for RCPT, every recipient
 * for DATA).
 */
export function mailRuleMatches(rule: MailFaultRule, command: SmtpCommand, addresses: string[]): boolean {
  if (rule.smtp !== command) return false;
  const wanted = rule.address?.toLowerCase();
  return wanted === undefined || addresses.some((a) => a.toLowerCase() === wanted);
}
