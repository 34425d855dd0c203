import { z } from "zod";
import { json, type ApiOperation } from "@/lib/api/operation";

/**
 * The resident's consent routes (docs/api.md, "Consent"): links without a session, throttled like the portal. Their
 * pages, `/einwilligung/{token}` and `/widerspruch/{token}`, are pages, not an API. Each POST takes a form
 * (`application/x-www-form-urlencoded`, the pages' own) and answers 303 back to its page with the outcome in `s`, or
 * a JSON object and answers JSON.
 */

const gone =
  '`not_found` (JSON; a form goes back to the page, which says "Dieser Link gilt nicht mehr"): a token this server did not make, or of an erased, vacant or ended tenancy';
const back = { status: 303, description: "a form: back to the page, `Location: /einwilligung/{token}?s=<state>`" };
const throttle = "`429` (plain text, `Retry-After`): over the portal's 30 requests a minute from one address";

export const CONSENT_OPERATIONS: ApiOperation[] = [
  {
    method: "POST",
    path: "/api/consent/{token}/code",
    tag: "units",
    summary: "Send the opt-in page's code to the address the resident typed",
    access: "public",
    description: `Fields \`channel\` (\`email\` or \`portal\`) and \`email\`. A 6-digit code goes to that address through the app's own mail transport, kept as an HMAC for CONSENT_CODE_MINUTES (30); a new code replaces the old, at most one a minute unless the old is spent. \`state\`: \`sent\`, \`badEmail\`, \`wait\`, \`mailOff\` (no SMTP_URL), \`notSent\` (the server refused the address). ${throttle}.`,
    answers: [
      { status: 200, description: "a JSON body: the outcome", content: json(z.object({ state: z.string() })) },
      back,
    ],
    errors: { 404: gone },
  },
  {
    method: "POST",
    path: "/api/consent/{token}/confirm",
    tag: "units",
    summary: "One try of the opt-in page's code; right, the resident's consent is recorded",
    access: "public",
    description: `Field \`code\` (6 digits). Right: the tenancy's e-mail address, channel and consent (\`how: link\`, now, the channel chosen) are set in one statement, audited as \`consent.given\` (unit, tenancy and channel, never the address), \`state: given\`; it applies from the next document on. Wrong: \`state: wrong\` with \`attemptsLeft\`; after 5 wrong tries \`locked\`; \`expired\`, \`none\` (no code asked), \`malformed\`. ${throttle}.`,
    answers: [
      {
        status: 200,
        description: "a JSON body: the outcome",
        content: json(
          z.object({ state: z.string(), channel: z.string().optional(), attemptsLeft: z.number().int().optional() }),
        ),
      },
      back,
    ],
    errors: { 404: gone },
  },
  {
    method: "POST",
    path: "/api/consent/{token}/objection",
    tag: "units",
    summary: "The resident's objection: the letter from the next document on (RFC 8058 one-click too)",
    access: "public",
    description: `No field needed: the objection page's button, or a mail client's one-click POST (\`List-Unsubscribe=One-Click\`, answered 200 in plain text). The tenancy's channel becomes \`post\`, its consent is cleared, \`consent_objected_at\` is now, a pending code is dropped, audited as \`consent.objected\`. The address is kept as contact data. ${throttle}.`,
    answers: [
      { status: 200, description: 'a JSON body `{state: "done"}`, or the one-click\'s plain text' },
      { status: 303, description: "a form: back to `/widerspruch/{token}?s=done`" },
    ],
    errors: { 404: gone },
  },
  {
    method: "GET",
    path: "/api/consent/{token}/objection",
    tag: "units",
    summary: "Leads to the objection page; changes nothing",
    access: "public",
    description: `Mail scanners follow links: a GET only answers 303 to \`/widerspruch/{token}\`, whose button posts. ${throttle}.`,
    answers: [
      { status: 303, description: "`Location: /widerspruch/{token}`" },
      {
        status: 200,
        description: "where the redirect leads: the objection page with its one button",
        content: { type: "text/html" },
      },
    ],
  },
];
