import { z } from "zod";
import { SUPPORT_ROLES } from "@/lib/auth/roles";
import { file, json, type ApiOperation } from "@/lib/api/operation";
import { DeliveryConnectionAnswer, DeliveryDetailAnswer, DeliveryListAnswer } from "./openapi-answers";
import { DeliveryFilters, DeliveryQuery } from "./schemas";

const PROPERTY_FILTER =
  "a property of the unit registers, by its exact name: the documents whose unit is in it in their owner's register";

/**
 * The OpenAPI entries of support's delivery record (read-only, every user's documents), with the property filter's
 * options; lib/openapi/openapi.ts joins them.
 */
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
    path: "/api/delivery/properties",
    tag: "delivery",
    summary: "Every unit register's property names, for the filters",
    access: SUPPORT_ROLES,
    description:
      "The distinct `property` names over every user's unit register, in order: the options of the `property` filter of the records, the CSV and the grid.",
    answers: [{ status: 200, description: "by name", content: json(z.array(z.string())) }],
  },
];
