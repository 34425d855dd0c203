import { queryOptions } from "@tanstack/react-query";
import { fetchJson } from "@/lib/client/fetch-json";
import type { Absence } from "@/lib/responsibility/absence";
import type { Person, Responsibility, TeamResponsibility } from "@/lib/responsibility/responsibility";
import type { AbsenceInput, ResponsibleInput } from "@/lib/responsibility/schemas";

/**
 * The browser's side of responsibility and absence (docs/api.md, "Responsibility and absence"): the team's members
 * and properties, the caller's absence, and the two changes. A change invalidates the month page too (its lines).
 */
export type { Absence, Person, Responsibility, TeamResponsibility };

export const responsibilityKeys = {
  all: ["responsibility"] as const,
  team: () => ["responsibility", "team"] as const,
  absence: () => ["responsibility", "absence"] as const,
};

export const teamResponsibilityQuery = () =>
  queryOptions({
    queryKey: responsibilityKeys.team(),
    queryFn: () => fetchJson<TeamResponsibility>("/api/properties/responsible"),
  });

export const absenceQuery = () =>
  queryOptions({
    queryKey: responsibilityKeys.absence(),
    queryFn: () => fetchJson<{ absence: Absence | null }>("/api/me/absence"),
  });

export const putResponsible = (input: ResponsibleInput) =>
  fetchJson<Responsibility>("/api/properties/responsible", { method: "PUT", body: JSON.stringify(input) });

export const putAbsence = (input: AbsenceInput) =>
  fetchJson<{ absence: Absence | null }>("/api/me/absence", { method: "PUT", body: JSON.stringify(input) });
