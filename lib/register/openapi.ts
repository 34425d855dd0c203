import { z } from "zod";
import { ReplyAnswer } from "@/lib/handoff-replies";
import { CONNECTION_ROLES } from "@/lib/connections/roles";
import { CHANNELS } from "@/lib/register/list";
import { UNIT_COLUMNS } from "@/lib/register/columns";
import { ImportQuery, RegisterSettingsBody, UnitEditBody, UnitsQuery } from "@/lib/register/schemas";
import type { ImportReport } from "@/lib/register/import";
import type { RegisterSettings } from "@/lib/register/since";
import type { StoredUnit } from "@/lib/register/stored";
import { json, type ApiOperation } from "@/lib/api/operation";
import { HOLD_OPERATIONS, HoldAnswer } from "./hold-openapi";
import { ResidentAnswer, TenancyAnswer } from "./resident-openapi";

/**
 * The OpenAPI entries of the unit register (lib/register): import, list, edit, export (a resident's data
 * erased and the tenancies' own routes: tenancies.ts).
 */

const Text = z.string().nullable();
const NOT_FOUND = "`not_found`: no such unit in the signed-in user's register (another user's unit included)";

const Day = z.string().nullable().meta({ format: "date" });
const ReportAnswer = z.object({
  connectionId: z.string().meta({ format: "uuid" }),
  state: z.enum(["pending", "accepted", "rejected", "unknown"]),
  at: z.string().meta({ format: "date-time" }),
  transactionid: z.string().optional(),
  messages: z.array(z.object({ type: z.string(), shortmessage: z.string(), message: z.string() })).optional(),
  dueBy: z.string().optional().meta({
    format: "date",
    description: "a move in a month that has ended: the third working day after it (while not accepted)",
  }),
  overdue: z.boolean(),
  attempts: z.number().int().meta({ description: "attempts at sending the state now held" }),
  retrying: z.boolean().meta({ description: "an `unknown` report that will be sent again by itself" }),
  status: z.number().int().optional().meta({ description: "the provider's HTTP status of the last answer" }),
  acceptedAt: z
    .string()
    .optional()
    .meta({ format: "date-time", description: "the provider's last acceptance, also while a newer state is pending" }),
});

export const UnitAnswer = z.object({
  id: z.string().meta({ format: "uuid" }),
  mscnumber: Text,
  pmnumber: Text,
  billingunit: Text.meta({ description: "the provider's number of the property (on-site-roles' `billingunit`)" }),
  property: Text,
  address: Text,
  label: Text,
  resident: ResidentAnswer.nullable().meta({ description: "the present one: the tenancy that runs today" }),
  tenancies: z.array(TenancyAnswer).meta({ description: "the unit's history, newest first" }),
  reports: z.array(ReportAnswer).meta({ description: "the last on-site-roles report to each connection" }),
  unknownMoveIn: z
    .object({
      tenancyId: z.string().meta({ format: "uuid" }),
      since: Day.meta({ description: "the day its reports start from; `null`: none, the unit is not reported" }),
      basis: z.enum(["register", "documents"]).nullable().meta({
        description: "`register`: “Bestand seit”; `documents`: the start of the unit's oldest document period",
      }),
    })
    .optional()
    .meta({
      description: "`GET /api/units` only: the resident's tenancy without a move-in, and where its reports start",
    }),
  hold: HoldAnswer.nullable(),
  optInUrl: z.string().nullable().meta({
    description:
      'the present resident\'s opt-in link (`/einwilligung/{token}`, docs/api.md "Consent") while they have no consent; `null` with one, without a resident, or without PUBLIC_URL',
  }),
  updatedAt: z.string().meta({ format: "date-time" }),
});
const UnitsAnswer = z.object({
  count: z.number().int(),
  scope: z.enum(["mine", "team"]).meta({
    description: "`mine`: the caller's properties (as asked, or unasked because they act for any); `team`: all",
  }),
  units: z.array(
    UnitAnswer.extend({
      replies: z.array(ReplyAnswer).meta({ description: "the newest 5 replies read back (docs/api.md, “Bounces”)" }),
    }),
  ),
  properties: z
    .array(z.object({ name: Text, units: z.number().int() }))
    .meta({ description: "the scope's properties with their unit counts, for the filter" }),
  openReports: z
    .array(
      z.object({
        property: Text,
        open: z.number().int(),
        due: z.number().int(),
        overdue: z.number().int(),
      }),
    )
    .meta({ description: "units with a report not accepted, per property: all, due, overdue (on `day`)" }),
  unknownMoveIns: z.number().int().meta({
    description: "units of the register with a resident whose move-in is missing (`moveIn=unknown` lists them)",
  }),
});
const SettingsAnswer = z.object({
  since: Day.meta({
    description: "“Bestand seit”: a tenancy without a move-in is reported from this day; `null`: not set",
  }),
});
const ImportAnswer = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deleted: z.number().int().meta({ description: "units the file left out, removed with `replace=1`" }),
  errors: z
    .array(
      z.object({
        line: z.number().int(),
        column: z.string().optional().meta({ description: "the header as the file writes it" }),
        message: z.string(),
        replaceable: z.literal(true).optional().meta({
          description: "the unit contradicts its stored tenancies; `history=replace` would take its rows",
        }),
      }),
    )
    .meta({ description: "the first 1,000 errors in the file's order" }),
  moreErrors: z.number().int().optional().meta({ description: "errors beyond those listed, when there are" }),
  changes: z
    .array(
      z.object({
        line: z.number().int().nullable().meta({ description: "null for a deletion" }),
        unit: z.string(),
        change: z.enum(["created", "updated", "deleted"]),
        columns: z.array(z.enum(UNIT_COLUMNS)).optional().meta({ description: "what an update changes" }),
        history: z
          .array(
            z.object({
              line: z.number().int().nullable().meta({ description: "null for a stored tenancy the file replaces" }),
              kind: z.enum(["moveIn", "moveOut", "added", "removed"]),
              who: Text.meta({ description: "the resident's name; null for a vacancy or erased data" }),
              vacancy: z.boolean(),
              from: Day.meta({ description: "the date before (corrections), or the tenancy's move-in" }),
              to: Day.meta({ description: "the date after (corrections), or the tenancy's move-out" }),
              message: z.string().meta({ description: "e.g. „Einzug korrigiert 01.01.2027 → 15.01.2027“" }),
            }),
          )
          .optional()
          .meta({
            description:
              "an existing unit's tenancies corrected, added or replaced (at most 50; personal data: this answer only)",
          }),
        moreHistory: z.number().int().optional().meta({ description: "history changes beyond those listed" }),
      }),
    )
    .meta({ description: "the first 1,000 changes one by one, for a preview" }),
  preview: z
    .array(
      z.object({
        line: z.number().int(),
        unit: Text,
        name: Text,
        salutation: Text,
        firstName: Text,
        lastName: Text,
        company: Text,
        vacancy: z.boolean(),
        moveIn: Day,
        moveOut: Day,
        postalAddress: z.array(z.string()).nullable(),
        channel: z.enum(CHANNELS).nullable().meta({ description: "the channel the import gives the tenancy" }),
        email: Text,
        channelNote: z.string().optional().meta({
          description:
            "why a row with an e-mail address goes by post: no consent recorded (no or an empty `Zustellweg`)",
        }),
      }),
    )
    .meta({ description: "the first 5 rows' values as read (personal data: the register's own answer only)" }),
  unusedColumns: z.array(z.string()).meta({ description: "headers of the columns the import does not use" }),
  replaceable: z.number().int().optional().meta({
    description: "units refused for contradicting their stored tenancies that `history=replace` would take",
  }),
});

export const UNIT_OPERATIONS: ApiOperation[] = [
  {
    method: "PUT",
    path: "/api/units",
    tag: "units",
    summary: "Import the unit register from CSV (or check it with dryRun)",
    access: CONNECTION_ROLES,
    query: ImportQuery,
    params: {
      dryRun: "`1`: check and report only, change nothing",
      replace: "`1`: also remove units the file leaves out",
      history:
        "`replace`: the file's rows replace the stored tenancies of the units it names (matched ones keep their ids); `merge` (default): merged into them",
    },
    description:
      "Body: the CSV itself (`text/csv`) or `multipart/form-data` with `file`; at most 10 MiB and 100,000 rows. UTF-8 with or without BOM, UTF-16 with BOM or Windows-1252; `;`, `,` or tab; columns by header in German or English (docs/api.md). Valid units are applied in one transaction, keyed by `mscnumber`, else `pmnumber`; several rows of one unit are its history of tenancies (`Einzug`/`Auszug`), merged into the stored one (a row naming a stored tenancy by its contract number, else by name with the same, an unknown or an overlapping period corrects it), or replacing it with `history=replace`; a column the file lacks leaves that field unchanged; a unit with an error in any row changes nothing.",
    answers: [
      {
        status: 200,
        description: "what changed (or would), and every error with its line and column",
        content: json(ImportAnswer),
      },
    ],
    errors: {
      400: "the same body when the file has only errors (or no usable header)",
      413: "`payload_too_large` over 10 MiB; `too_many_rows` over 100,000 rows",
      415: "`not_csv`: neither a text body nor a form",
    },
  },
  {
    method: "GET",
    path: "/api/units",
    tag: "units",
    summary: "The team's register",
    access: CONNECTION_ROLES,
    query: UnitsQuery,
    params: {
      q: "unit number, billing unit, property, label, address, or a resident's name or e-mail in any tenancy (substring)",
      property: "one property, by name",
      mine: "`1`: only the properties the caller is responsible for, or stands in for today; `0`: the whole team's; unasked: `1` when the caller acts for any property today, else `0`",
      reports: "`open`: only units with an on-site-roles report not accepted (the due and overdue list)",
      moveIn: "`unknown`: only units with a resident whose move-in is missing",
      day: "the day deadlines are judged on (`YYYY-MM-DD`); default today in `DISPLAY_TIME_ZONE`",
    },
    answers: [{ status: 200, description: "in the order property, label, unit", content: json(UnitsAnswer) }],
  },
  {
    method: "GET",
    path: "/api/units/export.csv",
    tag: "units",
    summary: "The register as CSV in the import's own format",
    access: CONNECTION_ROLES,
    description:
      "German headers, `;`, UTF-8 with BOM, formula-safe cells (the import removes the guard), one row per tenancy with `Einzug` and `Auszug` as `TT.MM.JJJJ`: importing it changes nothing.",
    answers: [
      { status: 200, description: "`nutzeinheiten-YYYY-MM-DD.csv`", content: { type: "text/csv", schema: z.string() } },
    ],
  },
  {
    method: "GET",
    path: "/api/units/settings",
    tag: "units",
    summary: "The register's own settings: “Bestand seit”",
    access: CONNECTION_ROLES,
    answers: [{ status: 200, description: "`since: null` when not set", content: json(SettingsAnswer) }],
  },
  {
    method: "PUT",
    path: "/api/units/settings",
    tag: "units",
    summary: "Set or clear the register's “Bestand seit”",
    access: CONNECTION_ROLES,
    body: RegisterSettingsBody,
    description:
      "The day from which the register stands behind its residents (not after today): a tenancy without a move-in is reported to on-site-roles providers from it instead of the start of the unit's oldest document period. A change reports again every unit whose reported state it changes.",
    answers: [{ status: 200, description: "the settings now held", content: json(SettingsAnswer) }],
  },
  {
    method: "PATCH",
    path: "/api/units/{id}",
    tag: "units",
    summary: "Edit one unit: billing unit, property, address, label, the present resident's details",
    access: CONNECTION_ROLES,
    body: UnitEditBody,
    description:
      "The rules of an imported row apply; the unit numbers stay. `resident` corrects the present resident's details (the same tenancy; `400` when nobody lives there now); a change of resident is a move, not an edit.",
    answers: [{ status: 200, description: "the unit", content: json(UnitAnswer) }],
    errors: { 404: NOT_FOUND },
  },
  ...HOLD_OPERATIONS,
];

// What the code returns must fit the documented answer, and the reverse.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const checks: true[] = [
  true as Same<StoredUnit, z.output<typeof UnitAnswer>>,
  true as Same<ImportReport, z.output<typeof ImportAnswer>>,
  true as Same<RegisterSettings, z.output<typeof SettingsAnswer>>,
];
void checks;
