"use client";
import Link from "next/link";
import { useT } from "@/lib/i18n/client";

/**
 * What a page shows for a request that answered `202 {release}` (four eyes, lib/releases): it waits for a second
 * person of the team, who releases it on the page "Freigaben". Inside a run panel's status, so it is announced.
 */
export function WaitingNote() {
  const t = useT();
  return (
    <span data-testid="release-waiting">
      <strong>{t("releases.waiting")}.</strong> {t("releases.waitingDetail")}{" "}
      <Link href="/releases" className="underline underline-offset-2 hover:text-sky-800">
        {t("releases.title")}
      </Link>
    </span>
  );
}
