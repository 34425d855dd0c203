"use client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Legend } from "@/components/ui/state-badge";
import type { OutboxItem } from "@/lib/outbox/client";
import { OUTBOX_STATES, type OutboxState } from "@/lib/outbox-states";
import { useT } from "@/lib/i18n/client";

/**
 * A sent item's state in its own words (a document's states speak of confirmations, these of a
 * send): the badge, the provider's status object beside it, and the legend of the three words.
 */
const TONES: Record<OutboxState, BadgeTone> = { sent: "success", failed: "danger", unknown: "warning" };

export function OutboxStateBadge({ state }: { state: OutboxState }) {
  const t = useT();
  return <Badge tone={TONES[state]}>{t(`outbox.state.${state}`)}</Badge>;
}

/** What the provider said: its status object, else the HTTP status, and the text for a person. */
export function OutboxStatusText({ item }: { item: Pick<OutboxItem, "status" | "httpStatus" | "message"> }) {
  const t = useT();
  const { status, httpStatus, message } = item;
  return (
    <div className="text-xs text-slate-700 [overflow-wrap:anywhere]" data-testid="outbox-status">
      {status && (
        <p>
          {t("outbox.status", {
            statustype: status.statustype || "–",
            code: status.code || "–",
            message: status.message || "–",
          })}
        </p>
      )}
      {!status && httpStatus !== null && <p>{t("outbox.httpStatus", { status: httpStatus })}</p>}
      {message && <p>{message}</p>}
    </div>
  );
}

export function OutboxLegend() {
  const t = useT();
  return (
    <Legend
      summary={t("outbox.legend")}
      entries={OUTBOX_STATES.map((state) => ({
        key: state,
        badge: <OutboxStateBadge state={state} />,
        about: t(`outbox.state.${state}.about`),
      }))}
    />
  );
}
