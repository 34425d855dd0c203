"use client";
import Link from "next/link";
import type { InboxGroup } from "@/lib/views/inbox/client";
import { useT } from "@/lib/i18n/client";

/**
 * The heading of a property's units in the inbox, from the user's unit register: its name and
 * address; or the units the register does not know ("Nicht zugeordnet"), with the way to add them.
 * The files of a property the register cannot name (their billing unit is in no unit's entry) are
 * headed by the property as the provider names it: they are no flat, so nothing is to be added.
 */
export function PropertyHeading({ group, property }: { group: InboxGroup; property: string | null }) {
  const t = useT();
  const { register } = group;
  if (!register && group.billing) {
    return (
      <div className="mt-4 border-b border-slate-300 pb-1" data-testid="property-heading">
        <h2 className="text-lg font-semibold text-slate-900">
          {t("inbox.billing.heading", { property: property ?? group.unit ?? "" })}
        </h2>
      </div>
    );
  }
  if (!register) {
    return (
      <div className="mt-4 border-b border-amber-300 pb-1" data-testid="property-heading">
        <h2 className="text-lg font-semibold text-slate-900">{t("inbox.property.unregistered")}</h2>
        <p className="text-sm text-slate-700">
          {t("inbox.property.unregisteredText")}{" "}
          <Link href="/units" className="text-blue-800 underline underline-offset-2">
            {t("inbox.property.addUnits")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mt-4 border-b border-slate-300 pb-1" data-testid="property-heading">
      <h2 className="text-lg font-semibold text-slate-900">{register.property ?? t("inbox.property.unnamed")}</h2>
      {register.address && <p className="text-sm text-slate-700">{register.address}</p>}
    </div>
  );
}

/** Which property section a group belongs to: the same key for every unit of one property. */
export const sectionOf = (group: Pick<InboxGroup, "register" | "billing" | "unit">) =>
  group.register ? `p:${group.register.property ?? ""}` : group.billing ? `b:${group.unit}` : "unregistered";
