"use client";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatDateTime, formatMonth } from "@/lib/format";
import { useDisplay, useT } from "@/lib/i18n/client";
import type { Release } from "@/lib/releases/client";

const TONES: Record<Release["state"], BadgeTone> = {
  open: "warning",
  released: "info",
  void: "danger",
  done: "success",
};

const VOID_WORDS = {
  documents: "releases.voidBecause.documents",
  recipients: "releases.voidBecause.recipients",
  "documents,recipients": "releases.voidBecause.both",
  requester: "releases.voidBecause.requester",
  team_merged: "releases.voidBecause.teamMerged",
} as const;

/**
 * One release as the page "Freigaben" lists it: what it names (its kind, counts, a print's property and month), who
 * asked and when, who released it; on another member's open one the button "Freigeben", on one's own the words that
 * it waits for a second person.
 */
export function ReleaseCard({
  release,
  approving,
  onApprove,
}: {
  release: Release;
  approving: boolean;
  onApprove: (release: Release) => void;
}) {
  const t = useT();
  const display = useDisplay();
  const kind = t(`releases.kind.${release.kind}`);
  const asker = release.requestedBy?.name ?? t("releases.unknownPerson");
  const titleId = `release-${release.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded border border-slate-200 bg-white p-4"
      data-testid="release"
    >
      <div className="flex flex-wrap items-baseline gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {kind}
          {release.property && release.month && (
            <span className="font-normal">
              {" – "}
              {t("releases.printOf", {
                property: release.property,
                month: formatMonth(release.month, display.locale, "long"),
              })}
            </span>
          )}
        </h3>
        <Badge tone={TONES[release.state]}>{t(`releases.state.${release.state}`)}</Badge>
      </div>
      <p className="text-sm text-slate-800">{t("releases.counts", release.counts)}</p>
      <p className="text-sm text-slate-700">
        {t("releases.requested", { name: asker })}{" "}
        <time dateTime={release.requestedAt}>{formatDateTime(release.requestedAt, display)}</time>
      </p>
      {release.releasedBy && release.releasedAt && (
        <p className="text-sm text-slate-700">
          {t("releases.released", { name: release.releasedBy.name })}{" "}
          <time dateTime={release.releasedAt}>{formatDateTime(release.releasedAt, display)}</time>
        </p>
      )}
      {release.voidReason && <p className="text-sm text-red-800">{t(VOID_WORDS[release.voidReason])}</p>}
      {release.state === "open" &&
        (release.mine ? (
          <p className="text-sm font-medium text-slate-900">{t("releases.yours")}</p>
        ) : (
          <div>
            <Button
              onClick={() => onApprove(release)}
              aria-disabled={approving}
              aria-label={t("releases.approveLabel", { kind, name: asker })}
            >
              {t("releases.approve")}
            </Button>
          </div>
        ))}
    </article>
  );
}
