import { z } from "zod";
import { CHANNELS } from "@/lib/register/list";
import type { searchResidents } from "@/lib/register/residents";
import { ResidentsQuery } from "@/lib/register/schemas";
import { json, type ApiOperation } from "@/lib/api/operation";

/** The OpenAPI entry of the admin's search for a resident's erasure request (lib/register/residents.ts). */

const Text = z.string().nullable();

const ResidentsAnswer = z.object({
  count: z.number().int(),
  residents: z.array(
    z.object({
      id: z.string().meta({ format: "uuid", description: "the unit's id, for `DELETE /api/units/{id}/resident`" }),
      tenancyId: z.string().meta({ format: "uuid", description: "the tenancy whose resident matched (`?tenancy=`)" }),
      mscnumber: Text,
      pmnumber: Text,
      owner: z.string().meta({ description: "the e-mail address of the user whose register holds the unit" }),
      property: Text,
      label: Text,
      moveIn: z.string().meta({ format: "date" }).nullable(),
      moveOut: z.string().meta({ format: "date" }).nullable(),
      resident: z.object({ name: z.string(), channel: z.enum(CHANNELS) }),
    }),
  ),
});

export const RESIDENT_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/admin/residents",
    tag: "units",
    summary: "Search every user's register for a resident (for an erasure request)",
    access: ["admin"],
    query: ResidentsQuery,
    params: {
      q: "resident's name or e-mail address, or unit number (substring, case-insensitive); at least 2 characters",
    },
    description:
      "Tenancies whose resident's data is still held, in the order name, owner, unit, move-in. The term is personal data: the app logs route patterns only, never a query string, and no audit event records it.",
    answers: [{ status: 200, description: "one page of the matches and their total", content: json(ResidentsAnswer) }],
  },
];

// What the code returns must fit the documented answer, and the reverse.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const check: true = true as Same<Awaited<ReturnType<typeof searchResidents>>, z.output<typeof ResidentsAnswer>>;
void check;
