"use client";
import { NamingFile } from "@/components/ui/file-name";
import { AlertDialog } from "@/components/ui/alert-dialog";
import type { Connection } from "@/lib/connections/client";
import { useT } from "@/lib/i18n/client";
import { providerOf, type Target } from "./inbox-model";

const MAX_NAMED_UNITS = 12;

/**
 * The question before any confirmation: how many documents, which usage units, at which
 * connection(s) and provider(s), and that it cannot be undone. Rendered only while it asks
 * (lazy-parts.tsx), so it is always open; its answer or Esc closes it through `onCancel`.
 */
export function ConfirmDialog(props: {
  targets: Target[];
  connections: Connection[];
  onCancel: () => void;
  onConfirm: (targets: Target[]) => void;
  /** Confirms, then hands the confirmed ones on to their residents (use-inbox-runs.ts). */
  onConfirmAndHandOn: (targets: Target[]) => void;
}) {
  const t = useT();
  const { targets } = props;
  const n = targets.length;
  const units = [...new Set(targets.map((x) => x.unit ?? t("inbox.unit.none")))];
  const byId = new Map(props.connections.map((c) => [c.id, c]));
  const providers = [...new Set(targets.map((x) => x.connectionId))].map(
    (id) => providerOf(byId.get(id)) ?? t("inbox.doc.unknownConnection"),
  );
  const named = units.slice(0, MAX_NAMED_UNITS).join(", ");
  const toResidents = targets.filter((x) => x.toResident).length;
  return (
    <AlertDialog
      open
      onOpenChange={(open) => !open && props.onCancel()}
      title={n === 1 ? t("inbox.confirm.title.one") : t("inbox.confirm.title.other", { n })}
      description={
        <>
          <p>
            {n === 1 ? (
              <NamingFile words={(name) => t("inbox.confirm.what.one", { name })} name={targets[0]?.filename ?? ""} />
            ) : (
              t("inbox.confirm.what.other", { n })
            )}
          </p>
          <p>
            <span className="font-medium">
              {units.length === 1 ? t("inbox.confirm.units.one") : t("inbox.confirm.units.other", { n: units.length })}
            </span>{" "}
            {units.length > MAX_NAMED_UNITS
              ? t("inbox.confirm.unitsMore", { units: named, more: units.length - MAX_NAMED_UNITS })
              : named}
          </p>
          <p>
            <span className="font-medium">
              {providers.length === 1 ? t("inbox.confirm.at.one") : t("inbox.confirm.at.other")}
            </span>{" "}
            {providers.join("; ")}
          </p>
          {toResidents > 0 && <p>{t("inbox.confirm.handOnHint", { n: toResidents })}</p>}
          <p className="font-semibold text-red-800">{t("inbox.confirm.irreversible")}</p>
        </>
      }
      cancelLabel={t("common.cancel")}
      actionLabel={n === 1 ? t("inbox.confirm.action.one") : t("inbox.confirm.action.other", { n })}
      onAction={() => props.onConfirm(targets)}
      alsoAction={
        toResidents > 0
          ? { label: t("inbox.confirm.andHandOn"), onAction: () => props.onConfirmAndHandOn(targets) }
          : undefined
      }
    />
  );
}
