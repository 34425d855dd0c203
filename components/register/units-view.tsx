"use client";
import { ResponsibilityList } from "@/components/responsibility/responsibility-list";
import { useT } from "@/lib/i18n/client";
import { ImportPanel } from "./import-panel";
import { PageIntro } from "./page-intro";
import { RegisterList } from "./register-list";

/** The unit register's page: who lives where, imported from the property software and kept here. */
export function UnitsView() {
  const t = useT();
  return (
    <section aria-labelledby="page-title" className="flex min-w-0 flex-col gap-6">
      <PageIntro title={t("units.title")} intro={t("units.intro")} />
      <ImportPanel />
      <ResponsibilityList />
      <RegisterList />
    </section>
  );
}
