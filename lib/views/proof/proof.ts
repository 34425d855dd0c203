import "server-only";
import type { Db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { Channel } from "@/lib/register/list";
import { readMonthDetail } from "@/lib/views/handoff-month/month";
import type { MonthStatus } from "@/lib/views/handoff-month/query";
import type { Principal } from "@/lib/auth/principal";
import { proofOwner, type ProofOwner } from "@/lib/views/proof/owner";
import type { ProofInput } from "@/lib/views/proof/query";
import { historyKey, readDocumentHistories } from "@/lib/views/proof/history";
import { evidenceWords, historyWords, REACHED, residentWords } from "@/lib/views/proof/words";

/**
 * The proof of a month (§ 6a HeizkostenV, docs/api.md "The proof of a month"): the month view of one property
 * (lib/views/handoff-month, the one rule) with what proves each hand-off: the mail server's message id, the print or the
 * portal's opening, and the SHA-256 of the archived bytes. The PDF and the CSV are made of this one shape, so they agree.
 */

export type ProofLine = {
  unit: string;
  pmnumber: string | null;
  label: string | null;
  document: { documentid: string; filename: string } | null;
  status: MonthStatus;
  /** The resident of the period (the owner's proof), or why there is none; never a name in support's proof. */
  resident: string;
  channel: Channel | null;
  /** When it reached the resident (sent, printed, opened), ISO 8601. */
  handedOn: string | null;
  by: string | null;
  /**
   * Every delivery and what came after it, a line each: "E-Mail versandt am …", "Message-ID <…>", "gedruckt am …",
   * "versandt am … von …", "im Portal geöffnet am …", "danach: Umzug erfasst am …", or a failure's words.
   */
  evidence: string[];
  sha256: string | null;
};
export type Proof = {
  property: string;
  month: string;
  owner: Pick<ProofOwner, "name" | "email">;
  madeAt: string;
  madeBy: { name: string; email: string };
  names: boolean;
  truncated: boolean;
  units: number;
  counts: Record<MonthStatus, number>;
  lines: ProofLine[];
};

/** The proof of `input` for `reader`; 404 for a register the reader may not read or a property it does not hold. */
export async function readProof(db: Db, reader: Principal, input: ProofInput, now = new Date()): Promise<Proof> {
  const owner = await proofOwner(db, reader, input.connection);
  const { view, rowOf } = await readMonthDetail(db, owner.scope, input, "de");
  if (view.rows.length === 0) throw notFound();
  const histories = await readDocumentHistories(db, owner.scope, input);
  const lines = view.rows.flatMap((row) =>
    row.entries.map((e): ProofLine => {
      const r = rowOf.get(e)!;
      // Every delivery of the document stays, whoever receives it by the rule today; a send under way besides.
      const history =
        e.document && histories.get(historyKey(row.unitId, e.document.connectionId, e.document.documentid));
      return {
        unit: row.unit,
        pmnumber: row.pmnumber,
        label: row.label,
        document: e.document && { documentid: e.document.documentid, filename: e.document.filename },
        status: e.status,
        resident: residentWords(e, owner.names),
        channel: e.channel,
        handedOn: REACHED.includes(e.status) ? e.at : null,
        by: e.by,
        evidence: history
          ? [
              ...historyWords(history, r.tenancy_id, owner.names),
              ...(e.status === "pending" ? evidenceWords(e, null) : []),
            ]
          : evidenceWords(e, r.message_id),
        sha256: r.sent_sha256 ?? r.sha256,
      };
    }),
  );
  return {
    property: view.property,
    month: view.month,
    owner: { name: owner.name, email: owner.email },
    madeAt: now.toISOString(),
    madeBy: { name: reader.name, email: reader.email },
    names: owner.names,
    truncated: view.truncated,
    units: view.rows.length,
    counts: view.counts,
    lines,
  };
}
