"use client";
import { useT } from "@/lib/i18n/client";
import { ImportPanel } from "./import-panel";
import { RegisterList } from "./register-list";

/** The unit register's page: who lives where, imported from the property software and kept here. */
export function UnitsView() {
  const t = useT();
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-6">
      <div>
        <h1 id="page-title" className="text-xl font-semibold">
          {t("units.title")}
        </h1>
        <p className="mt-1 max-w-prose text-sm text-slate-700">{t("units.intro")}</p>
      </div>
      <ImportPanel />
      <RegisterList />
    </section>
  );
}
