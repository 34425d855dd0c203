"use client";
import type { DeliveryRecord } from "@/lib/delivery/support/client";
import type { MessageKey } from "@/lib/i18n/messages";
import { useT } from "@/lib/i18n/client";

/** A unit's names from its owner's unit register; `null` when the register does not know the unit. */
export type UnitRegister = DeliveryRecord["register"];

/**
 * The property a unit is under, in words: its name, a registered unit without one, or not in the register. A file of
 * the whole property (its unit is a billing unit) is the property's, never "not in the register".
 */
export const propertyName = (register: UnitRegister, t: (key: MessageKey) => string, billing = false): string =>
  billing
    ? register?.property
      ? `${t("deliveryNames.propertyFile")} · ${register.property}`
      : t("deliveryNames.propertyFile")
    : register
      ? (register.property ?? t("deliveryNames.unnamed"))
      : t("deliveryNames.unregistered");

/** Property and label of a record's unit, under its numbers in support's table. */
export function UnitNames({ register, billing = false }: { register: UnitRegister; billing?: boolean }) {
  const t = useT();
  return (
    <div className={register || billing ? "text-slate-800" : "text-slate-600"} data-testid="unit-names">
      {[propertyName(register, t, billing), register?.label].filter(Boolean).join(" · ")}
    </div>
  );
}
