import { z } from "zod";
import { PROOF_ROLES, ProofQuery } from "@/lib/views/proof/query";
import type { ApiOperation } from "@/lib/api/operation";

/** The OpenAPI entries of the proof of a month (docs/api.md, "The proof of a month"). */

const params = {
  property: "one property of the register, by name",
  month: "the documents' month, `YYYY-MM` (their period starts in it)",
  connection:
    "support (required) and admin: a connection whose owner's register is meant; a manager's own connection, or absent",
};
const errors = {
  400: "`validation`: support without `connection`",
  404: "`not_found`: the connection is not the caller's (a manager's), or the register has no such property",
};
const about =
  "The month view's units and documents (at most 1000 units, 10 documents each) with the resident of each document's period (support's proof: without names) or why none, the channel, when it was handed on and by whom, the mail server's message id, the print or the portal's opening, and the archived bytes' SHA-256 (lowercase hex). Each download is an `export` audit event.";

export const HANDOFF_PROOF_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/handoffs/proof",
    tag: "documents",
    summary: "The proof of a month's hand-off (§ 6a HeizkostenV) for one property, as a PDF",
    access: PROOF_ROLES,
    query: ProofQuery,
    params,
    description: `${about} German, A4, standard fonts (extractable text), a header on every page and "Seite n von m"; made on a worker thread within 60 s.`,
    answers: [
      {
        status: 200,
        description: "`Nachweis-<property>-<month>.pdf`, an attachment (`filename*` keeps umlauts)",
        content: { type: "application/pdf" },
      },
    ],
    errors: { ...errors, 422: "`proof_too_slow`: over 60 s; `proof_too_large`: over the worker's memory" },
  },
  {
    method: "GET",
    path: "/api/handoffs/proof.csv",
    tag: "documents",
    summary: "The proof of a month as CSV, the PDF's lines",
    access: PROOF_ROLES,
    query: ProofQuery,
    params,
    description: `${about} \`;\`, UTF-8 with BOM, formula-safe cells, times in DISPLAY_TIME_ZONE.`,
    answers: [
      {
        status: 200,
        description: "`Nachweis-<property>-<month>.csv`",
        content: { type: "text/csv", schema: z.string() },
      },
    ],
    errors,
  },
];
