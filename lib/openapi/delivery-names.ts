import { z } from "zod";
import { SUPPORT_ROLES } from "@/lib/auth/roles";
import { json, type ApiOperation } from "./operation";

/**
 * The unit register's names on support's delivery record (lib/delivery/support/register.ts): their shape, and the
 * property filter's options.
 */

const Text = z.string().nullable();

export const RegisterNamesAnswer = z.object({ property: Text, address: Text, label: Text }).nullable().meta({
  description:
    "the unit in the register of the document's owner (by `mscnumber`, else `pmnumber`); null when it is not in it. Never the resident: support does not need the person",
});

export const DELIVERY_NAME_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/delivery/properties",
    tag: "delivery",
    summary: "Every unit register's property names, for the filters",
    access: SUPPORT_ROLES,
    description:
      "The distinct `property` names over every user's unit register, in order: the options of the `property` filter of the records, the CSV and the grid.",
    answers: [{ status: 200, description: "by name", content: json(z.array(z.string())) }],
  },
];
