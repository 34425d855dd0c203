"use client";
import { ALGORITHM_NAMES, formatBytes, formatDateTime } from "@/lib/format";
import type { DeliveryEvent, DeliveryRecord } from "@/lib/delivery/support/client";
import type { Locale, MessageKey, MessageVars } from "@/lib/i18n/messages";
import { DOCUMENT_STATES, type DocumentState } from "@/lib/document-states";
import { CHANNELS, type Channel } from "@/lib/register/list";
import { failureWords } from "@/lib/handoffs/failure-words";
import { useDisplay, useT } from "@/lib/i18n/client";

type T = (key: MessageKey, vars?: MessageVars) => string;
const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");
const isState = (v: unknown): v is DocumentState => (DOCUMENT_STATES as readonly unknown[]).includes(v);

/** A fetch that archived bytes: how it came about, their size and hash. */
function fetched(d: Record<string, unknown>, t: T, locale: Locale): string {
  const key =
    d.otherBytes === true
      ? "deliveryDetail.event.fetchOtherBytes"
      : d.via === "confirm"
        ? "deliveryDetail.event.fetchConfirm"
        : d.via === "handoff"
          ? "deliveryDetail.event.fetchHandoff"
          : "deliveryDetail.event.fetchView";
  return t(key, { size: typeof d.bytes === "number" ? formatBytes(d.bytes, locale) : "?", sha256: str(d.sha256) });
}

/** The fetched bytes against the provider's hashvalue, when they do not match (lib/delivery/file-facts.ts). */
const mismatchOf = (d: Record<string, unknown>, t: T): string => {
  const h = d.hash as { algorithm?: unknown; hex?: unknown; actual?: unknown; matches?: unknown } | undefined;
  if (!h || h.matches !== false) return "";
  const algorithm = (ALGORITHM_NAMES as Record<string, string>)[str(h.algorithm)] ?? str(h.algorithm);
  return ` · ${t("fileFacts.event.hashMismatch", { algorithm, expected: str(h.hex), actual: str(h.actual) })}`;
};

const isChannel = (v: unknown): v is Channel => (CHANNELS as readonly unknown[]).includes(v);
const REACHED = ["sent", "opened", "posted"] as const;
const isReached = (v: unknown): v is (typeof REACHED)[number] => (REACHED as readonly unknown[]).includes(v);

/**
 * A hand-off to the resident (lib/handoffs/many.ts): channel, state, attempt and the mail server's
 * answer (its message id, or its refusal without the address). The detail names no resident.
 */
function handedOff(d: Record<string, unknown>, t: T): string {
  const channel = isChannel(d.channel) ? t(`handoffEvent.channel.${d.channel}`) : str(d.channel);
  const attempt = str(d.attempt) || "1";
  if (d.state === "failed") return t("handoffEvent.failed", { channel, attempt, reason: failureWords(d.reason, t) });
  // A letter made is not yet handed on: that takes its confirmation as posted.
  if (d.state === "printed") return t("handoffEvent.printed", { channel, attempt });
  const reached = t("handoffEvent.reached", {
    channel,
    attempt,
    state: isReached(d.state) ? t(`handoffEvent.state.${d.state}`) : str(d.state),
  });
  return typeof d.messageId === "string"
    ? `${reached} · ${t("handoffEvent.messageId", { messageId: d.messageId })}`
    : reached;
}

/** An audit event in words, by its kind; the detail holds ids, counts, states and statuses only. */
export function describeEvent(e: DeliveryEvent, t: T, locale: Locale): string {
  const d = e.detail;
  const status =
    typeof d.providerStatus === "number"
      ? ` · ${t("deliveryDetail.providerStatus", { status: d.providerStatus })}`
      : "";
  switch (e.kind) {
    case "fetch":
      if (d.ok === false) return t("deliveryDetail.event.fetchFailed", { code: str(d.error) || "?" }) + status;
      return fetched(d, t, locale) + mismatchOf(d, t);
    case "confirm.attempt":
      return t("deliveryDetail.event.attempt", { attempt: str(d.attempt) || "1" });
    case "confirm.outcome": {
      const more = d.noLongerOpen ? t("deliveryDetail.event.noLongerOpen") : "";
      if (d.state === "confirmed") return t("deliveryDetail.event.outcome.confirmed") + more + status;
      if (d.state === "failed" && d.code === "hash_mismatch") return t("fileFacts.event.refused");
      if (d.state === "failed") return t("deliveryDetail.event.outcome.failed", { code: str(d.code) || "?" }) + status;
      if (d.state === "unknown") return t("deliveryDetail.event.outcome.unknown") + status;
      return (
        t("deliveryDetail.event.outcome.other", { state: isState(d.state) ? t(`state.${d.state}`) : str(d.state) }) +
        status
      );
    }
    case "handoff":
      return handedOff(d, t);
    case "handoff.assign":
      return t(
        d.decision === "assigned"
          ? "handoffEvent.assigned"
          : d.decision === "noHandoff"
            ? "handoffEvent.noHandoff"
            : "handoffEvent.unassigned",
      );
    case "reconcile":
      return t(
        d.state === "confirmed" ? "deliveryDetail.event.reconcile.confirmed" : "deliveryDetail.event.reconcile.open",
      );
    default:
      return t("deliveryDetail.event.other", { kind: e.kind });
  }
}

const tone = (e: DeliveryEvent) =>
  (e.kind === "fetch" &&
    (e.detail.ok === false || (e.detail.hash as { matches?: unknown } | undefined)?.matches === false)) ||
  (e.kind === "confirm.outcome" && e.detail.state === "failed") ||
  (e.kind === "handoff" && e.detail.state === "failed")
    ? "border-red-600"
    : (e.kind === "confirm.outcome" && e.detail.state === "unknown") ||
        (e.kind === "fetch" && e.detail.otherBytes === true)
      ? "border-amber-500"
      : ((e.kind === "confirm.outcome" || e.kind === "reconcile") && e.detail.state === "confirmed") ||
          (e.kind === "handoff" && isReached(e.detail.state))
        ? "border-green-600"
        : "border-slate-400";

/** First seen, then every event of the document, oldest first, each with its time and who did it. */
export function Timeline({ record, events }: { record: DeliveryRecord; events: DeliveryEvent[] }) {
  const t = useT();
  const display = useDisplay();
  const locale = display.locale;
  // The two actors that are not a user: the background work, and a resident's download through the portal
  // (lib/handoffs/portal/view.ts).
  const actor = (a: string) =>
    a === "system" ? t("deliveryDetail.system") : a === "resident" ? t("deliveryDetail.resident") : a;
  const items = [
    {
      key: "first",
      at: record.firstSeenAt,
      text: t("deliveryDetail.event.firstSeen"),
      by: null as string | null,
      border: "border-blue-600",
    },
    ...events.map((e, i) => ({
      key: `${i}`,
      at: e.at,
      text: describeEvent(e, t, locale),
      by: actor(e.actor),
      border: tone(e),
    })),
  ];
  return (
    <ol className="flex flex-col gap-3" data-testid="timeline">
      {items.map((item) => (
        <li key={item.key} className={`border-l-4 bg-white py-2 pl-3 pr-2 ${item.border}`}>
          <time dateTime={item.at} className="block text-xs text-slate-600">
            {formatDateTime(item.at, display, { seconds: true })}
          </time>
          <p className="text-sm break-words text-slate-900">{item.text}</p>
          {item.by && <p className="text-xs text-slate-700">{t("deliveryDetail.by", { actor: item.by })}</p>}
        </li>
      ))}
    </ol>
  );
}
