"use client";
import Link from "next/link";
import type { Connection } from "@/lib/connections/client";
import { useT } from "@/lib/i18n/client";

/** The way from a connection's card to its outbox: only the DTA service takes files (POST /v1/documents/in). */
export function OutboxLink({ connection }: { connection: Connection }) {
  const t = useT();
  if (connection.service !== "dta") return null;
  return (
    <Link
      href={`/connections/${connection.id}/outbox`}
      className="rounded border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-blue-800 hover:bg-slate-100"
    >
      {t("outbox.link")}
    </Link>
  );
}
