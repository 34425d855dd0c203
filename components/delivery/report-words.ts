import type { MessageKey, MessageVars } from "@/lib/i18n/messages";
import type { ReportTimeline } from "@/lib/onsite-roles/client";

/** Support's words for a report's state and for one step of its timeline (lib/onsite-roles/timeline.ts). */

type T = (key: MessageKey, vars?: MessageVars) => string;
type Report = ReportTimeline["connections"][number];
type Step = Report["events"][number];

const STATES = ["pending", "accepted", "rejected", "unknown"] as const;
const REASONS = ["change", "connection", "sync", "credentials", "since", "documents", "recomputed"] as const;

export const stateWords = (state: Report["state"], t: T): string =>
  state && (STATES as readonly string[]).includes(state) ? t(`reports.state.${state}`) : t("reports.state.none");

export function stepWords(step: Step, t: T, when: (iso: string) => string): string {
  switch (step.kind) {
    case "queued": {
      const reason = REASONS.find((r) => r === step.reason) ?? "change";
      return t(`reports.event.queued.${reason}`);
    }
    case "sent":
      return t("reports.event.sent", { attempt: step.attempt ?? 1 });
    case "accepted":
      return t("reports.event.accepted", { id: step.transactionid ?? "—" });
    case "rejected":
      return t("reports.event.rejected", { status: step.status ?? "?" });
    case "unknown": {
      const reason = step.status ? `HTTP ${step.status}` : (step.reason ?? "?");
      return step.nextAttemptAt
        ? t("reports.event.unknown", { reason, next: when(step.nextAttemptAt) })
        : t("reports.event.unknownLast", { reason });
    }
    case "dropped":
      return t("reports.event.dropped");
  }
}
