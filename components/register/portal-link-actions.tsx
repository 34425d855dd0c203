"use client";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { AlertDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { StatusLine } from "@/components/ui/status-line";
import { changePortalLink, type Unit } from "@/lib/views/units-page/client";
import { useT } from "@/lib/i18n/client";

type Action = "renew" | "revoke";

/**
 * A portal resident's link in the register's row: renew it (the old one stops working, the new
 * one goes out with the next mail or letter) or revoke it, each after a question. The outcome is
 * said in a status line beside the buttons; the link itself is never shown here.
 */
export function PortalLinkActions({ unit }: { unit: Unit }) {
  const t = useT();
  const [asking, setAsking] = useState<Action | null>(null);
  const asker = useRef<HTMLElement | null>(null);
  const change = useMutation({
    mutationFn: (action: Action) => changePortalLink(unit.id, action === "renew" ? "POST" : "DELETE"),
  });
  const resident = unit.resident?.name ?? "";
  const number = unit.mscnumber ?? unit.pmnumber ?? "";
  const ask = (action: Action, button: HTMLElement) => {
    asker.current = button;
    change.reset();
    setAsking(action);
  };
  return (
    <div className="mt-2 flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={(e) => ask("renew", e.currentTarget)}
          aria-label={t("portal.link.renewLabel", { unit: number })}
        >
          {t("portal.link.renew")}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={(e) => ask("revoke", e.currentTarget)}
          aria-label={t("portal.link.revokeLabel", { unit: number })}
        >
          {t("portal.link.revoke")}
        </Button>
      </div>
      <StatusLine tone={change.error ? "error" : "success"}>
        {change.error
          ? change.error.message
          : change.isSuccess
            ? t(change.variables === "renew" ? "portal.link.renewed" : "portal.link.revoked")
            : null}
      </StatusLine>
      {asking && (
        <AlertDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={t(asking === "renew" ? "portal.link.renewTitle" : "portal.link.revokeTitle")}
          description={
            <p>{t(asking === "renew" ? "portal.link.renewText" : "portal.link.revokeText", { resident })}</p>
          }
          cancelLabel={t("common.cancel")}
          actionLabel={t(asking === "renew" ? "portal.link.renew" : "portal.link.revoke")}
          danger={asking === "revoke"}
          returnFocus={asker}
          onAction={() => change.mutate(asking)}
        />
      )}
    </div>
  );
}
