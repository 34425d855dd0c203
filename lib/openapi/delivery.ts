import { z } from "zod";
import { SUPPORT_ROLES } from "@/lib/auth/roles";
import { DeliveryFilters, DeliveryQuery } from "@/lib/delivery/support/schemas";
import { CompletenessQuery } from "@/lib/views/completeness/schemas";
import {
  CompletenessAnswer,
  DeliveryConnectionAnswer,
  DeliveryDetailAnswer,
  DeliveryListAnswer,
} from "./delivery-answers";
import { file, json, type ApiOperation } from "./operation";

const PROPERTY_FILTER =
  "a property of the unit registers, by its exact name: the documents whose unit is in it in their owner's register";

/** The OpenAPI entries of support's delivery record (read-only, every user's documents). */
export const DELIVERY_OPERATIONS: ApiOperation[] = [
  {
    method: "GET",
    path: "/api/delivery/documents",
    tag: "delivery",
    summary: "Delivery records across all connections",
    access: SUPPORT_ROLES,
    query: DeliveryQuery,
    params: {
      q: "document id (exact), file name (substring; not for a term of digits only) or unit / property-management number (exact)",
      property: PROPERTY_FILTER,
      from: "first seen on or after this day (`YYYY-MM-DD`, German time)",
      to: "first seen on or before this day",
    },
    answers: [{ status: 200, description: "newest first", content: json(DeliveryListAnswer) }],
  },
  {
    method: "GET",
    path: "/api/delivery/documents/{connection}/{documentid}",
    tag: "delivery",
    summary: "One delivery record with its audit events",
    access: SUPPORT_ROLES,
    answers: [{ status: 200, description: "events oldest first", content: json(DeliveryDetailAnswer) }],
    errors: { 404: "`not_found`" },
  },
  {
    method: "GET",
    path: "/api/delivery/documents/{connection}/{documentid}/file",
    tag: "delivery",
    summary: "The archived bytes of a record",
    access: SUPPORT_ROLES,
    answers: [{ status: 200, description: "the archived file", content: file }],
    errors: { 404: "`not_found`: no such record, or nothing archived" },
  },
  {
    method: "GET",
    path: "/api/delivery/export.csv",
    tag: "delivery",
    summary: "The filtered records as CSV",
    access: SUPPORT_ROLES,
    query: DeliveryFilters,
    params: { property: PROPERTY_FILTER },
    description:
      "UTF-8 with BOM, `;` separated, CRLF, header row in the caller's language, formula-safe cells; the unit's property, address and label from its owner's register after its numbers (never a resident); streamed in batches; the export is audited.",
    answers: [
      { status: 200, description: "`zustellung-YYYY-MM-DD.csv`", content: { type: "text/csv", schema: z.string() } },
    ],
  },
  {
    method: "GET",
    path: "/api/delivery/connections",
    tag: "delivery",
    summary: "Every user's connections, for the filters",
    access: SUPPORT_ROLES,
    description: "Deleted connections too (`deleted: true`): their delivery record stays. No credentials.",
    answers: [{ status: 200, description: "by name, then owner", content: json(z.array(DeliveryConnectionAnswer)) }],
  },
  {
    method: "GET",
    path: "/api/delivery/completeness",
    tag: "delivery",
    summary: "Which unit got its document for which month",
    access: SUPPORT_ROLES,
    query: CompletenessQuery,
    params: {
      property: "a property of the unit registers, by its exact name: the units in it in their owner's register",
      propertymanagement: "the provider's `propertymanagement` value of the documents",
    },
    description:
      "A scope is required: `connection`, `property` and/or `propertymanagement`; at most 36 months, `from` ≤ `to`. The units come by property (named ones by name, then registered ones without, then those no register knows).",
    answers: [{ status: 200, description: "a cell per unit and month", content: json(CompletenessAnswer) }],
  },
];
