"use client";
import type { RefObject } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { useT } from "@/lib/i18n/client";

/**
 * The question before a team merge (issue #46): it names both teams, what moves, that the going team stays empty,
 * how conflicts are settled, and that nothing can be undone. Focus starts on "Abbrechen" and returns to `returnFocus`.
 */
export function MergeDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  from: string;
  into: string;
  onConfirm: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const names = { from: props.from, into: props.into };
  return (
    <AlertDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("teams.merge.ask.title", names)}
      description={
        <>
          <p>{t("teams.merge.ask.what", names)}</p>
          <p>{t("teams.merge.ask.conflicts", names)}</p>
          <p className="font-semibold">{t("teams.merge.ask.final")}</p>
        </>
      }
      cancelLabel={t("common.cancel")}
      actionLabel={t("teams.merge.ask.action")}
      onAction={props.onConfirm}
      danger
      returnFocus={props.returnFocus}
    />
  );
}
